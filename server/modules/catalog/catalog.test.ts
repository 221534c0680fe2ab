import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerFor } from "../../../tests/setup/caller.ts";
import { variantsOf } from "../../../tests/setup/shop.ts";
import { createSeededDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { listInStore } from "./merchant-listings.service.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createSeededDatabase();
});
afterAll(() => database.destroy());

describe("catalog.home", () => {
  it("shows the seed's categories named in the caller's language", async () => {
    const en = await callerFor(database, { lang: "en" }).catalog.home();
    const zh = await callerFor(database, { lang: "zh" }).catalog.home();
    const ids = en.categories.map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([11044364, 29, 36]));
    const man = en.categories.find((c) => c.id === 11044364);
    const manZh = zh.categories.find((c) => c.id === 11044364);
    expect(man?.name).toBeTruthy();
    expect(manZh?.name).toBeTruthy();
    expect(man?.name).not.toBe(manZh?.name);
    expect(en.categories.every((c) => c.parentId === null)).toBe(true);
  });

  it("fills the hot, new and boutique sections with listings that have images and prices", async () => {
    const home = await callerFor(database).catalog.home();
    for (const section of [home.hot, home.fresh, home.boutique]) {
      expect(section.length).toBeGreaterThan(0);
      for (const card of section) {
        expect(card.image?.url).toMatch(/^\/uploads\/products\/[0-9a-f]{32}$/);
        expect(Number.isInteger(card.price)).toBe(true);
        expect(card.price).toBeGreaterThan(0);
      }
    }
  });
});

describe("listings.list", () => {
  it("pages through every listing once, newest first, with no duplicates or gaps", async () => {
    const caller = callerFor(database);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await caller.listings.list({ limit: 7, cursor });
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort().reverse()).toEqual(seen);
    // Every listing on sale, exactly: compared with the records, not with another page of the same list.
    const onSale = await database.db.query.listings.findMany({
      where: (l, { eq }) => eq(l.status, "active"),
    });
    expect([...seen].sort()).toEqual(onSale.map((l) => l.id).sort());
    expect(seen.length).toBeGreaterThan(60);
  });

  it("filters by a top category including its subcategories", async () => {
    const caller = callerFor(database, { lang: "en" });
    const cosmetics = await caller.listings.list({ categoryId: 29, limit: 50 });
    expect(cosmetics.items.length).toBeGreaterThan(0);
    const subcategories = new Set<number>();
    for (const item of cosmetics.items) {
      const detail = await caller.listings.get({ id: item.id });
      expect(detail.category.parentId, item.name).toBe(29);
      subcategories.add(detail.category.id);
    }
    // Products of more than one subcategory came back: the top category included its children.
    expect(subcategories.size).toBeGreaterThan(1);
  });

  it("refuses an unknown category with a translated NOT_FOUND", async () => {
    await expect(
      callerFor(database, { lang: "en" }).listings.list({ categoryId: 999_999 }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "Not found.",
    });
  });

  it("refuses an out-of-range page size", async () => {
    await expect(callerFor(database).listings.list({ limit: 500 })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });
});

describe("listings.get", () => {
  it("returns the product page: images, price, description and store in the caller's language", async () => {
    const { items } = await callerFor(database).listings.list({ limit: 1 });
    const id = items[0]!.id;
    const ind = await callerFor(database).listings.get({ id });
    const en = await callerFor(database, { lang: "en" }).listings.get({ id });
    expect(ind.images).toHaveLength(3);
    expect(ind.price).toBe(items[0]!.price);
    expect(ind.store.name).toBeTruthy();
    expect(ind.name).not.toBe(en.name);
    expect(en.description.length).toBeGreaterThan(20);
  });

  it("answers NOT_FOUND in the caller's language for a missing product", async () => {
    await expect(
      callerFor(database, { lang: "zh" }).listings.get({ id: "prd_nothing" }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "该商品不存在或已下架。",
    });
  });
});

describe("listing a supply product", () => {
  it("never lets a store sell below the merchant price", async () => {
    const { items } = await callerFor(database).listings.list({ limit: 1 });
    const listing = items[0]!;
    const rows = await database.db.query.listings.findFirst({ where: (l, { eq }) => eq(l.id, listing.id) });
    const supply = await database.db.query.supplyProducts.findFirst({
      where: (s, { eq }) => eq(s.id, rows!.supplyProductId),
    });
    const otherStore = await database.db.query.stores.findFirst({
      where: (s, { ne }) => ne(s.id, rows!.storeId),
    });
    await expect(
      listInStore(database.db, {
        storeId: otherStore!.id,
        supplyProductId: supply!.id,
        price: (await variantsOf(database, supply!.id))[0]!.merchantPrice - 1,
      }),
    ).rejects.toMatchObject({ kind: "bad_request" });
  });
});
