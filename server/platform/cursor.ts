import { z } from "zod";
import { DomainError } from "./errors.ts";

/**
 * The one codec for keyset cursors: a list's position (the sort it belongs to, the last row's key and id) as an
 * opaque string, base64url of the JSON array, so a client passes it back unread. Decoding validates the array
 * with the list's zod schema: a cursor we did not issue, or one of another list or sort, is the usual
 * translated bad request (never a database error). Plain-id cursors (`pageOf`) need no codec.
 */
export function cursorCodec<Schema extends z.ZodType<readonly unknown[]>>(schema: Schema) {
  return {
    encode(position: z.input<Schema>): string {
      return Buffer.from(JSON.stringify(position)).toString("base64url");
    },
    /** The position a cursor carries; `fits` tells whether it belongs to this request (its sort, its order). */
    decode(cursor: string, fits: (position: z.output<Schema>) => boolean = () => true): z.output<Schema> {
      let json: unknown;
      try {
        json = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
      } catch {
        throw badCursor();
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success || !fits(parsed.data)) throw badCursor();
      return parsed.data;
    },
  };
}

function badCursor() {
  return new DomainError("bad_request", "errors.api.badRequest");
}

/** A row id as cursors carry it: what the id generator makes (`prd_…`, `str_…`), nothing a query cannot take. */
export const cursorIdSchema = z.string().regex(/^[0-9a-z_]{1,63}$/);

/** A moment as cursors carry it (ISO 8601), within the years a PostgreSQL timestamp holds. */
export const cursorTimeSchema = z
  .string()
  .transform((value) => new Date(value))
  .refine((at) => {
    // Years PostgreSQL timestamps hold; JavaScript dates reach further (year -271821). NaN for no date.
    const year = at.getUTCFullYear();
    return year >= 1 && year <= 9999;
  });
