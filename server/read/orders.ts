import { channelOffers } from "../modules/payments/payments.service.ts";
import { getMoneySettings } from "../modules/settings/settings.service.ts";
import { type OrderCardView, type OrderDetailView } from "#common/contracts/orders.ts";
import { courierName, type OrderTab } from "#common/order-states.ts";
import { and, eq, isNull, type SQL } from "drizzle-orm";
import { type Db } from "../db/client.ts";
import {
  countUserOrders,
  grandTotalOf,
  itemViews,
  type OrderDeps,
  type PaymentDeps,
  ordersTable as orders,
  selectEvents,
  selectItems,
  selectOpenPaymentOf,
  selectOrder,
  selectOrderPage,
  selectPayment,
  selectPaymentOrderIds,
  type OrderRow,
} from "../modules/orders/orders.service.ts";
import { afterSalesUntil } from "../modules/orders/returns.service.ts";
import { afterSalesOf } from "./after-sales.ts";
import { now } from "../platform/clock.ts";
import { selectShipmentsOf } from "../modules/shipping/shipping.service.ts";
import { DomainError } from "../platform/errors.ts";
import { pageOf } from "../platform/pages.ts";
import { selectStoreNames } from "./order-lines.ts";
import { openAttemptOf, refundableAttemptOf } from "./payments.ts";

export async function cardViews(deps: OrderDeps, rows: readonly OrderRow[]): Promise<OrderCardView[]> {
  const items = await selectItems(
    deps.db,
    rows.map((r) => r.id),
  );
  const names = await storeNames(deps.db, rows);
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    storeId: r.storeId,
    storeName: names.get(r.storeId) ?? "",
    status: r.status,
    items: itemViews(
      deps,
      items.filter((i) => i.orderId === r.id),
    ),
    total: r.total,
    grandTotal: grandTotalOf(r),
    createdAt: r.createdAt,
    payDueAt: r.status === "pending_payment" ? r.payDueAt : null,
  }));
}

/** The names of the stores of these orders, in one query. */
async function storeNames(db: Db, rows: readonly { storeId: string }[]): Promise<Map<string, string>> {
  const found = await selectStoreNames(db, [...new Set(rows.map((r) => r.storeId))]);
  return new Map(found.map((s) => [s.id, s.name]));
}

const tabFilter: Record<OrderTab, SQL | undefined> = {
  all: undefined,
  pending_payment: eq(orders.status, "pending_payment"),
  pending_shipment: eq(orders.status, "paid"),
  pending_receipt: eq(orders.status, "shipped"),
  pending_review: and(eq(orders.status, "completed"), isNull(orders.reviewedAt)),
  cancelled: eq(orders.status, "cancelled"),
};

/** The shopper's orders in a tab, newest first. */
export async function listOrders(
  deps: OrderDeps,
  userId: string,
  input: { tab: OrderTab; cursor?: string | null; limit: number },
) {
  const rows = await selectOrderPage(
    deps.db,
    and(eq(orders.userId, userId), tabFilter[input.tab]),
    input.cursor ?? undefined,
    input.limit,
  );
  const page = pageOf(rows, input.limit);
  return { items: await cardViews(deps, page.items), nextCursor: page.nextCursor };
}

/** How many of the shopper's orders wait in each tab (the account page's figures). */
export async function orderCounts(db: Db, userId: string) {
  const rows = await countUserOrders(db, userId);
  const of = (status: OrderRow["status"]) => rows.find((r) => r.status === status);
  return {
    pending_payment: of("pending_payment")?.n ?? 0,
    pending_shipment: of("paid")?.n ?? 0,
    pending_receipt: of("shipped")?.n ?? 0,
    pending_review: of("completed")?.unreviewed ?? 0,
  };
}

/** Timeline entries the shopper sees: the store's goods payment is between the store and the platform. */
const merchantOnlyEvents = new Set(["goods_paid", "goods_waiting"]);

export async function detailOf(
  deps: OrderDeps & Partial<Pick<PaymentDeps, "gateway">>,
  order: OrderRow,
  audience: "shopper" | "staff",
): Promise<OrderDetailView> {
  const [card] = await cardViews(deps, [order]);
  const [events, parcels] = await Promise.all([
    selectEvents(deps.db, order.id),
    selectShipmentsOf(deps.db, [order.id]),
  ]);
  const open = order.status === "pending_payment" ? await selectOpenPaymentOf(deps.db, order.id) : undefined;
  const payable = order.status === "pending_payment" && order.payDueAt > now();
  return {
    ...card!,
    note: order.note,
    address: order.address,
    subtotal: order.subtotal,
    storeDiscount: order.storeDiscount,
    platformDiscount: order.platformDiscount,
    shippingDiscount: order.shippingDiscount,
    postage: order.postage,
    serviceFee: order.serviceFee,
    vat: order.vat,
    vatBasisPoints: order.vatBasisPoints,
    paymentMethod: order.paymentMethod,
    codFee: order.codFee,
    paidAt: order.paidAt,
    shippedAt: order.shippedAt,
    completedAt: order.completedAt,
    cancelledAt: order.cancelledAt,
    cancelReason: order.cancelReason,
    courier: order.courier ? courierName(order.courier) : null,
    trackingNumber: order.trackingNumber,
    shipping: order.shipping
      ? {
          courier: order.shipping.courier,
          serviceName: order.shipping.serviceName,
          kind: order.shipping.kind,
          etaMinDays: order.shipping.etaMinDays,
          etaMaxDays: order.shipping.etaMaxDays,
        }
      : null,
    shipments: parcels.shipments
      .filter((p) => p.providerShipmentId)
      .map((p) => ({
        id: p.id,
        kind: p.kind,
        courier: p.courier,
        serviceName: p.serviceName,
        waybill: p.waybill,
        status: p.status,
        steps: parcels.events
          .filter((e) => e.shipmentId === p.id)
          .map((e) => ({ status: e.status, note: e.note, at: e.at.toISOString() }))
          .reverse(),
      })),
    autoConfirmAt: order.status === "shipped" ? order.autoConfirmAt : null,
    events: events
      .filter((e) => audience === "staff" || !merchantOnlyEvents.has(e.event))
      .map((e) => ({
        event: e.event,
        actor: e.actor,
        at: e.at,
        reason: e.data?.reason ?? null,
        courier: e.data?.courier ? courierName(e.data.courier) : null,
        trackingNumber: e.data?.trackingNumber ?? null,
        note: e.data?.note ?? null,
        amount: e.data?.amount ?? null,
        item: e.data?.listingId
          ? (card!.items.find((i) =>
              e.data?.variantId ? i.variantId === e.data.variantId : i.listingId === e.data?.listingId,
            )?.name ?? null)
          : null,
      })),
    attemptId: payable && open && open.expiresAt > now() ? await openAttemptOf(deps.db, open.id) : null,
    refundTo: (await refundableAttemptOf(deps.db, order)) ? "provider" : "wallet",
    channels:
      audience === "shopper" && payable && deps.gateway
        ? channelOffers(deps.gateway, await getMoneySettings(deps.db), order.total)
        : [],
    afterSales: await afterSalesOf(deps, order),
    afterSalesUntil: order.status === "completed" ? afterSalesUntil(order.completedAt) : null,
    actions: {
      pay: audience === "shopper" && payable,
      cancel: audience === "shopper" && (order.status === "pending_payment" || order.status === "paid"),
      confirm: audience === "shopper" && order.status === "shipped",
      review: audience === "shopper" && order.status === "completed",
      buyAgain: audience === "shopper" && (order.status === "completed" || order.status === "cancelled"),
    },
  };
}

/** Where a payment of orders stands, for the page the gateway sends the shopper back to. */
export async function getPaymentResult(db: Db, userId: string, id: string) {
  const payment = await selectPayment(db, id);
  if (!payment || payment.userId !== userId) throw new DomainError("not_found", "errors.orders.notFound");
  const expired = payment.status === "pending" && payment.expiresAt <= now();
  return {
    status: expired ? ("expired" as const) : payment.status,
    orderIds: await selectPaymentOrderIds(db, id),
    amount: payment.amount,
    attemptId: payment.status === "pending" && !expired ? await openAttemptOf(db, payment.id, true) : null,
  };
}

/** One of the shopper's orders in full (another user's is not found). */
export async function getOrder(deps: PaymentDeps, userId: string, id: string): Promise<OrderDetailView> {
  const order = await selectOrder(deps.db, id);
  if (!order || order.userId !== userId) throw new DomainError("not_found", "errors.orders.notFound");
  return detailOf(deps, order, "shopper");
}
