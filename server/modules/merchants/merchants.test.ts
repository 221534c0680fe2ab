import { TRPCError } from "@trpc/server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callerFor } from "../../../tests/setup/caller.ts";
import { expectLedgerBalanced } from "../../../tests/setup/ledger.ts";
import { newKey, signedInUser } from "../../../tests/setup/money.ts";
import { picture } from "../../../tests/setup/pictures.ts";
import { merchantWithStore, placeOrder, shopperWithMoney, supplyProduct } from "../../../tests/setup/shop.ts";
import { createTestApp } from "../../../tests/setup/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { setClock } from "../../platform/clock.ts";
import { chartDays } from "#common/merchant-states.ts";

let database: TestDatabase;
let ops: Awaited<ReturnType<typeof signedInUser>>;
let restore: (() => void) | undefined;
let categoryId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  ops = await signedInUser(database, "operator");
  // The test category (id 9001) is made with the first supply product.
  await supplyProduct(database);
  categoryId = 9001;
});
afterAll(() => database.destroy());
afterEach(async () => {
  restore?.();
  restore = undefined;
  await expectLedgerBalanced(database);
});

let names = 0;
/** An application form as the page sends it (multipart), with a unique store name unless given. */
async function form(fields: Partial<Record<string, string>> = {}, logo?: Uint8Array<ArrayBuffer>) {
  names += 1;
  const data = new FormData();
  const values = {
    storeName: `Toko Baru ${names}`,
    phone: "0812 3456 7890",
    intro: "Pakaian anak dan dewasa.",
    ownerName: "Budi Santoso",
    categoryId: String(categoryId),
    ...fields,
  };
  for (const [k, v] of Object.entries(values)) if (v !== undefined) data.set(k, v);
  if (logo) data.set("logo", new File([logo], "logo.png", { type: "image/png" }));
  return data;
}

/** The tRPC error a call fails with: its code and translated message. */
async function failure(call: Promise<unknown>) {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return { code: (error as TRPCError).code, message: (error as TRPCError).message };
}

/** A shopper who applied, and the operator approved: now a merchant with a store. */
async function approvedMerchant(fields: Partial<Record<string, string>> = {}) {
  const user = await signedInUser(database);
  const application = await user.api.merchants.applyForStore(await form(fields));
  const { storeId } = await ops.api.ops.merchants.approve({ id: application.id, idempotencyKey: newKey() });
  // A caller keeps its user for its lifetime, like one HTTP request: the next request sees the new role.
  return { ...user, storeId, api: callerFor(database, { token: user.token }) };
}

describe("applying to be a merchant", () => {
  it("goes from awaiting review to rejected with a reason, then applied again and approved into a store", async () => {
    const user = await signedInUser(database);
    expect(await user.api.merchants.status()).toEqual({ merchant: false, application: null, store: null });

    const first = await user.api.merchants.applyForStore(
      await form({ storeName: "Toko Melati" }, await picture(300, 200)),
    );
    expect(first).toMatchObject({ status: "pending", storeName: "Toko Melati", phone: "+6281234567890" });
    expect(first.logo?.width).toBe(192);
    expect((await user.api.merchants.status()).application?.status).toBe("pending");
    expect(await failure(user.api.merchants.applyForStore(await form()))).toMatchObject({
      code: "CONFLICT",
      message: "Pengajuan Anda sedang menunggu peninjauan.",
    });
    // Someone else cannot ask for the same name, whatever its case.
    const other = await signedInUser(database);
    expect(
      (await failure(other.api.merchants.applyForStore(await form({ storeName: "toko MELATI" })))).code,
    ).toBe("CONFLICT");

    const queue = await ops.api.ops.merchants.list({ view: "pending" });
    expect(queue.items.find((i) => i.id === first.id)).toMatchObject({
      account: user.email,
      ownerName: "Budi Santoso",
    });
    expect(await ops.api.ops.merchants.counts()).toMatchObject({ pending: expect.any(Number) });

    await ops.api.ops.merchants.reject({
      id: first.id,
      reason: "Foto KTP tidak jelas",
      idempotencyKey: newKey(),
    });
    const rejected = await user.api.merchants.status();
    expect(rejected).toMatchObject({
      merchant: false,
      application: { status: "rejected", reason: "Foto KTP tidak jelas" },
    });
    expect(
      await failure(ops.api.ops.merchants.approve({ id: first.id, idempotencyKey: newKey() })),
    ).toMatchObject({ code: "CONFLICT" });

    const second = await user.api.merchants.applyForStore(
      await form({ storeName: "Toko Melati" }, await picture(200, 200)),
    );
    const key = newKey();
    const approved = await ops.api.ops.merchants.approve({ id: second.id, idempotencyKey: key });
    // A repeated tap answers the same and opens no second store.
    expect(await ops.api.ops.merchants.approve({ id: second.id, idempotencyKey: key })).toEqual(approved);

    const merchant = callerFor(database, { token: user.token });
    const status = await merchant.merchants.status();
    expect(status).toMatchObject({
      merchant: true,
      application: { status: "approved" },
      store: { id: approved.storeId, status: "approved" },
    });
    const store = await merchant.merchants.store();
    expect(store).toMatchObject({ name: "Toko Melati", phone: "+6281234567890", autoPay: false });
    expect(store.logo).not.toBeNull();
    // The new store is in the shop street, empty.
    const page = await callerFor(database).stores.get({ storeId: approved.storeId });
    expect(page).toMatchObject({ name: "Toko Melati", products: 0, sales: 0 });

    expect((await failure(merchant.merchants.applyForStore(await form()))).code).toBe("CONFLICT");
    const audit = await ops.api.ops.money.audit({ limit: 50 });
    const actions = audit.items.filter((a) => a.subjectId === first.id || a.subjectId === second.id);
    expect(actions.map((a) => a.action).sort()).toEqual(["merchant.approve", "merchant.reject"]);
  });

  it("refuses a form with bad fields, in the caller's language, and keeps nothing", async () => {
    const user = await signedInUser(database);
    // Over HTTP as the page sends it (multipart) and receives the answer.
    const app = createTestApp(database);
    const submit = async (data: FormData) => {
      const response = await app.request("/trpc/merchants.applyForStore", {
        method: "POST",
        headers: { authorization: user.token, lang: "en" },
        body: data,
      });
      const answer = (await response.json()) as {
        error: { json: { message: string; data: { issues?: { message: string }[] } } };
      };
      return {
        status: response.status,
        messages: [answer.error.json.message, ...(answer.error.json.data.issues ?? []).map((i) => i.message)],
      };
    };
    expect(await submit(await form({ phone: "12", storeName: "x" }))).toEqual({
      status: 400,
      messages: expect.arrayContaining([
        "Enter an Indonesian mobile number, e.g. 0812 3456 7890",
        "Enter a store name of at least 2 characters",
      ]),
    });
    expect((await submit(await form({ categoryId: "424242" }))).messages).toContain(
      "Choose the kind of goods you will sell",
    );
    const notAPicture = await form({}, new TextEncoder().encode("not a picture"));
    expect(await submit(notAPicture)).toEqual({
      status: 400,
      messages: ["Choose a JPEG, PNG or WebP picture"],
    });
    expect(await user.api.merchants.status()).toMatchObject({ application: null });
  });

  it("lets only operators decide, and only signed-in shoppers apply", async () => {
    const shopper = await signedInUser(database);
    const merchant = await merchantWithStore(database);
    const application = await shopper.api.merchants.applyForStore(await form());
    for (const api of [shopper.api, merchant.api]) {
      expect((await failure(api.ops.merchants.list({ view: "pending" }))).code).toBe("FORBIDDEN");
      expect(
        (await failure(api.ops.merchants.approve({ id: application.id, idempotencyKey: newKey() }))).code,
      ).toBe("FORBIDDEN");
    }
    expect((await failure(callerFor(database).merchants.applyForStore(await form()))).code).toBe(
      "UNAUTHORIZED",
    );
    expect((await failure(ops.api.merchants.applyForStore(await form()))).code).toBe("FORBIDDEN");
    expect((await failure(merchant.api.merchants.applyForStore(await form()))).code).toBe("CONFLICT");
    // A shopper has no merchant centre.
    expect((await failure(shopper.api.merchants.home())).code).toBe("FORBIDDEN");
    expect((await failure(shopper.api.merchants.supply({}))).code).toBe("FORBIDDEN");
  });
});

describe("a merchant's products", () => {
  it("lists supply products at its own price, never below the merchant price; reprices, delists and relists", async () => {
    const merchant = await approvedMerchant();
    const supplyId = await supplyProduct(database, { merchantPrice: 50_000, stock: 7, name: "Kemeja Batik" });
    const supply = await merchant.api.merchants.supply({ q: "batik" });
    expect(supply.items).toHaveLength(1);
    expect(supply.items[0]).toMatchObject({
      id: supplyId,
      merchantPrice: 50_000,
      suggestedPrice: 100_000,
      stock: 7,
      listing: null,
    });

    const en = callerFor(database, { token: merchant.token, lang: "en" });
    expect(await failure(en.merchants.list({ supplyProductId: supplyId, price: 49_999 }))).toMatchObject({
      code: "BAD_REQUEST",
      message: "The price may not be below the merchant price (Rp 50.000)",
    });
    const listed = await merchant.api.merchants.list({ supplyProductId: supplyId, price: 75_000 });
    expect(listed).toMatchObject({
      price: 75_000,
      merchantPrice: 50_000,
      stock: 7,
      sales: 0,
      status: "active",
    });
    expect(
      (await failure(merchant.api.merchants.list({ supplyProductId: supplyId, price: 80_000 }))).code,
    ).toBe("CONFLICT");
    expect((await merchant.api.merchants.supply({ q: "batik" })).items[0]!.listing).toEqual({
      id: listed.id,
      price: 75_000,
      status: "active",
    });
    const shop = callerFor(database);
    expect((await shop.listings.get({ id: listed.id })).price).toBe(75_000);

    expect((await merchant.api.merchants.reprice({ listingId: listed.id, price: 90_000 })).price).toBe(
      90_000,
    );
    expect((await failure(merchant.api.merchants.reprice({ listingId: listed.id, price: 10 }))).code).toBe(
      "BAD_REQUEST",
    );
    expect((await shop.listings.get({ id: listed.id })).price).toBe(90_000);

    await merchant.api.merchants.setListingStatus({ listingId: listed.id, status: "hidden" });
    expect((await failure(shop.listings.get({ id: listed.id }))).code).toBe("NOT_FOUND");
    expect((await merchant.api.merchants.listings({ status: "active" })).items).toEqual([]);
    expect((await merchant.api.merchants.listings({ status: "hidden" })).items.map((l) => l.id)).toEqual([
      listed.id,
    ]);
    await merchant.api.merchants.setListingStatus({ listingId: listed.id, status: "active" });
    expect((await shop.listings.get({ id: listed.id })).price).toBe(90_000);
    expect((await merchant.api.merchants.home()).products).toBe(1);
  });

  it("cannot touch another store's listing", async () => {
    const a = await approvedMerchant();
    const b = await approvedMerchant();
    const supplyId = await supplyProduct(database);
    const listed = await a.api.merchants.list({ supplyProductId: supplyId, price: 70_000 });
    expect((await failure(b.api.merchants.reprice({ listingId: listed.id, price: 99_000 }))).code).toBe(
      "NOT_FOUND",
    );
    expect(
      (await failure(b.api.merchants.setListingStatus({ listingId: listed.id, status: "hidden" }))).code,
    ).toBe("NOT_FOUND");
    expect((await callerFor(database).listings.get({ id: listed.id })).price).toBe(70_000);
  });
});

describe("store management", () => {
  it("changes name, phone, description, auto-pay and logo; the public page follows; names stay unique", async () => {
    const a = await approvedMerchant();
    const b = await approvedMerchant();
    const bName = (await b.api.merchants.store()).name;
    const updated = await a.api.merchants.updateStore({
      name: "Toko Kenanga",
      phone: "+62 811-2000-3000",
      intro: "Batik tulis dari Solo.",
      autoPay: true,
    });
    expect(updated).toMatchObject({ name: "Toko Kenanga", phone: "+6281120003000", autoPay: true });
    const logo = new FormData();
    logo.set("logo", new File([await picture(400, 300, "jpeg")], "logo.jpg", { type: "image/jpeg" }));
    expect((await a.api.merchants.updateLogo(logo)).logo?.width).toBe(192);
    const page = await callerFor(database).stores.get({ storeId: a.storeId });
    expect(page).toMatchObject({ name: "Toko Kenanga", intro: "Batik tulis dari Solo." });
    expect(page.logo).not.toBeNull();
    expect(
      await failure(
        a.api.merchants.updateStore({ name: bName.toUpperCase(), phone: "0811", intro: "", autoPay: true }),
      ),
    ).toMatchObject({ code: "BAD_REQUEST" });
    expect(
      (
        await failure(
          a.api.merchants.updateStore({
            name: bName.toUpperCase(),
            phone: "081120003000",
            intro: "",
            autoPay: true,
          }),
        )
      ).code,
    ).toBe("CONFLICT");
    expect((await a.api.merchants.store()).name).toBe("Toko Kenanga");
  });
});

describe("suspending a store", () => {
  it("hides it from the street, search and lists and stops its sales; open orders still complete; reinstating restores it", async () => {
    const merchant = await approvedMerchant({ storeName: "Toko Cempaka" });
    const supplyId = await supplyProduct(database, { name: "Sarung Cempaka", merchantPrice: 40_000 });
    const listed = await merchant.api.merchants.list({ supplyProductId: supplyId, price: 60_000 });
    const shopper = await shopperWithMoney(database, ops, 500_000);
    const {
      orderIds: [orderId],
    } = await placeOrder(shopper.api, {
      lines: [{ listingId: listed.id, quantity: 1 }],
      addressId: shopper.addressId,
      method: "wallet",
      fromCart: false,
      idempotencyKey: newKey(),
    });

    const shop = callerFor(database);
    const searchFinds = async () =>
      (await shop.listings.list({ q: "cempaka", sort: "newest" })).items.some((i) => i.id === listed.id);
    expect(await searchFinds()).toBe(true);

    const key = newKey();
    await ops.api.ops.merchants.suspend({
      storeId: merchant.storeId,
      reason: "Penipuan dilaporkan",
      idempotencyKey: key,
    });
    expect((await shop.stores.list({ q: "Cempaka" })).items).toEqual([]);
    expect(await searchFinds()).toBe(false);
    expect((await failure(shop.listings.get({ id: listed.id }))).code).toBe("NOT_FOUND");
    expect((await failure(shop.stores.get({ storeId: merchant.storeId }))).code).toBe("NOT_FOUND");
    expect(
      (
        await failure(
          placeOrder(shopper.api, {
            lines: [{ listingId: listed.id, quantity: 1 }],
            addressId: shopper.addressId,
            method: "wallet",
            fromCart: false,
            idempotencyKey: newKey(),
          }),
        )
      ).code,
    ).toBe("PRECONDITION_FAILED");
    // The merchant sees why, and cannot list or change products meanwhile.
    expect(await merchant.api.merchants.status()).toMatchObject({
      merchant: true,
      store: { status: "suspended", reason: "Penipuan dilaporkan" },
    });
    expect((await merchant.api.merchants.home()).store.status).toBe("suspended");
    const other = await supplyProduct(database);
    expect((await failure(merchant.api.merchants.list({ supplyProductId: other, price: 99_000 }))).code).toBe(
      "FORBIDDEN",
    );
    expect(
      (await failure(merchant.api.merchants.reprice({ listingId: listed.id, price: 99_000 }))).code,
    ).toBe("FORBIDDEN");
    // The order already paid still runs to completion.
    await ops.api.ops.money.adjust({
      account: merchant.email,
      amount: 40_000,
      reason: "modal",
      idempotencyKey: newKey(),
    });
    await merchant.api.merchantOrders.payGoods({ orderIds: [orderId!], idempotencyKey: newKey() });
    await ops.api.ops.orders.ship({
      id: orderId!,
      idempotencyKey: newKey(),
    });
    await shopper.api.orders.confirm({ id: orderId!, idempotencyKey: newKey() });
    expect((await shopper.api.orders.get({ id: orderId! })).status).toBe("completed");
    const view = await ops.api.ops.merchants.list({ view: "suspended" });
    expect(view.items.map((i) => i.id)).toContain(merchant.storeId);

    await ops.api.ops.merchants.reinstate({ storeId: merchant.storeId, idempotencyKey: newKey() });
    expect(await searchFinds()).toBe(true);
    expect((await shop.stores.list({ q: "Cempaka" })).items.map((s) => s.id)).toEqual([merchant.storeId]);
    const audit = await ops.api.ops.money.audit({ limit: 50 });
    expect(audit.items.filter((a) => a.subjectId === merchant.storeId).map((a) => a.action)).toEqual([
      "store.reinstate",
      "store.suspend",
    ]);
  });
});

describe("merchant home figures", () => {
  it("equal a direct computation from the records, and the chart counts paid orders per WIB day", async () => {
    const merchant = await approvedMerchant();
    await merchant.api.merchants.updateStore({
      ...(await merchant.api.merchants.store()),
      phone: "081234567890",
      autoPay: true,
    });
    const shopper = await shopperWithMoney(database, ops, 5_000_000);
    await ops.api.ops.money.adjust({
      account: merchant.email,
      amount: 1_000_000,
      reason: "modal",
      idempotencyKey: newKey(),
    });
    const supplyId = await supplyProduct(database, { merchantPrice: 60_000, stock: 50 });
    const listed = await merchant.api.merchants.list({ supplyProductId: supplyId, price: 100_000 });

    // Orders paid on three WIB days: 23:30 on the 20th and 00:30 on the 21st fall on different days.
    const buyAt = async (at: string, quantity: number) => {
      restore?.();
      restore = setClock(() => new Date(at));
      const placed = await placeOrder(shopper.api, {
        lines: [{ listingId: listed.id, quantity }],
        addressId: shopper.addressId,
        method: "wallet",
        fromCart: false,
        idempotencyKey: newKey(),
      });
      return placed.orderIds[0]!;
    };
    const a = await buyAt("2026-11-20T23:30:00+07:00", 1);
    await buyAt("2026-11-21T00:30:00+07:00", 2);
    await buyAt("2026-11-22T10:00:00+07:00", 3);
    const d = await buyAt("2026-11-22T11:00:00+07:00", 1);
    restore?.();
    restore = setClock(() => new Date("2026-11-23T09:00:00+07:00"));
    // a completes, d is cancelled by the shopper, b and c stay open (goods paid by auto-pay).
    await ops.api.ops.orders.ship({
      id: a,
      idempotencyKey: newKey(),
    });
    await shopper.api.orders.confirm({ id: a, idempotencyKey: newKey() });
    await shopper.api.orders.cancel({ id: d, idempotencyKey: newKey() });

    // A visit and a collection, counted the way shoppers make them.
    await shopper.api.stores.visit({ storeId: merchant.storeId });
    await shopper.api.collection.add({ listingId: listed.id });

    const home = await merchant.api.merchants.home();
    const visits = await database.db.query.storeVisits.findMany({
      where: (v, { eq }) => eq(v.storeId, merchant.storeId),
    });
    const collections = await database.db.query.favorites.findMany({
      where: (f, { eq }) => eq(f.listingId, listed.id),
    });
    expect(home.visits).toBe(visits.length);
    expect(home.visits).toBe(1);
    expect(home.collections).toBe(collections.length);
    expect(home.collections).toBe(1);
    const rows = await database.db.query.orders.findMany({
      where: (o, { eq }) => eq(o.storeId, merchant.storeId),
    });
    const paid = rows.filter((o) => ["paid", "shipped", "completed"].includes(o.status));
    const completed = rows.filter((o) => o.status === "completed");
    const open = rows.filter((o) => ["paid", "shipped"].includes(o.status) && o.goodsPaidAt);
    const balance = (await merchant.api.wallet.summary()).balance;
    expect(home.turnover).toBe(paid.reduce((s, o) => s + o.subtotal, 0));
    expect(home.turnover).toBe(600_000);
    expect(home.profit).toBe(completed.reduce((s, o) => s + o.subtotal - o.goodsCost, 0));
    expect(home.profit).toBe(40_000);
    expect(home.balance).toBe(balance);
    expect(home.assets).toBe(balance + open.reduce((s, o) => s + o.goodsCost, 0));
    expect(home.products).toBe(1);
    expect(await merchant.api.merchants.money()).toEqual({ turnover: home.turnover, profit: home.profit });
    expect(home.days).toHaveLength(chartDays);
    expect(home.days.at(-1)!.day).toBe("2026-11-23");
    // The completed order's detail shows what it moved in the merchant's wallet: goods cost out, sale in.
    const detail = await merchant.api.merchantOrders.get({ id: a });
    expect(detail.moves.map((x) => [x.kind, x.amount])).toEqual([
      ["mch_order_pay", -60_000],
      ["profit", 100_000],
    ]);
    expect(detail).toMatchObject({ goodsCost: 60_000, profit: 40_000, goodsDueAt: null });
    const byDay = Object.fromEntries(home.days.filter((x) => x.orders > 0).map((x) => [x.day, x]));
    expect(byDay).toEqual({
      "2026-11-20": { day: "2026-11-20", turnover: 100_000, orders: 1 },
      "2026-11-21": { day: "2026-11-21", turnover: 200_000, orders: 1 },
      "2026-11-22": { day: "2026-11-22", turnover: 300_000, orders: 1 },
    });
  });
});

describe("the order centre's day filters", () => {
  it("split today, yesterday and this week at WIB midnights, weeks from Monday", async () => {
    const merchant = await approvedMerchant();
    await merchant.api.merchants.updateStore({
      ...(await merchant.api.merchants.store()),
      phone: "081234567890",
    });
    const shopper = await shopperWithMoney(database, ops, 2_000_000);
    const supplyId = await supplyProduct(database, { merchantPrice: 10_000, stock: 20 });
    const listed = await merchant.api.merchants.list({ supplyProductId: supplyId, price: 20_000 });
    const placeAt = async (at: string) => {
      restore?.();
      restore = setClock(() => new Date(at));
      return (
        await placeOrder(shopper.api, {
          lines: [{ listingId: listed.id, quantity: 1 }],
          addressId: shopper.addressId,
          method: "wallet",
          fromCart: false,
          idempotencyKey: newKey(),
        })
      ).orderIds[0]!;
    };
    const friday = await placeAt("2026-11-20T12:00:00+07:00");
    const sundayLate = await placeAt("2026-11-22T23:59:59+07:00");
    const mondayEarly = await placeAt("2026-11-23T00:00:00+07:00");
    const ids = async (period: "any" | "today" | "yesterday" | "week") =>
      (await merchant.api.merchantOrders.list({ view: "all", period, limit: 50 })).items.map((o) => o.id);

    restore?.();
    restore = setClock(() => new Date("2026-11-23T10:00:00+07:00")); // a Monday
    expect(await ids("any")).toEqual([mondayEarly, sundayLate, friday]);
    expect(await ids("today")).toEqual([mondayEarly]);
    expect(await ids("yesterday")).toEqual([sundayLate]);
    expect(await ids("week")).toEqual([mondayEarly]);

    restore?.();
    restore = setClock(() => new Date("2026-11-25T23:30:00+07:00")); // Wednesday night (16:30 UTC)
    expect(await ids("today")).toEqual([]);
    expect(await ids("yesterday")).toEqual([]);
    expect(await ids("week")).toEqual([mondayEarly]);
  });
});
