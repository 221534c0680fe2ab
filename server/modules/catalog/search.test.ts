import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerFor } from "../../../tests/setup/caller.ts";
import { variantsOf } from "../../../tests/setup/shop.ts";
import { createSeededDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { listInStore } from "./merchant-listings.service.ts";
import { createSupplyProduct } from "./supply.service.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createSeededDatabase();
});
afterAll(() => database.destroy());

const sneakers = { ind: "Sepatu Sneakers Pria Hitam Sol Putih", en: "Men's Black Sneakers with White Sole" };

async function names(q: string, lang: "ind" | "en" | "zh" = "en", limit = 10) {
  const page = await callerFor(database, { lang }).listings.list({ q, limit });
  return page.items.map((i) => i.name);
}

describe("search", () => {
  it("finds a product by its name in each language", async () => {
    expect(await names("sneakers pria", "ind")).toContain(sneakers.ind);
    expect(await names("black sneakers")).toContain(sneakers.en);
    expect(await names("运动鞋", "zh")).toContain("男士黑色白底运动鞋");
  });

  it("tolerates typos", async () => {
    const found = await names("snekers");
    expect(found).toContain(sneakers.en);
    expect(found.every((n) => /sneakers/i.test(n))).toBe(true);
    expect(await names("sneakrs hitam", "ind")).toContain(sneakers.ind);
  });

  it("ignores word order and case", async () => {
    expect(await names("SOLE WHITE black")).toContain(sneakers.en);
  });

  it("matches words that only appear in the description", async () => {
    // "vulkanisir" (vulcanised) is in the description, not the name.
    expect(await names("vulkanisir", "ind")).toContain(sneakers.ind);
  });

  it("ranks a product named by the words above one that only mentions them", async () => {
    const results = await names("sneakers", "en", 20);
    const firstNamed = results.findIndex((n) => /sneaker/i.test(n));
    expect(firstNamed).toBe(0);
  });

  it("finds nothing for words nobody wrote, and treats wildcards literally", async () => {
    expect(await names("zzqxv")).toEqual([]);
    expect(await names("%")).toEqual([]);
    expect(await names("_")).toEqual([]);
  });

  it("combines keywords with a category", async () => {
    const digital = await callerFor(database, { lang: "en" }).listings.list({
      q: "sneakers",
      categoryId: 36,
    });
    expect(digital.items).toEqual([]);
    const fashion = await callerFor(database, { lang: "en" }).listings.list({
      q: "sneakers",
      categoryId: 41,
    });
    expect(fashion.items.map((i) => i.name)).toContain(sneakers.en);
  });
});

async function all(
  sort: "overall" | "sales" | "priceAsc" | "priceDesc" | "newest",
  opts: { q?: string } = {},
) {
  const api = callerFor(database);
  const items: { id: string; price: number }[] = [];
  let cursor: string | undefined;
  do {
    const page = await api.listings.list({ sort, cursor, limit: 9, ...opts });
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

describe("sorting and pagination", () => {
  it.each(["overall", "sales", "priceAsc", "priceDesc", "newest"] as const)(
    "pages through every listing once when sorted by %s",
    async (sort) => {
      const items = await all(sort);
      const ids = items.map((i) => i.id);
      expect(new Set(ids).size).toBe(ids.length);
      const onSale = await database.db.query.listings.findMany({
        where: (l, { eq }) => eq(l.status, "active"),
      });
      expect([...ids].sort()).toEqual(onSale.map((l) => l.id).sort());
    },
  );

  it("orders by price up and down", async () => {
    const up = (await all("priceAsc")).map((i) => i.price);
    const down = (await all("priceDesc")).map((i) => i.price);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    expect(down).toEqual([...down].sort((a, b) => b - a));
  });

  it("pages search results by relevance without repeats", async () => {
    const items = await all("overall", { q: "pria" });
    expect(items.length).toBeGreaterThan(9);
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
  });

  it("continues a typo search from a cursor carrying a fractional relevance", async () => {
    const api = callerFor(database, { lang: "en" });
    const first = await api.listings.list({ q: "snekers", limit: 1 });
    expect(first.nextCursor!.length).toBeGreaterThan(64);
    const second = await api.listings.list({ q: "snekers", limit: 1, cursor: first.nextCursor! });
    expect(second.items).toHaveLength(1);
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);
  });

  it("has no duplicates or gaps when new products arrive between pages", async () => {
    const api = callerFor(database);
    const first = await api.listings.list({ sort: "newest", limit: 10 });
    const store = await database.db.query.stores.findFirst();
    const supplyId = await createSupplyProduct(database.db, database.storage, {
      categoryId: 4101,
      name: { ind: "Sepatu Baru Datang", en: "Newly Arrived Shoe", zh: "新到的鞋" },
      description: { ind: "Baru.", en: "New.", zh: "新。" },
      merchantPrice: 100_000,
      suggestedPrice: 150_000,
      stock: 10,
      boutique: false,
      images: [],
    });
    const newId = await listInStore(database.db, {
      storeId: store!.id,
      supplyProductId: supplyId,
      price: 150_000,
    });
    const rest: string[] = [];
    let cursor = first.nextCursor ?? undefined;
    while (cursor) {
      const page = await api.listings.list({ sort: "newest", cursor, limit: 10 });
      rest.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor ?? undefined;
    }
    const seen = [...first.items.map((i) => i.id), ...rest];
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).not.toContain(newId);
    const fresh = await api.listings.list({ sort: "newest", limit: 50 });
    expect(fresh.items[0]!.id).toBe(newId);
    expect(fresh.items.slice(1).map((i) => i.id)).toEqual(seen.slice(0, fresh.items.length - 1));
  });

  it("refuses a cursor it did not issue, or one from another sort", async () => {
    const api = callerFor(database, { lang: "en" });
    await expect(api.listings.list({ cursor: "garbage" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const page = await api.listings.list({ sort: "priceAsc", limit: 5 });
    await expect(api.listings.list({ sort: "newest", cursor: page.nextCursor! })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });
});

describe("hot products", () => {
  it("rank by items sold in paid orders, then by how many stores chose to sell the product", async () => {
    const home = await callerFor(database).catalog.home();
    const rows = await database.db.query.listings.findMany({
      columns: { id: true, supplyProductId: true, sales: true },
    });
    const storesPer = new Map<string, number>();
    for (const r of rows) storesPer.set(r.supplyProductId, (storesPer.get(r.supplyProductId) ?? 0) + 1);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const ranks = home.hot.map((card) => {
      const r = byId.get(card.id)!;
      return [r.sales, storesPer.get(r.supplyProductId)!] as const;
    });
    const sorted = [...ranks].sort((a, b) => b[0] - a[0] || b[1] - a[1]);
    expect(ranks).toEqual(sorted);
    // The demo orders sold something: a sold product leads; among the unsold, the most listed lead.
    expect(ranks[0]![0]).toBeGreaterThan(0);
    expect(Math.max(...storesPer.values())).toBeGreaterThan(Math.min(...storesPer.values()));
    expect(ranks.find(([sales]) => sales === 0)?.[1]).toBe(Math.max(...storesPer.values()));
  });
});

describe("category tree and recommendations", () => {
  it("lists every top category with its subcategories, named in the caller's language", async () => {
    const tree = await callerFor(database, { lang: "en" }).catalog.categories();
    const ids = tree.map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([11044364, 29, 36]));
    const cosmetics = tree.find((c) => c.id === 29)!;
    expect(cosmetics.children.length).toBeGreaterThanOrEqual(2);
    expect(cosmetics.children.every((c) => c.parentId === 29 && c.name.length > 0)).toBe(true);
  });

  it("recommends other products of the same kind, never the product itself", async () => {
    const api = callerFor(database, { lang: "en" });
    const product = (await api.listings.list({ q: "snekers" })).items[0]!;
    const detail = await api.listings.get({ id: product.id });
    const recommended = await api.listings.recommended({ id: product.id });
    expect(recommended.length).toBeGreaterThan(0);
    expect(recommended.map((r) => r.id)).not.toContain(product.id);
    for (const r of recommended.slice(0, 3)) {
      const d = await api.listings.get({ id: r.id });
      expect([d.category.id, d.category.parentId]).toContain(detail.category.parentId ?? detail.category.id);
      expect(d.name).not.toBe(detail.name);
    }
  });
});

describe("hot products as listings change", () => {
  it("lead the unsold with a product the moment every store lists it, though the ranking is kept between visits", async () => {
    const api = callerFor(database, { lang: "en" });
    await api.catalog.home(); // the ranking is now kept
    const rows = await database.db.query.listings.findMany();
    const storesPer = new Map<string, Set<string>>();
    for (const r of rows)
      storesPer.set(r.supplyProductId, (storesPer.get(r.supplyProductId) ?? new Set()).add(r.storeId));
    const [rarest] = [...storesPer.entries()].sort((a, b) => a[1].size - b[1].size)[0]!;
    const supply = (await database.db.query.supplyProducts.findFirst({
      where: (s, { eq }) => eq(s.id, rarest),
    }))!;
    const stores = await database.db.query.stores.findMany();
    for (const store of stores.filter((s) => !storesPer.get(rarest)!.has(s.id)))
      await listInStore(database.db, {
        storeId: store.id,
        supplyProductId: rarest,
        // One price for every variant: at least the dearest variant's cost.
        price: Math.max(...(await variantsOf(database, supply.id)).map((v) => v.merchantPrice)),
      });

    // Sold products stay ahead; the first unsold one is now the product every store lists.
    const hot = (await api.catalog.home()).hot;
    const listed = await database.db.query.listings.findMany();
    const firstUnsold = hot.find((card) => listed.find((l) => l.id === card.id)!.sales === 0)!;
    const leader = listed.find((l) => l.id === firstUnsold.id);
    expect(leader?.supplyProductId).toBe(rarest);
    expect(firstUnsold.name).toBe(supply.name.en);
  });
});

describe("whole words", () => {
  it("find a short word as a word, not inside longer words (tas: bags, not 'kualitas')", async () => {
    const page = await callerFor(database).listings.list({ q: "tas", limit: 50 });
    const rows = await database.db.query.listings.findMany();
    const supply = new Map((await database.db.query.supplyProducts.findMany()).map((p) => [p.id, p]));
    const textOf = new Map(
      rows.map((r) => {
        const p = supply.get(r.supplyProductId)!;
        return [r.id, [...Object.values(p.name), ...Object.values(p.description)].join(" ")];
      }),
    );
    // "tas" or one of its synonyms (bag, ransel, backpack), each as the beginning of a word.
    const startsAWord = /(^|[^\p{L}\p{N}])(tas|bag|ransel|backpack)/iu;
    expect(page.items.map((i) => i.name)).toContain("Tas Ransel Laptop 15,6 inci Anti Air");
    for (const item of page.items) expect(textOf.get(item.id), item.name).toMatch(startsAWord);
    // The catalogue does have products that only contain "tas" inside other words; none was found.
    const inside = rows.filter((r) => /tas/i.test(textOf.get(r.id)!) && !startsAWord.test(textOf.get(r.id)!));
    expect(inside.length).toBeGreaterThan(0);
  });

  it("take a correctly spelled word as it is, not as a misspelling of a look-alike (sepatu, not sepak)", async () => {
    const page = await callerFor(database).listings.list({ q: "sepatu", limit: 50 });
    expect(page.items.length).toBeGreaterThan(0);
    const ids = new Set(page.items.map((i) => i.id));
    const listed = (await database.db.query.listings.findMany()).filter((l) => ids.has(l.id));
    const supply = new Map((await database.db.query.supplyProducts.findMany()).map((p) => [p.id, p]));
    // Each result says "sepatu" or a synonym (sneakers, shoes), never only "sepak".
    for (const l of listed) expect(supply.get(l.supplyProductId)!.searchText).toMatch(/sepatu|sneaker|shoe/);
    expect([...supply.values()].some((p) => p.searchName.includes("sepak"))).toBe(true);
  });

  it("find the beginning of a word while it is still being typed", async () => {
    expect(await names("sepat", "ind")).toContain(sneakers.ind);
  });
});

/** The phones of the seeded catalogue: two smartphones and a "HP Android". */
const phones = [
  "Android Smartphone 8/256 GB, 6.7-inch AMOLED",
  "Android Phone 4/64 GB, 6000 mAh Battery",
  "5G Smartphone 12/512 GB, Titanium Grey",
];

async function search(q: string, lang: "ind" | "en" = "en") {
  const page = await callerFor(database, { lang }).listings.list({ q, limit: 50 });
  return { names: page.items.map((i) => i.name), correctedQuery: page.correctedQuery };
}

describe("what Indonesians type", () => {
  it("'handphone' finds every phone and no headphone", async () => {
    const { names, correctedQuery } = await search("handphone");
    expect(names).toEqual(expect.arrayContaining(phones));
    expect(names.filter((n) => /headphone|earphone|earbuds/i.test(n))).toEqual([]);
    expect(correctedQuery).toBeNull();
  });

  it("'hp' and 'ponsel' find all three phones", async () => {
    for (const q of ["hp", "ponsel"]) expect((await search(q)).names).toEqual(expect.arrayContaining(phones));
  });

  it("'sepatu' finds sneakers whose names do not say 'sepatu'", async () => {
    const { names } = await search("sepatu", "ind");
    expect(names).toContain("Sneakers Wanita Chunky Pastel Pink");
    expect(names).toContain("Sepatu Lari Running Ringan Putih Biru");
  });

  it("says what it searched for when it corrected a word, and only then", async () => {
    expect((await search("snekers")).correctedQuery).toBe("sneakers");
    expect((await search("snekers hitam", "ind")).correctedQuery).toBe("sneakers hitam");
    // A word in a name, a word only in descriptions, and a word being typed are taken as they are.
    for (const q of ["sepatu", "vulkanisir", "sepat", "batik"])
      expect((await search(q, "ind")).correctedQuery).toBeNull();
  });
});

describe("product cards", () => {
  it("name the store, so one product from two stores reads as two offers", async () => {
    const rows = await database.db.query.listings.findMany();
    const stores = new Map((await database.db.query.stores.findMany()).map((s) => [s.id, s.name]));
    const bySupply = new Map<string, string[]>();
    for (const r of rows) bySupply.set(r.supplyProductId, [...(bySupply.get(r.supplyProductId) ?? []), r.id]);
    const shared = [...bySupply.values()].find((ids) => ids.length > 1)!;
    const cards = (await callerFor(database).listings.list({ limit: 50, sort: "sales" })).items;
    const shown = cards.filter((c) => shared.includes(c.id));
    expect(shown.length).toBeGreaterThan(1);
    for (const card of cards) expect(card.storeName).toBe(stores.get(card.storeId));
    expect(new Set(shown.map((c) => c.storeName)).size).toBe(shown.length);
  });
});
