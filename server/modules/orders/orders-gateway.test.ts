import { describe, expect, it } from "vitest";
import {
  newKey,
  notifySandbox,
  paidNotice,
  pinProof,
  providerTookItLate,
  reverseOnSandbox,
} from "../../../tests/setup/money.ts";
import { credit, placeOrder, shopperWithMoney } from "../../../tests/setup/shop.ts";
import { createTestApp } from "../../../tests/setup/test-app.ts";
import {
  buy,
  clockBack,
  database,
  later,
  ops,
  runJobs,
  stockOf,
  twoStores,
  useOrdersShop,
} from "./orders-test-setup.ts";

/**
 * Orders paid through the payment gateway: notifications applied once, chargebacks, late and expired
 * payments. The shop's makings: orders-test-setup.ts.
 */

useOrdersShop();

const adjustmentsBalance = async () =>
  (
    await database.db.query.ledgerAccounts.findFirst({
      where: (a, { eq }) => eq(a.id, "platform:adjustments"),
    })
  )?.balance ?? 0;

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
    expect(refunds.map((r) => [r.amount, r.status])).toEqual([[total, "superseded"]]);
    expect(await adjustmentsBalance()).toBe(adjustmentsBefore);
  });

  it("a chargeback while a received order's return refund is on its way to the provider pays the shopper back once", async () => {
    const { a, listingA } = await twoStores({ autoPay: true });
    await credit(ops, a.email, 1_000_000);
    const shopper = await shopperWithMoney(database, ops, 0);
    const placed = await buy(shopper, listingA, 1, "qris");
    const id = placed.orderIds[0]!;
    await providerTookItLate(database, placed.attemptId!);
    expect((await notify(await paidBody(placed.attemptId!))).status).toBe(200);
    await ops.api.ops.orders.ship({ id, idempotencyKey: newKey() });
    await shopper.api.orders.confirm({ id, idempotencyKey: newKey() });
    const order = await shopper.api.orders.get({ id });
    // Returned and refunded at once by the operator: the refund leaves the wallet for the QRIS app, not sent yet.
    const body = new FormData();
    for (const [k, v] of Object.entries({
      orderId: id,
      variantId: order.items[0]!.variantId,
      kind: "return",
      category: "damaged",
      quantity: "1",
      reason: "Rusak.",
      idempotencyKey: newKey(),
    }))
      body.set(k, v);
    const request = await shopper.api.orders.requestAfterSales(body);
    await a.api.merchantOrders.decideAfterSales({ id: request.id, approve: true, idempotencyKey: newKey() });
    const { refund } = await ops.api.ops.afterSales.refundNow({
      id: request.id,
      reason: "Paket kembali",
      idempotencyKey: newKey(),
    });
    expect((await shopper.api.wallet.summary()).balance).toBe(0);
    const adjustmentsBefore = await adjustmentsBalance();
    // The provider takes the whole payment back meanwhile (a chargeback): the order is held for the operator.
    expect(await reverseOnSandbox(database, placed.attemptId!, new Date())).toBe(true);
    expect((await notify(await paidNotice(database, placed.attemptId!, "reversed"))).status).toBe(200);
    await runJobs();
    // Once: the refund was never sent, so no refusal put it back in the wallet; the platform carried the rest of
    // what the provider took back (the refund's money, gone from the wallet, covered its part).
    expect((await shopper.api.wallet.summary()).balance).toBe(0);
    const refunds = await database.db.query.paymentRefunds.findMany({
      where: (r, { eq }) => eq(r.orderId, id),
    });
    expect(refunds.map((r) => [r.amount, r.status])).toEqual([[refund, "superseded"]]);
    expect(await adjustmentsBalance()).toBe(adjustmentsBefore - (order.total - refund!));
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
    clockBack();
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
    expect(
      await shopper.api.orders.pay({ proof: pinProof, id, method: "wallet", idempotencyKey: newKey() }),
    ).toEqual({
      attemptId: null,
    });
    expect((await shopper.api.orders.get({ id })).status).toBe("paid");
    expect((await shopper.api.wallet.summary()).balance).toBe(0);
    // The checkout's gateway payment arriving afterwards: that money goes to the wallet.
    expect((await notify(await paidBody(placed.attemptId!))).status).toBe(200);
    expect((await shopper.api.wallet.summary()).balance).toBe(total);
  });
});
