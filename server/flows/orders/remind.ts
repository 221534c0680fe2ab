import { and, eq, inArray } from "drizzle-orm";
import { parcelExceptions } from "#common/order-states.ts";
import { type Tx } from "../../db/client.ts";
import {
  lockOrders,
  lockPayment,
  ordersTable as orders,
  selectPaymentOrderIds,
} from "../../modules/orders/orders.service.ts";
import { now } from "../../platform/clock.ts";
import { codDue } from "./steps/cod.ts";
import { tellAwaitingPayment, tellShopper } from "./steps/notices.ts";

/**
 * The `order.payment_remind` job (`<payment>@<deadline ms>`, issue 44): a checkout still unpaid near its deadline
 * reminds its shopper of what is still owed. Nothing when it was paid, expired or closed meanwhile, or when a
 * switch of method moved its deadline (that deadline's own reminder comes).
 */
export async function remindPayment(tx: Tx, subject: string): Promise<void> {
  const [paymentId, ms] = subject.split("@");
  const payment = await lockPayment(tx, paymentId!);
  if (!payment || payment.status !== "pending") return;
  if (payment.expiresAt.getTime() !== Number(ms) || payment.expiresAt <= now()) return;
  const owed = await lockOrders(
    tx,
    and(
      inArray(orders.id, await selectPaymentOrderIds(tx, payment.id)),
      eq(orders.status, "pending_payment"),
    ),
  );
  if (owed.length === 0) return;
  await tellAwaitingPayment(tx, payment.userId, owed, payment.expiresAt, "orderPaymentDue");
}

/**
 * The `order.confirm_remind` job (`<order>@<auto-confirm ms>`, issue 44): a day before a shipped order confirms
 * itself, its shopper is reminded to confirm receipt or ask for help. Nothing when the order moved on, its
 * deadline moved (the courier said "delivered": that deadline's reminder comes), its parcel has a problem, or
 * (cash on delivery) nothing was collected yet.
 */
export async function remindConfirm(tx: Tx, subject: string): Promise<void> {
  const [orderId, ms] = subject.split("@");
  const [order] = await lockOrders(tx, and(eq(orders.id, orderId!), eq(orders.status, "shipped")));
  if (!order || order.autoConfirmAt?.getTime() !== Number(ms)) return;
  if (order.exception && (parcelExceptions as readonly string[]).includes(order.exception)) return;
  if (codDue(order)) return;
  await tellShopper(tx, order, "orderAutoConfirmSoon");
}
