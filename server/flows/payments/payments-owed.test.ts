import { describe, expect, it } from "vitest";
import { newKey } from "../../../tests/setup/money.ts";
import { findAttempt } from "../../modules/payments/payments.service.ts";
import {
  checkoutOfThree,
  database,
  rig,
  shopper,
  statusOf,
  until,
  usePaymentsShop,
  useRig,
} from "./payments-test-setup.ts";

/**
 * Cancelling one order of a checkout of three stores, through each provider: the open payment asks what is
 * still owed, and an old attempt's money still pays. The shop, the providers and the helpers:
 * payments-test-setup.ts.
 */

usePaymentsShop();

describe.each(["sandbox", "midtrans", "xendit"] as const)("paying through %s", (name) => {
  useRig(name);

  it("cancelling one order of a three-store checkout leaves the open payment asking only what is still owed, on the same channel", async () => {
    const who = await shopper();
    const { orderIds, attemptId, totals } = await checkoutOfThree(who, "qris");
    const [gone, kept, other] = orderIds as [string, string, string];
    const before = await who.api.payments.attempt({ id: attemptId });
    expect(before).toMatchObject({ channel: "qris", amount: totals[0]! + totals[1]! + totals[2]! });
    await who.api.orders.cancel({ id: gone, idempotencyKey: newKey() });
    // "Lanjutkan pembayaran" on another order of the checkout: the same channel, at what is still owed.
    const next = (await who.api.orders.get({ id: kept })).attemptId!;
    expect(next).not.toBe(attemptId);
    const after = await who.api.payments.attempt({ id: next });
    expect(after).toMatchObject({
      channel: "qris",
      status: "pending",
      amount: totals[1]! + totals[2]!,
      orderIds: [gone, kept, other],
      buyAgain: [],
    });
    expect(after.expiresAt).toEqual(before.expiresAt);
    console.info(
      `[${rig.name}] open QRIS payment: Rp ${before.amount} for three orders, Rp ${after.amount} once one was cancelled`,
    );
    // The old QR is closed here, and at the provider by the cancel job.
    expect((await who.api.payments.attempt({ id: attemptId })).status).toBe("cancelled");
    await database.jobs.runDue();
    await rig.idle();
    const old = (await findAttempt(database.db, attemptId))!;
    expect(
      (await rig.gateway.getPayment({ attemptId, providerPaymentId: old.providerPaymentId })).status,
    ).toBe("cancelled");
    // Paid at the new amount: the two orders left, nothing in the wallet, the cancelled one stays so.
    await rig.pay(next);
    await until(async () => (await statusOf(who, other)) === "paid", "paid at the new amount");
    expect(await statusOf(who, kept)).toBe("paid");
    expect(await statusOf(who, gone)).toBe("cancelled");
    expect((await who.api.wallet.summary()).balance).toBe(0);
  });

  it("money the old attempt still brings pays the orders left, and the cancelled order's share goes to the balance, named for it", async () => {
    const who = await shopper();
    const { orderIds, attemptId, totals } = await checkoutOfThree(who, "va_bni");
    const [gone, kept, other] = orderIds as [string, string, string];
    await who.api.orders.cancel({ id: gone, idempotencyKey: newKey() });
    const next = (await who.api.orders.get({ id: kept })).attemptId!;
    expect((await who.api.payments.attempt({ id: next })).amount).toBe(totals[1]! + totals[2]!);
    // The shopper's bank had paid the old number before the provider heard it was closed.
    await rig.pay(attemptId);
    await until(async () => (await statusOf(who, other)) === "paid", "paid by the old attempt");
    expect(await statusOf(who, kept)).toBe("paid");
    expect(await statusOf(who, gone)).toBe("cancelled");
    await until(async () => (await who.api.wallet.summary()).balance === totals[0], "its share returned");
    const history = await who.api.wallet.history({ limit: 10 });
    expect(history.items.map((i) => [i.entry, i.amount])).toEqual([["cancelled_order_payment", totals[0]]]);
    // The new attempt is closed: nothing more to pay.
    expect((await who.api.payments.attempt({ id: next })).status).toBe("cancelled");
  });
});
