import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callerFor } from "../../../tests/setup/caller.ts";
import { createSeededDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { demoAccounts, demoPassword } from "../../db/seed.ts";
import { setClock } from "../../platform/clock.ts";

let database: TestDatabase;
let shopper: string;
let merchant: string;
let operator: string;
let productIds: string[];
let restore: (() => void) | undefined;

beforeAll(async () => {
  database = await createSeededDatabase();
  const signIn = async (account: string) =>
    (await callerFor(database).auth.signIn({ method: "password", account, password: demoPassword })).token;
  shopper = await signIn(demoAccounts.shopper);
  merchant = await signIn(demoAccounts.merchant(1));
  operator = await signIn(demoAccounts.operator);
  productIds = (await callerFor(database).listings.list({ limit: 5 })).items.map((i) => i.id);
});
afterAll(() => database.destroy());
afterEach(() => {
  restore?.();
  restore = undefined;
});

/** Runs the clock `ms` ahead of real time. */
function later(ms: number) {
  restore?.();
  restore = setClock(() => new Date(Date.now() + ms));
}

describe("collection", () => {
  it("adds products once, lists them newest first and removes them", async () => {
    const api = callerFor(database, { token: merchant });
    const [a, b] = productIds as [string, string];
    await api.collection.add({ listingId: a });
    later(1000);
    await api.collection.add({ listingId: b });
    await api.collection.add({ listingId: b });
    expect((await api.collection.list()).items.map((i) => i.product.id)).toEqual([b, a]);
    expect(await api.collection.status({ listingId: a })).toEqual({ inCollection: true });
    await api.collection.remove({ listingId: a });
    expect(await api.collection.status({ listingId: a })).toEqual({ inCollection: false });
    expect((await api.collection.list()).items.map((i) => i.product.id)).toEqual([b]);
  });

  it("refuses a product that is not sold", async () => {
    await expect(
      callerFor(database, { token: shopper, lang: "en" }).collection.add({ listingId: "prd_none" }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "This product does not exist or is no longer sold.",
    });
  });
});

describe("footprint", () => {
  it("records products a signed-in shopper opens, newest first, once each", async () => {
    const api = callerFor(database, { token: shopper });
    await api.footprints.clear();
    const [a, b] = productIds as [string, string];
    await api.listings.get({ id: a });
    later(1000);
    await callerFor(database, { token: shopper }).listings.get({ id: b });
    later(2000);
    await callerFor(database, { token: shopper }).listings.get({ id: a });
    const items = (await api.footprints.list()).items;
    expect(items.map((i) => i.product.id)).toEqual([a, b]);
    expect(items[0]!.at.getTime()).toBeGreaterThan(items[1]!.at.getTime());
  });

  it("records nothing for a visitor", async () => {
    await callerFor(database).listings.get({ id: productIds[3]! });
    const rows = await database.db.query.footprints.findMany({
      where: (f, { eq }) => eq(f.listingId, productIds[3]!),
    });
    expect(rows).toEqual([]);
  });

  it("removes one product or clears all", async () => {
    const api = callerFor(database, { token: shopper });
    await api.listings.get({ id: productIds[2]! });
    await api.footprints.remove({ listingId: productIds[2]! });
    expect((await api.footprints.list()).items.map((i) => i.product.id)).not.toContain(productIds[2]);
    await api.footprints.clear();
    expect((await api.footprints.list()).items).toEqual([]);
  });
});

describe("searches", () => {
  it("keeps a signed-in shopper's history, newest first, and clears it", async () => {
    const api = callerFor(database, { token: shopper });
    await api.search.clearHistory();
    await api.listings.list({ q: "Sepatu  Sneakers" });
    later(1000);
    await callerFor(database, { token: shopper }).listings.list({ q: "lipstik" });
    expect(await api.search.history()).toEqual(["lipstik", "sepatu sneakers"]);
    await api.search.clearHistory();
    expect(await api.search.history()).toEqual([]);
  });

  it("computes hot keywords from the searches people made in the last 30 days", async () => {
    const visitor = callerFor(database);
    for (let i = 0; i < 3; i++) await visitor.listings.list({ q: "batik" });
    for (let i = 0; i < 2; i++) await visitor.listings.list({ q: "kopi" });
    await visitor.listings.list({
      q: "kopi",
      cursor: (await visitor.listings.list({ q: "kopi", limit: 1 })).nextCursor!,
    });
    const hot = await visitor.search.hot();
    expect(hot.indexOf("batik")).toBeLessThan(hot.indexOf("kopi"));
    later(31 * 86_400_000);
    expect(await callerFor(database).search.hot()).toEqual([]);
  });

  it("suggests product names while typing", async () => {
    const names = await callerFor(database, { lang: "en" }).search.suggest({ q: "sneak" });
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n) => /sneak/i.test(n))).toBe(true);
    expect(await callerFor(database).search.suggest({ q: "" })).toEqual([]);
  });
});

describe("who may call what", () => {
  it("refuses signed-out callers and operators the shopper features", async () => {
    for (const [token, code] of [
      [undefined, "UNAUTHORIZED"],
      [operator, "FORBIDDEN"],
    ] as const) {
      const api = callerFor(database, { token });
      await expect(api.collection.list()).rejects.toMatchObject({ code });
      await expect(api.collection.add({ listingId: productIds[0]! })).rejects.toMatchObject({ code });
      await expect(api.collection.remove({ listingId: productIds[0]! })).rejects.toMatchObject({ code });
      await expect(api.collection.status({ listingId: productIds[0]! })).rejects.toMatchObject({ code });
      await expect(api.footprints.list()).rejects.toMatchObject({ code });
      await expect(api.footprints.remove({ listingId: productIds[0]! })).rejects.toMatchObject({ code });
      await expect(api.footprints.clear()).rejects.toMatchObject({ code });
      await expect(api.search.history()).rejects.toMatchObject({ code });
      await expect(api.search.clearHistory()).rejects.toMatchObject({ code });
    }
  });
});
