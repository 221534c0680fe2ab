import { z } from "zod";

/**
 * Building blocks for what clients send. Every string a client controls is bounded and well formed, so
 * hostile input (a NUL, which PostgreSQL text cannot hold; a lone surrogate; a 3,000-character id) is a
 * translated 400 at the door instead of a database error deep inside.
 */

/** Control characters (C0, DEL, C1) are never typed by people; NUL cannot even be stored. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]/;

/** Free text a person typed: well-formed Unicode without control characters. */
export function plainText(schema: z.ZodString = z.string()) {
  return schema.refine((v) => v.isWellFormed() && !controlCharacters.test(v), "errors.api.invalidInput");
}

/** Free text of several lines (a review, a reason): as `plainText`, but line breaks are kept. */
export function multilineText(schema: z.ZodString = z.string()) {
  return schema.refine(
    (v) => v.isWellFormed() && !controlCharacters.test(v.replace(/\r?\n/g, "")),
    "errors.api.invalidInput",
  );
}

/** An id from the server's generator (`prd_…`, `str_…`): its prefix, then lowercase letters and digits. */
export function prefixedId(prefix: string) {
  return z
    .string()
    .max(64, "errors.api.invalidInput")
    .regex(new RegExp(`^${prefix}_[0-9a-z]{1,59}$`), "errors.api.invalidInput");
}

/** An opaque list position as the server issued it (base64url). */
export const CursorSchema = z
  .string()
  .max(300)
  .regex(/^[A-Za-z0-9_-]*$/, "errors.api.invalidInput");

/** Category ids are PostgreSQL integers: anything larger cannot name one. */
export const CategoryIdSchema = z.number().int().positive().max(2_147_483_647);
