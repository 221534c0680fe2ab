import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { storeLevel } from "#common/store-level.ts";
import { callerFor } from "../../../tests/setup/caller.ts";
import { newKey, signedInUser } from "../../../tests/setup/money.ts";
import {
  completedOrder,
  listing,
  manyShoppers,
  merchantWithStore,
  placeOrder,
  shopperWithMoney,
  supplyProduct,
  variantIn,
} from "../../../tests/setup/shop.ts";
import {
  createSeededDatabase,
  createTestDatabase,
  silentLog,
  type TestDatabase,
} from "../../../tests/setup/test-db.ts";
import { setClock } from "../../platform/clock.ts";
import { seedDemoData } from "../../seed/seed.ts";
import { forgetOldStatsChanges } from "./stores.service.ts";

type Figures = {
  store_id: string;
  followers: number;
  visits: number;
  collections: number;
  products: number;
  sales: number;
  completed_sales: number;
  rating_count: number;
  rating_sum: number;
};

async function rows<T>(database: TestDatabase, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every store's figures counted straight from the records, as decision 7 defines them. */
function directFigures(database: TestDatabase) {
  return rows<Figures>(
    database,
    sql`
      select s.id as store_id,
        (select count(*) from store_follows f where f.store_id = s.id)::int as followers,
        (select count(*) from store_visits v where v.store_id = s.id)::int as visits,
        (select count(*) from favorites fa join listings l on l.id = fa.listing_id where l.store_id = s.id)::int
          as collections,
        (select count(*) from listings l where l.store_id = s.id and l.status = 'active')::int as products,
        (select coalesce(sum(l.sales), 0) from listings l where l.store_id = s.id)::int as sales,
        ((select coalesce(sum(i.quantity), 0) from order_items i join orders o on o.id = i.order_id
           where o.store_id = s.id and o.status = 'completed')
         - (select coalesce(sum(r.quantity), 0) from order_returns r
           where r.store_id = s.id and r.kind = 'return' and r.status = 'approved'))::int as completed_sales,
        (select count(*) from reviews rv where rv.store_id = s.id and rv.hidden_at is null)::int as rating_count,
        (select coalesce(sum(rv.rating), 0) from reviews rv where rv.store_id = s.id and rv.hidden_at is null)::int
          as rating_sum
      from stores s order by s.id`,
  );
}

/**
 * Compares store_stats with the direct computation: every counted figure equal, and the generated ones (overall,
 * rating, level) equal to what the published rules make of them.
 */
async function expectStatsMatchRecords(database: TestDatabase) {
  const direct = await directFigures(database);
  const kept = await rows<Figures & { overall: number; rating: number | null; level: number }>(
    database,
    sql`select store_id, followers, visits, collections, products, sales, completed_sales, rating_count, rating_sum,
          overall, rating, level from store_stats order by store_id`,
  );
  expect(kept.map(({ overall: _o, rating: _r, level: _l, ...figures }) => figures)).toEqual(direct);
  const averages = new Map(
    (
      await rows<{ store_id: string; rating: number | null }>(
        database,
        sql`select store_id, avg(rating)::float8 as rating from reviews where hidden_at is null group by store_id`,
      )
    ).map((r) => [r.store_id, r.rating]),
  );
  for (const row of kept) {
    const average = averages.get(row.store_id) ?? null;
    expect(row.overall).toBe(row.visits + 3 * row.followers + 2 * row.collections);
    if (average === null) expect(row.rating).toBeNull();
    else expect(row.rating).toBeCloseTo(average, 12);
    expect(row.level).toBe(storeLevel(row.completed_sales, average));
  }
  return kept;
}

const reviewForm = async (database: TestDatabase, fields: Record<string, string>) => {
  const form = new FormData();
  const { listingId, ...rest } = fields;
  for (const [k, v] of Object.entries(rest)) form.set(k, v);
  form.set("variantId", await variantIn(database, fields.orderId!, listingId!));
  return form;
};

describe("store_stats, kept by the writes", () => {
  let database: TestDatabase;
  let ops: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    database = await createSeededDatabase();
    ops = await signedInUser(database, "operator");
  });
  afterAll(() => database.destroy());

  it("equals a direct computation from the records after the seed and after orders run through the real flows", async () => {
    // The seed's own orders (paid, shipped, completed, cancelled…) are counted already.
    await expectStatsMatchRecords(database);

    // A completed order of 2 products x 3 items; a return of 2 of them approved; a replacement approved (counts
    // nothing); reviews written, edited, hidden and shown again.
    const a = await completedOrder(database, ops, { products: 2, quantity: 3 });
    const [first, second] = a.listingIds as [string, string];
    const ask = async (listingId: string, kind: "return" | "replacement", quantity: number) =>
      a.shopper.api.orders.requestAfterSales(
        await reviewForm(database, {
          orderId: a.orderId,
          listingId,
          kind,
          category: "damaged",
          quantity: String(quantity),
          reason: "Barang rusak saat tiba.",
          idempotencyKey: newKey(),
        }),
      );
    const returned = await ask(first, "return", 2);
    const approved = await a.store.api.merchantOrders.decideAfterSales({
      id: returned.id,
      approve: true,
      idempotencyKey: newKey(),
    });
    // The return parcel reaches the warehouse: the return is refunded (issue 27).
    for (const to of ["picked_up", "in_transit", "out_for_delivery", "delivered"] as const)
      await ops.api.ops.orders.moveParcel({ shipmentId: approved.shipment!.id, to });
    const replaced = await ask(second, "replacement", 1);
    await a.store.api.merchantOrders.decideAfterSales({
      id: replaced.id,
      approve: true,
      idempotencyKey: newKey(),
    });
    const review = await a.shopper.api.reviews.write(
      await reviewForm(database, { orderId: a.orderId, listingId: first, rating: "2", text: "" }),
    );
    const other = await a.shopper.api.reviews.write(
      await reviewForm(database, { orderId: a.orderId, listingId: second, rating: "5", text: "Bagus" }),
    );
    await a.shopper.api.reviews.edit({ id: review.id, rating: 4, text: "Sudah diganti, oke." });
    await ops.api.ops.reviews.hide({ id: other.id, reason: "Kata-kata kasar" });
    await expectStatsMatchRecords(database);
    await ops.api.ops.reviews.show({ id: other.id });

    // Another store: one order paid then cancelled by the shopper (its sales come and go), one paid and left so.
    const b = await merchantWithStore(database, { autoPay: false });
    const supply = await supplyProduct(database, { stock: 20 });
    const product = await listing(database, b.storeId, supply, 90_000);
    const hidden = await listing(database, b.storeId, await supplyProduct(database), 90_000);
    await b.api.merchants.setListingStatus({ listingId: hidden, status: "hidden" });
    const shopper = await shopperWithMoney(database, ops, 2_000_000);
    const place = (quantity: number) =>
      placeOrder(shopper.api, {
        lines: [{ listingId: product, quantity }],
        addressId: shopper.addressId,
        method: "wallet",
        fromCart: false,
        idempotencyKey: newKey(),
      });
    const cancelled = (await place(2)).orderIds[0]!;
    await place(1);
    await shopper.api.orders.cancel({ id: cancelled, idempotencyKey: newKey() });

    // Follows, favourites and visits, including ones taken back.
    const api = shopper.api;
    await api.stores.follow({ storeId: a.store.storeId });
    await api.stores.follow({ storeId: b.storeId });
    await api.stores.unfollow({ storeId: b.storeId });
    await api.collection.add({ listingId: product });
    await api.collection.add({ listingId: first });
    await api.collection.add({ listingId: second });
    await api.collection.remove({ listingId: second });
    await api.stores.visit({ storeId: b.storeId });
    await callerFor(database, { clientIp: "10.7.0.1" }).stores.visit({ storeId: b.storeId });

    const kept = await expectStatsMatchRecords(database);
    expect(kept.find((r) => r.store_id === a.store.storeId)).toMatchObject({
      followers: 1,
      collections: 1,
      products: 2,
      sales: 4, // 6 sold, 2 returned
      completed_sales: 4,
      rating_count: 2,
      rating_sum: 9,
      level: 1,
    });
    expect(kept.find((r) => r.store_id === b.storeId)).toMatchObject({
      followers: 0,
      visits: 2,
      collections: 1,
      products: 1,
      sales: 1,
      completed_sales: 0,
    });
    // What the pages show is the table's row.
    expect(await callerFor(database).stores.get({ storeId: a.store.storeId })).toMatchObject({
      followers: 1,
      collections: 1,
      products: 2,
      sales: 4,
      rating: 4.5,
      level: 1,
    });
  });

  it("loses no change when many shoppers follow and collect at once", async () => {
    const { storeId } = await merchantWithStore(database);
    const product = await listing(database, storeId, await supplyProduct(database), 90_000);
    const shoppers = await manyShoppers(database, 24, 1_000);
    await Promise.all(
      shoppers.map(async (s, i) => {
        await s.api.stores.follow({ storeId });
        await s.api.collection.add({ listingId: product });
        if (i % 3 === 0) await s.api.stores.unfollow({ storeId });
        await s.api.stores.visit({ storeId });
      }),
    );
    const kept = await expectStatsMatchRecords(database);
    expect(kept.find((r) => r.store_id === storeId)).toMatchObject({
      followers: 16,
      collections: 24,
      visits: 24,
    });
  });

  it("refuses to change the items of a completed order, which the level counted when it completed", async () => {
    const { orderId } = await completedOrder(database, ops);
    await expect(
      database.db.execute(sql`update order_items set quantity = quantity + 1 where order_id = ${orderId}`),
    ).rejects.toThrow();
    await expectStatsMatchRecords(database);
  });
});

describe("migration 0020", () => {
  let database: TestDatabase;
  afterEach(() => database.destroy());

  it("fills store_stats from the records of a shop that ran before it", async () => {
    // The records of a shop that ran before 0020 (seeded by today's code on today's schema, since that code
    // writes columns 0020 never had), then the figures forgotten and counted again by 0020's own backfill.
    database = await createTestDatabase();
    await seedDemoData(database.db, database.storage, silentLog, { imageSize: 16 });
    // Follows, visits and favourites as the old schema had them.
    await database.db.execute(sql`
      insert into store_follows (user_id, store_id, created_at)
      select u.id, s.id, now() from users u cross join stores s where u.role = 'shopper'`);
    await database.db.execute(sql`
      insert into store_visits (store_id, visitor, day)
      select s.id, 'visitor-' || n, '2026-11-20' from stores s cross join generate_series(1, 3) n`);
    await database.db.execute(sql`
      insert into favorites (user_id, listing_id, created_at)
      select u.id, l.id, now() from users u cross join listings l where u.role = 'shopper'`);
    await database.db.execute(sql`delete from store_stats`);
    const migration = readFileSync(
      path.join(import.meta.dirname, "../../db/migrations/0020_store_stats.sql"),
      "utf8",
    );
    await database.db.execute(sql.raw(migration.split("--> statement-breakpoint").at(-1)!));
    const kept = await expectStatsMatchRecords(database);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((r) => r.visits === 3 && r.followers > 0 && r.collections > 0)).toBe(true);
    expect(kept.some((r) => r.completed_sales > 0 && r.sales > 0)).toBe(true);
  });
});

describe("the shop street's cursor", () => {
  let database: TestDatabase;
  let restore: (() => void) | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());
  afterEach(() => {
    restore?.();
    restore = undefined;
  });

  it("pages over the order of the first page while figures change: no store twice, none skipped", async () => {
    // Six stores, the i-th with i followers: by "overall" (3 x followers) they rank S5, S4 … S0.
    const made: { storeId: string }[] = [];
    for (let i = 0; i < 6; i++) made.push(await merchantWithStore(database));
    const ids = made.map((s) => s.storeId);
    const shoppers = await manyShoppers(database, 8, 1_000);
    for (const [i, storeId] of ids.entries())
      for (const s of shoppers.slice(0, i)) await s.api.stores.follow({ storeId });
    const street = callerFor(database);
    const page = (cursor?: string) =>
      street.stores.list({ q: "Toko Uji", sort: "overall", order: "desc", limit: 2, cursor });
    const ranked = [...ids].reverse();

    const first = await page();
    expect(first.items.map((s) => s.id)).toEqual(ranked.slice(0, 2));

    // Between pages: the top store loses all its followers (by current figures it would come again, last), the
    // last store gains more than anyone has (it would rank first, before the cursor, and never be shown), and
    // two in the middle swap places.
    for (const s of shoppers.slice(0, 5)) await s.api.stores.unfollow({ storeId: ids[5]! });
    for (const s of shoppers) await s.api.stores.follow({ storeId: ids[0]! });
    for (const s of shoppers.slice(5)) await s.api.stores.follow({ storeId: ids[2]! });
    const now = (await page()).items.map((s) => s.id);
    expect(now[0]).toBe(ids[0]);

    const seen = [...first.items];
    let cursor = first.nextCursor ?? undefined;
    while (cursor) {
      const next = await page(cursor);
      seen.push(...next.items);
      cursor = next.nextCursor ?? undefined;
    }
    expect(seen.map((s) => s.id)).toEqual(ranked);
    // The cards of the later pages show the figures as they are now.
    expect(seen.find((s) => s.id === ids[0])!.followers).toBe(8);
    expect(seen.find((s) => s.id === ids[2])!.followers).toBe(5);

    // A new first page follows the current figures, and pages from it too.
    const again: string[] = [];
    cursor = undefined;
    do {
      const next = await page(cursor);
      again.push(...next.items.map((s) => s.id));
      cursor = next.nextCursor ?? undefined;
    } while (cursor);
    expect(again).toEqual([ids[0], ids[2], ids[4], ids[3], ids[1], ids[5]]);
  });

  it("refuses a cursor it did not make", async () => {
    const forged = Buffer.from(JSON.stringify(["overall", "desc", 3, "str_x", "1:2:'; drop"])).toString(
      "base64url",
    );
    await expect(callerFor(database).stores.list({ cursor: forged })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });

  it("forgets the old sort keys after an hour", async () => {
    const count = async () =>
      (await rows<{ n: number }>(database, sql`select count(*)::int as n from store_stats_changes`))[0]!.n;
    expect(await count()).toBeGreaterThan(0);
    expect(await forgetOldStatsChanges(database.db)).toBe(0);
    const later = new Date(Date.now() + 61 * 60 * 1000);
    restore = setClock(() => later);
    await forgetOldStatsChanges(database.db);
    expect(await count()).toBe(0);
  });
});
