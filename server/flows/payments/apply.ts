import { inArray } from "drizzle-orm";
import { type MoneySettings } from "#common/contracts/settings.ts";
import { reversedException } from "#common/order-states.ts";
import { type Db, type Tx } from "../../db/client.ts";
import { transact } from "../../db/transaction.ts";
import { move, walletBalance, type Transfer } from "../../modules/ledger/ledger.service.ts";
import {
  insertEvents,
  lockOrders,
  lockPayment,
  orderEvent,
  ordersTable as orders,
  selectPaymentOrderIds,
  updateOrder,
  updatePaymentStatus,
  type OrderRow,
} from "../../modules/orders/orders.service.ts";
import {
  findAttempt,
  isReversal,
  lockAttempt,
  selectAttemptsOf,
  selectRefundsOfOrders,
  updateAttemptStatus,
  updateRefund,
  type AttemptRow,
} from "../../modules/payments/payments.service.ts";
import { getMoneySettings } from "../../modules/settings/settings.service.ts";
import { selectRecharge, updateRechargeStatus } from "../../modules/wallet/wallet.service.ts";
import { now } from "../../platform/clock.ts";
import { type Logger } from "../../platform/logger.ts";
import { type PaymentGateway, type ProviderEvent } from "../../platform/payments.ts";
import { cancelLocked } from "../orders/steps/cancel.ts";
import { markPaid } from "../orders/steps/payment.ts";
import { closeOtherAttempts } from "./steps/attempts.ts";
import { applyRefundEvent } from "./refunds.ts";

/**
 * What became of a provider's event; anything but `applied` and `unchanged` changed nothing. `contradicted`:
 * it would have taken back a payment, and the provider's status API says the payment stands.
 */
export type EventOutcome = "applied" | "unchanged" | "unmatched" | "mismatch" | "contradicted";

interface ApplyDeps {
  db: Db;
  gateway: PaymentGateway;
  log: Logger;
}

/**
 * A verified provider event (a notification, or a status the shop read), applied once whatever its order
 * and however often it comes (decision 19). It must name an attempt of this provider with the amount and
 * currency asked. `paid` pays what the attempt pays, or puts the money in the wallet when that was paid or
 * closed meanwhile; `failed`, `expired` or `cancelled` close a pending attempt; after a payment, `failed`
 * (Midtrans' settlement turned deny) or `reversed` (Xendit's SUCCEEDED turned REVERSED, a chargeback) take
 * the payment back.
 *
 * Nothing changes a decided attempt on a notification's word alone: what a notification's signature covers
 * does not always include its state (Midtrans signs the order, status code and amount, not
 * `transaction_status`), a captured one can be sent again altered, and an old one can arrive late. So when an
 * event would take a payment back, or pay an attempt already closed (money to the wallet), the provider's
 * status API is asked first (outside any transaction), and the event is applied only when the provider says
 * the same; otherwise it is `contradicted`. A pending attempt is paid on its notification, as before.
 * `confirmed` says the event is itself the status API's answer (status checks, the reconciliation).
 */
export async function applyProviderEvent(
  deps: ApplyDeps,
  e: ProviderEvent,
  opts: { confirmed?: boolean } = {},
): Promise<EventOutcome> {
  const attempt = await findAttempt(deps.db, e.attemptId);
  if (!attempt || attempt.provider !== deps.gateway.provider) return "unmatched";
  if (
    (attempt.providerPaymentId !== null && attempt.providerPaymentId !== e.providerPaymentId) ||
    e.amount !== attempt.amount ||
    e.currency !== "IDR"
  ) {
    deps.log.warn({ attemptId: attempt.id }, "payment event does not match its attempt; refused");
    return "mismatch";
  }
  if (e.refund) return applyRefundEvent(deps, attempt, e.refund, opts.confirmed === true);
  const settings = await getMoneySettings(deps.db);
  let confirmed = opts.confirmed === true;
  // At most twice: the second time with the provider's confirmation in hand.
  for (;;) {
    const outcome = await transact(deps.db, async (tx): Promise<EventOutcome | "ask"> => {
      const locked = (await lockAttempt(tx, attempt.id))!;
      switch (e.status) {
        case "pending":
        case "refunded":
          // A refund's own event says what it refunded; a bare "refunded" status is the reconciliation's.
          return "unchanged";
        case "paid":
          // Money for an attempt already closed goes to the wallet: asked first, as a reversal is.
          if (closedStates.includes(locked.status) && !confirmed) return "ask";
          return (await payAttempt(tx, settings, locked)) ? "applied" : "unchanged";
        case "failed":
        case "expired":
        case "cancelled":
        case "reversed":
          if (isReversal(locked.status, e.status)) {
            // Decided under the row lock, so an attempt paid a moment ago is never taken back unasked.
            if (!confirmed) return "ask";
            await reverseAttempt(tx, locked);
            return "applied";
          }
          if (e.status === "reversed") return "unchanged";
          return (await updateAttemptStatus(tx, locked.id, ["pending"], e.status, now()))
            ? "applied"
            : "unchanged";
      }
    });
    if (outcome !== "ask") return outcome;
    // The provider's id the event names, when the shop has none yet: the adapter checks it is this attempt's.
    const current = await deps.gateway.getPayment({
      attemptId: attempt.id,
      providerPaymentId: attempt.providerPaymentId ?? e.providerPaymentId,
    });
    const agrees =
      e.status === "paid"
        ? current.status === "paid" || current.status === "refunded"
        : current.status === "reversed" || current.status === "failed";
    if (!agrees) {
      deps.log.warn(
        { attemptId: attempt.id, event: e.providerStatus, provider: current.status },
        "payment event for a decided attempt is not what the provider says; not applied",
      );
      return "contradicted";
    }
    confirmed = true;
  }
}

/**
 * The orders an attempt's money is shared out to: those it was opened for (issue 40), or, for an attempt
 * opened before attempts named them, every order of its payment.
 */
async function coveredOrderIds(tx: Tx, attempt: AttemptRow): Promise<string[]> {
  return attempt.orderIds ?? selectPaymentOrderIds(tx, attempt.subjectId);
}

/** States an attempt closed in without being paid; money arriving for one is a late payment. */
const closedStates: readonly AttemptRow["status"][] = ["expired", "cancelled", "failed"];

/** The channel's fee of a paid attempt, to revenue (or back, when the payment is reversed). */
function feeTransfers(attempt: AttemptRow, step: "fee" | "fee_reversal"): Transfer[] {
  if (attempt.fee === 0) return [];
  const revenue = { platform: "revenue" as const };
  const clearing = { platform: "gateway_clearing" as const };
  return [
    {
      from: step === "fee" ? clearing : revenue,
      to: step === "fee" ? revenue : clearing,
      amount: attempt.fee,
      kind: attempt.purpose === "orders" ? "prd_order_pay" : "recharge",
      subject: { type: "payment", id: attempt.id },
      step,
    },
  ];
}

/**
 * The attempt was paid: its fee goes to revenue, and the rest pays its orders or recharge; money for
 * orders no longer waiting, or for a recharge already completed by another attempt, goes to the wallet.
 * The other attempts of the same payment are closed. False when it was applied before.
 */
async function payAttempt(tx: Tx, settings: MoneySettings, attempt: AttemptRow): Promise<boolean> {
  const paid = await updateAttemptStatus(
    tx,
    attempt.id,
    ["pending", "expired", "cancelled", "failed"],
    "paid",
    now(),
  );
  if (!paid) return false;
  const transfers: Transfer[] = feeTransfers(attempt, "fee");
  if (attempt.purpose === "recharge") {
    const recharge = (await selectRecharge(tx, attempt.subjectId))!;
    const completed = await updateRechargeStatus(
      tx,
      recharge.id,
      ["pending", "expired", "cancelled"],
      "completed",
      now(),
    );
    transfers.push({
      from: { platform: "gateway_clearing" },
      to: { wallet: attempt.userId },
      amount: attempt.amount - attempt.fee,
      kind: "recharge",
      subject: { type: "recharge", id: recharge.id },
      step: completed ? "credit" : `paid_twice:${attempt.id}`,
    });
    await move(tx, transfers, null);
  } else {
    const payment = (await lockPayment(tx, attempt.subjectId))!;
    const first = await updatePaymentStatus(
      tx,
      payment.id,
      ["pending", "expired", "cancelled"],
      "paid",
      now(),
      attempt.id,
    );
    const locked = await lockOrders(tx, inArray(orders.id, await coveredOrderIds(tx, attempt)));
    const payable = first ? locked.filter((o) => o.status === "pending_payment") : [];
    for (const o of locked) {
      const pays = payable.includes(o);
      transfers.push({
        from: { platform: "gateway_clearing" },
        to: pays ? { platform: "escrow" } : { wallet: attempt.userId },
        amount: o.total,
        kind: "prd_order_pay",
        subject: { type: "order", id: o.id },
        // Not paid by it: the order was cancelled (its payment is returned to the balance), or paid already.
        step: pays
          ? "pay"
          : o.status === "cancelled"
            ? `cancelled:${attempt.id}`
            : `paid_twice:${attempt.id}`,
      });
    }
    await move(tx, transfers, null);
    for (const o of payable) await markPaid(tx, settings, o.id, payment.id, attempt.channel, "system", null);
    for (const o of locked.filter((x) => !payable.includes(x))) {
      await insertEvents(tx, [orderEvent(o.id, "refunded", "system", null, { amount: o.total })]);
    }
  }
  await closeOtherAttempts(tx, await selectAttemptsOf(tx, attempt.subjectId), attempt.id);
  return true;
}

/**
 * The provider took back a payment it had made (decision 19). Its fee comes back out of revenue. Orders it
 * paid that are not shipped are cancelled, their stock returned and their money sent back to the provider
 * (not to the wallet: the shopper has it back already). Orders already shipped stay as they are, held for
 * the operator with an exception, and the platform carries the loss in `adjustments` until the operator
 * settles it. Money it had put in the wallet (a recharge, a late payment) is taken back from the wallet, as
 * far as the balance goes; the rest is carried in `adjustments` too.
 */
/**
 * A reversal's effect on refunds of the attempt still waiting to go to the provider for an order: each is
 * closed as superseded, never sent (a conditional update from pending, so the refund job, which only sends
 * pending ones, sends nothing and returns nothing to the wallet). Answers what they came to.
 */
async function supersedeRefunds(tx: Tx, attempt: AttemptRow, orderId: string): Promise<number> {
  let total = 0;
  for (const r of await selectRefundsOfOrders(tx, [orderId])) {
    if (r.attemptId !== attempt.id || r.status !== "pending") continue;
    if (await updateRefund(tx, r.id, ["pending"], { status: "superseded", decidedAt: now() }))
      total += r.amount;
  }
  return total;
}

async function reverseAttempt(tx: Tx, attempt: AttemptRow): Promise<void> {
  await updateAttemptStatus(tx, attempt.id, ["paid"], "reversed", now());
  const step = `reversal:${attempt.id}`;
  const transfers: Transfer[] = feeTransfers(attempt, "fee_reversal");
  const fromWallet = async (amount: number, kind: Transfer["kind"], subject: Transfer["subject"]) => {
    const taken = Math.min(amount, Math.max(0, await walletBalance(tx, attempt.userId)));
    if (taken > 0) {
      transfers.push({
        from: { wallet: attempt.userId },
        to: { platform: "gateway_clearing" },
        amount: taken,
        kind,
        subject,
        step,
      });
    }
    if (amount > taken) {
      transfers.push({
        from: { platform: "adjustments" },
        to: { platform: "gateway_clearing" },
        amount: amount - taken,
        kind: "system",
        subject,
        step: `${step}:short`,
      });
    }
  };
  if (attempt.purpose === "recharge") {
    await fromWallet(attempt.amount - attempt.fee, "recharge", { type: "recharge", id: attempt.subjectId });
    await move(tx, transfers, null);
    return;
  }
  const payment = (await lockPayment(tx, attempt.subjectId))!;
  const locked = await lockOrders(tx, inArray(orders.id, await coveredOrderIds(tx, attempt)));
  const cancel: OrderRow[] = [];
  for (const o of locked) {
    const paidByIt = payment.paidAttemptId === attempt.id && o.paidBy === payment.id;
    if (!paidByIt || o.status === "cancelled") {
      // Its money went to the wallet: as a late payment, or refunded there when the order was cancelled. What
      // of it already left the wallet for a refund through the provider, not sent yet, is what the provider
      // has just taken back: that refund is not sent (it would be refused, and its money come back to the
      // wallet a second time), and is not taken from the wallet again.
      const superseded = await supersedeRefunds(tx, attempt, o.id);
      if (o.total > superseded)
        await fromWallet(o.total - superseded, "prd_order_pay", { type: "order", id: o.id });
    } else if (o.status === "paid") {
      cancel.push(o);
    } else if (o.status === "shipped" || o.status === "completed") {
      // The platform carries what the provider took back, less a return's refund still waiting to be sent to
      // the provider: that refund is not sent (the chargeback gave the shopper that money already, and a refused
      // refund would put it in the wallet a second time), and its money, gone from the wallet, covers its part.
      const superseded = await supersedeRefunds(tx, attempt, o.id);
      if (o.total > superseded) {
        transfers.push({
          from: { platform: "adjustments" },
          to: { platform: "gateway_clearing" },
          amount: o.total - superseded,
          kind: "system",
          subject: { type: "order", id: o.id },
          step,
        });
      }
      await updateOrder(tx, o.id, { exception: reversedException, updatedAt: now() });
      await insertEvents(tx, [
        orderEvent(o.id, "exception", "system", null, { reason: "payment_reversed", amount: o.total }),
      ]);
    }
  }
  await move(tx, transfers, null);
  for (const o of cancel)
    await cancelLocked(tx, o, "payment_reversed", "system", null, undefined, { reversed: true });
}
