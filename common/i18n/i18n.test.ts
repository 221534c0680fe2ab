import { describe, expect, it } from "vitest";
import en from "./messages/en.json" with { type: "json" };
import ind from "./messages/ind.json" with { type: "json" };
import { createTranslator } from "./i18n.ts";
import zh from "./messages/zh.json" with { type: "json" };
import { checkMessages, findProblems } from "../../scripts/i18n-check.ts";

describe("translations", () => {
  it("fills placeholders and leaves unknown ones visible", () => {
    const t = createTranslator("en", en);
    expect(t("catalog.product.image", { index: 2, total: 3 })).toBe("Image 2 of 3");
    expect(t("catalog.product.image", { index: 2 })).toBe("Image 2 of {{total}}");
  });

  it("falls back to Indonesian for a key a catalogue lacks", () => {
    const partial = {
      ...en,
      pages: { down: { ...en.pages.down, title: undefined } },
    } as unknown as typeof en;
    expect(createTranslator("en", partial, ind)("pages.down.title")).toBe(ind.pages.down.title);
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

describe("plurals", () => {
  it("picks the English form by count: one for 1, other for 0, 2 and fractions", () => {
    const t = createTranslator("en", en);
    expect(t("reviews.count", { count: 1 })).toBe("1 review");
    expect(t("reviews.count", { count: 2 })).toBe("2 reviews");
    expect(t("reviews.count", { count: 0 })).toBe("0 reviews");
    expect(t("reviews.count", { count: 1.5 })).toBe("1.5 reviews");
    expect(t("reviews.starCount", { count: 1, reviews: 4 })).toBe("1 star: 4");
    expect(t("reviews.starCount", { count: 5, reviews: 1 })).toBe("5 stars: 1");
    expect(t("stores.street.figure.followers", { count: 1 })).toBe("1 follower");
    expect(t("orders.list.items", { count: 3 })).toBe("3 items");
  });

  it("has one form in Indonesian and Chinese, whatever the count", () => {
    const id = createTranslator("ind", ind);
    const cn = createTranslator("zh", zh, ind);
    for (const count of [0, 1, 2]) {
      expect(id("reviews.count", { count })).toBe(`${count} ulasan`);
      expect(cn("reviews.count", { count })).toBe(`${count} 条评价`);
    }
  });

  it("writes the count as the language writes numbers", () => {
    expect(createTranslator("en", en)("stores.street.figure.visits", { count: 12345 })).toBe("12,345 visits");
    expect(createTranslator("ind", ind)("stores.street.figure.visits", { count: 12345 })).toBe(
      "12.345 kunjungan",
    );
  });

  it("falls back to the other form when the count is missing, and to Indonesian for a missing message", () => {
    const t = createTranslator("en", en);
    // @ts-expect-error: a counted message needs its count (a key known only at run time may still lack it)
    expect(t("reviews.count")).toBe("{{count}} reviews");
    // @ts-expect-error: the count is a number, not a text already formatted
    expect(t("reviews.count", { count: "1" })).toBe("1 reviews");
    const partial = structuredClone(en) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    delete partial.reviews.count;
    expect(createTranslator("en", partial as typeof en, ind)("reviews.count", { count: 1 })).toBe("1 ulasan");
  });

  it("checks that each language has the forms it needs, and only those, with the same placeholders", () => {
    const enBroken = structuredClone(en) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    enBroken.reviews.count = { other: "{{count}} reviews" };
    enBroken.orders.list.items = { one: "{{count}} item", other: "{{total}} items" };
    const indBroken = structuredClone(ind) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    indBroken.stores.street.figure.visits = { one: "{{count}} kunjungan", other: "{{count}} kunjungan" };
    const zhBroken = structuredClone(zh) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    zhBroken.stores.street.figure.followers = "{{count}} 位粉丝";
    zhBroken.orders.pay.ordersNote = { other: " " };
    expect(findProblems({ ind: indBroken, en: enBroken, zh: zhBroken }).sort()).toEqual([
      'en: reviews.count lacks the plural form "one"',
      'ind: stores.street.figure.visits has the plural form "one", which ind never uses',
      "orders.list.items: placeholders differ between languages or forms (count | total)",
      "stores.street.figure.followers: counted (plural forms) in ind, en but not in zh",
      "zh: empty orders.pay.ordersNote.other",
    ]);
  });
});
