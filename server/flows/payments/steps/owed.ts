import { and, eq, inArray } from "drizzle-orm";
import { type MoneySettings } from "#common/contracts/settings.ts";
import { type Tx } from "../../../db/client.ts";
import {
  lockOrders,
  lockPayment,
  ordersTable as orders,
  paymentExpireJob,
  selectOpenPaymentsOf,
  selectPaymentOrderIds,
  updateOrder,
  updatePayment,
  updatePaymentStatus,
  type OrderRow,
} from "../../../modules/orders/orders.service.ts";
import { lockAttempt, selectAttemptsOf } from "../../../modules/payments/payments.service.ts";
import {
  rechargeExpireJob,
  rechargeExpireSubject,
  setRechargeDeadline,
} from "../../../modules/wallet/wallet.service.ts";
import { now } from "../../../platform/clock.ts";
import { scheduleJob } from "../../../platform/jobs.ts";
import { type PaymentGateway } from "../../../platform/payments.ts";
import {
  closeOtherAttempts,
  customerOf,
  maxAttemptsPerPayment,
  openAttempt,
  requestAttempt,
  type AttemptDeps,
} from "./attempts.ts";
import { schedulePaymentReminder } from "../../orders/steps/notices.ts";

/** The orders of a payment still waiting for it, locked (in id order), with what they owe. */
export function owedOrders(tx: Tx, paymentId: string): Promise<OrderRow[]> {
  return selectPaymentOrderIds(tx, paymentId).then((ids) =>
    lockOrders(tx, and(inArray(orders.id, ids), eq(orders.status, "pending_payment"))),
  );
}

/**
 * A switch moved a payment's deadline (decision 19): the payment, the orders it pays and the job that expires
 * them follow. One job per deadline (`<payment>@<ms>`); the job of an older deadline finds the payment still
 * open and does nothing.
 */
export async function movePaymentDeadline(
  tx: Tx,
  paymentId: string,
  owed: readonly OrderRow[],
  expiresAt: Date,
): Promise<void> {
  await updatePayment(tx, paymentId, { expiresAt });
  for (const o of owed) await updateOrder(tx, o.id, { payDueAt: expiresAt, updatedAt: now() });
  await scheduleJob(tx, paymentExpireJob, `${paymentId}@${expiresAt.getTime()}`, expiresAt);
  await schedulePaymentReminder(tx, paymentId, expiresAt);
}

/** A switch moved a recharge's deadline: the recharge and its expiry job follow. */
export async function moveRechargeDeadline(tx: Tx, rechargeId: string, expiresAt: Date): Promise<void> {
  await setRechargeDeadline(tx, rechargeId, expiresAt);
  await scheduleJob(tx, rechargeExpireJob, rechargeExpireSubject(rechargeId, expiresAt), expiresAt);
}

/** A provider payment still open for an order, locked with its attempts. */
export interface OpenPayment {
  id: string;
  expiresAt: Date;
}

/**
 * Locks, before an unpaid order is cancelled, the provider payments still open that pay it, each with its
 * attempts first, as the flows that apply a provider's event take them (attempt, payment, then orders).
 */
export async function lockOpenPaymentsOf(tx: Tx, orderId: string): Promise<OpenPayment[]> {
  const open: OpenPayment[] = [];
  for (const p of await selectOpenPaymentsOf(tx, orderId)) {
    const attempts = await selectAttemptsOf(tx, p.id);
    for (const a of [...attempts].reverse()) {
      if (a.status === "pending") await lockAttempt(tx, a.id);
    }
    const payment = await lockPayment(tx, p.id);
    if (payment?.status === "pending") open.push({ id: payment.id, expiresAt: payment.expiresAt });
  }
  return open;
}

/** An attempt opened again at what is still owed, to ask the provider for after the transaction. */
export interface Reopened {
  paymentId: string;
  attemptId: string;
}

/**
 * One or more orders of these payments were just cancelled unpaid (issue 40). Each payment follows what is
 * still owed, in the caller's transaction:
 *
 * - orders of it still wait: its open attempt (at the old total) is closed and cancelled at the provider by
 *   a job, and a new one at what is still owed opens on the same channel (the same phone for OVO), with the
 *   same deadline: the shopper who goes back to pay finds the same way to pay, at the new amount. Within
 *   the cap a switch has (`maxAttemptsPerPayment`): at the cap nothing new opens, and the shopper pays each
 *   order from its own page. No attempt open (it expired or failed), nothing opens: the shopper chooses.
 * - none waits: its open attempts are closed, and the payment is cancelled.
 *
 * Money that still arrives for a closed attempt pays what it paid that is still unpaid, and the share of a
 * cancelled order goes to the wallet, named for what it is. Answers the attempts to ask the provider for,
 * once the transaction has committed (`askProvider`).
 */
export async function followOwed(
  tx: Tx,
  gateway: PaymentGateway,
  settings: MoneySettings,
  payments: readonly OpenPayment[],
): Promise<Reopened[]> {
  const opened: Reopened[] = [];
  for (const payment of payments) {
    const owed = await owedOrders(tx, payment.id);
    const attempts = await selectAttemptsOf(tx, payment.id);
    if (owed.length === 0) {
      await closeOtherAttempts(tx, attempts, null);
      await updatePaymentStatus(tx, payment.id, ["pending"], "cancelled", now());
      continue;
    }
    const amount = owed.reduce((sum, o) => sum + o.total, 0);
    await updatePayment(tx, payment.id, { amount });
    const open = attempts.find((a) => a.status === "pending");
    await closeOtherAttempts(tx, attempts, null);
    if (
      !open ||
      open.provider !== gateway.provider ||
      !gateway.channels.includes(open.channel) ||
      attempts.length >= maxAttemptsPerPayment ||
      payment.expiresAt <= now()
    ) {
      continue;
    }
    opened.push({
      paymentId: payment.id,
      attemptId: await openAttempt(tx, gateway, settings, {
        purpose: "orders",
        subjectId: payment.id,
        userId: open.userId,
        amountDue: amount,
        channel: open.channel,
        phone: open.phone,
        expiresAt: payment.expiresAt,
        orderIds: owed.map((o) => o.id),
      }),
    });
  }
  return opened;
}

/**
 * Asks the provider, outside any transaction, for the attempts `followOwed` opened. A provider that refuses
 * or is away leaves the attempt without a way to pay it: the order's page then offers the methods again,
 * and the status check closes it.
 */
export async function askProvider(
  deps: AttemptDeps,
  reopened: readonly Reopened[],
  userId: string,
  name: string | null,
): Promise<void> {
  for (const r of reopened) {
    try {
      await requestAttempt(
        deps,
        r.attemptId,
        await customerOf(deps.db, userId, name),
        `Pasar ${r.paymentId}`,
      );
    } catch {
      // Told already by requestAttempt's own handling: the cancellation stands either way.
    }
  }
}
