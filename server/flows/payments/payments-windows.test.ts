import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newKey } from "../../../tests/setup/money.ts";
import {
  checkoutOfThree,
  database,
  moveClock,
  place,
  product,
  rows,
  shopper,
  statusOf,
  usePaymentsShop,
  useRig,
} from "./payments-test-setup.ts";

/**
 * How long a shopper has to pay, by channel (issue 40), through the sandbox. The shop, the providers and the
 * helpers: payments-test-setup.ts.
 */

usePaymentsShop();

describe("how long a shopper has to pay, by channel (issue 40)", () => {
  useRig("sandbox");

  const minutes = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 60_000;

  it("a virtual account or a retail code gives a day, QRIS and e-wallets 15 minutes; the order, its attempt and its deadline follow", async () => {
    const who = await shopper();
    const { listingId } = await product(20);
    const placed = {
      va: await place(who, listingId, "va_bca"),
      retail: await place(who, listingId, "indomaret"),
      qris: await place(who, listingId, "qris"),
      gopay: await place(who, listingId, "gopay"),
    };
    const windows: Record<string, number> = {};
    for (const [name, p] of Object.entries(placed)) {
      const order = await who.api.orders.get({ id: p.orderId });
      const attempt = await who.api.payments.attempt({ id: p.attemptId });
      windows[name] = minutes(order.createdAt, order.payDueAt!);
      expect(attempt.expiresAt, name).toEqual(order.payDueAt);
    }
    expect(windows).toEqual({ va: 24 * 60, retail: 24 * 60, qris: 15, gopay: 15 });
    // The checkout says so before placing: each channel with its group's window.
    const quote = await who.api.orders.quote({
      lines: [{ listingId, quantity: 1 }],
      addressId: who.addressId,
    });
    const offered = Object.fromEntries(quote.channels.map((c) => [c.channel, c.windowMinutes]));
    expect(offered).toMatchObject({ va_bca: 1440, indomaret: 1440, qris: 15, gopay: 15, ovo: 15 });
    // An hour and a minute on (the single window of before), the QRIS and GoPay orders are cancelled, the
    // virtual account and the retail code still wait for the shopper to pay after work.
    const placedAt = (await who.api.orders.get({ id: placed.va.orderId })).createdAt;
    moveClock(() => new Date(placedAt.getTime() + 61 * 60_000));
    await database.jobs.runDue();
    expect(await statusOf(who, placed.qris.orderId)).toBe("cancelled");
    expect(await statusOf(who, placed.gopay.orderId)).toBe("cancelled");
    expect(await statusOf(who, placed.va.orderId)).toBe("pending_payment");
    expect(await statusOf(who, placed.retail.orderId)).toBe("pending_payment");
    // A recharge by virtual account too.
    const recharge = await who.api.wallet.recharge({
      amount: 50_000,
      method: "va_bri",
      idempotencyKey: newKey(),
    });
    const view = await who.api.wallet.rechargeStatus({ id: recharge.id });
    expect(minutes(view.createdAt, view.expiresAt)).toBe(24 * 60);
  });

  it("a switch takes the new channel's window from now, never past the longest from placing; a closed order offers 'Beli lagi', not another method", async () => {
    const who = await shopper();
    const { listingId } = await product(5);
    const { orderId, attemptId } = await place(who, listingId, "qris");
    const placedAt = (await who.api.orders.get({ id: orderId })).createdAt;
    const at = (m: number) => new Date(placedAt.getTime() + m * 60_000);
    const deadline = async () => minutes(placedAt, (await who.api.orders.get({ id: orderId })).payDueAt!);
    expect(await deadline()).toBe(15);
    // Ten minutes in, to a virtual account: a day from now, but no later than a day from placing.
    moveClock(() => at(10));
    const toVa = await who.api.payments.switch({
      id: attemptId,
      channel: "va_bca",
      idempotencyKey: newKey(),
    });
    expect(await deadline()).toBe(24 * 60);
    expect(minutes(placedAt, (await who.api.payments.attempt({ id: toVa.attemptId })).expiresAt)).toBe(
      24 * 60,
    );
    // The QR's old deadline passes: the order still waits.
    moveClock(() => at(20));
    await database.jobs.runDue();
    expect(await statusOf(who, orderId)).toBe("pending_payment");
    // Back to QRIS early: 15 minutes from now.
    moveClock(() => at(60));
    const toQr = await who.api.payments.switch({
      id: toVa.attemptId,
      channel: "qris",
      idempotencyKey: newKey(),
    });
    expect(await deadline()).toBe(75);
    // To QRIS again near the end of the day: never past the day from placing.
    moveClock(() => at(70));
    const toVa2 = await who.api.payments.switch({
      id: toQr.attemptId,
      channel: "va_bni",
      idempotencyKey: newKey(),
    });
    moveClock(() => at(23 * 60 + 55));
    const last = await who.api.payments.switch({
      id: toVa2.attemptId,
      channel: "qris",
      idempotencyKey: newKey(),
    });
    expect(await deadline()).toBe(24 * 60);
    // Past it, the order is cancelled; its payment screen offers its products again, not another method.
    moveClock(() => at(24 * 60 + 1));
    await database.jobs.runDue();
    expect(await statusOf(who, orderId)).toBe("cancelled");
    const closed = await who.api.payments.attempt({ id: last.attemptId });
    expect(closed).toMatchObject({ status: "expired", canSwitch: false, channels: [], buyAgain: [orderId] });
    await expect(
      who.api.payments.switch({ id: last.attemptId, channel: "va_bca", idempotencyKey: newKey() }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await who.api.orders.buyAgain({ id: orderId })).toEqual({ added: 1, unavailable: 0 });
  });

  it("cancelling an order at the attempt cap closes the old attempt and opens none; cancelling the last waiting order closes the payment", async () => {
    const who = await shopper();
    const { orderIds, attemptId, totals } = await checkoutOfThree(who, "va_bca");
    let current = attemptId;
    for (let i = 0; i < 9; i++) {
      current = (
        await who.api.payments.switch({
          id: current,
          channel: i % 2 ? "va_bca" : "va_bri",
          idempotencyKey: newKey(),
        })
      ).attemptId;
    }
    await who.api.orders.cancel({ id: orderIds[0]!, idempotencyKey: newKey() });
    expect((await who.api.payments.attempt({ id: current })).status).toBe("cancelled");
    const kept = await who.api.orders.get({ id: orderIds[1]! });
    // No open attempt: the order's own page offers the methods again, for its own total.
    expect(kept.attemptId).toBeNull();
    expect(kept.actions.pay).toBe(true);
    expect(kept.total).toBe(totals[1]);
    const counted = await rows<{ n: number }>(
      sql`select count(*)::int as n from payment_attempts a join payment_attempts b on b.subject_id = a.subject_id where a.id = ${attemptId}`,
    );
    expect(counted[0]!.n).toBe(10);
    // A single order's own payment: cancelling it closes its attempt and its payment.
    const { listingId } = await product();
    const single = await place(who, listingId, "alfamart");
    await who.api.orders.cancel({ id: single.orderId, idempotencyKey: newKey() });
    expect((await who.api.payments.attempt({ id: single.attemptId })).status).toBe("cancelled");
    expect((await who.api.payments.attempt({ id: single.attemptId })).buyAgain).toEqual([single.orderId]);
  });
});
