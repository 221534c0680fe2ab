import superjson, { type SuperJSONResult } from "superjson";

/** Deeper than any answer of ours; past it, superjson decides (and reports a cycle as it always has). */
const maxDepth = 64;

/**
 * Whether a value is plain JSON that superjson would send as it is, with no `meta`: strings, booleans, finite
 * numbers other than -0, null, arrays without holes, and objects whose prototype is Object's (or none). Dates,
 * Maps, Sets, BigInts, `undefined`, NaN and class instances are not.
 */
export function isPlainJson(value: unknown, depth = 0): boolean {
  if (value === null) return true;
  switch (typeof value) {
    case "string":
    case "boolean":
      return true;
    case "number":
      return Number.isFinite(value) && !Object.is(value, -0);
    case "object": {
      if (depth > maxDepth) return false;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          if (!(i in value) || !isPlainJson(value[i], depth + 1)) return false;
        }
        return true;
      }
      const proto = Object.getPrototypeOf(value) as unknown;
      if (proto !== Object.prototype && proto !== null) return false;
      const record = value as Record<string, unknown>;
      for (const key in record) {
        if (!isPlainJson(record[key], depth + 1)) return false;
      }
      return true;
    }
    default:
      return false;
  }
}

/**
 * The wire format of every call (seed section 7): superjson's, data in `json` and type annotations in `meta`.
 * Most answers are plain JSON with nothing to annotate, and superjson's walk over them (it records paths and
 * repeated references as it goes) was the largest cost of a product list call (issue 9). A plain answer goes out
 * as `{ json }` after one quick check; anything else goes through superjson. The browser reads both with
 * superjson, unchanged.
 */
export const transformer = {
  serialize(value: unknown): SuperJSONResult {
    return isPlainJson(value) ? { json: value as SuperJSONResult["json"] } : superjson.serialize(value);
  },
  deserialize<T = unknown>(payload: SuperJSONResult): T {
    return superjson.deserialize<T>(payload);
  },
};
