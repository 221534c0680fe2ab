import { type AfterSalesView, type OpsAfterSalesInputSchema } from "#common/contracts/returns.ts";
import { localize, type Locale } from "#common/locales.ts";
import { returnedShare, shareOf } from "#common/money.ts";
import {
  courierName,
  replacementDays,
  returnDays,
  type AfterSalesKind,
  type PostagePayer,
} from "#common/order-states.ts";
import { and, eq, inArray, type SQL } from "drizzle-orm";
import { type z } from "zod";
import { type Db, type Tx } from "../../db/client.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { imageView } from "../../platform/images.ts";
import { pageOf } from "../../platform/pages.ts";
import { type Storage } from "../../platform/storage.ts";
import {
  countReturns,
  lockOrders,
  ordersTable as orders,
  selectItems,
  selectOrderReturns,
  selectOrdersByIds,
  selectReturn,
  selectReturnPage,
  type OrderItemRow,
  type OrderRow,
  type ReturnRow,
} from "./orders.queries.ts";
import { orderReturns } from "./orders.tables.ts";

export interface Deps {
  db: Db;
  storage: Storage;
  lang: Locale;
}

const day = 24 * 60 * 60 * 1000;

/** Until when an item of a completed order may be returned, and replaced. */
export function afterSalesUntil(completedAt: Date | null): Record<AfterSalesKind, Date> | null {
  if (!completedAt) return null;
  return {
    return: new Date(completedAt.getTime() + returnDays * day),
    replacement: new Date(completedAt.getTime() + replacementDays * day),
  };
}

/** What approving a return still undecided would refund, part by part (null for anything else). */
function refundQuote(
  r: ReturnRow,
  order: OrderRow | undefined,
  items: readonly OrderItemRow[],
  orderReturns: readonly ReturnRow[],
): AfterSalesView["refundQuote"] {
  if (r.kind !== "return" || (r.status !== "requested" && r.status !== "escalated") || !order) return null;
  const own = items.filter((i) => i.orderId === order.id);
  const item = own.find((i) => i.variantId === r.variantId);
  if (!item) return null;
  const parts = refundParts(order, own, orderReturns, r);
  return {
    items: parts.items,
    vat: parts.vat,
    fees: parts.fees,
    total: parts.items + parts.vat + parts.fees,
  };
}

/** A parcel of an after-sales request (a return's or a replacement's shipment), as the shipping module keeps it. */
export interface ReturnParcel {
  id: string;
  returnId: string | null;
  kind: "outbound" | "return" | "replacement";
  courier: NonNullable<AfterSalesView["shipment"]>["courier"];
  serviceName: string;
  providerShipmentId: string | null;
  waybill: string | null;
  status: NonNullable<AfterSalesView["shipment"]>["status"];
  price: number;
  /** Where the courier desk may move it next (operators only; none for another courier's parcel). */
  moves?: NonNullable<AfterSalesView["shipment"]>["moves"];
}

/** The parcels of some orders and where returns go (the warehouse): read above this module (rule 4). */
export type ParcelsOf = (orderIds: readonly string[]) => Promise<{
  parcels: readonly ReturnParcel[];
  warehouse: { name: string; address: string };
}>;

function shipmentView(
  r: ReturnRow,
  order: OrderRow | undefined,
  extras: Awaited<ReturnType<ParcelsOf>> | undefined,
): AfterSalesView["shipment"] {
  const p = extras?.parcels.find((x) => x.returnId === r.id && x.kind === (r.kind as string));
  if (!p || !order) return null;
  const to =
    p.kind === "return"
      ? extras!.warehouse
      : {
          name: order.address.name,
          address: `${order.address.detail}, ${order.address.area} ${order.address.postcode}`,
        };
  return {
    id: p.id,
    kind: p.kind,
    courier: p.courier,
    serviceName: p.serviceName,
    waybill: p.waybill,
    status: p.status,
    booked: p.providerShipmentId !== null,
    price: p.price,
    to,
    moves: p.moves ?? [],
  };
}

export function views(
  deps: Deps,
  rows: readonly ReturnRow[],
  orderRows: readonly OrderRow[],
  items: readonly OrderItemRow[],
  allReturns: readonly ReturnRow[],
  extras?: Awaited<ReturnType<ParcelsOf>>,
): AfterSalesView[] {
  const byId = new Map(orderRows.map((o) => [o.id, o]));
  return rows.map((r) => {
    const item = items.find((i) => i.orderId === r.orderId && i.variantId === r.variantId);
    const order = byId.get(r.orderId);
    return {
      id: r.id,
      orderId: r.orderId,
      orderCode: order?.code ?? "",
      listingId: r.listingId,
      variantId: r.variantId,
      item: item ? localize(item.name, deps.lang) : "",
      variantLabel: item?.variantLabel ? localize(item.variantLabel, deps.lang) : null,
      image: item ? imageView(deps.storage, item.image) : null,
      kind: r.kind,
      quantity: r.quantity,
      status: r.status,
      reason: r.reason,
      images: r.images.map((image) => imageView(deps.storage, image)),
      refusal: r.refusal,
      escalation: r.escalation,
      decision: r.decision,
      refund: r.refund,
      refundQuote: refundQuote(
        r,
        order,
        items,
        allReturns.filter((x) => x.orderId === r.orderId),
      ),
      courier: r.courier ? courierName(r.courier) : null,
      trackingNumber: r.trackingNumber,
      category: r.category,
      postagePayer: r.postagePayer,
      postageCharged: r.postageCharged,
      shipment: shipmentView(r, order, extras),
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    };
  });
}

/** The after-sales requests of one order (its detail page). */
export async function afterSalesOf(
  deps: Deps,
  order: OrderRow,
  parcelsOf?: ParcelsOf,
): Promise<AfterSalesView[]> {
  const rows = await selectOrderReturns(deps.db, [order.id]);
  if (rows.length === 0) return [];
  const [items, extras] = await Promise.all([selectItems(deps.db, [order.id]), parcelsOf?.([order.id])]);
  return views(deps, rows, [order], items, rows, extras);
}

async function viewsOf(
  deps: Deps,
  rows: readonly ReturnRow[],
  parcelsOf?: ParcelsOf,
): Promise<AfterSalesView[]> {
  const orderIds = [...new Set(rows.map((r) => r.orderId))];
  const [orderRows, items, allReturns, extras] = await Promise.all([
    selectOrdersByIds(deps.db, orderIds),
    selectItems(deps.db, orderIds),
    selectOrderReturns(deps.db, orderIds),
    parcelsOf?.(orderIds),
  ]);
  return views(deps, rows, orderRows, items, allReturns, extras);
}

export async function oneView(deps: Deps, id: string, parcelsOf?: ParcelsOf): Promise<AfterSalesView> {
  return (await viewsOf(deps, [(await selectReturn(deps.db, id))!], parcelsOf))[0]!;
}

/** A request, its order and the order's items and requests, read in the caller's transaction or not. */
export async function returnContext(tx: Db | Tx, id: string) {
  const row = await selectReturn(tx, id);
  if (!row) return undefined;
  const [[order], items, orderReturns] = await Promise.all([
    selectOrdersByIds(tx, [row.orderId]),
    selectItems(tx, [row.orderId]),
    selectOrderReturns(tx, [row.orderId]),
  ]);
  return { row, order: order!, items, orderReturns };
}

/** Checks a request may be made (the order locked when `tx` is a transaction): its item and order. */
export async function checkRequest(
  tx: Tx,
  userId: string,
  input: { orderId: string; variantId: string; kind: AfterSalesKind; quantity: number },
) {
  const [order] = await lockOrders(tx, and(eq(orders.id, input.orderId), eq(orders.userId, userId)));
  if (!order) throw new DomainError("not_found", "errors.orders.notFound");
  const until = afterSalesUntil(order.status === "completed" ? order.completedAt : null);
  if (!until) throw new DomainError("conflict", "errors.returns.notCompleted");
  if (now() > until[input.kind]) {
    throw new DomainError(
      "conflict",
      input.kind === "return" ? "errors.returns.returnClosed" : "errors.returns.replacementClosed",
      { count: input.kind === "return" ? returnDays : replacementDays },
    );
  }
  const item = (await selectItems(tx, [order.id])).find((i) => i.variantId === input.variantId);
  if (!item) throw new DomainError("not_found", "errors.reviews.notBought");
  if (input.quantity > item.quantity) {
    throw new DomainError("bad_request", "errors.returns.tooMany", { count: item.quantity });
  }
  const existing = await selectOrderReturns(tx, [order.id]);
  if (existing.some((r) => r.variantId === input.variantId)) {
    throw new DomainError("conflict", "errors.returns.already");
  }
  return { order, item };
}

/** What a refunded return gave back before its postage deduction (the shopper's part of the return postage). */
function grossRefundOf(r: ReturnRow): number {
  return (r.refund ?? 0) + (r.postagePayer === "shopper" ? (r.postageCharged ?? 0) : 0);
}

/**
 * What a return gives back, part by part (issue 27; vouchers since issue 42, decision 30), over rows already read:
 * the order, its items and every request of the order. Of the line's units, the returned ones give back by
 * `returnedShare` what was paid for them (`items`: the prices less both vouchers' shares) and the platform's
 * voucher share (`platform`, back to promotions), so however the units come back, together they return the
 * line exactly; the store gives back their sum (`sale`). VAT: the units' share of the order's VAT, rounded;
 * the return that completes the order's return gets what is left of it, and the postage and service fee the
 * shopper paid (`fees`) with the free-shipping share back to shipping subsidy (`shipping`).
 */
export function refundParts(
  order: OrderRow,
  items: readonly OrderItemRow[],
  orderReturns: readonly ReturnRow[],
  row: ReturnRow,
): { items: number; platform: number; sale: number; vat: number; fees: number; shipping: number } {
  // Only returns already refunded count (approved is a return's refunded state); one travelling back does not.
  const returned = orderReturns.filter(
    (r) => r.kind === "return" && r.status === "approved" && r.id !== row.id,
  );
  const unitsBack = (variantId: string) =>
    returned.filter((r) => r.variantId === variantId).reduce((sum, r) => sum + r.quantity, 0);
  // What a line's units returned so far gave back for the items: cumulative floors add up whatever the order.
  const itemsSoFar = items.reduce(
    (sum, i) => sum + returnedShare(paidFor(i), i.quantity, 0, unitsBack(i.variantId)),
    0,
  );
  const vatSoFar = returned.reduce((sum, r) => sum + grossRefundOf(r), 0) - itemsSoFar;
  const item = items.find((x) => x.variantId === row.variantId)!;
  const before = unitsBack(item.variantId);
  const part = (amount: number) => returnedShare(amount, item.quantity, before, row.quantity);
  const lineItems = part(paidFor(item));
  const platform = part(item.platformDiscount);
  const bought = items.reduce((sum, i) => sum + i.quantity, 0);
  const back = returned.reduce((sum, r) => sum + r.quantity, 0) + row.quantity;
  const common = { items: lineItems, platform, sale: lineItems + platform };
  if (back >= bought) {
    return {
      ...common,
      vat: order.vat - vatSoFar,
      fees: order.postage + order.serviceFee - order.shippingDiscount,
      shipping: order.shippingDiscount,
    };
  }
  const vatBase = part(item.price * item.quantity - item.storeDiscount);
  const vat = Math.min(
    shareOf(order.vat, vatBase, order.subtotal - order.storeDiscount),
    order.vat - vatSoFar,
  );
  return { ...common, vat, fees: 0, shipping: 0 };
}

/** What the shopper paid for a line's items: its prices less the store's and the platform's voucher shares. */
const paidFor = (i: OrderItemRow) => i.price * i.quantity - i.storeDiscount - i.platformDiscount;

/**
 * What refunding a return gives the shopper, part by part (issue 27): the items as paid, their VAT, the fees when
 * it returns the order's last items, less the return postage when the shopper pays it (never below nothing).
 * The one function behind the approval dialog's figure and the refund itself.
 */
export function refundFigures(
  order: OrderRow,
  items: readonly OrderItemRow[],
  orderReturns: readonly ReturnRow[],
  row: ReturnRow,
  payer: PostagePayer,
  postage: number,
) {
  const parts = refundParts(
    order,
    items.filter((i) => i.orderId === order.id),
    orderReturns,
    row,
  );
  const gross = parts.items + parts.vat + parts.fees;
  const deduction = payer === "shopper" ? Math.min(postage, gross) : 0;
  return { ...parts, payer, postage, deduction, total: gross - deduction };
}

const opsViews: Record<z.infer<typeof OpsAfterSalesInputSchema>["view"], SQL | undefined> = {
  escalated: eq(orderReturns.status, "escalated"),
  to_replace: and(eq(orderReturns.kind, "replacement"), eq(orderReturns.status, "approved")),
  returns: inArray(orderReturns.status, ["returning", "received"]),
  all: undefined,
};

/** The operator's after-sales queues. */
export async function opsAfterSales(
  deps: Deps,
  input: z.infer<typeof OpsAfterSalesInputSchema>,
  parcelsOf?: ParcelsOf,
) {
  const rows = await selectReturnPage(deps.db, {
    where: opsViews[input.view],
    before: input.cursor ?? undefined,
    limit: input.limit,
  });
  const page = pageOf(rows, input.limit);
  return { items: await viewsOf(deps, page.items, parcelsOf), nextCursor: page.nextCursor };
}

/** How many requests wait for the operator: escalated, approved replacements to ship, refunds held back. */
export async function afterSalesCounts(db: Db) {
  return {
    escalated: await countReturns(db, opsViews.escalated),
    toReplace: await countReturns(db, opsViews.to_replace),
    toRefund: await countReturns(db, eq(orderReturns.status, "received")),
  };
}

/** Requests waiting for the store's decision, per order of the store (its order centre's badges). */
export async function openRequestsOf(db: Db, orderIds: readonly string[]): Promise<Map<string, number>> {
  const rows = await selectOrderReturns(db, orderIds);
  const open = new Map<string, number>();
  for (const r of rows.filter((x) => x.status === "requested")) {
    open.set(r.orderId, (open.get(r.orderId) ?? 0) + 1);
  }
  return open;
}
