import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callerFor } from "../../../tests/setup/caller.ts";
import { expectLedgerBalanced } from "../../../tests/setup/ledger.ts";
import {
  newKey,
  notifySandbox,
  paidNotice,
  providerTookItLate,
  reverseOnSandbox,
  signedInUser,
} from "../../../tests/setup/money.ts";
import {
  credit,
  listing,
  merchantWithStore,
  placeOrder,
  shopperWithMoney,
  supplyProduct,
  variantProduct,
  variantsOf,
} from "../../../tests/setup/shop.ts";
import { createTestApp } from "../../../tests/setup/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { setClock } from "../../platform/clock.ts";
import { getMoneySettings } from "../settings/settings.service.ts";

let database: TestDatabase;
let ops: Awaited<ReturnType<typeof signedInUser>>;
let restore: (() => void) | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  ops = await signedInUser(database, "operator");
});
afterAll(() => database.destroy());
afterEach(async () => {
  restore?.();
  restore = undefined;
  await expectLedgerBalanced(database);
});

/** Moves the clock forward by `ms` from now (until the test ends). */
function later(ms: number) {
  restore?.();
  const at = new Date(Date.now() + ms);
  restore = setClock(() => at);
}

const runJobs = () => database.jobs.runDue();
const adjustmentsBalance = async () =>
  (
    await database.db.query.ledgerAccounts.findFirst({
      where: (a, { eq }) => eq(a.id, "platform:adjustments"),
    })
  )?.balance ?? 0;

/** A shopper's checkout of one product from the default address, a new key each time. */
function buy(
  shopper: { api: Awaited<ReturnType<typeof signedInUser>>["api"]; addressId: string },
  listingId: string,
  quantity = 1,
  method: "wallet" | "qris" = "wallet",
) {
  return placeOrder(shopper.api, {
    lines: [{ listingId, quantity }],
    addressId: shopper.addressId,
    method,
    fromCart: false,
    idempotencyKey: newKey(),
  });
}

/** Two stores, each selling one product (stock 10): merchant price 60,000, sold at 100,000 and 150,000. */
async function twoStores(opts: { autoPay?: boolean; stock?: number } = {}) {
  const a = await merchantWithStore(database, { autoPay: opts.autoPay });
  const b = await merchantWithStore(database, { autoPay: opts.autoPay });
  const supplyA = await supplyProduct(database, { stock: opts.stock ?? 10, merchantPrice: 60_000 });
  const supplyB = await supplyProduct(database, { stock: opts.stock ?? 10, merchantPrice: 60_000 });
  return {
    a,
    b,
    supplyA,
    supplyB,
    listingA: await listing(database, a.storeId, supplyA, 100_000),
    listingB: await listing(database, b.storeId, supplyB, 150_000),
  };
}

async function stockOf(listingId: string) {
  return (await callerFor(database).listings.get({ id: listingId })).stock;
}

describe("delivery addresses", () => {
  it("has all 38 provinces, and each level inside the one above it", async () => {
    const api = callerFor(database);
    const provinces = await api.addresses.areas({ level: "province" });
    expect(provinces).toHaveLength(38);
    expect(provinces.map((p) => p.name)).toContain("Daerah Khusus Ibukota Jakarta");
    const villages = await api.addresses.areas({ level: "village", parent: "31.71.07" });
    expect(villages.map((v) => v.name)).toContain("Kebon Kacang");
    expect(await api.addresses.areas({ level: "district", parent: "99.99" })).toEqual([]);
  });

  it("saves an address with its area's names, keeps one default, and refuses a mixed-up area", async () => {
    const user = await signedInUser(database);
    const en = callerFor(database, { token: user.token, lang: "en" });
    const first = await en.addresses.save({
      name: "Siti",
      mobile: "0812 3456 7890",
      provinceCode: "31",
      regencyCode: "31.71",
      districtCode: "31.71.07",
      villageCode: "31.71.07.1006",
      postcode: "10240",
      detail: "Jl. Kebon Kacang Raya 12",
    });
    // The first address is the default; the number is stored in E.164.
    expect(first).toMatchObject({
      isDefault: true,
      mobile: "+6281234567890",
      area: "Kebon Kacang, Tanah Abang, Kota Administrasi Jakarta Pusat, Daerah Khusus Ibukota Jakarta",
    });
    const second = await en.addresses.save({
      name: "Budi",
      mobile: "81298765432",
      provinceCode: "31",
      regencyCode: "31.71",
      districtCode: "31.71.01",
      villageCode: "31.71.01.1002",
      postcode: "10150",
      detail: "Jl. Cideng Barat 5",
      isDefault: true,
    });
    let list = await en.addresses.list();
    expect(list.map((a) => [a.id, a.isDefault])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    // A village of another district: "Complete the address", nothing saved.
    await expect(
      en.addresses.save({ ...first, id: first.id, villageCode: "31.71.01.1002" }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Complete the address" });
    // The seed's messages for empty fields, translated, over HTTP as the page receives them.
    const response = await createTestApp(database).request("/trpc/addresses.save", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: user.token, lang: "en" },
      body: JSON.stringify({ json: { ...first, id: undefined, name: " ", mobile: "", detail: "" } }),
    });
    const answer = (await response.json()) as {
      error: { json: { data: { issues: { message: string }[] } } };
    };
    expect(response.status).toBe(400);
    expect(answer.error.json.data.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining(["Enter name", "Enter phone number", "Enter detailed address"]),
    );
    // Deleting the default makes the newest remaining one the default.
    await en.addresses.remove({ id: second.id });
    list = await en.addresses.list();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: first.id, isDefault: true });
    // Another user cannot see, change or delete it.
    const other = await signedInUser(database);
    await expect(other.api.addresses.remove({ id: first.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(other.api.addresses.save({ ...first, id: first.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await other.api.addresses.list()).toEqual([]);
  });
});

describe("the cart", () => {
  it("adds never above the stock, groups by store, changes quantities and clears", async () => {
    const { listingA, listingB } = await twoStores({ stock: 3 });
    const user = await signedInUser(database);
    const en = callerFor(database, { token: user.token, lang: "en" });
    expect(await en.cart.add({ listingId: listingA, quantity: 2 })).toEqual({ quantity: 2, count: 1 });
    // Adding more than is left stops at the stock.
    expect(await en.cart.add({ listingId: listingA, quantity: 5 })).toEqual({ quantity: 3, count: 1 });
    await en.cart.add({ listingId: listingB, quantity: 1 });
    const cart = await en.cart.get();
    expect(cart.count).toBe(2);
    expect(cart.stores.map((s) => s.items.map((i) => [i.listingId, i.quantity]))).toEqual([
      [[listingA, 3]],
      [[listingB, 1]],
    ]);
    await expect(en.cart.setQuantity({ listingId: listingB, quantity: 4 })).rejects.toMatchObject({
      code: "PRECONDITION_FAILED",
      message: "Only 3 left",
    });
    await en.cart.setQuantity({ listingId: listingB, quantity: 2 });
    const lineA = (await en.cart.get()).stores.flatMap((s) => s.items).find((i) => i.listingId === listingA)!;
    await en.cart.remove({ lines: [{ listingId: listingA, variantId: lineA.variantId }] });
    expect((await en.cart.get()).stores.flatMap((s) => s.items.map((i) => i.quantity))).toEqual([2]);
    await en.cart.clear();
    expect(await en.cart.count()).toEqual({ count: 0 });
    // Visitors have no cart (the badge says 0); operators do not shop.
    await expect(callerFor(database).cart.get()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect(await callerFor(database).cart.count()).toEqual({ count: 0 });
    await expect(ops.api.cart.add({ listingId: listingA, quantity: 1 })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });
});

describe("checkout and payment from the wallet", () => {
  it("quotes each store's postage, service fee and VAT from settings before paying", async () => {
    const { listingA, listingB } = await twoStores();
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const settings = await getMoneySettings(database.db);
    const lines = [
      { listingId: listingA, quantity: 2 },
      { listingId: listingB, quantity: 1 },
    ];
    // Before an address is known, no courier is quoted: no postage yet.
    const unaddressed = await shopper.api.orders.quote({ lines });
    expect(unaddressed.stores.map((s) => [s.postage, s.shipping.selected])).toEqual([
      [0, null],
      [0, null],
    ]);
    const quote = await shopper.api.orders.quote({ lines, addressId: shopper.addressId });
    // Within Jakarta the test rate card asks Rp 10.000 a kilogram (tests/setup/shop.ts).
    const postage = 10_000;
    const vatA = Math.round((200_000 * settings.vatBasisPoints) / 10_000);
    expect(quote.stores.map((s) => [s.subtotal, s.postage, s.serviceFee, s.vat])).toEqual([
      [200_000, postage, settings.serviceFee, vatA],
      [150_000, postage, settings.serviceFee, Math.round((150_000 * settings.vatBasisPoints) / 10_000)],
    ]);
    expect(quote.total).toBe(quote.stores.reduce((s, x) => s + x.total, 0));
    expect(quote.total).toBe(350_000 + 2 * postage + 2 * settings.serviceFee + quote.vat);
    expect(quote.balance).toBe(1_000_000);
  });

  it("one payment makes one order per store, takes the money once however often it is sent, and reserves stock", async () => {
    const { listingA, listingB } = await twoStores();
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    await shopper.api.cart.add({ listingId: listingA, quantity: 2 });
    await shopper.api.cart.add({ listingId: listingB, quantity: 1 });
    const lines = [
      { listingId: listingA, quantity: 2 },
      { listingId: listingB, quantity: 1 },
    ];
    const { total } = await shopper.api.orders.quote({ lines, addressId: shopper.addressId });
    const request = {
      lines,
      addressId: shopper.addressId,
      method: "wallet" as const,
      idempotencyKey: newKey(),
    };
    const [first, again] = await Promise.all([
      placeOrder(shopper.api, request),
      placeOrder(shopper.api, request).catch(() => null),
    ]);
    const third = await placeOrder(shopper.api, request);
    expect(first.orderIds).toHaveLength(2);
    expect(first.attemptId).toBeNull();
    expect(third).toEqual(first);
    if (again) expect(again).toEqual(first);
    expect((await shopper.api.wallet.summary()).balance).toBe(1_000_000 - total);
    expect(await stockOf(listingA)).toBe(8);
    expect(await stockOf(listingB)).toBe(9);
    // Ordered lines leave the cart.
    expect(await shopper.api.cart.count()).toEqual({ count: 0 });
    const orders = await shopper.api.orders.list({ tab: "pending_shipment" });
    expect(orders.items.map((o) => o.id).sort()).toEqual([...first.orderIds].sort());
    // Fund history: one payment per order, each linked to its order.
    const funds = await shopper.api.wallet.history({ kind: "prd_order_pay" });
    expect(funds.items.map((f) => f.subjectId).sort()).toEqual([...first.orderIds].sort());
    // The same key for another request is refused.
    await expect(
      placeOrder(shopper.api, { ...request, lines: [{ listingId: listingA, quantity: 1 }] }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("keeps the note the shopper wrote to each store; the store and the operator read it; a bad note changes nothing", async () => {
    const { a, b, listingA, listingB } = await twoStores({ autoPay: true });
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const lines = [
      { listingId: listingA, quantity: 1 },
      { listingId: listingB, quantity: 1 },
    ];
    const request = { lines, addressId: shopper.addressId, method: "wallet" as const, fromCart: false };
    // Too long, or with control characters: refused with a translated message, nothing placed.
    await expect(
      placeOrder(shopper.api, {
        ...request,
        notes: [{ storeId: a.storeId, note: "x".repeat(201) }],
        idempotencyKey: newKey(),
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(
      placeOrder(shopper.api, {
        ...request,
        notes: [{ storeId: a.storeId, note: "warna\u0000merah" }],
        idempotencyKey: newKey(),
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect((await shopper.api.orders.list({ tab: "all" })).items).toEqual([]);

    const { orderIds } = await placeOrder(shopper.api, {
      ...request,
      notes: [
        { storeId: a.storeId, note: "  Kalau merah habis, kirim yang biru ya  " },
        { storeId: b.storeId, note: "   " },
      ],
      idempotencyKey: newKey(),
    });
    const placed = await Promise.all(orderIds.map((id) => shopper.api.orders.get({ id })));
    const noteOf = (storeId: string) => placed.find((o) => o.storeId === storeId)!.note;
    // Trimmed; a blank note is no note.
    expect(noteOf(a.storeId)).toBe("Kalau merah habis, kirim yang biru ya");
    expect(noteOf(b.storeId)).toBeNull();
    const forStore = placed.find((o) => o.storeId === a.storeId)!;
    expect((await a.api.merchantOrders.get({ id: forStore.id })).note).toBe(
      "Kalau merah habis, kirim yang biru ya",
    );
    const desk = await ops.api.ops.orders.list({ view: "all", limit: 50 });
    expect(desk.items.find((o) => o.id === forStore.id)?.note).toBe("Kalau merah habis, kirim yang biru ya");
  });

  it("short balance: Insufficient balance, and no order, no stock taken, nothing moved", async () => {
    const { listingA } = await twoStores();
    const shopper = await shopperWithMoney(database, ops, 50_000);
    const en = callerFor(database, { token: shopper.token, lang: "en" });
    await expect(
      placeOrder(en, {
        lines: [{ listingId: listingA, quantity: 1 }],
        addressId: shopper.addressId,
        method: "wallet",
        fromCart: false,
        idempotencyKey: newKey(),
      }),
    ).rejects.toMatchObject({ code: "PRECONDITION_FAILED", message: "Insufficient balance" });
    expect((await en.orders.list({ tab: "all" })).items).toEqual([]);
    expect(await stockOf(listingA)).toBe(10);
    expect((await en.wallet.summary()).balance).toBe(50_000);
  });

  it("more than the stock: refused with the product's name, nothing reserved", async () => {
    const { listingA } = await twoStores({ stock: 2 });
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const en = callerFor(database, { token: shopper.token, lang: "en" });
    await expect(
      placeOrder(en, {
        lines: [{ listingId: listingA, quantity: 3 }],
        addressId: shopper.addressId,
        method: "wallet",
        fromCart: false,
        idempotencyKey: newKey(),
      }),
    ).rejects.toMatchObject({ code: "PRECONDITION_FAILED", message: expect.stringMatching(/not enough/i) });
    expect(await stockOf(listingA)).toBe(2);
  });
});

describe("goods payment by the store", () => {
  it("auto-pay with enough balance pays the goods cost at once; otherwise the order waits for the merchant", async () => {
    const auto = await twoStores({ autoPay: true });
    await credit(ops, auto.a.email, 500_000);
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const place = (listingId: string) =>
      placeOrder(shopper.api, {
        lines: [{ listingId, quantity: 1 }],
        addressId: shopper.addressId,
        method: "wallet",
        fromCart: false,
        idempotencyKey: newKey(),
      });
    // Store A: auto-pay and money. Store B: auto-pay but no money, so it waits.
    const [paidA] = (await place(auto.listingA)).orderIds;
    const [waitingB] = (await place(auto.listingB)).orderIds;
    expect((await auto.a.api.wallet.summary()).balance).toBe(500_000 - 60_000);
    const a = await auto.a.api.merchantOrders.list({ view: "all" });
    expect(a.items.find((o) => o.id === paidA)).toMatchObject({ goodsCost: 60_000, profit: 40_000 });
    expect(a.items.find((o) => o.id === paidA)?.goodsPaidAt).toBeInstanceOf(Date);
    const b = await auto.b.api.merchantOrders.list({ view: "goods_unpaid" });
    expect(b.items.map((o) => o.id)).toEqual([waitingB]);
    expect(b.goodsDue).toBe(60_000);
    expect(b.items[0]?.goodsDueAt).toBeInstanceOf(Date);
    // Paying by hand without the money: Insufficient balance; after a credit it pays.
    const en = callerFor(database, { token: auto.b.token, lang: "en" });
    await expect(en.merchantOrders.payGoods({ idempotencyKey: newKey() })).rejects.toMatchObject({
      message: "Insufficient balance",
    });
    await credit(ops, auto.b.email, 100_000);
    expect(await en.merchantOrders.payGoods({ orderIds: [waitingB!], idempotencyKey: newKey() })).toEqual({
      paid: 1,
      amount: 60_000,
    });
    expect((await en.wallet.summary()).balance).toBe(40_000);
    // A store sees only its own orders.
    await expect(auto.a.api.merchantOrders.get({ id: waitingB! })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(shopper.api.merchantOrders.list({ view: "all" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });

  it("goods left unpaid past the deadline: the order is cancelled, the shopper refunded in full, the stock back", async () => {
    const { listingA } = await twoStores();
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const { orderIds } = await buy(shopper, listingA, 2);
    expect(await stockOf(listingA)).toBe(8);
    later(23 * 60 * 60_000);
    await runJobs();
    expect((await shopper.api.orders.get({ id: orderIds[0]! })).status).toBe("paid");
    later(24 * 60 * 60_000 + 60_000);
    await runJobs();
    const order = await shopper.api.orders.get({ id: orderIds[0]! });
    expect(order).toMatchObject({ status: "cancelled", cancelReason: "goods_unpaid" });
    expect(order.events.map((e) => e.event)).toEqual(["placed", "paid", "cancelled", "refunded"]);
    expect((await shopper.api.wallet.summary()).balance).toBe(1_000_000);
    expect(await stockOf(listingA)).toBe(10);
    // Running the jobs again changes nothing.
    await runJobs();
    expect((await shopper.api.wallet.summary()).balance).toBe(1_000_000);
  });
});

describe("fulfilment and completion", () => {
  it("the operator ships, the shopper confirms, the store is paid the subtotal and the platform its fees", async () => {
    const { a, listingA } = await twoStores({ autoPay: true });
    await credit(ops, a.email, 200_000);
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const { orderIds } = await buy(shopper, listingA, 2);
    const id = orderIds[0]!;
    const queue = await ops.api.ops.orders.list({ view: "to_ship" });
    expect(queue.items.map((o) => o.id)).toContain(id);
    expect(queue.items.find((o) => o.id === id)).toMatchObject({ user: shopper.email, goodsCost: 120_000 });
    // A shopper cannot ship.
    await expect(shopper.api.ops.orders.ship({ id, idempotencyKey: newKey() })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    // Shipping books the shopper's courier service (the first of the equally priced within Jakarta: JNE
    // Reguler) and gets its waybill.
    await ops.api.ops.orders.ship({ id, idempotencyKey: newKey() });
    let order = await shopper.api.orders.get({ id });
    expect(order).toMatchObject({ status: "shipped", courier: "JNE" });
    expect(order.trackingNumber).toMatch(/^CGK\d{13}$/);
    expect(order.actions).toEqual({
      pay: false,
      cancel: false,
      confirm: true,
      review: false,
      buyAgain: false,
    });
    // Too late to cancel once shipped.
    await expect(shopper.api.orders.cancel({ id, idempotencyKey: newKey() })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    const before = (await a.api.wallet.summary()).balance;
    await shopper.api.orders.confirm({ id, idempotencyKey: newKey() });
    order = await shopper.api.orders.get({ id });
    expect(order.status).toBe("completed");
    expect(order.events.map((e) => e.event)).toEqual(["placed", "paid", "shipped", "completed"]);
    // The store: +200,000 subtotal (profit record) after -120,000 goods cost.
    expect((await a.api.wallet.summary()).balance).toBe(before + 200_000);
    const profit = await a.api.wallet.history({ kind: "profit" });
    expect(profit.items[0]).toMatchObject({ amount: 200_000, subjectType: "order", subjectId: id });
    // Sales count real paid orders: the product and the store show 2 sold; the completed sale gives the
    // store its first level.
    expect((await callerFor(database).listings.get({ id: listingA })).sales).toBe(2);
    expect(await callerFor(database).stores.get({ storeId: a.storeId })).toMatchObject({
      sales: 2,
      level: 1,
    });
    // The order counts under "pending review" until reviewed.
    expect((await shopper.api.orders.counts()).pending_review).toBe(1);
    // The audit log has the shipment.
    const audit = await ops.api.ops.money.audit({});
    expect(audit.items.some((e) => e.action === "order.ship" && e.subjectId === id)).toBe(true);
  });

  it("a shipped order no courier reports on confirms itself after its longest estimate and the receipt window", async () => {
    const { a, listingA } = await twoStores({ autoPay: true });
    await credit(ops, a.email, 200_000);
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const { orderIds } = await buy(shopper, listingA);
    const id = orderIds[0]!;
    await ops.api.ops.orders.ship({
      id,
      idempotencyKey: newKey(),
    });
    // JNE Reguler within Jakarta: 1 to 2 days, then the 7 days' window.
    expect((await shopper.api.orders.get({ id })).shipping).toMatchObject({ etaMaxDays: 2 });
    later(8 * 24 * 60 * 60_000);
    await runJobs();
    expect((await shopper.api.orders.get({ id })).status).toBe("shipped");
    later(9 * 24 * 60 * 60_000 + 60_000);
    await runJobs();
    const order = await shopper.api.orders.get({ id });
    expect(order.status).toBe("completed");
    expect(order.events.at(-1)).toMatchObject({ event: "completed", actor: "system" });
  });

  it("cancelling a paid order returns the shopper's money and the store's goods cost, and the stock", async () => {
    const { a, listingA } = await twoStores({ autoPay: true });
    await credit(ops, a.email, 200_000);
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const { orderIds } = await buy(shopper, listingA);
    expect((await a.api.wallet.summary()).balance).toBe(140_000);
    const key = newKey();
    await shopper.api.orders.cancel({ id: orderIds[0]!, idempotencyKey: key });
    // A repeated tap changes nothing.
    await shopper.api.orders.cancel({ id: orderIds[0]!, idempotencyKey: key });
    expect((await shopper.api.wallet.summary()).balance).toBe(1_000_000);
    expect((await a.api.wallet.summary()).balance).toBe(200_000);
    expect(await stockOf(listingA)).toBe(10);
    // A cancelled sale is no sale.
    expect((await callerFor(database).listings.get({ id: listingA })).sales).toBe(0);
    expect((await shopper.api.orders.list({ tab: "cancelled" })).items.map((o) => o.id)).toEqual(orderIds);
  });

  it("the operator cancels an order before shipping: every rupiah back, the reason in its timeline, audited", async () => {
    const { a, listingA } = await twoStores({ autoPay: true });
    await credit(ops, a.email, 200_000);
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const { orderIds } = await buy(shopper, listingA);
    const id = orderIds[0]!;
    const merchantOrShopper = [a.api, shopper.api];
    for (const api of merchantOrShopper) {
      await expect(
        api.ops.orders.cancel({ id, note: "Alamat tidak dapat dijangkau", idempotencyKey: newKey() }),
      ).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    const key = newKey();
    await ops.api.ops.orders.cancel({ id, note: "Alamat tidak dapat dijangkau", idempotencyKey: key });
    await ops.api.ops.orders.cancel({ id, note: "Alamat tidak dapat dijangkau", idempotencyKey: key });
    expect((await shopper.api.wallet.summary()).balance).toBe(1_000_000);
    expect((await a.api.wallet.summary()).balance).toBe(200_000);
    expect(await stockOf(listingA)).toBe(10);
    const order = await shopper.api.orders.get({ id });
    expect(order.status).toBe("cancelled");
    expect(order.cancelReason).toBe("operator");
    const cancelled = order.events.find((e) => e.event === "cancelled");
    expect(cancelled).toMatchObject({ actor: "operator" });
    // Shipped orders are past cancelling.
    const { orderIds: more } = await buy(shopper, listingA);
    await ops.api.ops.orders.ship({
      id: more[0]!,
      idempotencyKey: newKey(),
    });
    await expect(
      ops.api.ops.orders.cancel({ id: more[0]!, note: "terlambat", idempotencyKey: newKey() }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    const audit = await ops.api.ops.money.audit({ action: "order.cancel", limit: 10 });
    expect(audit.items.map((x) => x.subjectId)).toContain(id);
  });
});

describe("payment through the gateway", () => {
  const app = () => createTestApp(database);
  const notify = (body: object) => notifySandbox(app(), database, body);
  const paidBody = (attemptId: string) => paidNotice(database, attemptId);

  it("a chargeback while a cancelled order's refund is on its way to the provider pays the shopper back once", async () => {
    const { listingA } = await twoStores();
    const shopper = await shopperWithMoney(database, ops, 0);
    const placed = await buy(shopper, listingA, 1, "qris");
    const id = placed.orderIds[0]!;
    await providerTookItLate(database, placed.attemptId!); // the sandbox's own record: paid
    expect((await notify(await paidBody(placed.attemptId!))).status).toBe(200);
    const { total } = await shopper.api.orders.get({ id });
    const adjustmentsBefore = await adjustmentsBalance();
    // Cancelled: the refund leaves the wallet for the QRIS app that paid, its job not run yet.
    await shopper.api.orders.cancel({ id, idempotencyKey: newKey() });
    expect((await shopper.api.wallet.summary()).balance).toBe(0);
    // The provider takes the payment back meanwhile (a chargeback): the shopper has their money from the bank.
    expect(await reverseOnSandbox(database, placed.attemptId!, new Date())).toBe(true);
    expect((await notify(await paidNotice(database, placed.attemptId!, "reversed"))).status).toBe(200);
    await runJobs();
    // Once, not twice: the refund was not sent and its money did not come back to the wallet, nothing was taken
    // from the wallet again, and the platform carried nothing.
    expect((await shopper.api.wallet.summary()).balance).toBe(0);
    const refunds = await database.db.query.paymentRefunds.findMany({
      where: (r, { eq }) => eq(r.orderId, id),
    });
    expect(refunds.map((r) => [r.amount, r.status])).toEqual([[total, "failed"]]);
    expect(await adjustmentsBalance()).toBe(adjustmentsBefore);
  });

  it("pays every order of the checkout once, however often the gateway says so", async () => {
    const { listingA, listingB } = await twoStores();
    const shopper = await shopperWithMoney(database, ops, 0);
    const placed = await placeOrder(shopper.api, {
      lines: [
        { listingId: listingA, quantity: 1 },
        { listingId: listingB, quantity: 1 },
      ],
      addressId: shopper.addressId,
      method: "qris",
      fromCart: false,
      idempotencyKey: newKey(),
    });
    // One QRIS attempt for both orders, payable on the sandbox's play-money page.
    expect(placed.attemptId).toMatch(/^pat_/);
    let order = await shopper.api.orders.get({ id: placed.orderIds[0]! });
    expect(order).toMatchObject({ status: "pending_payment", attemptId: placed.attemptId });
    const second = await shopper.api.orders.get({ id: placed.orderIds[1]! });
    const attempt = await shopper.api.payments.attempt({ id: placed.attemptId! });
    expect(attempt).toMatchObject({
      channel: "qris",
      status: "pending",
      amount: order.total + second.total,
      action: { type: "qr" },
    });
    expect(attempt.simulateUrl).toMatch(/\/gateway\/sandbox\/pay_/);
    const body = await paidBody(placed.attemptId!);
    // Forged: a wrong amount changes nothing.
    expect((await notify({ ...body, amount: body.amount + 1 })).status).toBe(400);
    expect((await notify(body)).status).toBe(200);
    expect((await notify(body)).status).toBe(200);
    for (const id of placed.orderIds) {
      order = await shopper.api.orders.get({ id });
      expect(order.status).toBe("paid");
      expect(order.paymentMethod).toBe("qris");
    }
    // Paid from outside: the shopper's wallet did not move.
    expect((await shopper.api.wallet.summary()).balance).toBe(0);
  });

  it("unpaid after the payment window: cancelled, stock back; money arriving late goes to the wallet", async () => {
    const { listingA } = await twoStores();
    const shopper = await shopperWithMoney(database, ops, 0);
    const placed = await buy(shopper, listingA, 3, "qris");
    const id = placed.orderIds[0]!;
    const order = await shopper.api.orders.get({ id });
    expect(order.actions.pay).toBe(true);
    later(61 * 60_000);
    await runJobs();
    const expired = await shopper.api.orders.get({ id });
    expect(expired).toMatchObject({ status: "cancelled", cancelReason: "payment_expired", attemptId: null });
    expect(expired.actions).toEqual({
      pay: false,
      cancel: false,
      confirm: false,
      review: false,
      buyAgain: true,
    });
    expect(await stockOf(listingA)).toBe(10);
    restore?.();
    restore = undefined;
    // A notification of money the provider does not confirm changes nothing (decision 19)…
    expect((await notify(await paidBody(placed.attemptId!))).status).toBe(409);
    expect((await shopper.api.wallet.summary()).balance).toBe(0);
    // …money it did take late goes to the wallet.
    await providerTookItLate(database, placed.attemptId!);
    expect((await notify(await paidBody(placed.attemptId!))).status).toBe(200);
    expect((await shopper.api.wallet.summary()).balance).toBe(order.total);
    expect((await shopper.api.orders.get({ id })).status).toBe("cancelled");
  });

  it("an unpaid order can be paid later from its page, from the wallet", async () => {
    const { listingA } = await twoStores();
    const shopper = await shopperWithMoney(database, ops, 0);
    const placed = await buy(shopper, listingA, 1, "qris");
    const id = placed.orderIds[0]!;
    const { total } = await shopper.api.orders.get({ id });
    await credit(ops, shopper.email, total);
    expect(await shopper.api.orders.pay({ id, method: "wallet", idempotencyKey: newKey() })).toEqual({
      attemptId: null,
    });
    expect((await shopper.api.orders.get({ id })).status).toBe("paid");
    expect((await shopper.api.wallet.summary()).balance).toBe(0);
    // The checkout's gateway payment arriving afterwards: that money goes to the wallet.
    expect((await notify(await paidBody(placed.attemptId!))).status).toBe(200);
    expect((await shopper.api.wallet.summary()).balance).toBe(total);
  });
});

describe("who sees what", () => {
  it("no one sees or acts on another shopper's order; tabs and counts follow the states", async () => {
    const { listingA, listingB } = await twoStores();
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const { orderIds } = await buy(shopper, listingA);
    await buy(shopper, listingB, 1, "qris");
    expect(await shopper.api.orders.counts()).toEqual({
      pending_payment: 1,
      pending_shipment: 1,
      pending_receipt: 0,
      pending_review: 0,
    });
    const other = await signedInUser(database);
    await expect(other.api.orders.get({ id: orderIds[0]! })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      other.api.orders.cancel({ id: orderIds[0]!, idempotencyKey: newKey() }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await other.api.orders.list({ tab: "all" })).items).toEqual([]);
    // Someone else's address cannot be used for a checkout.
    await expect(
      placeOrder(other.api, {
        lines: [{ listingId: listingA, quantity: 1 }],
        addressId: shopper.addressId,
        method: "wallet",
        fromCart: false,
        idempotencyKey: newKey(),
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(callerFor(database).orders.list({ tab: "all" })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
  });
});

describe("variants in checkout", () => {
  const names = {
    Hitam: { ind: "Hitam", en: "Black", zh: "黑色" },
    Putih: { ind: "Putih", en: "White", zh: "白色" },
  };
  const shoe = (stock: Record<string, number>) =>
    variantProduct(database, {
      axes: [
        ["Hitam", "Putih"],
        ["41", "42"],
      ],
      names,
      stock,
      name: "Sepatu Uji",
    });
  /** Each variant's stock now, by label. */
  const stocks = async (product: Awaited<ReturnType<typeof shoe>>) => {
    const rows = await variantsOf(database, product.supplyId);
    const of = (label: string) => rows.find((v) => v.id === product.variant(label))!.stock;
    return Object.fromEntries(["Hitam/41", "Hitam/42", "Putih/41", "Putih/42"].map((l) => [l, of(l)]));
  };

  it("two variants of one listing in one order: quoted and bought as two items, each variant's stock reserved", async () => {
    const product = await shoe({ "Hitam/42": 5, "Putih/41": 4 });
    const [hitam42, putih41] = [product.variant("Hitam/42"), product.variant("Putih/41")];
    const store = await merchantWithStore(database);
    const listingId = await listing(database, store.storeId, product.supplyId, 130_000);
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const en = callerFor(database, { token: shopper.token, lang: "en" });
    const lines = [
      { listingId, variantId: hitam42, quantity: 1 },
      { listingId, variantId: putih41, quantity: 2 },
    ];
    const quote = await en.orders.quote({ lines, addressId: shopper.addressId });
    expect(quote.stores).toHaveLength(1);
    expect(
      quote.stores[0]!.items.map((i) => [i.listingId, i.variantId, i.variantLabel, i.quantity, i.stock]),
    ).toEqual([
      [listingId, hitam42, "Black / 42", 1, 5],
      [listingId, putih41, "White / 41", 2, 4],
    ]);
    expect(quote.stores[0]!.subtotal).toBe(390_000);
    const { orderIds } = await placeOrder(en, {
      lines,
      addressId: shopper.addressId,
      method: "wallet",
      fromCart: false,
      idempotencyKey: newKey(),
    });
    expect(orderIds).toHaveLength(1);
    const order = await callerFor(database, { token: shopper.token, lang: "zh" }).orders.get({
      id: orderIds[0]!,
    });
    // Items come in variant id order, and two variants made in one millisecond have ids in random order.
    const byId = (a: unknown[], b: unknown[]) => String(a[0]).localeCompare(String(b[0]));
    expect(order.items.map((i) => [i.variantId, i.variantLabel, i.quantity, i.price]).sort(byId)).toEqual(
      [
        [hitam42, "黑色 / 42", 1, 130_000],
        [putih41, "白色 / 41", 2, 130_000],
      ].sort(byId),
    );
    expect(order.subtotal).toBe(390_000);
    expect(await stocks(product)).toEqual({ "Hitam/41": 10, "Hitam/42": 4, "Putih/41": 2, "Putih/42": 10 });
    // One listing sold three; cancelled, both variants get their stock back and the sale is undone.
    expect((await callerFor(database).listings.get({ id: listingId })).sales).toBe(3);
    await shopper.api.orders.cancel({ id: orderIds[0]!, idempotencyKey: newKey() });
    expect(await stocks(product)).toEqual({ "Hitam/41": 10, "Hitam/42": 5, "Putih/41": 4, "Putih/42": 10 });
    expect((await callerFor(database).listings.get({ id: listingId })).sales).toBe(0);
  });

  it("two stores' lines of one variant share its stock: refused when together they are more, placed when they fit", async () => {
    const product = await shoe({ "Hitam/42": 3 });
    const hitam42 = product.variant("Hitam/42");
    const a = await merchantWithStore(database);
    const b = await merchantWithStore(database);
    const listingA = await listing(database, a.storeId, product.supplyId, 100_000);
    const listingB = await listing(database, b.storeId, product.supplyId, 110_000);
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const en = callerFor(database, { token: shopper.token, lang: "en" });
    // Each cart line alone fits the stock; together they do not.
    await en.cart.add({ listingId: listingA, variantId: hitam42, quantity: 2 });
    await en.cart.add({ listingId: listingB, variantId: hitam42, quantity: 2 });
    const over = [
      { listingId: listingA, variantId: hitam42, quantity: 2 },
      { listingId: listingB, variantId: hitam42, quantity: 2 },
    ];
    const outOfStock = { code: "PRECONDITION_FAILED", message: "Not enough stock of Sepatu Uji (en)" };
    await expect(en.orders.quote({ lines: over, addressId: shopper.addressId })).rejects.toMatchObject(
      outOfStock,
    );
    // Placing them with the postage each store was quoted alone is refused as well, nothing taken.
    const shipping = await Promise.all(
      over.map(async (line) => {
        const quoted = (await en.orders.quote({ lines: [line], addressId: shopper.addressId })).stores[0]!;
        const { courier, service, price } = quoted.shipping.selected!;
        return { storeId: quoted.storeId, courier, service, price };
      }),
    );
    const place = (lines: typeof over) =>
      en.orders.place({
        lines,
        addressId: shopper.addressId,
        shipping,
        method: "wallet",
        fromCart: true,
        idempotencyKey: newKey(),
      });
    await expect(place(over)).rejects.toMatchObject(outOfStock);
    expect((await stocks(product))["Hitam/42"]).toBe(3);
    expect((await en.wallet.summary()).balance).toBe(1_000_000);
    expect((await en.cart.get()).count).toBe(2);
    // Two and one fit: both stores' orders are placed and the size is sold out.
    await en.cart.setQuantity({ listingId: listingB, variantId: hitam42, quantity: 1 });
    const fits = [over[0]!, { ...over[1]!, quantity: 1 }];
    const { orderIds } = await place(fits);
    expect(orderIds).toHaveLength(2);
    expect(await stocks(product)).toEqual({ "Hitam/41": 10, "Hitam/42": 0, "Putih/41": 10, "Putih/42": 10 });
    expect((await en.cart.get()).count).toBe(0);
    const [fromA, fromB] = await Promise.all(orderIds.map((id) => en.orders.get({ id })));
    expect([fromA!.items[0], fromB!.items[0]]).toMatchObject([
      { listingId: listingA, variantId: hitam42, quantity: 2 },
      { listingId: listingB, variantId: hitam42, quantity: 1 },
    ]);
  });

  it("two shoppers at once from two stores for the same last items: one is served, the other refused", async () => {
    const product = await shoe({ "Putih/42": 3 });
    const putih42 = product.variant("Putih/42");
    const a = await merchantWithStore(database);
    const b = await merchantWithStore(database);
    const listingA = await listing(database, a.storeId, product.supplyId, 100_000);
    const listingB = await listing(database, b.storeId, product.supplyId, 110_000);
    const first = await shopperWithMoney(database, ops, 1_000_000);
    const second = await shopperWithMoney(database, ops, 1_000_000);
    const checkout = (shopper: typeof first, listingId: string) => {
      const lines = [{ listingId, variantId: putih42, quantity: 2 }];
      return placeOrder(shopper.api, {
        lines,
        addressId: shopper.addressId,
        method: "wallet",
        fromCart: false,
        idempotencyKey: newKey(),
      });
    };
    // Both are quoted with the stock still there, then place at once.
    const results = await Promise.allSettled([checkout(first, listingA), checkout(second, listingB)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({
      reason: { code: "PRECONDITION_FAILED" },
    });
    expect((await stocks(product))["Putih/42"]).toBe(1);
  });

  it("a product with several variants needs the variant chosen: a line without one is refused", async () => {
    const product = await shoe({});
    const store = await merchantWithStore(database);
    const listingId = await listing(database, store.storeId, product.supplyId, 130_000);
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const en = callerFor(database, { token: shopper.token, lang: "en" });
    const choose = { code: "BAD_REQUEST", message: "Choose the product's variant (colour, size) first" };
    await expect(
      en.orders.quote({ lines: [{ listingId, quantity: 1 }], addressId: shopper.addressId }),
    ).rejects.toMatchObject(choose);
    await expect(en.cart.add({ listingId, quantity: 1 })).rejects.toMatchObject(choose);
    const quoted = await en.orders.quote({
      lines: [{ listingId, variantId: product.variant("Hitam/41"), quantity: 1 }],
      addressId: shopper.addressId,
    });
    const { courier, service, price } = quoted.stores[0]!.shipping.selected!;
    await expect(
      en.orders.place({
        lines: [{ listingId, quantity: 1 }],
        addressId: shopper.addressId,
        shipping: [{ storeId: store.storeId, courier, service, price }],
        method: "wallet",
        fromCart: false,
        idempotencyKey: newKey(),
      }),
    ).rejects.toMatchObject(choose);
    expect((await en.orders.list({ tab: "all" })).items).toEqual([]);
    expect((await en.wallet.summary()).balance).toBe(1_000_000);
    // A variant of another product is not this listing's.
    const other = await shoe({});
    await expect(
      en.orders.quote({
        lines: [{ listingId, variantId: other.variant("Hitam/41"), quantity: 1 }],
        addressId: shopper.addressId,
      }),
    ).rejects.toMatchObject({ code: "PRECONDITION_FAILED" });
  });
});
