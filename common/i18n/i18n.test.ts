import { describe, expect, it } from "vitest";
import en from "./messages/en.json" with { type: "json" };
import ind from "./messages/ind.json" with { type: "json" };
import { createTranslator } from "./i18n.ts";
import zh from "./messages/zh.json" with { type: "json" };
import { checkMessages, findProblems } from "../../scripts/i18n-check.ts";

describe("translations", () => {
  it("fills placeholders and leaves unknown ones visible", () => {
    const t = createTranslator(en);
    expect(t("catalog.product.image", { index: 2, total: 3 })).toBe("Image 2 of 3");
    expect(t("catalog.product.image", { index: 2 })).toBe("Image 2 of {{total}}");
  });

  it("falls back to Indonesian for a key a catalogue lacks", () => {
    const partial = {
      ...en,
      pages: { down: { ...en.pages.down, title: undefined } },
    } as unknown as typeof en;
    expect(createTranslator(partial, ind)("pages.down.title")).toBe(ind.pages.down.title);
  });

  it("has every key in ind, en and zh with the same placeholders", async () => {
    expect(await checkMessages()).toEqual([]);
  });

  it("reports a key missing in one language, an empty message and a dropped placeholder", () => {
    const zhMissing = structuredClone(zh) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    delete zhMissing.catalog.home.hot;
    const enBroken = structuredClone(en) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    enBroken.pages.down.title = " ";
    enBroken.catalog.product.sold = "sold";
    const problems = findProblems({ ind, en: enBroken, zh: zhMissing });
    expect(problems).toHaveLength(3);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining("catalog.product.sold: placeholders differ"),
        "zh: missing catalog.home.hot",
        "en: empty pages.down.title",
      ]),
    );
  });
});
