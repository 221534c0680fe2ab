import { and, eq, inArray } from "drizzle-orm";
import { type Tx } from "../../db/client.ts";
import {
  goodsUnpaid,
  lockOrders,
  lockPayment,
  ordersTable as orders,
  selectPaymentOrderIds,
  updatePaymentStatus,
} from "../../modules/orders/orders.service.ts";
import { now } from "../../platform/clock.ts";
import { cancelLocked } from "./steps/cancel.ts";

/**
 * The `order.payment_expire` job (`<payment>`, or `<payment>@<ms>` once a switch moved its deadline): the
 * payment closes; orders of it still unpaid, whose own deadline passed too, are cancelled. The job of a
 * deadline a switch moved later does nothing: the job of the new one comes.
 */
export async function expirePayment(tx: Tx, subject: string): Promise<void> {
  const paymentId = subject.split("@")[0]!;
  const payment = await lockPayment(tx, paymentId);
  if (!payment || payment.expiresAt > now()) return;
  await updatePaymentStatus(tx, paymentId, ["pending"], "expired", now());
  const orderIds = await selectPaymentOrderIds(tx, paymentId);
  const waiting = await lockOrders(
    tx,
    and(inArray(orders.id, orderIds), eq(orders.status, "pending_payment")),
  );
  for (const o of waiting) {
    if (o.payDueAt <= now()) await cancelLocked(tx, o, "payment_expired", "system", null);
  }
}

/** The `order.goods_expire` job: an order whose goods cost is still unpaid is cancelled and refunded. */
export async function expireGoods(tx: Tx, orderId: string): Promise<void> {
  const [order] = await lockOrders(tx, and(eq(orders.id, orderId), goodsUnpaid));
  if (order) await cancelLocked(tx, order, "goods_unpaid", "system", null);
}
