import { describe, expect, it } from "vitest";
import { callerFor } from "../../../tests/setup/caller.ts";
import { newKey } from "../../../tests/setup/money.ts";
import { credit, placeOrder, shopperWithMoney } from "../../../tests/setup/shop.ts";
import {
  buy,
  database,
  later,
  ops,
  runJobs,
  stockOf,
  twoStores,
  useOrdersShop,
} from "./orders-test-setup.ts";

/**
 * An order after payment: the store paying its goods, shipping, completion and cancelling. The shop's
 * makings: orders-test-setup.ts.
 */

useOrdersShop();

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
