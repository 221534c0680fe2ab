import { and, eq } from "drizzle-orm";
import { parcelCancelReason } from "#common/order-states.ts";
import { recordAudit } from "../../modules/audit/audit.service.ts";
import { once } from "../../modules/ledger/ledger.service.ts";
import { lockOrders, ordersTable as orders, type PaymentDeps } from "../../modules/orders/orders.service.ts";
import { getMoneySettings } from "../../modules/settings/settings.service.ts";
import { DomainError } from "../../platform/errors.ts";
import { askProvider, followOwed, lockOpenPaymentsOf } from "../payments/steps/owed.ts";
import { cancelLocked } from "./steps/cancel.ts";
import { letGoOfParcel } from "./steps/parcel-hold.ts";

type CancelDeps = Pick<PaymentDeps, "db" | "gateway" | "publicUrl" | "lang">;

/**
 * The shopper cancels an order before it is shipped (a paid one is refunded in full to the wallet); not while
 * its parcel is being booked with the courier (issue 40). An unpaid
 * order of a multi-store checkout leaves the checkout's open payment asking only what is still owed: its
 * attempt is closed and opened again at the new amount on the same channel (`followOwed`, issue 40).
 */
export async function cancelOrder(
  deps: CancelDeps,
  userId: string,
  input: { id: string; idempotencyKey: string },
): Promise<{ id: string; status: "cancelled" }> {
  const settings = await getMoneySettings(deps.db);
  const done = await once(
    deps.db,
    { userId, key: input.idempotencyKey, operation: "orders.cancel", request: { id: input.id } },
    async (tx) => {
      // The payments still open for it, with their attempts, before the order (as events take them).
      const open = await lockOpenPaymentsOf(tx, input.id);
      const [order] = await lockOrders(tx, and(eq(orders.id, input.id), eq(orders.userId, userId)));
      if (!order) throw new DomainError("not_found", "errors.orders.notFound");
      if (order.status !== "pending_payment" && order.status !== "paid") {
        throw new DomainError("conflict", "errors.orders.notCancellable");
      }
      if (order.status === "paid") await letGoOfParcel(tx, order.id);
      await cancelLocked(tx, order, "shopper", "shopper", userId);
      const reopened =
        order.status === "pending_payment" ? await followOwed(tx, deps.gateway, settings, open) : [];
      return { id: order.id, status: "cancelled" as const, reopened, name: order.address.name };
    },
  );
  await askProvider(deps, done.reopened, userId, done.name);
  return { id: done.id, status: done.status };
}

/**
 * The operator cancels an order with a reason, refunding a paid one in full. Audited. An order not yet shipped,
 * or a shipped one whose parcel the courier lost or brought back to the warehouse, or a cash-on-delivery one no
 * courier ever delivered (its exception says which): the shopper gets every rupiah paid, the store its goods
 * cost, and the stock returns only if the goods did. An unpaid order leaves its checkout's open payment at
 * what is still owed, as the shopper's cancellation does. Not while the parcel is being booked (issue 40).
 */
export async function operatorCancel(
  deps: CancelDeps,
  operatorId: string,
  input: { id: string; note: string; idempotencyKey: string },
): Promise<{ id: string; status: "cancelled" }> {
  const settings = await getMoneySettings(deps.db);
  const done = await once(
    deps.db,
    {
      userId: operatorId,
      key: input.idempotencyKey,
      operation: "ops.orders.cancel",
      request: { id: input.id, note: input.note },
    },
    async (tx) => {
      const open = await lockOpenPaymentsOf(tx, input.id);
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
      const reopened =
        order.status === "pending_payment" ? await followOwed(tx, deps.gateway, settings, open) : [];
      await recordAudit(tx, {
        actorId: operatorId,
        action: "order.cancel",
        subject: { type: "order", id: order.id },
        before: { status: order.status },
        after: { status: "cancelled", reason: input.note },
      });
      return {
        id: order.id,
        status: "cancelled" as const,
        reopened,
        userId: order.userId,
        name: order.address.name,
      };
    },
  );
  await askProvider(deps, done.reopened, done.userId, done.name);
  return { id: done.id, status: done.status };
}
