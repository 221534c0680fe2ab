import { eq } from "drizzle-orm";
import { type Db } from "../../db/client.ts";
import { recordAudit } from "../../modules/audit/audit.service.ts";
import { once } from "../../modules/ledger/ledger.service.ts";
import {
  insertEvents,
  lockOrders,
  orderEvent,
  ordersTable as orders,
  updateOrder,
  type OrderRow,
} from "../../modules/orders/orders.service.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";

/** The operator notes a problem with an open order (shown in its timeline). Audited. */
export async function markException(
  db: Db,
  operatorId: string,
  input: { id: string; note: string; idempotencyKey: string },
): Promise<{ id: string; status: OrderRow["status"] }> {
  return once(
    db,
    {
      userId: operatorId,
      key: input.idempotencyKey,
      operation: "ops.orders.exception",
      request: { id: input.id, note: input.note },
    },
    async (tx) => {
      const [order] = await lockOrders(tx, eq(orders.id, input.id));
      if (!order) throw new DomainError("not_found", "errors.orders.notFound");
      if (order.status !== "paid" && order.status !== "shipped") {
        throw new DomainError("conflict", "errors.orders.notOpen");
      }
      await updateOrder(tx, order.id, { exception: input.note, updatedAt: now() });
      await insertEvents(tx, [
        orderEvent(order.id, "exception", "operator", operatorId, { note: input.note }),
      ]);
      await recordAudit(tx, {
        actorId: operatorId,
        action: "order.exception",
        subject: { type: "order", id: order.id },
        before: { exception: order.exception },
        after: { exception: input.note },
      });
      return { id: order.id, status: order.status };
    },
  );
}
