// The step the order flows borrow from payments: a refund sent on to the app that paid (issue 40: flow folders
// lend steps, not use cases).
import { type Tx } from "../../../db/client.ts";
import { move } from "../../../modules/ledger/ledger.service.ts";
import { type OrderRow } from "../../../modules/orders/orders.service.ts";
import { insertRefund, refundJob } from "../../../modules/payments/payments.service.ts";
import { now } from "../../../platform/clock.ts";
import { newId } from "../../../platform/ids.ts";
import { scheduleJob } from "../../../platform/jobs.ts";
import { refundableAttemptOf } from "../../../read/payments.ts";

/**
 * A refund just paid into the shopper's wallet, sent on to the e-wallet or QRIS app that paid the order
 * when its channel allows it: in the caller's transaction the money leaves the wallet for the provider
 * (both steps show in fund history), and a job asks the provider, with the refund's id as its idempotency
 * key. A provider that refuses it puts the money back in the wallet. Nothing happens for other channels.
 */
export async function sendRefundToProvider(
  tx: Tx,
  order: OrderRow,
  amount: number,
  reason: string,
): Promise<void> {
  const attempt = await refundableAttemptOf(tx, order);
  if (!attempt) return;
  const id = newId("prf", now().getTime());
  await insertRefund(tx, {
    id,
    attemptId: attempt.id,
    orderId: order.id,
    userId: order.userId,
    amount,
    createdAt: now(),
  });
  await move(
    tx,
    [
      {
        from: { wallet: order.userId },
        to: { platform: "gateway_clearing" },
        amount,
        kind: "prd_order_pay",
        subject: { type: "order", id: order.id },
        step: `to_provider:${id}`,
        memo: reason,
      },
    ],
    null,
  );
  await scheduleJob(tx, refundJob, id, now());
}
