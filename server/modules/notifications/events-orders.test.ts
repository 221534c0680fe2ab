import { describe, expect, it } from "vitest";
import { formatRupiah } from "#common/money.ts";
import { noticesFor } from "../../../tests/setup/notices.ts";
import { callerFor } from "../../../tests/setup/caller.ts";
import { failure } from "../../../tests/setup/failure.ts";
import { newKey, notifySandbox, paidNotice, providerTookItLate } from "../../../tests/setup/money.ts";
import {
  credit,
  listing,
  merchantWithStore,
  placeOrder,
  shopperWithMoney,
  supplyProduct,
} from "../../../tests/setup/shop.ts";
import { createTestApp } from "../../../tests/setup/test-app.ts";
import { buy, database, later, ops, runJobs, twoStores, useOrdersShop } from "../orders/orders-test-setup.ts";

// Issue 44: an order's payment, its cancellation and refund, its reminders and the stock it takes tell their people
// once each, in the event's transaction (a refused or repeated event tells nobody).

useOrdersShop();

const noticesOf = (userId: string) => noticesFor(database, userId);
/** The kinds told to a user, sorted: notices of one event are written in one millisecond, in no order. */
const kindsOf = async (userId: string) => (await noticesOf(userId)).map((n) => n.kind).sort();
const wib = /^\d\d\/\d\d\/\d{4} \d\d:\d\d WIB$/;
const detail = (id: string) => `/h5/order/detail?id=${id}`;

describe("an order paid from the wallet", () => {
  it("tells the shopper once per order and each store's owner of its new order: goods paid, or the goods due", async () => {
    const { a, b, listingA, listingB } = await twoStores({ autoPay: true });
    await credit(ops, a.email, 1_000_000);
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const input = {
      lines: [
        { listingId: listingA, quantity: 1 },
        { listingId: listingB, quantity: 1 },
      ],
      addressId: shopper.addressId,
      method: "wallet" as const,
      fromCart: false,
      idempotencyKey: newKey(),
    };
    const { orderIds } = await placeOrder(shopper.api, input);
    // A double tap (the same key) places nothing again, and tells nobody again.
    await placeOrder(shopper.api, input);
    const orders = await Promise.all(orderIds.map((id) => shopper.api.orders.get({ id })));
    const ofA = orders.find((o) => o.storeId === a.storeId)!;
    const ofB = orders.find((o) => o.storeId === b.storeId)!;
    expect(await noticesOf(shopper.id)).toEqual(
      orders.map((o) => ({
        kind: "orderPaid",
        category: "payments",
        params: { code: o.code, amount: o.total },
        link: detail(o.id),
      })),
    );
    const en = await callerFor(database, { token: shopper.token, lang: "en" }).notifications.inbox.list({});
    expect(en.items.find((n) => n.link === detail(ofA.id))).toMatchObject({
      title: "Payment received",
      body: `We received ${formatRupiah(ofA.total)} for order ${ofA.code}. It is being prepared.`,
    });
    expect(await noticesOf(a.id)).toEqual([
      {
        kind: "merchantNewOrder",
        category: "orders",
        params: { code: ofA.code, amount: 60_000 },
        link: `/h5/merchant/order/detail?id=${ofA.id}`,
      },
    ]);
    // Store b has no balance for its goods: told what to pay by when.
    expect(await noticesOf(b.id)).toEqual([
      {
        kind: "merchantNewOrderGoodsDue",
        category: "orders",
        params: { code: ofB.code, amount: 60_000, deadline: expect.stringMatching(wib) },
        link: `/h5/merchant/order/detail?id=${ofB.id}`,
      },
    ]);
    const [due] = (await b.api.notifications.inbox.list({})).items;
    expect(due!.body).toMatch(
      new RegExp(`^Pesanan baru ${ofB.code}\\. Bayar modal Rp 60\\.000 sebelum .+ WIB agar pesanan dikirim`),
    );
  });

  it("refused (stock short, or a wrong PIN) tells nobody", async () => {
    const store = await merchantWithStore(database, { autoPay: true });
    const listingId = await listing(
      database,
      store.storeId,
      await supplyProduct(database, { stock: 1 }),
      100_000,
    );
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    await failure(buy(shopper, listingId, 2));
    await failure(
      shopper.api.orders.place({
        lines: [{ listingId, quantity: 1 }],
        addressId: shopper.addressId,
        shipping: [],
        method: "wallet",
        fromCart: false,
        proof: { pin: "000000" },
        idempotencyKey: newKey(),
      }),
    );
    expect(await noticesOf(shopper.id)).toEqual([]);
    expect(await noticesOf(store.id)).toEqual([]);
  });
});

describe("an order waiting for the provider", () => {
  const app = () => createTestApp(database);

  it("tells the amount and deadline once, reminds before the deadline while unpaid, and tells of the cancellation", async () => {
    const { listingA } = await twoStores();
    const shopper = await shopperWithMoney(database, ops, 0);
    const placed = await buy(shopper, listingA, 1, "qris");
    const id = placed.orderIds[0]!;
    const order = await shopper.api.orders.get({ id });
    const [placedNotice] = await noticesOf(shopper.id);
    expect(placedNotice).toEqual({
      kind: "orderAwaitingPayment",
      category: "payments",
      params: { amount: order.total, count: 1, deadline: expect.stringMatching(wib) },
      link: detail(id),
    });
    const deadline = placedNotice!.params.deadline;
    const [shown] = (await shopper.api.notifications.inbox.list({})).items;
    expect(shown).toMatchObject({
      title: "Menunggu pembayaran",
      body: `Selesaikan pembayaran ${formatRupiah(order.total)} untuk 1 pesanan sebelum ${deadline}, atau pesanan dibatalkan otomatis.`,
    });
    const dueAt = new Date(order.payDueAt!).getTime();
    // Four minutes before the deadline the reminder is due (a third of QRIS's 15 minutes before it); once only.
    later(dueAt - Date.now() - 4 * 60_000);
    await runJobs();
    await runJobs();
    expect(await kindsOf(shopper.id)).toEqual(["orderAwaitingPayment", "orderPaymentDue"]);
    const en = await callerFor(database, { token: shopper.token, lang: "en" }).notifications.inbox.list({});
    expect(en.items[0]).toMatchObject({
      title: "Your payment is almost due",
      body: `Pay ${formatRupiah(order.total)} for your 1 order before ${deadline}, or it will be cancelled.`,
    });
    // Past the deadline: cancelled, and told why.
    later(dueAt - Date.now() + 60_000);
    await runJobs();
    expect((await noticesOf(shopper.id)).at(-1)).toEqual({
      kind: "orderCancelledUnpaid",
      category: "orders",
      params: { code: order.code },
      link: detail(id),
    });
  });

  it("paid in time: told once however often the provider says so, and no reminder comes", async () => {
    const { listingA } = await twoStores();
    const shopper = await shopperWithMoney(database, ops, 0);
    const placed = await buy(shopper, listingA, 1, "qris");
    const order = await shopper.api.orders.get({ id: placed.orderIds[0]! });
    await providerTookItLate(database, placed.attemptId!);
    const body = await paidNotice(database, placed.attemptId!);
    expect((await notifySandbox(app(), database, body)).status).toBe(200);
    expect((await notifySandbox(app(), database, body)).status).toBe(200);
    later(new Date(order.payDueAt!).getTime() - Date.now() - 4 * 60_000);
    await runJobs();
    expect(await kindsOf(shopper.id)).toEqual(["orderAwaitingPayment", "orderPaid"]);
  });
});

describe("an order cancelled", () => {
  it("by an operator: the shopper is told why and refunded, the store told; a second cancel tells nobody", async () => {
    const { a, listingA } = await twoStores({ autoPay: true });
    await credit(ops, a.email, 1_000_000);
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const id = (await buy(shopper, listingA)).orderIds[0]!;
    const { code, total } = await shopper.api.orders.get({ id });
    await ops.api.ops.orders.cancel({ id, note: "Stok gudang rusak", idempotencyKey: newKey() });
    await failure(ops.api.ops.orders.cancel({ id, note: "lagi", idempotencyKey: newKey() }));
    const told = await noticesOf(shopper.id);
    expect(told).toHaveLength(3);
    expect(told).toEqual(
      expect.arrayContaining([
        { kind: "orderPaid", category: "payments", params: { code, amount: total }, link: detail(id) },
        { kind: "orderRefunded", category: "payments", params: { code, amount: total }, link: detail(id) },
        {
          kind: "orderCancelledByPasar",
          category: "orders",
          params: { code, note: "Stok gudang rusak" },
          link: detail(id),
        },
      ]),
    );
    const shown = (await shopper.api.notifications.inbox.list({})).items;
    const cancelled = shown.find((n) => n.title === "Pesanan dibatalkan");
    const refunded = shown.find((n) => n.title === "Dana dikembalikan");
    expect(cancelled!.body).toBe(`Pesanan ${code} dibatalkan oleh Pasar: Stok gudang rusak`);
    expect(refunded!.body).toBe(`Dana ${formatRupiah(total)} untuk pesanan ${code} sudah dikembalikan.`);
    expect(await kindsOf(a.id)).toEqual(["merchantNewOrder", "merchantOrderCancelled"]);
  });

  it("by the shopper: only the refund is told (they know why); the store is told", async () => {
    const { a, listingA } = await twoStores({ autoPay: true });
    await credit(ops, a.email, 1_000_000);
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const id = (await buy(shopper, listingA)).orderIds[0]!;
    const key = newKey();
    await shopper.api.orders.cancel({ id, idempotencyKey: key });
    await shopper.api.orders.cancel({ id, idempotencyKey: key });
    expect(await kindsOf(shopper.id)).toEqual(["orderPaid", "orderRefunded"]);
    expect(await kindsOf(a.id)).toEqual(["merchantNewOrder", "merchantOrderCancelled"]);
  });

  it("because the store never paid its goods: the shopper is told it was the store", async () => {
    const { b, listingB } = await twoStores();
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const id = (await buy(shopper, listingB)).orderIds[0]!;
    later(25 * 3_600_000);
    await runJobs();
    expect(await kindsOf(shopper.id)).toEqual(["orderCancelledByStore", "orderPaid", "orderRefunded"]);
    expect(await kindsOf(b.id)).toEqual(["merchantNewOrderGoodsDue", "merchantOrderCancelled"]);
    expect((await shopper.api.orders.get({ id })).status).toBe("cancelled");
  });
});

describe("low stock", () => {
  it("tells the operators once when a sale takes a variant under 5, not on every sale after", async () => {
    const store = await merchantWithStore(database, { autoPay: true });
    await credit(ops, store.email, 1_000_000);
    const supplyId = await supplyProduct(database, { stock: 7 });
    const listingId = await listing(database, store.storeId, supplyId, 80_000);
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const lowOf = async () => (await noticesOf(ops.id)).filter((n) => n.kind === "lowStock");
    const before = (await lowOf()).length;
    await buy(shopper, listingId, 2); // 7 → 5: not under 5 yet
    expect(await lowOf()).toHaveLength(before);
    await buy(shopper, listingId, 2); // 5 → 3: crosses
    await buy(shopper, listingId, 1); // 3 → 2: under already
    const low = (await lowOf()).slice(before);
    expect(low).toEqual([
      {
        kind: "lowStock",
        category: "orders",
        params: { sku: expect.any(String), count: 3 },
        link: "/ops/catalog",
      },
    ]);
    const en = await callerFor(database, { token: ops.token, lang: "en" }).notifications.inbox.list({});
    expect(en.items[0]!.body).toBe(
      `Only 3 left of ${low[0]!.params.sku}. Restock it in the supply catalogue.`,
    );
  });
});
