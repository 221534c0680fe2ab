import { inArray } from "drizzle-orm";
import { type Db } from "../../db/client.ts";
import { transact } from "../../db/transaction.ts";
import { move, type Transfer } from "../../modules/ledger/ledger.service.ts";
import {
  insertEvents,
  lockOrders,
  orderEvent,
  ordersTable as orders,
  selectPaymentByGateway,
  selectPaymentOrderIds,
  updatePaymentStatus,
  type OrderRow,
} from "../../modules/orders/orders.service.ts";
import { getMoneySettings } from "../../modules/settings/settings.service.ts";
import { now } from "../../platform/clock.ts";
import { type Logger } from "../../platform/logger.ts";
import { type GatewayNotification } from "../../platform/payments.ts";
import { markPaid } from "./steps/payment.ts";

/**
 * A verified gateway notification for an order payment (the flow checks the signature and routes it here by
 * its reference). It must match the payment's gateway id, amount and currency. Paid: each order still
 * waiting is paid into escrow; the share of any order no longer waiting (cancelled, expired, paid another
 * way) goes to the shopper's wallet, since the money was taken. Repeats change nothing.
 */
export async function applyOrderPayment(
  deps: { db: Db; log: Logger },
  n: GatewayNotification,
): Promise<"applied" | "unchanged" | "mismatch"> {
  const payment = await selectPaymentByGateway(deps.db, n.paymentId);
  if (!payment || payment.id !== n.reference || payment.amount !== n.amount || n.currency !== "IDR") {
    deps.log.warn(
      { paymentId: n.paymentId },
      "payment notification does not match its order payment; refused",
    );
    return "mismatch";
  }
  const settings = await getMoneySettings(deps.db);
  return transact(deps.db, async (tx) => {
    if (n.status === "cancelled") {
      return (await updatePaymentStatus(tx, payment.id, ["pending"], "cancelled", now()))
        ? "applied"
        : "unchanged";
    }
    if (!(await updatePaymentStatus(tx, payment.id, ["pending", "expired", "cancelled"], "paid", now()))) {
      return "unchanged";
    }
    const orderIds = await selectPaymentOrderIds(tx, payment.id);
    const locked = await lockOrders(tx, inArray(orders.id, orderIds));
    const transfers: Transfer[] = [];
    const payable: OrderRow[] = [];
    for (const o of locked) {
      if (o.status === "pending_payment") {
        payable.push(o);
        transfers.push({
          from: { platform: "gateway_clearing" },
          to: { platform: "escrow" },
          amount: o.total,
          kind: "prd_order_pay",
          subject: { type: "order", id: o.id },
          step: "pay",
        });
      } else {
        transfers.push({
          from: { platform: "gateway_clearing" },
          to: { wallet: payment.userId },
          amount: o.total,
          kind: "prd_order_pay",
          subject: { type: "order", id: o.id },
          step: `late:${payment.id}`,
        });
      }
    }
    await move(tx, transfers, null);
    for (const o of payable) await markPaid(tx, settings, o.id, payment.id, "sandbox", "system", null);
    for (const o of locked.filter((x) => !payable.includes(x))) {
      await insertEvents(tx, [orderEvent(o.id, "refunded", "system", null, { amount: o.total })]);
    }
    return "applied";
  });
}
