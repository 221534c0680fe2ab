import { type Db } from "../../db/client.ts";
import { transact } from "../../db/transaction.ts";
import { move } from "../../modules/ledger/ledger.service.ts";
import { selectRechargeByPayment, updateRechargeStatus } from "../../modules/wallet/wallet.service.ts";
import { now } from "../../platform/clock.ts";
import { type Logger } from "../../platform/logger.ts";
import { type GatewayNotification } from "../../platform/payments.ts";

/**
 * A verified gateway notification for a recharge (the flow checks the signature and routes it here by its
 * reference). It must name the recharge by the gateway's payment id, with the same reference, amount and
 * currency. "paid" completes the recharge and credits the wallet once (also after expiry: the money was
 * taken); "cancelled" cancels a pending one. Repeats change nothing.
 */
export async function applyRechargePayment(
  deps: { db: Db; log: Logger },
  n: GatewayNotification,
): Promise<"applied" | "unchanged" | "mismatch"> {
  const recharge = await selectRechargeByPayment(deps.db, n.paymentId);
  if (!recharge || recharge.id !== n.reference || recharge.amount !== n.amount || n.currency !== "IDR") {
    deps.log.warn({ paymentId: n.paymentId }, "payment notification does not match its recharge; refused");
    return "mismatch";
  }
  return transact(deps.db, async (tx) => {
    if (n.status === "cancelled") {
      return (await updateRechargeStatus(tx, recharge.id, ["pending"], "cancelled", now()))
        ? "applied"
        : "unchanged";
    }
    const done = await updateRechargeStatus(tx, recharge.id, ["pending", "expired"], "completed", now());
    if (!done) return "unchanged";
    await move(
      tx,
      [
        {
          from: { platform: "gateway_clearing" },
          to: { wallet: recharge.userId },
          amount: recharge.amount,
          kind: "recharge",
          subject: { type: "recharge", id: recharge.id },
          step: "credit",
        },
      ],
      null,
    );
    return "applied";
  });
}
