import { storeLevel } from "#common/store-level.ts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { storeSorts } from "#common/contracts/stores.ts";
import { callerFor } from "../../../tests/setup/caller.ts";
import { createTestApp, queryInput, testContextDeps } from "../../../tests/setup/test-app.ts";
import { createSeededDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { createCaller } from "../../api/app-router.ts";
import { createContextFactory } from "../../trpc/context.ts";
import { demoAccounts, demoPassword } from "../../seed/seed.ts";
import { setClock } from "../../platform/clock.ts";

let database: TestDatabase;
let shopper: string;
let operator: string;
let storeId: string;
let restore: (() => void) | undefined;

beforeAll(async () => {
  database = await createSeededDatabase();
  const signIn = async (account: string) =>
    (await callerFor(database).auth.signIn({ method: "password", account, password: demoPassword })).token;
  shopper = await signIn(demoAccounts.shopper);
  operator = await signIn(demoAccounts.operator);
  storeId = (await callerFor(database).stores.list({ sort: "new", order: "asc", limit: 1 })).items[0]!.id;
});
afterAll(() => database.destroy());
afterEach(() => {
  restore?.();
  restore = undefined;
});

/** A visitor from an address, optionally signed in, with a browser name and a visitor cookie. */
function visitor(ip: string, opts: { token?: string; userAgent?: string; visitorId?: string } = {}) {
  const headers = new Headers({ "user-agent": opts.userAgent ?? "Mozilla/5.0" });
  if (opts.token) headers.set("authorization", opts.token);
  if (opts.visitorId) headers.set("cookie", `pasar_visitor=${opts.visitorId}`);
  const createContext = createContextFactory(testContextDeps(database));
  return createCaller(createContext({ headers, requestId: "test", clientIp: ip }));
}

/** Visits the store as that visitor, then reads its visit count. */
async function visitsAfterVisit(...args: Parameters<typeof visitor>) {
  await visitor(...args).stores.visit({ storeId });
  return (await callerFor(database).stores.get({ storeId })).visits;
}

const visitRows = () =>
  database.db.query.storeVisits.findMany({ where: (v, { eq }) => eq(v.storeId, storeId) });

describe("store page", () => {
  it("records nothing when read: a crawler, a prefetch or a retried GET counts no visit", async () => {
    const before = (await visitRows()).length;
    for (let i = 0; i < 3; i++) await visitor(`10.9.0.${i}`).stores.get({ storeId });
    await visitor("10.9.0.9", { token: shopper }).stores.get({ storeId });
    expect((await visitRows()).length).toBe(before);
  });

  it("counts a visit once per visitor per Indonesian day", async () => {
    restore = setClock(() => new Date("2026-11-22T10:00:00+07:00"));
    const first = await visitsAfterVisit("10.0.0.1", { visitorId: "visitor-aaaaaaaaaaaa" });
    expect(await visitsAfterVisit("10.0.0.1", { visitorId: "visitor-aaaaaaaaaaaa" })).toBe(first);
    expect(await visitsAfterVisit("10.0.0.1", { visitorId: "visitor-bbbbbbbbbbbb" })).toBe(first + 1);
    expect(await visitsAfterVisit("10.0.0.1", { token: shopper })).toBe(first + 2);
    // 23:30 WIB is still the same day in Jakarta…
    restore();
    restore = setClock(() => new Date("2026-11-22T23:30:00+07:00"));
    expect(await visitsAfterVisit("10.0.0.7", { visitorId: "visitor-aaaaaaaaaaaa" })).toBe(first + 2);
    // …and 00:30 WIB the next one, though still the 22nd in UTC.
    restore();
    restore = setClock(() => new Date("2026-11-23T00:30:00+07:00"));
    expect(await visitsAfterVisit("10.0.0.1", { visitorId: "visitor-aaaaaaaaaaaa" })).toBe(first + 3);
  });

  it("is not inflated by changing the User-Agent or dropping cookies: 200 visits from one address count at most 5", async () => {
    restore = setClock(() => new Date("2026-11-25T10:00:00+07:00"));
    const before = (await callerFor(database).stores.get({ storeId })).visits;
    // A browser that keeps its cookie counts once, whatever it calls itself…
    for (let i = 0; i < 20; i++)
      await visitor("10.1.2.3", {
        userAgent: `Browser/${i}`,
        visitorId: "visitor-cccccccccccc",
      }).stores.visit({
        storeId,
      });
    expect((await callerFor(database).stores.get({ storeId })).visits).toBe(before + 1);
    // …and a script that drops the id it is given each time is a new visitor each time, as one inventing ids is:
    // capped at 5 an address a day.
    for (let i = 0; i < 200; i++)
      await visitor("10.1.2.3", { userAgent: `Bot/${i}` }).stores.visit({ storeId });
    expect((await callerFor(database).stores.get({ storeId })).visits).toBe(before + 5);
  });

  it("is not inflated by inventing visitor ids: at most 5 signed-out visitors from one address count", async () => {
    restore = setClock(() => new Date("2026-11-26T10:00:00+07:00"));
    const before = (await callerFor(database).stores.get({ storeId })).visits;
    for (let i = 0; i < 50; i++) {
      await visitor("10.1.2.4", { visitorId: `invented-${String(i).padStart(12, "0")}` }).stores.visit({
        storeId,
      });
    }
    expect((await callerFor(database).stores.get({ storeId })).visits).toBe(before + 5);
    // Signed-in shoppers and visitors from other addresses still count.
    expect(await visitsAfterVisit("10.1.2.4", { token: shopper })).toBe(before + 6);
    expect(await visitsAfterVisit("10.1.2.5", { visitorId: "visitor-dddddddddddd" })).toBe(before + 7);
  });

  it("refuses a visit to an unknown store and counts nothing", async () => {
    const before = (await database.db.query.storeVisits.findMany()).length;
    await expect(visitor("10.0.0.1").stores.visit({ storeId: "str_none" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await database.db.query.storeVisits.findMany()).length).toBe(before);
  });

  it("follows and unfollows, with the follower count matching the records", async () => {
    const api = callerFor(database, { token: shopper });
    const start = await api.stores.get({ storeId });
    expect(start.following).toBe(false);
    expect(await api.stores.followStatus({ storeId })).toEqual({ following: false });
    await api.stores.follow({ storeId });
    await api.stores.follow({ storeId });
    // What the product page's button asks agrees; a signed-out visitor is not told anyone's follows.
    expect(await api.stores.followStatus({ storeId })).toEqual({ following: true });
    await expect(callerFor(database).stores.followStatus({ storeId })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    const after = await callerFor(database, { token: shopper }).stores.get({ storeId });
    expect(after).toMatchObject({ following: true, followers: start.followers + 1 });
    const rows = await database.db.query.storeFollows.findMany({
      where: (f, { eq }) => eq(f.storeId, storeId),
    });
    expect(after.followers).toBe(rows.length);
    await api.stores.unfollow({ storeId });
    expect((await callerFor(database, { token: shopper }).stores.get({ storeId })).followers).toBe(
      start.followers,
    );
    expect((await callerFor(database).stores.get({ storeId })).following).toBeNull();
  });

  it("shows products, collections, sales and level computed from the records; no invented rating", async () => {
    const store = await callerFor(database).stores.get({ storeId });
    const products = await callerFor(database).listings.list({ storeId, limit: 50 });
    expect(store.products).toBe(products.items.length);
    expect(products.items.every((p) => p.storeId === storeId)).toBe(true);
    await callerFor(database, { token: shopper }).collection.add({ listingId: products.items[0]!.id });
    expect((await callerFor(database).stores.get({ storeId })).collections).toBe(store.collections + 1);
    // Sales: items of paid orders not cancelled; level: from completed sales (the demo orders made both).
    const listed = await database.db.query.listings.findMany({
      where: (l, { eq }) => eq(l.storeId, storeId),
    });
    const completed = await database.db.query.orders.findMany({
      where: (o, { and, eq }) => and(eq(o.storeId, storeId), eq(o.status, "completed")),
    });
    const items = await database.db.query.orderItems.findMany();
    const completedItems = items
      .filter((i) => completed.some((o) => o.id === i.orderId))
      .reduce((sum, i) => sum + i.quantity, 0);
    expect(store).toMatchObject({
      sales: listed.reduce((sum, l) => sum + l.sales, 0),
      rating: null,
      level: storeLevel(completedItems, null),
    });
  });

  it("answers NOT_FOUND in the caller's language for an unknown store", async () => {
    await expect(
      callerFor(database, { lang: "en" }).stores.get({ storeId: "str_none" }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "This store does not exist or is closed.",
    });
  });
});

describe("the visitor cookie over HTTP", () => {
  const app = () => createTestApp(database);
  const visit = (headers: Record<string, string>) =>
    app().fetch(
      new Request("http://localhost/trpc/stores.visit", {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ json: { storeId } }),
      }),
    );

  it("gives a browser without one a random, httpOnly first-party visitor id, and counts it by that id", async () => {
    restore = setClock(() => new Date("2026-12-01T10:00:00+07:00"));
    const first = await visit({});
    expect(first.status).toBe(200);
    const cookie = first.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^pasar_visitor=[\w-]{16,64}; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/);
    const id = /^pasar_visitor=([\w-]+)/.exec(cookie)![1]!;
    const before = (await callerFor(database).stores.get({ storeId })).visits;
    // The first visit counted as that id: coming back with it, under any name, counts no more.
    const again = await visit({ cookie: `pasar_visitor=${id}`, "user-agent": "Something/2" });
    expect(again.headers.get("set-cookie")).toBeNull();
    await visit({ cookie: `pasar_visitor=${id}`, "user-agent": "Else/3" });
    expect((await callerFor(database).stores.get({ storeId })).visits).toBe(before);
    // Another browser behind the same address is another visitor on its first visit.
    await visit({ "user-agent": "Other/1" });
    expect((await callerFor(database).stores.get({ storeId })).visits).toBe(before + 1);
  });

  it("refuses a visit posted from another site, and a read by GET counts nothing", async () => {
    const before = (await visitRows()).length;
    const res = await visit({ origin: "https://evil.example", "sec-fetch-site": "cross-site" });
    expect(res.status).toBe(403);
    const read = await app().fetch(
      new Request(`http://localhost/trpc/stores.get?input=${queryInput({ storeId })}`),
    );
    expect(read.status).toBe(200);
    expect((await visitRows()).length).toBe(before);
  });
});

describe("shop street", () => {
  it("finds stores by part of their name, ignoring case", async () => {
    const found = await callerFor(database).stores.list({ q: "BATIK" });
    expect(found.items.map((s) => s.name)).toEqual(["Toko Batik Sari"]);
    expect((await callerFor(database).stores.list({ q: "%" })).items).toEqual([]);
  });

  it.each(
    storeSorts.flatMap((sort) => (["asc", "desc"] as const).map((direction) => [sort, direction] as const)),
  )("pages through every store once sorted by %s %s", async (sort, direction) => {
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await callerFor(database).stores.list({ sort, order: direction, cursor, limit: 2 });
      ids.push(...page.items.map((s) => s.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
  });

  it("orders by visits both ways", async () => {
    // Different figures per store, so the order cannot come from ties broken by id.
    const all = (await callerFor(database).stores.list({ sort: "new", order: "asc" })).items;
    for (const [i, store] of all.entries())
      for (let n = 0; n < i; n++) await visitor(`10.30.${i}.${n}`).stores.visit({ storeId: store.id });
    const down = (await callerFor(database).stores.list({ sort: "visits", order: "desc" })).items.map(
      (s) => s.visits,
    );
    const up = (await callerFor(database).stores.list({ sort: "visits", order: "asc" })).items.map(
      (s) => s.visits,
    );
    expect(new Set(down).size).toBe(all.length);
    expect(down).toEqual([...down].sort((a, b) => b - a));
    expect(up).toEqual([...up].sort((a, b) => a - b));
  });

  it("keeps its order when the street's infinite query adds tRPC's own paging direction", async () => {
    // useInfiniteQuery sends { ...input, cursor, direction: "forward" }: that field must not clash.
    const infiniteInput = { sort: "new", order: "asc", direction: "forward" } as const;
    const page = await callerFor(database).stores.list(infiniteInput as never);
    const plain = await callerFor(database).stores.list({ sort: "new", order: "asc" });
    expect(page.items.map((s) => s.id)).toEqual(plain.items.map((s) => s.id));
    expect(page.items.map((s) => s.id)).not.toEqual(
      (await callerFor(database).stores.list({ sort: "new", order: "desc" })).items.map((s) => s.id),
    );
  });

  it("refuses following to visitors and operators", async () => {
    await expect(callerFor(database).stores.follow({ storeId })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    await expect(callerFor(database, { token: operator }).stores.unfollow({ storeId })).rejects.toMatchObject(
      {
        code: "FORBIDDEN",
      },
    );
  });
});
