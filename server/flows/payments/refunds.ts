import { isDatabaseUnavailable, type Db } from "../../db/client.ts";
import { transact } from "../../db/transaction.ts";
import { move } from "../../modules/ledger/ledger.service.ts";
import { insertEvents, orderEvent } from "../../modules/orders/orders.service.ts";
import {
  addRefunded,
  findAttempt,
  lockRefund,
  selectRefund,
  updateRefund,
  type AttemptRow,
} from "../../modules/payments/payments.service.ts";
import { now } from "../../platform/clock.ts";
import { type Logger } from "../../platform/logger.ts";
import { PaymentProviderError, type PaymentGateway, type ProviderEvent } from "../../platform/payments.ts";

/**
 * The `payment.refund` job, outside any transaction: asks the provider to refund (again, after a failure:
 * the refund id makes it one refund). Succeeded: recorded. Refused for good: the money comes back to the
 * wallet. A provider away throws, and the job tries again with back-off.
 */
export async function sendRefund(db: Db, gateway: PaymentGateway, refundId: string): Promise<void> {
  const refund = await selectRefund(db, refundId);
  if (!refund || refund.status !== "pending") return;
  const attempt = (await findAttempt(db, refund.attemptId))!;
  // Refunded by a provider the shop no longer uses: it stays pending for the operator (reconciliation names it).
  if (attempt.provider !== gateway.provider) return;
  try {
    const answer = await gateway.refund({
      attemptId: attempt.id,
      providerPaymentId: attempt.providerPaymentId,
      refundId: refund.id,
      amount: refund.amount,
      reason: `Refund of order ${refund.orderId}`,
    });
    if (answer.status === "pending") {
      await updateRefundQuietly(db, refund.id, answer.providerRefundId);
      return;
    }
    await settleRefund(db, refund.id, answer.status, answer.providerRefundId);
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    if (error instanceof PaymentProviderError && !error.retryable) {
      await settleRefund(db, refund.id, "failed", null);
      return;
    }
    throw error;
  }
}

async function updateRefundQuietly(db: Db, id: string, providerRefundId: string): Promise<void> {
  await updateRefund(db, id, ["pending"], { providerRefundId });
}

/** A refund's outcome, once: succeeded counts on its attempt; failed puts the money back in the wallet. */
async function settleRefund(
  db: Db,
  id: string,
  status: "succeeded" | "failed",
  providerRefundId: string | null,
): Promise<boolean> {
  return transact(db, async (tx) => {
    const refund = await lockRefund(tx, id);
    if (!refund || refund.status !== "pending") return false;
    await updateRefund(tx, id, ["pending"], {
      status,
      decidedAt: now(),
      ...(providerRefundId ? { providerRefundId } : {}),
    });
    if (status === "succeeded") {
      await addRefunded(tx, refund.attemptId, refund.amount);
      return true;
    }
    await move(
      tx,
      [
        {
          from: { platform: "gateway_clearing" },
          to: { wallet: refund.userId },
          amount: refund.amount,
          kind: "prd_order_pay",
          subject: { type: "order", id: refund.orderId },
          step: `to_provider:${id}:returned`,
        },
      ],
      null,
    );
    await insertEvents(tx, [
      orderEvent(refund.orderId, "refunded", "system", null, { amount: refund.amount }),
    ]);
    return true;
  });
}

/**
 * A provider's event about one of the shop's refunds (by its id): applied once, and only when the provider
 * says the same of that refund (issue 40). A notification's signature does not always cover what it says of
 * a refund (Midtrans signs the order, status code and amount; its `refunds` list is not signed), so a
 * captured one sent again with a refund added could otherwise mark a refund still pending at the provider
 * as made, and the shop would count money as returned that never was. The provider is asked outside any
 * transaction; one that does not agree changes nothing (`contradicted`). `confirmed`: the event is itself
 * the provider's answer.
 */
export async function applyRefundEvent(
  deps: { db: Db; gateway: PaymentGateway; log: Logger },
  attempt: AttemptRow,
  refund: NonNullable<ProviderEvent["refund"]>,
  confirmed = false,
): Promise<"applied" | "unchanged" | "unmatched" | "contradicted"> {
  const row = await selectRefund(deps.db, refund.refundId);
  if (!row || row.attemptId !== attempt.id || row.amount !== refund.amount) return "unmatched";
  if (row.status !== "pending") return "unchanged";
  if (!confirmed) {
    const said = await deps.gateway.getRefund({
      attemptId: attempt.id,
      providerPaymentId: attempt.providerPaymentId,
      refundId: row.id,
    });
    if (said !== refund.status) {
      deps.log.warn(
        { attemptId: attempt.id, refundId: row.id, event: refund.status, provider: said },
        "refund event is not what the provider says of the refund; not applied",
      );
      return "contradicted";
    }
  }
  return (await settleRefund(deps.db, row.id, refund.status, null)) ? "applied" : "unchanged";
}
