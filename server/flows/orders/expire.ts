import { and, eq, inArray } from "drizzle-orm";
import { type Tx } from "../../db/client.ts";
import {
  goodsUnpaid,
  lockOrders,
  ordersTable as orders,
  selectPaymentOrderIds,
  updatePaymentStatus,
} from "../../modules/orders/orders.service.ts";
import { now } from "../../platform/clock.ts";
import { cancelLocked } from "./steps/cancel.ts";

/** The `order.payment_expire` job: the payment closes; orders of it still unpaid are cancelled. */
export async function expirePayment(tx: Tx, paymentId: string): Promise<void> {
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
