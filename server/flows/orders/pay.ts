import { type PaymentMethod } from "#common/order-states.ts";
import { and, eq } from "drizzle-orm";
import { once } from "../../modules/ledger/ledger.service.ts";
import { lockOrders, ordersTable as orders, type PaymentDeps } from "../../modules/orders/orders.service.ts";
import { getMoneySettings } from "../../modules/settings/settings.service.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { gatewayUrl, openPayment, payFromWallet } from "./steps/payment.ts";

/**
 * Pays one unpaid order later (from its detail page): from the wallet at once, or through a new gateway
 * payment for it. Idempotent by key.
 */
export async function payOrder(
  deps: PaymentDeps,
  userId: string,
  input: { id: string; method: PaymentMethod; idempotencyKey: string },
): Promise<{ redirectUrl: string | null }> {
  const settings = await getMoneySettings(deps.db);
  const { paymentId } = await once(
    deps.db,
    {
      userId,
      key: input.idempotencyKey,
      operation: "orders.pay",
      request: { id: input.id, method: input.method },
    },
    async (tx) => {
      const [order] = await lockOrders(tx, and(eq(orders.id, input.id), eq(orders.userId, userId)));
      if (!order) throw new DomainError("not_found", "errors.orders.notFound");
      if (order.status !== "pending_payment" || order.payDueAt <= now()) {
        throw new DomainError("conflict", "errors.orders.notPayable");
      }
      const paymentId = await openPayment(tx, userId, input.method, [order], order.payDueAt);
      if (input.method === "wallet") await payFromWallet(tx, settings, userId, paymentId, [order]);
      return { paymentId };
    },
  );
  return { redirectUrl: input.method === "wallet" ? null : await gatewayUrl(deps, paymentId) };
}
