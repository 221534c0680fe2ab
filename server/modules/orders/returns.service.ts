import type { StoredImage } from "#common/images.ts";
import { and, eq, type SQL } from "drizzle-orm";
import type { AfterSalesView } from "#common/contracts/returns.ts";
import type { z } from "zod";
import type { OpsAfterSalesInputSchema } from "#common/contracts/returns.ts";
import { localize, type Locale } from "#common/locales.ts";
import { formatRupiah, shareOf } from "#common/money.ts";
import {
  courierName,
  replacementDays,
  returnDays,
  type AfterSalesKind,
  type CourierCode,
  type OrderActor,
} from "#common/order-states.ts";
import type { Db, Tx } from "../../db/client.ts";
import { transact } from "../../db/transaction.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { imageKinds, imageView, storeUpload } from "../../platform/images.ts";
import { newId } from "../../platform/ids.ts";
import type { Logger } from "../../platform/logger.ts";
import { pageOf } from "../../platform/pages.ts";
import type { Storage } from "../../platform/storage.ts";
import { selectStoreOfOwner, selectStorePayer } from "../../read/order-lines.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { recordSales, releaseStock, reserveStock } from "../catalog/catalog.service.ts";
import { move, once, walletBalance, type Transfer } from "../ledger/ledger.service.ts";
import {
  countReturns,
  insertEvents,
  insertReturn,
  lockOrders,
  lockReturn,
  ordersTable as orders,
  selectItems,
  selectOrdersByIds,
  selectOrderReturns,
  selectReturn,
  selectReturnPage,
  updateReturn,
  type OrderItemRow,
  type OrderRow,
  type ReturnRow,
} from "./orders.queries.ts";
import { orderReturns } from "./orders.tables.ts";
import { orderEvent } from "./orders.service.ts";

/**
 * After-sales (seed section 1: sellers must approve returns; product.md section 4; the FAQ's 7-day returns and
 * 15-day replacements). A shopper asks, within the window from receipt, to return or replace an item of a
 * completed order; the store approves or refuses with a reason; a refused shopper may escalate, and the
 * operator decides. An approved return refunds the shopper at once (the money steps below), and the stock
 * and the store's sales take the items back; an approved replacement reserves a new item, which the operator
 * ships. Each step is an event of the order's timeline; each money step a ledger transfer keyed by the
 * request, so nothing moves twice.
 */

interface Deps {
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
  const item = own.find((i) => i.listingId === r.listingId);
  if (!item) return null;
  const { vat, fees } = refundParts(order, own, orderReturns, r);
  const price = item.price * r.quantity;
  return { items: price, vat, fees, total: price + vat + fees };
}

function views(
  deps: Deps,
  rows: readonly ReturnRow[],
  orderRows: readonly OrderRow[],
  items: readonly OrderItemRow[],
  allReturns: readonly ReturnRow[],
): AfterSalesView[] {
  const byId = new Map(orderRows.map((o) => [o.id, o]));
  return rows.map((r) => {
    const item = items.find((i) => i.orderId === r.orderId && i.listingId === r.listingId);
    const order = byId.get(r.orderId);
    return {
      id: r.id,
      orderId: r.orderId,
      orderCode: order?.code ?? "",
      listingId: r.listingId,
      item: item ? localize(item.name, deps.lang) : "",
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
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    };
  });
}

/** The after-sales requests of one order (its detail page). */
export async function afterSalesOf(deps: Deps, order: OrderRow): Promise<AfterSalesView[]> {
  const rows = await selectOrderReturns(deps.db, [order.id]);
  if (rows.length === 0) return [];
  return views(deps, rows, [order], await selectItems(deps.db, [order.id]), rows);
}

async function viewsOf(deps: Deps, rows: readonly ReturnRow[]): Promise<AfterSalesView[]> {
  const orderIds = [...new Set(rows.map((r) => r.orderId))];
  const [orderRows, items, allReturns] = await Promise.all([
    selectOrdersByIds(deps.db, orderIds),
    selectItems(deps.db, orderIds),
    selectOrderReturns(deps.db, orderIds),
  ]);
  return views(deps, rows, orderRows, items, allReturns);
}

async function oneView(deps: Deps, id: string): Promise<AfterSalesView> {
  return (await viewsOf(deps, [(await selectReturn(deps.db, id))!]))[0]!;
}

// ---------------------------------------------------------------------------------------- requesting

/** Checks a request may be made (the order locked when `tx` is a transaction): its item and order. */
async function checkRequest(
  tx: Tx,
  userId: string,
  input: { orderId: string; listingId: string; kind: AfterSalesKind; quantity: number },
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
  const item = (await selectItems(tx, [order.id])).find((i) => i.listingId === input.listingId);
  if (!item) throw new DomainError("not_found", "errors.reviews.notBought");
  if (input.quantity > item.quantity) {
    throw new DomainError("bad_request", "errors.returns.tooMany", { count: item.quantity });
  }
  const existing = await selectOrderReturns(tx, [order.id]);
  if (existing.some((r) => r.listingId === input.listingId)) {
    throw new DomainError("conflict", "errors.returns.already");
  }
  return { order, item };
}

/**
 * The shopper asks to return or replace an item of their completed order within its window, with a reason
 * and up to three photos (stored resized after a first check). One request per item; a repeated tap makes one.
 */
export async function requestAfterSales(
  deps: Deps & { log: Logger },
  userId: string,
  input: {
    orderId: string;
    listingId: string;
    kind: AfterSalesKind;
    quantity: number;
    reason: string;
    photos: File[];
    idempotencyKey: string;
  },
): Promise<AfterSalesView> {
  const request = {
    orderId: input.orderId,
    listingId: input.listingId,
    kind: input.kind,
    quantity: input.quantity,
  };
  await transact(deps.db, (tx) => checkRequest(tx, userId, request));
  const images: StoredImage[] = [];
  for (const photo of input.photos) images.push(await storeUpload(deps, imageKinds.shopperPhoto, photo));
  const id = await once(
    deps.db,
    {
      userId,
      key: input.idempotencyKey,
      operation: "orders.afterSales",
      request: { ...request, reason: input.reason },
    },
    async (tx) => {
      const { order } = await checkRequest(tx, userId, request);
      const at = now();
      const returnId = newId("ret");
      await insertReturn(tx, {
        id: returnId,
        orderId: order.id,
        listingId: input.listingId,
        userId,
        storeId: order.storeId,
        kind: input.kind,
        quantity: input.quantity,
        reason: input.reason,
        images,
        createdAt: at,
        updatedAt: at,
      });
      await insertEvents(tx, [
        orderEvent(order.id, "return_requested", "shopper", userId, {
          listingId: input.listingId,
          note: input.reason,
        }),
      ]);
      return returnId;
    },
  );
  return oneView(deps, id);
}

/** The refused shopper asks the operator to decide. */
export async function escalateAfterSales(
  deps: Deps,
  userId: string,
  input: { id: string; note: string; idempotencyKey: string },
): Promise<AfterSalesView> {
  await once(
    deps.db,
    { userId, key: input.idempotencyKey, operation: "orders.escalate", request: { id: input.id } },
    async (tx) => {
      const row = await lockReturn(tx, input.id);
      if (!row || row.userId !== userId) throw new DomainError("not_found", "errors.returns.notFound");
      if (row.status !== "refused") throw new DomainError("conflict", "errors.returns.notRefused");
      await updateReturn(tx, row.id, { status: "escalated", escalation: input.note, updatedAt: now() });
      await insertEvents(tx, [
        orderEvent(row.orderId, "return_escalated", "shopper", userId, {
          listingId: row.listingId,
          note: input.note,
        }),
      ]);
      return row.id;
    },
  );
  return oneView(deps, input.id);
}

// ----------------------------------------------------------------------------------------- deciding

/**
 * Approves a request, in the caller's transaction with the request locked. A return refunds the shopper
 * what they paid for the items: their price and the VAT charged on it (a share of the order's VAT), and once
 * every item of the order is returned, the postage and service fee too, so a fully returned order gives back
 * exactly its total. The money comes back from where it went: the sale from the store's wallet (which gets
 * the goods cost of the items back from revenue), the VAT from VAT payable, the fees from revenue, all
 * through escrow to the shopper. A store whose balance cannot cover its part is refused with what is
 * missing. A replacement reserves the new items from stock.
 */
async function approveLocked(
  tx: Tx,
  row: ReturnRow,
  actor: OrderActor,
  actorId: string,
  decision: string | null,
  lang: Locale,
): Promise<void> {
  const [order] = await lockOrders(tx, eq(orders.id, row.orderId));
  const items = await selectItems(tx, [row.orderId]);
  const item = items.find((i) => i.listingId === row.listingId)!;
  const at = now();
  const events = [
    orderEvent(order!.id, "return_approved", actor, actorId, {
      listingId: row.listingId,
      ...(decision ? { note: decision } : {}),
    }),
  ];
  if (row.kind === "replacement") {
    await reserveStock(tx, [
      { supplyProductId: item.supplyProductId, quantity: row.quantity, name: localize(item.name, lang) },
    ]);
    await updateReturn(tx, row.id, { status: "approved", decision, decidedBy: actorId, updatedAt: at });
    await insertEvents(tx, events);
    return;
  }
  const refund = await refundOf(tx, order!, items, row);
  const store = (await selectStorePayer(tx, order!.storeId))!;
  const subject = { type: "order" as const, id: order!.id };
  const step = (name: string) => `return:${row.id}:${name}`;
  const sale = item.price * row.quantity;
  const transfers: Transfer[] = [
    {
      from: { platform: "revenue" },
      to: { wallet: store.ownerId },
      amount: item.merchantPrice * row.quantity,
      kind: "mch_order_pay",
      subject,
      step: step("goods"),
    },
    {
      from: { wallet: store.ownerId },
      to: { platform: "escrow" },
      amount: sale,
      kind: "profit",
      subject,
      step: step("sale"),
    },
  ];
  if (refund.vat > 0) {
    transfers.push({
      from: { platform: "vat_payable" },
      to: { platform: "escrow" },
      amount: refund.vat,
      kind: "prd_order_pay",
      subject,
      step: step("vat"),
    });
  }
  if (refund.fees > 0) {
    transfers.push({
      from: { platform: "revenue" },
      to: { platform: "escrow" },
      amount: refund.fees,
      kind: "prd_order_pay",
      subject,
      step: step("fees"),
    });
  }
  transfers.push({
    from: { platform: "escrow" },
    to: { wallet: order!.userId },
    amount: sale + refund.vat + refund.fees,
    kind: "prd_order_pay",
    subject,
    step: step("refund"),
  });
  const margin = (item.price - item.merchantPrice) * row.quantity;
  const available = await walletBalance(tx, store.ownerId);
  if (available < margin) {
    throw new DomainError("precondition_failed", "errors.returns.storeBalance", {
      amount: formatRupiah(margin - available),
    });
  }
  await move(tx, transfers, actorId);
  await releaseStock(tx, [{ supplyProductId: item.supplyProductId, quantity: row.quantity }]);
  await recordSales(tx, [{ listingId: item.listingId, quantity: row.quantity }], -1);
  const total = sale + refund.vat + refund.fees;
  await updateReturn(tx, row.id, {
    status: "approved",
    decision,
    decidedBy: actorId,
    refund: total,
    updatedAt: at,
  });
  events.push(orderEvent(order!.id, "refunded", "system", null, { amount: total, listingId: row.listingId }));
  await insertEvents(tx, events);
}

/**
 * The VAT and fees a return gives back: the items' share of the order's VAT, rounded, except that the return
 * that completes the order's return gets what is left of its VAT and its postage and service fee.
 */
async function refundOf(tx: Tx, order: OrderRow, items: readonly OrderItemRow[], row: ReturnRow) {
  return refundParts(order, items, await selectOrderReturns(tx, [order.id]), row);
}

/** refundOf's rule over rows already read: the order, its items and every request of the order. */
function refundParts(
  order: OrderRow,
  items: readonly OrderItemRow[],
  orderReturns: readonly ReturnRow[],
  row: ReturnRow,
): { vat: number; fees: number } {
  const returned = orderReturns.filter((r) => r.kind === "return" && r.status === "approved");
  const vatSoFar = returned.reduce((sum, r) => {
    const i = items.find((x) => x.listingId === r.listingId)!;
    return sum + (r.refund ?? 0) - i.price * r.quantity;
  }, 0);
  const bought = items.reduce((sum, i) => sum + i.quantity, 0);
  const back = returned.reduce((sum, r) => sum + r.quantity, 0) + row.quantity;
  const item = items.find((i) => i.listingId === row.listingId)!;
  if (back >= bought) {
    return { vat: order.vat - vatSoFar, fees: order.postage + order.serviceFee };
  }
  const vat = Math.min(shareOf(order.vat, item.price * row.quantity, order.subtotal), order.vat - vatSoFar);
  return { vat, fees: 0 };
}

/** Refuses a request, in the caller's transaction with it locked. */
async function refuseLocked(
  tx: Tx,
  row: ReturnRow,
  actor: "merchant" | "operator",
  actorId: string,
  reason: string,
): Promise<void> {
  const at = now();
  await updateReturn(
    tx,
    row.id,
    actor === "merchant"
      ? { status: "refused", refusal: reason, updatedAt: at }
      : { status: "rejected", decision: reason, decidedBy: actorId, updatedAt: at },
  );
  await insertEvents(tx, [
    orderEvent(row.orderId, actor === "merchant" ? "return_refused" : "return_rejected", actor, actorId, {
      listingId: row.listingId,
      note: reason,
    }),
  ]);
}

/** The store approves or refuses (with a reason) a request about its own order. */
export async function merchantDecide(
  deps: Deps,
  merchantId: string,
  input: { id: string; approve: boolean; reason: string; idempotencyKey: string },
): Promise<AfterSalesView> {
  await once(
    deps.db,
    {
      userId: merchantId,
      key: input.idempotencyKey,
      operation: "merchant.afterSales",
      request: { id: input.id, approve: input.approve, reason: input.reason },
    },
    async (tx) => {
      const store = await selectStoreOfOwner(tx, merchantId);
      const row = await lockReturn(tx, input.id);
      if (!store || !row || row.storeId !== store.id) {
        throw new DomainError("not_found", "errors.returns.notFound");
      }
      if (row.status !== "requested") throw new DomainError("conflict", "errors.returns.decided");
      if (input.approve)
        await approveLocked(tx, row, "merchant", merchantId, input.reason || null, deps.lang);
      else await refuseLocked(tx, row, "merchant", merchantId, input.reason);
      return row.id;
    },
  );
  return oneView(deps, input.id);
}

/** The operator decides an escalated request (approve, or reject for good, with a reason); audited. */
export async function operatorDecide(
  deps: Deps,
  operatorId: string,
  input: { id: string; approve: boolean; reason: string; idempotencyKey: string },
): Promise<AfterSalesView> {
  await once(
    deps.db,
    {
      userId: operatorId,
      key: input.idempotencyKey,
      operation: "ops.afterSales",
      request: { id: input.id, approve: input.approve, reason: input.reason },
    },
    async (tx) => {
      const row = await lockReturn(tx, input.id);
      if (!row) throw new DomainError("not_found", "errors.returns.notFound");
      if (row.status !== "escalated") throw new DomainError("conflict", "errors.returns.notEscalated");
      if (input.approve)
        await approveLocked(tx, row, "operator", operatorId, input.reason || null, deps.lang);
      else await refuseLocked(tx, row, "operator", operatorId, input.reason);
      await recordAudit(tx, {
        actorId: operatorId,
        action: input.approve ? "aftersales.approve" : "aftersales.reject",
        subject: { type: "after_sales", id: row.id },
        before: { status: row.status },
        after: { status: input.approve ? "approved" : "rejected", reason: input.reason },
      });
      return row.id;
    },
  );
  return oneView(deps, input.id);
}

/** The operator ships an approved replacement (courier, tracking number); audited. */
export async function shipReplacement(
  deps: Deps,
  operatorId: string,
  input: { id: string; courier: CourierCode; trackingNumber: string; idempotencyKey: string },
): Promise<AfterSalesView> {
  await once(
    deps.db,
    {
      userId: operatorId,
      key: input.idempotencyKey,
      operation: "ops.shipReplacement",
      request: { id: input.id, courier: input.courier, trackingNumber: input.trackingNumber },
    },
    async (tx) => {
      const row = await lockReturn(tx, input.id);
      if (!row) throw new DomainError("not_found", "errors.returns.notFound");
      if (row.kind !== "replacement" || row.status !== "approved") {
        throw new DomainError("conflict", "errors.returns.notToShip");
      }
      await updateReturn(tx, row.id, {
        status: "replaced",
        courier: input.courier,
        trackingNumber: input.trackingNumber,
        updatedAt: now(),
      });
      await insertEvents(tx, [
        orderEvent(row.orderId, "replacement_shipped", "operator", operatorId, {
          listingId: row.listingId,
          courier: input.courier,
          trackingNumber: input.trackingNumber,
        }),
      ]);
      await recordAudit(tx, {
        actorId: operatorId,
        action: "aftersales.ship",
        subject: { type: "after_sales", id: row.id },
        after: { courier: input.courier, trackingNumber: input.trackingNumber },
      });
      return row.id;
    },
  );
  return oneView(deps, input.id);
}

// -------------------------------------------------------------------------------------------- lists

const opsViews: Record<z.infer<typeof OpsAfterSalesInputSchema>["view"], SQL | undefined> = {
  escalated: eq(orderReturns.status, "escalated"),
  to_replace: and(eq(orderReturns.kind, "replacement"), eq(orderReturns.status, "approved")),
  all: undefined,
};

/** The operator's after-sales queues. */
export async function opsAfterSales(deps: Deps, input: z.infer<typeof OpsAfterSalesInputSchema>) {
  const rows = await selectReturnPage(deps.db, {
    where: opsViews[input.view],
    before: input.cursor ?? undefined,
    limit: input.limit,
  });
  const page = pageOf(rows, input.limit);
  return { items: await viewsOf(deps, page.items), nextCursor: page.nextCursor };
}

/** How many requests wait for the operator: escalated, and approved replacements to ship. */
export async function afterSalesCounts(db: Db) {
  return {
    escalated: await countReturns(db, opsViews.escalated),
    toReplace: await countReturns(db, opsViews.to_replace),
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
