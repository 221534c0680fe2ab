import { describe, expect, it } from "vitest";
import { z } from "zod";
import { cursorCodec, cursorIdSchema, cursorTimeSchema } from "./cursor.ts";
import { DomainError } from "./errors.ts";

const badRequest = { kind: "bad_request", key: "errors.api.badRequest" };
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("cursorCodec", () => {
  const codec = cursorCodec(z.tuple([z.enum(["overall", "newest"]), z.number().nullable(), cursorIdSchema]));

  it("carries a position as base64url JSON, the format cursors already in clients have", () => {
    const cursor = codec.encode(["overall", 12.5, "prd_abc"]);
    expect(cursor).toBe(b64(["overall", 12.5, "prd_abc"]));
    expect(codec.decode(cursor)).toEqual(["overall", 12.5, "prd_abc"]);
    expect(codec.decode(b64(["newest", null, "prd_x"]))).toEqual(["newest", null, "prd_x"]);
  });

  it("answers a cursor it did not issue with the translated bad request", () => {
    const garbage = [
      "garbage",
      "!!",
      "",
      b64({}),
      b64(null),
      b64(["overall", 1]),
      b64(["overall", "1", "prd_a"]),
      b64(["sideways", 1, "prd_a"]),
      b64(["overall", 1, "prd_a\u0000"]),
      b64(["overall", 1, "x".repeat(64)]),
      Buffer.from('["overall",1e999,"prd_a"]').toString("base64url"),
    ];
    for (const cursor of garbage) {
      let error: unknown;
      try {
        codec.decode(cursor);
      } catch (e) {
        error = e;
      }
      expect(error, cursor).toBeInstanceOf(DomainError);
      expect(error, cursor).toMatchObject(badRequest);
    }
  });

  it("refuses a well-formed cursor that belongs to another request", () => {
    const cursor = codec.encode(["newest", 1, "prd_a"]);
    expect(() => codec.decode(cursor, ([sort]) => sort === "overall")).toThrow(DomainError);
    expect(codec.decode(cursor, ([sort]) => sort === "newest")).toEqual(["newest", 1, "prd_a"]);
  });

  it("reads moments as dates, within the years a PostgreSQL timestamp holds", () => {
    const timed = cursorCodec(z.tuple([cursorTimeSchema, cursorIdSchema]));
    const at = new Date("2026-11-21T10:00:00.000Z");
    expect(timed.decode(timed.encode([at.toISOString(), "prd_a"]))).toEqual([at, "prd_a"]);
    for (const moment of ["-271821-04-20T00:00:00.000Z", "+275760-09-13T00:00:00.000Z", "yesterday", 0]) {
      expect(() => timed.decode(b64([moment, "prd_a"])), String(moment)).toThrow(DomainError);
    }
  });
});
