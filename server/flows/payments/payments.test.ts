import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newKey, pinProof } from "../../../tests/setup/money.ts";
import { silentLog } from "../../../tests/setup/test-db.ts";
import { walletHistory } from "../../modules/ledger/ledger.service.ts";
import {
  database,
  jakartaToday,
  ops,
  place,
  product,
  rig,
  rows,
  shopper,
  statusOf,
  until,
  usePaymentsShop,
  useRig,
} from "./payments-test-setup.ts";
import { reconcilePayments } from "./reconcile.ts";

/**
 * Paying through each provider: every channel, notifications applied once or refused, attempts that expire or
 * are switched, late money, recharges and the reconciliation. The shop, the providers and the helpers:
 * payments-test-setup.ts.
 */

usePaymentsShop();

describe.each(["sandbox", "midtrans", "xendit"] as const)("paying through %s", (name) => {
  useRig(name);

  it("pays an order by every channel it offers; the method screen says how, and the order names the channel", async () => {
    const who = await shopper();
    const { listingId } = await product(50);
    const kinds = {
      qris: "qr",
      ovo: "push",
      gopay: "redirect",
      dana: "redirect",
      shopeepay: "redirect",
      linkaja: "redirect",
    };
    for (const channel of rig.gateway.channels) {
      const { orderId, attemptId } = await place(who, listingId, channel);
      const attempt = await who.api.payments.attempt({ id: attemptId });
      const { total } = await who.api.orders.get({ id: orderId });
      const expected = channel.startsWith("va_")
        ? "va"
        : channel === "alfamart" || channel === "indomaret"
          ? "code"
          : kinds[channel as keyof typeof kinds];
      expect(attempt).toMatchObject({ status: "pending", channel, amount: total, fee: 0 });
      expect(attempt.action.type, channel).toBe(expected);
      if (attempt.action.type === "qr") expect(attempt.action.qrSvg).toMatch(/^<svg /);
      await rig.pay(attemptId);
      await until(async () => (await statusOf(who, orderId)) === "paid", `${channel} paid`);
      const order = await who.api.orders.get({ id: orderId });
      expect(order.paymentMethod).toBe(channel);
      expect((await who.api.payments.attempt({ id: attemptId })).status).toBe("paid");
    }
    // Paid from outside: the wallet never moved.
    expect((await who.api.wallet.summary()).balance).toBe(0);
  });

  it("applies a payment once, however often and in whatever order its notifications come", async () => {
    if (!rig.hold || !rig.resend) return;
    const who = await shopper();
    const { listingId } = await product();
    rig.hold();
    const { orderId, attemptId } = await place(who, listingId, "va_bca");
    await rig.pay(attemptId);
    // The payment first, then its older "pending": it stays paid.
    await rig.release!({ reverse: true });
    await rig.resend(attemptId, 5);
    await until(async () => (await statusOf(who, orderId)) === "paid", "paid");
    await rig.idle();
    expect((await who.api.wallet.summary()).balance).toBe(0);
    const history = await walletHistory(database.db, who.id, { limit: 10 });
    expect(history.items).toEqual([]);
  });

  it("refuses a forged notification, records it, and changes nothing", async () => {
    if (!rig.forged) return;
    const who = await shopper();
    const { listingId } = await product();
    const { orderId, attemptId } = await place(who, listingId, "qris");
    await rig.forged(attemptId);
    await rig.idle();
    expect(await statusOf(who, orderId)).toBe("pending_payment");
    const events = await rows<{ outcome: string }>(
      sql`select outcome from payment_events where provider = ${rig.name} and outcome = 'forged'`,
    );
    expect(events.length).toBeGreaterThan(0);
  });

  it("an attempt the provider expired closes; the order still waits, and another method pays it", async () => {
    if (!rig.expire) return;
    const who = await shopper();
    const { listingId } = await product();
    const { orderId, attemptId } = await place(who, listingId, "alfamart");
    await rig.expire(attemptId);
    await until(
      async () => (await who.api.payments.attempt({ id: attemptId })).status === "expired",
      "expired",
    );
    expect(await statusOf(who, orderId)).toBe("pending_payment");
    const order = await who.api.orders.get({ id: orderId });
    expect(order.channels.length).toBeGreaterThan(0);
    const { attemptId: next } = await who.api.payments.switch({
      id: attemptId,
      channel: "va_permata",
      idempotencyKey: newKey(),
    });
    await rig.pay(next);
    await until(async () => (await statusOf(who, orderId)) === "paid", "paid by the new attempt");
  });

  it("switching method: a new attempt, the old one closed; the old one's money still pays, once", async () => {
    const who = await shopper();
    const { listingId } = await product();
    const { orderId, attemptId: first } = await place(who, listingId, "va_bca");
    const { attemptId: second } = await who.api.payments.switch({
      id: first,
      channel: "qris",
      idempotencyKey: newKey(),
    });
    expect(second).not.toBe(first);
    expect((await who.api.payments.attempt({ id: first })).status).toBe("cancelled");
    // The old attempt's money arrives before the provider heard it was cancelled: it pays the order.
    await rig.pay(first);
    await until(async () => (await statusOf(who, orderId)) === "paid", "paid by the old attempt");
    expect((await who.api.orders.get({ id: orderId })).paymentMethod).toBe("va_bca");
    // The new one is closed, and cancelled at the provider.
    await database.jobs.runDue();
    expect((await who.api.payments.attempt({ id: second })).status).toBe("cancelled");
    expect((await who.api.wallet.summary()).balance).toBe(0);
  });

  it("money for an order already paid another way goes to the wallet, shown in fund history", async () => {
    const who = await shopper();
    const { listingId } = await product();
    const { orderId, attemptId } = await place(who, listingId, "va_bca");
    const { total } = await who.api.orders.get({ id: orderId });
    await ops.api.ops.money.adjust({
      account: who.email,
      amount: total,
      reason: "uji",
      idempotencyKey: newKey(),
    });
    await who.api.orders.pay({ proof: pinProof, id: orderId, method: "wallet", idempotencyKey: newKey() });
    await rig.pay(attemptId);
    await until(async () => (await who.api.wallet.summary()).balance === total, "late money in the wallet");
    const history = await who.api.wallet.history({ limit: 10 });
    // Named for what it is: paid twice, not a vague "late payment".
    expect(history.items[0]).toMatchObject({ entry: "double_payment", amount: total });
  });

  it("recharges the wallet by virtual account", async () => {
    const who = await shopper();
    const started = await who.api.wallet.recharge({
      amount: 250_000,
      method: "va_bri",
      idempotencyKey: newKey(),
    });
    const attempt = await who.api.payments.attempt({ id: started.attemptId });
    expect(attempt).toMatchObject({
      purpose: "recharge",
      amount: 250_000,
      action: { type: "va", bank: "bri" },
    });
    await rig.pay(started.attemptId);
    await until(async () => (await who.api.wallet.summary()).balance === 250_000, "credited");
    expect((await who.api.wallet.rechargeStatus({ id: started.id })).status).toBe("completed");
  });

  it("a payment whose notification never came is found by the status check, and named by the reconciliation", async () => {
    if (!rig.hold) return;
    const who = await shopper();
    const { listingId } = await product();
    const { orderId, attemptId } = await place(who, listingId, "va_mandiri");
    rig.hold();
    await rig.pay(attemptId);
    // The reconciliation of today names what the provider took and the shop did not know, and applies it.
    const report = await reconcilePayments(
      { db: database.db, gateway: rig.gateway, log: silentLog },
      jakartaToday(),
    );
    expect(report.differences).toContainEqual(
      expect.objectContaining({ attemptId, kind: "provider_paid_shop_not" }),
    );
    expect(await statusOf(who, orderId)).toBe("paid");
    await rig.release!();
    await rig.idle();
    expect(await statusOf(who, orderId)).toBe("paid");
  });
});
