import { afterEach, describe, expect, it, vi } from "vitest";
import { chunkReloadGuardMs, reloadOnce } from "./chunk-reload.ts";

function stubPage(storage: Map<string, string> | "blocked") {
  const reload = vi.fn();
  vi.stubGlobal("window", { location: { reload } });
  vi.stubGlobal("sessionStorage", {
    getItem: (k: string) => {
      if (storage === "blocked") throw new Error("SecurityError");
      return storage.get(k) ?? null;
    },
    setItem: (k: string, v: string) => {
      if (storage === "blocked") throw new Error("SecurityError");
      storage.set(k, v);
    },
  });
  return reload;
}

describe("reloading once when a chunk of a new deployment is missing", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("reloads once, not again within 10 s, and again after", () => {
    const reload = stubPage(new Map());
    const t = 1_700_000_000_000;
    expect(reloadOnce(t)).toBe(true);
    expect(reloadOnce(t + chunkReloadGuardMs - 1)).toBe(false);
    expect(reloadOnce(t + chunkReloadGuardMs)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("never reloads in a loop when the page cannot remember that it did", () => {
    const reload = stubPage("blocked");
    expect(reloadOnce(1)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
