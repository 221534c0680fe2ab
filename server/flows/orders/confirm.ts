import { and, eq } from "drizzle-orm";
import { type Db, type Tx } from "../../db/client.ts";
import { once } from "../../modules/ledger/ledger.service.ts";
import { parcelExceptions } from "#common/order-states.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { codDue, collectCod } from "./steps/cod.ts";
import { completeLocked } from "./steps/complete.ts";
import {
  insertEvents,
  lockOrders,
  orderEvent,
  ordersTable as orders,
  updateOrder,
} from "../../modules/orders/orders.service.ts";

/**
 * The shopper confirms receipt of a shipped order: it completes, and the store is paid the subtotal. A
 * cash-on-delivery parcel received was paid at the door: what the courier collected is posted first, if its
 * "delivered" has not come yet.
 */
export async function confirmReceipt(
  db: Db,
  userId: string,
  input: { id: string; idempotencyKey: string },
): Promise<{ id: string; status: "completed" }> {
  return once(
    db,
    { userId, key: input.idempotencyKey, operation: "orders.confirm", request: { id: input.id } },
    async (tx) => {
      const [order] = await lockOrders(tx, and(eq(orders.id, input.id), eq(orders.userId, userId)));
      if (!order) throw new DomainError("not_found", "errors.orders.notFound");
      if (order.status !== "shipped") throw new DomainError("conflict", "errors.orders.notShipped");
      await collectCod(tx, order, now());
      await completeLocked(tx, order, "shopper", userId);
      return { id: order.id, status: "completed" as const };
    },
  );
}

/**
 * The `order.auto_confirm` job (`<order>`, scheduled at shipping, and `<order>:delivered`, when the courier
 * says it was delivered): a shipped order confirms itself at the end of its receipt window. A job earlier than
 * the window (delivery moved it) or of an order with a parcel problem does nothing. A cash-on-delivery order no
 * courier has said was delivered has collected nothing: it goes to the operator instead (a later "delivered"
 * clears that and collects).
 */
export async function autoConfirm(tx: Tx, subject: string): Promise<void> {
  const [orderId] = subject.split(":");
  const [order] = await lockOrders(tx, and(eq(orders.id, orderId!), eq(orders.status, "shipped")));
  if (!order) return;
  if (order.autoConfirmAt && order.autoConfirmAt.getTime() > now().getTime()) return;
  if (order.exception && (parcelExceptions as readonly string[]).includes(order.exception)) return;
  if (codDue(order)) {
    await updateOrder(tx, order.id, { exception: "cod_uncollected", updatedAt: now() });
    await insertEvents(tx, [orderEvent(order.id, "exception", "system", null, { note: "cod_uncollected" })]);
    return;
  }
  await completeLocked(tx, order, "system", null);
}
