import { afterEach, describe, expect, it } from "vitest";
import { setClock } from "./clock.ts";
import { memoByIdPerDatabase, memoPerDatabase } from "./memo.ts";

let restore = () => {};
afterEach(() => restore());

describe("memoPerDatabase", () => {
  it("computes once per database within its lifetime, then again", async () => {
    let t = Date.parse("2026-11-21T10:00:00Z");
    restore = setClock(() => new Date(t));
    const memo = memoPerDatabase<object, number>("test1", 60_000);
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
    const memo = memoPerDatabase<object, number>("test2", 60_000);
    const db = {};
    let calls = 0;
    const load = async () => ++calls;
    expect(await memo.get(db, load)).toBe(1);
    memo.forget();
    expect(await memo.get(db, load)).toBe(2);
    expect(await memo.get(db, load)).toBe(2);
  });

  it("does not keep a failure", async () => {
    const memo = memoPerDatabase<object, number>("test3", 60_000);
    const db = {};
    await expect(memo.get(db, () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await memo.get(db, async () => 7)).toBe(7);
  });
});

describe("memoByIdPerDatabase", () => {
  /** A loader that records which ids each call asked for and answers `id@call`. */
  function loader() {
    const calls: string[][] = [];
    const load = async (ids: string[]) => {
      calls.push(ids);
      return new Map(ids.map((id) => [id, { id, call: calls.length }]));
    };
    return { calls, load };
  }
  const calls = (found: Map<string, { call: number }>) => [...found.values()].map((v) => v.call);

  it("loads only the ids it does not keep, in one call, once per database within its lifetime", async () => {
    let t = Date.parse("2026-11-21T10:00:00Z");
    restore = setClock(() => new Date(t));
    const memo = memoByIdPerDatabase<object, { id: string; call: number }>("test4", 60_000, 100);
    const a = {};
    const { calls: asked, load } = loader();
    expect(calls(await memo.get(a, ["x", "y", "x"], load))).toEqual([1, 1]);
    expect(calls(await memo.get(a, ["x", "z"], load))).toEqual([1, 2]);
    expect(asked).toEqual([["x", "y"], ["z"]]);
    expect(calls(await memo.get({}, ["x"], load))).toEqual([3]);
    t += 59_000;
    expect(calls(await memo.get(a, ["x"], load))).toEqual([1]);
    t += 2_000;
    expect(calls(await memo.get(a, ["x"], load))).toEqual([4]);
  });

  it("keeps at most its number of values, dropping the least recently used", async () => {
    const memo = memoByIdPerDatabase<object, { id: string; call: number }>("test5", 60_000, 2);
    const db = {};
    const { calls: asked, load } = loader();
    await memo.get(db, ["a"], load);
    await memo.get(db, ["b"], load);
    await memo.get(db, ["a"], load);
    await memo.get(db, ["c"], load);
    expect(calls(await memo.get(db, ["a", "c"], load))).toEqual([1, 3]);
    await memo.get(db, ["b"], load);
    expect(asked).toEqual([["a"], ["b"], ["c"], ["b"]]);
  });

  it("forgets everything on forget(), and keeps nothing loaded before it", async () => {
    const memo = memoByIdPerDatabase<object, { id: string; call: number }>("test6", 60_000, 100);
    const db = {};
    const { load } = loader();
    await memo.get(db, ["a"], load);
    memo.forget();
    expect(calls(await memo.get(db, ["a"], load))).toEqual([2]);
    let release!: () => void;
    const slow = memo.get(db, ["b"], async (ids) => {
      await new Promise<void>((resolve) => (release = resolve));
      return load(ids);
    });
    await Promise.resolve();
    memo.forget();
    release();
    expect(calls(await slow)).toEqual([3]);
    expect(calls(await memo.get(db, ["a", "b"], load))).toEqual([4, 4]);
  });
});
