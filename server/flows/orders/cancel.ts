import { and, eq } from "drizzle-orm";
import { parcelCancelReason } from "#common/order-states.ts";
import { type Db } from "../../db/client.ts";
import { recordAudit } from "../../modules/audit/audit.service.ts";
import { once } from "../../modules/ledger/ledger.service.ts";
import { lockOrders, ordersTable as orders } from "../../modules/orders/orders.service.ts";
import { DomainError } from "../../platform/errors.ts";
import { cancelLocked } from "./steps/cancel.ts";
import { letGoOfParcel } from "./steps/parcel-hold.ts";

/**
 * The shopper cancels an order before it is shipped (a paid one is refunded in full to the wallet); not while
 * its parcel is being booked with the courier (issue 40).
 */
export async function cancelOrder(
  db: Db,
  userId: string,
  input: { id: string; idempotencyKey: string },
): Promise<{ id: string; status: "cancelled" }> {
  return once(
    db,
    { userId, key: input.idempotencyKey, operation: "orders.cancel", request: { id: input.id } },
    async (tx) => {
      const [order] = await lockOrders(tx, and(eq(orders.id, input.id), eq(orders.userId, userId)));
      if (!order) throw new DomainError("not_found", "errors.orders.notFound");
      if (order.status !== "pending_payment" && order.status !== "paid") {
        throw new DomainError("conflict", "errors.orders.notCancellable");
      }
      if (order.status === "paid") await letGoOfParcel(tx, order.id);
      await cancelLocked(tx, order, "shopper", "shopper", userId);
      return { id: order.id, status: "cancelled" as const };
    },
  );
}

/**
 * The operator cancels an order with a reason, refunding a paid one in full. Audited. An order not yet shipped,
 * or a shipped one whose parcel the courier lost or brought back to the warehouse, or a cash-on-delivery one no
 * courier ever delivered (its exception says which): the shopper gets every rupiah paid, the store its goods
 * cost, and the stock returns only if the goods did. Not while the parcel is being booked (issue 40).
 */
export async function operatorCancel(
  db: Db,
  operatorId: string,
  input: { id: string; note: string; idempotencyKey: string },
): Promise<{ id: string; status: "cancelled" }> {
  return once(
    db,
    {
      userId: operatorId,
      key: input.idempotencyKey,
      operation: "ops.orders.cancel",
      request: { id: input.id, note: input.note },
    },
    async (tx) => {
      const [order] = await lockOrders(tx, eq(orders.id, input.id));
      if (!order) throw new DomainError("not_found", "errors.orders.notFound");
      const parcel = order.status === "shipped" ? parcelCancelReason(order.exception) : null;
      if (order.status !== "pending_payment" && order.status !== "paid" && !parcel) {
        throw new DomainError("conflict", "errors.orders.notCancellable");
      }
      if (order.status === "paid") await letGoOfParcel(tx, order.id);
      await cancelLocked(tx, order, parcel ?? "operator", "operator", operatorId, input.note, {
        keepStock: parcel === "parcel_lost",
      });
      await recordAudit(tx, {
        actorId: operatorId,
        action: "order.cancel",
        subject: { type: "order", id: order.id },
        before: { status: order.status },
        after: { status: "cancelled", reason: input.note },
      });
      return { id: order.id, status: "cancelled" as const };
    },
  );
}
