import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callerFor } from "../../../tests/setup/caller.ts";
import { blockKeyword, unblockKeyword } from "./browsing.service.ts";
import { createSeededDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { demoAccounts, demoPassword } from "../../seed/seed.ts";
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

/** How many rows the browsing records hold: footprints, keyword searches, search histories. */
async function browsingRows() {
  const [f, k, h] = await Promise.all([
    database.db.query.footprints.findMany(),
    database.db.query.keywordSearches.findMany(),
    database.db.query.searchHistory.findMany(),
  ]);
  return { footprints: f.length, keywordSearches: k.length, histories: h.length };
}

describe("reads never write", () => {
  it("opening a product or searching, signed in or not, records nothing", async () => {
    const before = await browsingRows();
    for (const api of [callerFor(database), callerFor(database, { token: shopper })]) {
      await api.listings.get({ id: productIds[0]! });
      await api.listings.list({ q: "batik" });
      await api.listings.list({ q: "snekers" });
      await api.search.suggest({ q: "sepatu" });
    }
    expect(await browsingRows()).toEqual(before);
  });
});

describe("footprint", () => {
  it("records products the shopper's product page reports, newest first, once each", async () => {
    const api = callerFor(database, { token: shopper });
    await api.footprints.clear();
    const [a, b] = productIds as [string, string];
    await api.footprints.record({ listingId: a });
    later(1000);
    await callerFor(database, { token: shopper }).footprints.record({ listingId: b });
    later(2000);
    await callerFor(database, { token: shopper }).footprints.record({ listingId: a });
    const items = (await api.footprints.list()).items;
    expect(items.map((i) => i.product.id)).toEqual([a, b]);
    expect(items[0]!.at.getTime()).toBeGreaterThan(items[1]!.at.getTime());
  });

  it("refuses a product that is not sold and records nothing", async () => {
    const before = await browsingRows();
    await expect(
      callerFor(database, { token: shopper }).footprints.record({ listingId: "prd_none" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await browsingRows()).toEqual(before);
  });

  it("removes one product or clears all", async () => {
    const api = callerFor(database, { token: shopper });
    await api.footprints.record({ listingId: productIds[2]! });
    await api.footprints.remove({ listingId: productIds[2]! });
    expect((await api.footprints.list()).items.map((i) => i.product.id)).not.toContain(productIds[2]);
    await api.footprints.clear();
    expect((await api.footprints.list()).items).toEqual([]);
  });

  it("pages through more than one page of footprints without repeats", async () => {
    const api = callerFor(database, { token: shopper });
    const many = (await callerFor(database).listings.list({ limit: 25 })).items.map((i) => i.id);
    for (const [i, id] of many.entries()) {
      later(i * 1000);
      await api.footprints.record({ listingId: id });
    }
    const first = await api.footprints.list();
    expect(first.items).toHaveLength(20);
    const second = await api.footprints.list({ cursor: first.nextCursor! });
    const seen = [...first.items, ...second.items].map((i) => i.product.id);
    expect(seen).toEqual([...many].reverse());
    expect(second.nextCursor).toBeNull();
  });
});

/** A signed-out visitor from an address, on its first request (no visitor cookie yet). */
const fromAddress = (n: number) => callerFor(database, { clientIp: `10.20.0.${n}` });
/** A phone behind an address that keeps the visitor cookie it was given. */
const phoneAt = (ip: string, n: number) =>
  callerFor(database, { clientIp: ip, cookie: `pasar_visitor=phone-${n}-aaaaaaaaaaaaaaa` });

describe("searches", () => {
  it("keeps a signed-in shopper's history, newest first, and clears it", async () => {
    const api = callerFor(database, { token: shopper });
    await api.search.clearHistory();
    await api.search.record({ q: "Sepatu  Sneakers" });
    later(1000);
    await callerFor(database, { token: shopper }).search.record({ q: "lipstik" });
    expect(await api.search.history()).toEqual(["lipstik", "sepatu sneakers"]);
    await api.search.clearHistory();
    expect(await api.search.history()).toEqual([]);
  });

  it("shows a keyword as hot only once 3 different visitors searched it, however often one reloads", async () => {
    later(40 * 86_400_000); // a month without searches
    for (let i = 0; i < 10; i++) await phoneAt("10.20.0.1", 1).search.record({ q: "batik" });
    await callerFor(database, { token: shopper }).search.record({ q: "batik" });
    expect(await fromAddress(9).search.hot()).not.toContain("batik");
    await fromAddress(2).search.record({ q: "Batik" });
    expect(await fromAddress(9).search.hot()).toContain("batik");
  });

  it("counts signed-out phones behind one address as the visitors they are (a carrier or a Wi-Fi shares it)", async () => {
    later(400 * 86_400_000);
    const phone = (n: number) => phoneAt("10.20.0.40", n);
    for (const n of [1, 2]) await phone(n).search.record({ q: "kopi" });
    // The same phone again, and a reload: still two visitors.
    await phone(2).search.record({ q: "kopi" });
    expect(await fromAddress(9).search.hot()).not.toContain("kopi");
    await phone(3).search.record({ q: "Kopi" });
    expect(await fromAddress(9).search.hot()).toContain("kopi");
  });

  it("counts three signed-out phones on one Wi-Fi, each searching for the first time, as three visitors", async () => {
    later(360 * 86_400_000);
    // None of them has a visitor cookie yet: each is given one with this answer, and counts as that visitor.
    for (let i = 0; i < 2; i++) await fromAddress(60).search.record({ q: "sambal roa" });
    expect(await fromAddress(9).search.hot()).not.toContain("sambal roa");
    await fromAddress(60).search.record({ q: "Sambal  Roa" });
    expect(await fromAddress(9).search.hot()).toContain("sambal roa");
  });

  it("cannot be planted by inventing visitor ids: at most 5 signed-out visitors from one address count", async () => {
    later(440 * 86_400_000);
    for (let i = 0; i < 10; i++) {
      const invented = callerFor(database, {
        clientIp: "10.20.0.50",
        cookie: `pasar_visitor=invented-${i}-aaaaaaaaaaaa`,
      });
      await invented.search.record({ q: "tenun" });
    }
    // Six real visitors from six addresses outrank ten invented ids from one (counted as five).
    for (const n of [11, 12, 13, 14, 15, 16]) await fromAddress(n).search.record({ q: "batik" });
    expect(await fromAddress(9).search.hot()).toEqual(["batik", "tenun"]);
  });

  it("ranks hot keywords by visitors, and forgets searches older than 30 days", async () => {
    later(80 * 86_400_000);
    // The alphabetically later keyword leads: the order comes from the counts, not from a tie.
    for (const n of [1, 2, 3, 4]) await fromAddress(n).search.record({ q: "lipstik" });
    for (const n of [1, 2, 3]) await fromAddress(n).search.record({ q: "kopi" });
    expect(await callerFor(database).search.hot()).toEqual(["lipstik", "kopi"]);
    later(111 * 86_400_000);
    expect(await callerFor(database).search.hot()).toEqual([]);
  });

  it("never counts a search that found nothing, and counts a misspelt one as search corrected it", async () => {
    later(120 * 86_400_000);
    for (const n of [1, 2, 3]) {
      await fromAddress(n).search.record({ q: "zzqxv buy now" });
      await fromAddress(n).search.record({ q: "snekers" });
    }
    expect(await callerFor(database).search.hot()).toEqual(["sneakers"]);
  });

  it("leaves out blocked keywords until they are unblocked", async () => {
    later(160 * 86_400_000);
    for (const n of [1, 2, 3]) await fromAddress(n).search.record({ q: "kaos" });
    expect(await callerFor(database).search.hot()).toEqual(["kaos"]);
    await blockKeyword(database.db, " KAOS ");
    expect(await callerFor(database).search.hot()).toEqual([]);
    await unblockKeyword(database.db, "kaos");
    expect(await callerFor(database).search.hot()).toEqual(["kaos"]);
  });

  it("suggests product names while typing", async () => {
    const names = await callerFor(database, { lang: "en" }).search.suggest({ q: "sneak" });
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n) => /sneak/i.test(n))).toBe(true);
    expect(await callerFor(database).search.suggest({ q: "" })).toEqual([]);
  });

  it("refuses an empty keyword", async () => {
    await expect(callerFor(database).search.record({ q: "  " })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
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
      await expect(api.footprints.record({ listingId: productIds[0]! })).rejects.toMatchObject({ code });
      await expect(api.footprints.remove({ listingId: productIds[0]! })).rejects.toMatchObject({ code });
      await expect(api.footprints.clear()).rejects.toMatchObject({ code });
      await expect(api.search.history()).rejects.toMatchObject({ code });
      await expect(api.search.clearHistory()).rejects.toMatchObject({ code });
    }
  });
});
