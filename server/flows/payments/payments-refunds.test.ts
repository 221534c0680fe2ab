import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callerFor } from "../../../tests/setup/caller.ts";
import { newKey } from "../../../tests/setup/money.ts";
import { findAttempt } from "../../modules/payments/payments.service.ts";
import {
  database,
  moveClock,
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

/**
 * Money going back through each provider: reversals (and altered replays of them) and refunds on cancelling,
 * by the provider or to the wallet. The shop, the providers and the helpers: payments-test-setup.ts.
 */

usePaymentsShop();

describe.each(["sandbox", "midtrans", "xendit"] as const)("paying through %s", (name) => {
  useRig(name);

  it("a reversal after payment cancels the unshipped order, returns its stock, and moves the money back", async () => {
    const who = await shopper();
    const { listingId } = await product(5);
    const { orderId, attemptId } = await place(who, listingId, "qris");
    await rig.pay(attemptId);
    await until(async () => (await statusOf(who, orderId)) === "paid", "paid");
    await rig.reverse(attemptId);
    await until(async () => (await statusOf(who, orderId)) === "cancelled", "cancelled by the reversal");
    const order = await who.api.orders.get({ id: orderId });
    expect(order.cancelReason).toBe("payment_reversed");
    expect((await callerFor(database).listings.get({ id: listingId })).stock).toBe(5);
    // The shopper has the money back from their bank: nothing in the wallet.
    expect((await who.api.wallet.summary()).balance).toBe(0);
    expect((await who.api.payments.attempt({ id: attemptId })).status).toBe("reversed");
  });

  it("a captured notification sent again altered to a reversal leaves the paid order paid and shows it to the operator; a reversal at the provider is applied", async () => {
    const who = await shopper();
    const { listingId } = await product(5);
    const { orderId, attemptId } = await place(who, listingId, "qris");
    await rig.pay(attemptId);
    await until(async () => (await statusOf(who, orderId)) === "paid", "paid");
    await rig.replayAltered(attemptId);
    await rig.idle();
    // The provider still counts the payment: nothing moved.
    expect(await statusOf(who, orderId)).toBe("paid");
    expect((await who.api.payments.attempt({ id: attemptId })).status).toBe("paid");
    expect((await callerFor(database).listings.get({ id: listingId })).stock).toBe(4);
    const unapplied = await ops.api.ops.payments.events({ limit: 100 });
    expect(unapplied.items).toContainEqual(
      expect.objectContaining({ attemptId, provider: rig.name, outcome: "contradicted" }),
    );
    // The provider takes it back for real: applied.
    await (rig.chargeback ?? rig.reverse)(attemptId);
    await until(async () => (await statusOf(who, orderId)) === "cancelled", "cancelled by the reversal");
    expect((await who.api.orders.get({ id: orderId })).cancelReason).toBe("payment_reversed");
    expect((await who.api.payments.attempt({ id: attemptId })).status).toBe("reversed");
  });

  it("cancelling an order paid by QRIS refunds through the provider; one paid by a virtual account refunds to the wallet", async () => {
    const who = await shopper();
    const { listingId } = await product();
    const byQr = await place(who, listingId, "qris");
    const byVa = await place(who, listingId, "va_bni");
    await rig.pay(byQr.attemptId);
    await rig.pay(byVa.attemptId);
    await until(async () => (await statusOf(who, byVa.orderId)) === "paid", "paid");
    await until(async () => (await statusOf(who, byQr.orderId)) === "paid", "paid");
    const qrOrder = await who.api.orders.get({ id: byQr.orderId });
    const vaOrder = await who.api.orders.get({ id: byVa.orderId });
    expect(qrOrder.refundTo).toBe(rig.gateway.refundable("qris") ? "provider" : "wallet");
    expect(vaOrder.refundTo).toBe("wallet");
    await who.api.orders.cancel({ id: byQr.orderId, idempotencyKey: newKey() });
    await who.api.orders.cancel({ id: byVa.orderId, idempotencyKey: newKey() });
    await database.jobs.runDue();
    await rig.idle();
    // The VA's money is in the wallet; the QR's went back to the app that paid (in and out of the wallet).
    const viaProvider = qrOrder.refundTo === "provider";
    await until(
      async () =>
        (await who.api.wallet.summary()).balance === vaOrder.total + (viaProvider ? 0 : qrOrder.total),
      "refunds",
    );
    const entries = (await who.api.wallet.history({ limit: 10 })).items.map((i) => i.entry);
    expect(entries.filter((e) => e === "order_refund")).toHaveLength(2);
    if (viaProvider) {
      expect(entries).toContain("refund_to_provider");
      const attempt = (await findAttempt(database.db, byQr.attemptId))!;
      await until(
        async () => (await findAttempt(database.db, byQr.attemptId))!.refunded === qrOrder.total,
        "refunded",
      );
      expect(attempt.status).toBe("paid");
    }
  });

  it("GoPay is an e-wallet of its own; its refund goes back through the provider where the provider refunds GoPay", async () => {
    const who = await shopper();
    const { listingId } = await product();
    const { orderId, attemptId } = await place(who, listingId, "gopay");
    const attempt = await who.api.payments.attempt({ id: attemptId });
    expect(attempt).toMatchObject({ channel: "gopay", action: { type: "redirect" } });
    await rig.pay(attemptId);
    await until(async () => (await statusOf(who, orderId)) === "paid", "paid by GoPay");
    const order = await who.api.orders.get({ id: orderId });
    expect(order.paymentMethod).toBe("gopay");
    // Midtrans and the sandbox refund GoPay by API; Xendit's GoPay refund is not known: the wallet keeps it.
    const viaProvider = rig.name !== "xendit";
    expect(order.refundTo).toBe(viaProvider ? "provider" : "wallet");
    await who.api.orders.cancel({ id: orderId, idempotencyKey: newKey() });
    await database.jobs.runDue();
    await until(
      async () => (await findAttempt(database.db, attemptId))!.refunded === (viaProvider ? order.total : 0),
      "refunded",
    );
    expect((await who.api.wallet.summary()).balance).toBe(viaProvider ? 0 : order.total);
  });

  it("a refund notification sent again with a refund the provider never made changes nothing; the real refund is applied", async () => {
    if (!rig.replayRefund || !rig.failNext) return;
    const who = await shopper();
    const { listingId } = await product();
    const { orderId, attemptId } = await place(who, listingId, "qris");
    await rig.pay(attemptId);
    await until(async () => (await statusOf(who, orderId)) === "paid", "paid");
    const { total } = await who.api.orders.get({ id: orderId });
    await who.api.orders.cancel({ id: orderId, idempotencyKey: newKey() });
    // The provider is away when the refund is sent: it waits, pending.
    rig.failNext(503, 1);
    await database.jobs.runDue();
    const [refund] = await rows<{ id: string; status: string }>(
      sql`select id, status from payment_refunds where attempt_id = ${attemptId}`,
    );
    expect(refund).toMatchObject({ status: "pending" });
    // A captured notification of the payment, sent again as a refund listing the shop's refund key.
    await rig.replayRefund(attemptId, refund!.id, total);
    await rig.idle();
    const kept = await rows<{ status: string }>(
      sql`select status from payment_refunds where id = ${refund!.id}`,
    );
    expect(kept[0]!.status).toBe("pending");
    expect((await findAttempt(database.db, attemptId))!.refunded).toBe(0);
    const events = await ops.api.ops.payments.events({ limit: 100 });
    expect(events.items).toContainEqual(
      expect.objectContaining({ attemptId, provider: rig.name, outcome: "contradicted" }),
    );
    // The refund the provider really makes is applied, once.
    moveClock(() => new Date(Date.now() + 10 * 60_000));
    await database.jobs.runDue();
    await rig.idle();
    await until(async () => (await findAttempt(database.db, attemptId))!.refunded === total, "refunded");
    const done = await rows<{ status: string }>(
      sql`select status from payment_refunds where id = ${refund!.id}`,
    );
    expect(done[0]!.status).toBe("succeeded");
  });
});
