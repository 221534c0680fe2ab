// What an order's people are told in the notification centre (issue 44), each in the transaction of the event
// that makes it: the shopper (paid, cancelled, refunded, on its way, delivered, return decided, reminders) and
// the store's owner (a new order, its goods cost, a cancellation). Shared by the order, payment and shipping flows.
import { type CancelReason } from "#common/order-states.ts";
import { type NotificationKind } from "#common/contracts/notifications.ts";
import { type Tx } from "../../../db/client.ts";
import { notifyUser } from "../../../modules/notifications/inbox.service.ts";
import { type OrderRow } from "../../../modules/orders/orders.service.ts";
import { addMs, hour, now } from "../../../platform/clock.ts";
import { scheduleJob } from "../../../platform/jobs.ts";
import { selectStorePayer } from "../../../read/order-lines.ts";

/** The `order.payment_remind` job (`<payment>@<deadline ms>`): an unpaid checkout's deadline is near. */
export const paymentRemindJob = "order.payment_remind";
/** The `order.confirm_remind` job (`<order>@<auto-confirm ms>`): a shipped order confirms itself in a day. */
export const confirmRemindJob = "order.confirm_remind";

type Order = Pick<OrderRow, "id" | "code" | "userId" | "storeId">;

/** The shopper's page of an order. */
export const orderLink = (orderId: string) => `/h5/order/detail?id=${orderId}`;
/** The store's page of an order. */
const merchantOrderLink = (orderId: string) => `/h5/merchant/order/detail?id=${orderId}`;

/**
 * A moment as the shop's people read a deadline in a notice, in Jakarta time (WIB), the same in every language:
 * `21/01/2026 14:30 WIB`. Stored with the notice, which keeps no dates of its own to render.
 */
export function wibTime(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Asia/Jakarta",
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute} WIB`;
}

/** Tells an order's shopper, with a link to the order. */
export function tellShopper(
  tx: Tx,
  order: Order,
  kind: NotificationKind,
  params: Record<string, string | number> = {},
  category: "orders" | "payments" = "orders",
): Promise<void> {
  return notifyUser(tx, {
    userId: order.userId,
    category,
    kind,
    params: { code: order.code, ...params },
    link: orderLink(order.id),
  });
}

/** Tells the owner of an order's store, with a link to the store's page of the order. */
export async function tellStore(
  tx: Tx,
  order: Order,
  kind: NotificationKind,
  params: Record<string, string | number> = {},
): Promise<void> {
  const store = await selectStorePayer(tx, order.storeId);
  if (!store) return;
  await notifyUser(tx, {
    userId: store.ownerId,
    category: "orders",
    kind,
    params: { code: order.code, ...params },
    link: merchantOrderLink(order.id),
  });
}

/**
 * What the shopper reads when an order is cancelled, by why; nothing when they cancelled it themselves (they know).
 * A cash-on-delivery parcel refused has its own notice.
 */
const cancelKinds: Record<CancelReason, NotificationKind | null> = {
  shopper: null,
  payment_expired: "orderCancelledUnpaid",
  goods_unpaid: "orderCancelledByStore",
  operator: "orderCancelledByPasar",
  payment_reversed: "orderCancelledReversed",
  parcel_lost: "orderCancelledParcel",
  parcel_returned: "orderCancelledParcel",
  cod_refused: "orderCodRefused",
};

/**
 * An order cancelled (in `cancelLocked`): its shopper is told why (and an operator's note), and the store's owner
 * when the order was theirs to fulfil (paid, or placed for cash on delivery).
 */
export async function tellCancelled(
  tx: Tx,
  order: Order & Pick<OrderRow, "status">,
  reason: CancelReason,
  note: string | undefined,
): Promise<void> {
  const kind = cancelKinds[reason];
  if (kind) await tellShopper(tx, order, kind, kind === "orderCancelledByPasar" ? { note: note ?? "-" } : {});
  if (order.status === "paid" || order.status === "shipped")
    await tellStore(tx, order, "merchantOrderCancelled");
}

/** Money of an order went back to its shopper (a cancel, a return). */
export function tellRefunded(tx: Tx, order: Order, amount: number): Promise<void> {
  return tellShopper(tx, order, "orderRefunded", { amount }, "payments");
}

/**
 * Schedules the reminder of an unpaid checkout: an hour before its deadline (a virtual account's day), or a third
 * of a shorter window before it (5 minutes of QRIS's 15); none when that leaves less than 3 minutes.
 */
export async function schedulePaymentReminder(tx: Tx, paymentId: string, expiresAt: Date): Promise<void> {
  const left = expiresAt.getTime() - now().getTime();
  const lead = Math.min(hour, left / 3);
  if (lead < 3 * 60_000) return;
  await scheduleJob(tx, paymentRemindJob, `${paymentId}@${expiresAt.getTime()}`, addMs(expiresAt, -lead));
}

/** How long before a shipped order confirms itself its shopper is reminded. */
export const confirmReminderMs = 24 * hour;

/** Schedules the reminder that a shipped order confirms itself at `autoConfirmAt` (a day before it). */
export async function scheduleConfirmReminder(tx: Tx, orderId: string, autoConfirmAt: Date): Promise<void> {
  const at = addMs(autoConfirmAt, -confirmReminderMs);
  if (at <= now()) return;
  await scheduleJob(tx, confirmRemindJob, `${orderId}@${autoConfirmAt.getTime()}`, at);
}

/** A checkout waiting for its payment (a provider's): its shopper is told the amount and the deadline, once. */
export function tellAwaitingPayment(
  tx: Tx,
  userId: string,
  orders: readonly Pick<OrderRow, "id" | "total">[],
  deadline: Date,
  kind: "orderAwaitingPayment" | "orderPaymentDue" = "orderAwaitingPayment",
): Promise<void> {
  return notifyUser(tx, {
    userId,
    category: "payments",
    kind,
    params: {
      amount: orders.reduce((sum, o) => sum + o.total, 0),
      deadline: wibTime(deadline),
      count: orders.length,
    },
    link: orders.length === 1 ? orderLink(orders[0]!.id) : "/h5/order?tab=pending_payment",
  });
}
