import { afterEach, describe, expect, it, vi } from "vitest";
import { appToastTimeout, currentToasts, genericToastTimeout, toast } from "./toast.ts";

describe("the toast store (seed sections 4 and 9)", () => {
  afterEach(() => {
    toast.clear();
    vi.useRealTimers();
  });

  it("ids a toast by the current time in milliseconds, bumping the id when two come in the same moment", () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    expect(toast.add({ title: "Saved" })).toBe("1700000000000");
    expect(toast.add({ title: "Saved again" })).toBe("1700000000001");
    expect(currentToasts().map((t) => t.title)).toEqual(["Saved", "Saved again"]);
  });

  it("lasts 5000 ms by default and 2000 ms for the app's own notices", () => {
    toast.add({ title: "Generic" });
    toast.notify("Copied", "success");
    expect(currentToasts().map((t) => [t.title, t.color, t.timeout])).toEqual([
      ["Generic", "info", genericToastTimeout],
      ["Copied", "success", appToastTimeout],
    ]);
    expect([genericToastTimeout, appToastTimeout]).toEqual([5000, 2000]);
  });

  it("replaces a toast added again under its id, updates it in place, and removes or clears", () => {
    toast.add({ id: "save", title: "Saving", color: "loading", timeout: 0 });
    toast.add({ id: "other", title: "Other" });
    toast.update("save", { title: "Saved", color: "success", timeout: 2000 });
    expect(currentToasts().map((t) => [t.id, t.title, t.color])).toEqual([
      ["save", "Saved", "success"],
      ["other", "Other", "info"],
    ]);
    toast.add({ id: "save", title: "Saving again", color: "loading" });
    expect(currentToasts().map((t) => t.title)).toEqual(["Other", "Saving again"]);
    toast.remove("other");
    expect(currentToasts().map((t) => t.id)).toEqual(["save"]);
    toast.clear();
    expect(currentToasts()).toEqual([]);
  });
});
