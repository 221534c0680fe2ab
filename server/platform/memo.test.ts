import { afterEach, describe, expect, it } from "vitest";
import { setClock } from "./clock.ts";
import { memoPerDatabase } from "./memo.ts";

let restore = () => {};
afterEach(() => restore());

describe("memoPerDatabase", () => {
  it("computes once per database within its lifetime, then again", async () => {
    let t = Date.parse("2026-11-21T10:00:00Z");
    restore = setClock(() => new Date(t));
    const memo = memoPerDatabase<object, number>(60_000);
    const a = {};
    const b = {};
    let calls = 0;
    const load = async () => ++calls;
    expect(await Promise.all([memo.get(a, load), memo.get(a, load)])).toEqual([1, 1]);
    expect(await memo.get(b, load)).toBe(2);
    t += 59_000;
    expect(await memo.get(a, load)).toBe(1);
    t += 2_000;
    expect(await memo.get(a, load)).toBe(3);
  });

  it("recomputes after forget()", async () => {
    const memo = memoPerDatabase<object, number>(60_000);
    const db = {};
    let calls = 0;
    const load = async () => ++calls;
    expect(await memo.get(db, load)).toBe(1);
    memo.forget();
    expect(await memo.get(db, load)).toBe(2);
    expect(await memo.get(db, load)).toBe(2);
  });

  it("does not keep a failure", async () => {
    const memo = memoPerDatabase<object, number>(60_000);
    const db = {};
    await expect(memo.get(db, () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await memo.get(db, async () => 7)).toBe(7);
  });
});
