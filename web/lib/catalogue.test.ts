import { afterEach, describe, expect, it, vi } from "vitest";
import type { Messages } from "#common/i18n/messages.ts";
import en from "#common/i18n/messages/en.json";
import { keepCatalogue, loadCatalogue } from "./catalogue.ts";

afterEach(() => vi.restoreAllMocks());

describe("message catalogues on the server", () => {
  it("renders with the catalogue the root loader kept, without a request", () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    keepCatalogue("en", en as Messages);
    const kept = loadCatalogue("en");
    expect(kept.status).toBe("fulfilled");
    expect(kept.status === "fulfilled" && kept.value).toBe(en);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("fails at once, naming the language, when no catalogue was kept, instead of fetching", () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    expect(() => loadCatalogue("zh")).toThrow(/zh message catalogue was not kept/);
    expect(fetch).not.toHaveBeenCalled();
  });
});
