import type { Proof } from "#common/contracts/auth.ts";
import { type CheckoutMethod } from "#common/payment-channels.ts";
import { and, eq } from "drizzle-orm";
import { checkProof } from "../../modules/auth/proof.ts";
import { securityNotice } from "../security-notice.ts";
import { once } from "../../modules/ledger/ledger.service.ts";
import {
  lockOrders,
  ordersTable as orders,
  updateOrder,
  type PaymentDeps,
} from "../../modules/orders/orders.service.ts";
import { getMoneySettings } from "../../modules/settings/settings.service.ts";
import { now } from "../../platform/clock.ts";
import { voucherAllowsMethod } from "../../read/checkout-vouchers.ts";
import { DomainError } from "../../platform/errors.ts";
import { customerOf, deadlineFor, openAttempt, requestAttempt } from "../payments/steps/attempts.ts";
import { openPayment, payFromWallet } from "./steps/payment.ts";

/**
 * Pays one unpaid order later (from its detail page): from the wallet at once, or through a new gateway
 * payment for it, whose window (the channel's) the order's deadline follows. The wallet asks for the payment PIN
 * (issue 43). Idempotent by key.
 */
export async function payOrder(
  deps: PaymentDeps,
  userId: string,
  input: {
    id: string;
    method: CheckoutMethod;
    phone?: string | undefined;
    proof?: Proof | undefined;
    idempotencyKey: string;
  },
): Promise<{ attemptId: string | null }> {
  if (input.method === "wallet") await checkProof(deps, userId, input.proof, securityNotice);
  const settings = await getMoneySettings(deps.db);
  const { paymentId, attemptId, name } = await once(
    deps.db,
    {
      userId,
      key: input.idempotencyKey,
      operation: "orders.pay",
      request: { id: input.id, method: input.method, phone: input.phone ?? null },
    },
    async (tx) => {
      const [order] = await lockOrders(tx, and(eq(orders.id, input.id), eq(orders.userId, userId)));
      if (!order) throw new DomainError("not_found", "errors.orders.notFound");
      if (order.status !== "pending_payment" || order.payDueAt <= now()) {
        throw new DomainError("conflict", "errors.orders.notPayable");
      }
      if (!(await voucherAllowsMethod(tx, [order.id], input.method))) {
        throw new DomainError("conflict", "errors.vouchers.paymentMethod");
      }
      if (input.method === "wallet") {
        const paymentId = await openPayment(tx, userId, input.method, [order], order.payDueAt);
        await payFromWallet(tx, settings, userId, paymentId, [order]);
        return { paymentId, attemptId: null, name: order.address.name };
      }
      // The channel's window from now, within the longest from placing (decision 19): the order follows it.
      const dueAt = deadlineFor(settings, input.method, order.createdAt);
      if (dueAt <= now()) throw new DomainError("conflict", "errors.orders.notPayable");
      const paymentId = await openPayment(tx, userId, input.method, [order], dueAt);
      await updateOrder(tx, order.id, { payDueAt: dueAt, updatedAt: now() }, ["pending_payment"]);
      const attemptId = await openAttempt(tx, deps.gateway, settings, {
        purpose: "orders",
        subjectId: paymentId,
        userId,
        amountDue: order.total,
        channel: input.method,
        phone: input.phone,
        expiresAt: dueAt,
        orderIds: [order.id],
      });
      return { paymentId, attemptId, name: order.address.name };
    },
  );
  if (attemptId) {
    await requestAttempt(deps, attemptId, await customerOf(deps.db, userId, name), `Pasar ${paymentId}`);
  }
  return { attemptId };
}
