import { type CourierCode } from "#common/order-states.ts";
import { eq } from "drizzle-orm";
import { type Db } from "../../db/client.ts";
import { recordAudit } from "../../modules/audit/audit.service.ts";
import { scheduleJob } from "../../platform/jobs.ts";
import { once } from "../../modules/ledger/ledger.service.ts";
import {
  autoConfirmJob,
  insertEvents,
  lockOrders,
  orderEvent,
  ordersTable as orders,
  updateOrder,
} from "../../modules/orders/orders.service.ts";
import { getMoneySettings } from "../../modules/settings/settings.service.ts";
import { addMs, hour, now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";

/**
 * The operator ships an order whose goods cost is paid: courier and tracking number; the receipt window
 * starts (the order confirms itself at its end). Audited. Idempotent by key.
 */
export async function shipOrder(
  db: Db,
  operatorId: string,
  input: { id: string; courier: CourierCode; trackingNumber: string; idempotencyKey: string },
): Promise<{ id: string; status: "shipped" }> {
  const settings = await getMoneySettings(db);
  const trackingNumber = input.trackingNumber.toUpperCase();
  return once(
    db,
    {
      userId: operatorId,
      key: input.idempotencyKey,
      operation: "ops.orders.ship",
      request: { id: input.id, courier: input.courier, trackingNumber },
    },
    async (tx) => {
      const [order] = await lockOrders(tx, eq(orders.id, input.id));
      if (!order) throw new DomainError("not_found", "errors.orders.notFound");
      if (order.status !== "paid" || !order.goodsPaidAt)
        throw new DomainError("conflict", "errors.ship.notReady");
      const at = now();
      const autoConfirmAt = addMs(at, settings.receiptDays * 24 * hour);
      await updateOrder(tx, order.id, {
        status: "shipped",
        courier: input.courier,
        trackingNumber,
        shippedAt: at,
        autoConfirmAt,
        updatedAt: at,
      });
      await scheduleJob(tx, autoConfirmJob, order.id, autoConfirmAt);
      await insertEvents(tx, [
        orderEvent(order.id, "shipped", "operator", operatorId, { courier: input.courier, trackingNumber }),
      ]);
      await recordAudit(tx, {
        actorId: operatorId,
        action: "order.ship",
        subject: { type: "order", id: order.id },
        before: { status: "paid" },
        after: { status: "shipped", courier: input.courier, trackingNumber },
      });
      return { id: order.id, status: "shipped" as const };
    },
  );
}
