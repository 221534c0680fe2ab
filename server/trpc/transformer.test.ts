import superjson from "superjson";
import { describe, expect, it } from "vitest";
import { isPlainJson, transformer } from "./transformer.ts";

/** A small seeded generator, so a failure names a value that can be reproduced. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const plainLeaves = ["", "Sepatu lari", "鞋", 'a"b\\c\n', 0, 1, -7, 12_500_000, 0.25, true, false, null];
const richLeaves = [
  new Date("2026-11-24T05:00:00Z"),
  new Map([["a", 1]]),
  new Set([1, 2]),
  10n,
  undefined,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  -0,
  /x/g,
  new (class Money {
    amount = 1;
  })(),
];

function valueOf(next: () => number, depth: number, rich: boolean): unknown {
  const pick = next();
  if (depth > 3 || pick < 0.4) {
    const leaves = rich && next() < 0.3 ? richLeaves : plainLeaves;
    return leaves[Math.floor(next() * leaves.length)];
  }
  const size = Math.floor(next() * 4);
  if (pick < 0.7) return Array.from({ length: size }, () => valueOf(next, depth + 1, rich));
  return Object.fromEntries(
    Array.from({ length: size }, (_, i) => [`k${i}`, valueOf(next, depth + 1, rich)]),
  );
}

describe("the wire transformer (superjson's format, a quick path for plain answers)", () => {
  it("sends a plain answer exactly as superjson does: the data in json, no meta", () => {
    const answer = {
      items: [
        { id: "prd_1", name: "Sepatu", price: 125_000, image: null, tags: [] },
        { id: "prd_2", name: "鞋", price: 0.5, image: { url: "/uploads/a.webp", widths: [160, 320] } },
      ],
      nextCursor: null,
      empty: {},
      bare: Object.assign(Object.create(null) as object, { a: 1 }),
    };
    expect(isPlainJson(answer)).toBe(true);
    expect(transformer.serialize(answer)).toEqual(superjson.serialize(answer));
    expect(transformer.serialize(answer)).not.toHaveProperty("meta");
  });

  it.each(richLeaves.map((leaf) => [leaf]))("keeps superjson's annotations for %s", (leaf) => {
    const answer = { order: { id: "ord_1", lines: [{ at: leaf }] } };
    expect(isPlainJson(answer)).toBe(false);
    expect(transformer.serialize(answer)).toEqual(superjson.serialize(answer));
  });

  it("treats holes in arrays and repeated references as superjson does", () => {
    // eslint-disable-next-line no-sparse-arrays -- the hole is the point
    const holes = [1, , 3];
    expect(transformer.serialize(holes)).toEqual(superjson.serialize(holes));
    const shared = { url: "/uploads/a.webp" };
    const twice = { a: shared, b: shared };
    expect(superjson.deserialize(transformer.serialize(twice))).toEqual(twice);
  });

  it("round-trips 2,000 generated answers to the same values superjson gives", () => {
    for (let seed = 1; seed <= 2_000; seed++) {
      const value = valueOf(random(seed), 0, seed % 2 === 0);
      const ours = superjson.deserialize(transformer.serialize(value));
      const theirs = superjson.deserialize(superjson.serialize(value));
      expect(ours, `seed ${seed}`).toEqual(theirs);
      if (isPlainJson(value))
        expect(JSON.parse(JSON.stringify(transformer.serialize(value)))).toEqual({ json: value });
    }
  });

  it("reads what the browser sends with superjson", () => {
    const input = { at: new Date("2026-11-24T00:00:00Z"), ids: new Set(["a"]) };
    expect(transformer.deserialize(superjson.serialize(input))).toEqual(input);
    expect(transformer.deserialize({ json: { limit: 2 } })).toEqual({ limit: 2 });
  });
});
