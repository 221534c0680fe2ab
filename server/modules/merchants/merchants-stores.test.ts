import { describe, expect, it } from "vitest";
import { callerFor } from "../../../tests/setup/caller.ts";
import { newKey } from "../../../tests/setup/money.ts";
import { picture } from "../../../tests/setup/pictures.ts";
import { placeOrder, shopperWithMoney, supplyProduct } from "../../../tests/setup/shop.ts";
import { setClock } from "../../platform/clock.ts";
import { chartDays } from "#common/merchant-states.ts";
import {
  clock,
  database,
  ops,
  useMerchantsDatabase,
  failure,
  approvedMerchant,
} from "./merchants-test-setup.ts";

useMerchantsDatabase();

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
      clock.restore?.();
      clock.restore = setClock(() => new Date(at));
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
    clock.restore?.();
    clock.restore = setClock(() => new Date("2026-11-23T09:00:00+07:00"));
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
      clock.restore?.();
      clock.restore = setClock(() => new Date(at));
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

    clock.restore?.();
    clock.restore = setClock(() => new Date("2026-11-23T10:00:00+07:00")); // a Monday
    expect(await ids("any")).toEqual([mondayEarly, sundayLate, friday]);
    expect(await ids("today")).toEqual([mondayEarly]);
    expect(await ids("yesterday")).toEqual([sundayLate]);
    expect(await ids("week")).toEqual([mondayEarly]);

    clock.restore?.();
    clock.restore = setClock(() => new Date("2026-11-25T23:30:00+07:00")); // Wednesday night (16:30 UTC)
    expect(await ids("today")).toEqual([]);
    expect(await ids("yesterday")).toEqual([]);
    expect(await ids("week")).toEqual([mondayEarly]);
  });
});
