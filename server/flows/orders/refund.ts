import { type AfterSalesView, type ReturnQuoteView } from "#common/contracts/returns.ts";
import { localize, type Locale } from "#common/locales.ts";
import { type OrderActor } from "#common/order-states.ts";
import { eq } from "drizzle-orm";
import { type Db, type Tx } from "../../db/client.ts";
import { recordAudit } from "../../modules/audit/audit.service.ts";
import { reserveStock } from "../../modules/catalog/catalog.service.ts";
import { once, walletBalance } from "../../modules/ledger/ledger.service.ts";
import {
  insertEvents,
  lockOrders,
  lockReturn,
  orderEvent,
  ordersTable as orders,
  selectItems,
  selectOrderReturns,
  updateReturn,
  type ReturnRow,
} from "../../modules/orders/orders.service.ts";
import {
  type Deps,
  refundFigures,
  refundParts,
  returnContext,
} from "../../modules/orders/returns.service.ts";
import { getReturnPostage } from "../../modules/settings/settings.service.ts";
import { insertShipment, selectRequestShipment } from "../../modules/shipping/shipping.service.ts";
import { now } from "../../platform/clock.ts";
import { type CourierQuote } from "../../platform/couriers.ts";
import { DomainError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import { afterSalesView as oneView } from "../../read/after-sales.ts";
import { selectStoreOfOwner, selectStorePayer } from "../../read/order-lines.ts";
import {
  bookRequestParcel,
  requestParcelService,
  requestShipmentRow,
  type CourierDeps,
} from "./return-parcel.ts";
import { refundReturnLocked, storeShort } from "./steps/return-refund.ts";
import { tellShopper } from "./steps/notices.ts";

type DecideDeps = Deps & CourierDeps;

/** Who pays a request's return postage under the settings now (a request from before categories: the platform). */
async function payerOf(tx: Tx | Db, row: ReturnRow) {
  return row.category ? (await getReturnPostage(tx))[row.category] : "platform";
}

/**
 * Approves a request, in the caller's transaction with the request locked. A return does not refund yet
 * (issue 27): it becomes `returning`, its payer of the return postage is fixed from the settings, and its
 * return shipment (from the shopper's order address to the warehouse, with the service quoted before the
 * transaction) is written, to be booked with the courier after it. The refund follows when the parcel
 * arrives (return-refund.ts). A store whose balance could not cover its part of the refund now is refused
 * with what is missing, as before. A replacement reserves the new items from stock.
 */
async function approveLocked(
  tx: Tx,
  row: ReturnRow,
  actor: OrderActor,
  actorId: string,
  decision: string | null,
  lang: Locale,
  parcel: { service: CourierQuote; shipmentId: string; provider: CourierDeps["courier"]["provider"] } | null,
): Promise<void> {
  const [order] = await lockOrders(tx, eq(orders.id, row.orderId));
  const items = await selectItems(tx, [row.orderId]);
  const item = items.find((i) => i.variantId === row.variantId)!;
  const at = now();
  const events = [
    orderEvent(order!.id, "return_approved", actor, actorId, {
      listingId: row.listingId,
      variantId: row.variantId,
      ...(decision ? { note: decision } : {}),
    }),
  ];
  if (row.kind === "replacement") {
    await reserveStock(tx, [
      { variantId: item.variantId, quantity: row.quantity, name: localize(item.name, lang) },
    ]);
    await updateReturn(tx, row.id, { status: "approved", decision, decidedBy: actorId, updatedAt: at });
    await insertEvents(tx, events);
    await tellShopper(tx, order!, "replacementApproved");
    return;
  }
  // Its parcel was quoted before this transaction, for the request as it was then.
  if (!parcel) throw new DomainError("conflict", "errors.returns.decided");
  const payer = await payerOf(tx, row);
  const store = (await selectStorePayer(tx, order!.storeId))!;
  // What the store gives back for the units (their sale, after its own voucher) less the goods cost it gets back.
  const { sale } = refundParts(order!, items, await selectOrderReturns(tx, [order!.id]), row);
  const margin = sale - item.merchantPrice * row.quantity;
  const owed = margin + (payer === "store" ? parcel.service.price : 0);
  const available = await walletBalance(tx, store.ownerId);
  if (available < owed) throw storeShort(owed - available);
  await updateReturn(tx, row.id, {
    status: "returning",
    decision,
    decidedBy: actorId,
    postagePayer: payer,
    updatedAt: at,
  });
  await insertShipment(
    tx,
    requestShipmentRow(parcel.provider, order!, row, "return", parcel.service, parcel.shipmentId),
  );
  await insertEvents(tx, events);
  // The shopper is told (issue 44), in the decision's transaction: a decision refused tells nobody.
  await tellShopper(tx, order!, "returnApproved");
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
      variantId: row.variantId,
      note: reason,
    }),
  ]);
  // The shopper is told why; a store's refusal may still go to Pasar (escalation), an operator's is final.
  const [order] = await lockOrders(tx, eq(orders.id, row.orderId));
  await tellShopper(tx, order!, actor === "merchant" ? "returnRefused" : "returnRejected", {
    reason: reason.trim() || "-",
  });
}

/**
 * Before approving a return: the service its parcel goes back with, quoted outside any transaction (the courier
 * may be remote; one that cannot be reached is a translated error and nothing is decided).
 */
async function returnParcelFor(
  deps: DecideDeps,
  who: { merchantId: string } | "operator",
  id: string,
  approve: boolean,
) {
  if (!approve) return null;
  const context = await returnContext(deps.db, id);
  if (!context || context.row.kind !== "return") return null;
  // Nobody else's request makes the shop ask a courier anything (the decision itself says not found).
  if (who !== "operator" && (await selectStoreOfOwner(deps.db, who.merchantId))?.id !== context.row.storeId) {
    return null;
  }
  if (context.row.status !== "requested" && context.row.status !== "escalated") return null;
  const service = await requestParcelService(deps, context.order, context.row, "return");
  return { service, shipmentId: newId("shp", now().getTime()), provider: deps.courier.provider };
}

/** After an approval: the return's parcel is booked with the courier (if it is not booked yet). */
async function bookReturnOf(
  deps: DecideDeps,
  id: string,
  failKey: "errors.returns.bookingFailed" | "errors.shipping.courierAway" = "errors.returns.bookingFailed",
): Promise<void> {
  const context = await returnContext(deps.db, id);
  if (!context || context.row.kind !== "return") return;
  const shipment = await selectRequestShipment(deps.db, id, "return");
  if (!shipment) return;
  await bookRequestParcel(deps, shipment.id, context.order, context.row, failKey);
}

/** The store approves or refuses (with a reason) a request about its own order. */
export async function merchantDecide(
  deps: DecideDeps,
  merchantId: string,
  input: { id: string; approve: boolean; reason: string; idempotencyKey: string },
): Promise<AfterSalesView> {
  const parcel = await returnParcelFor(deps, { merchantId }, input.id, input.approve);
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
        await approveLocked(tx, row, "merchant", merchantId, input.reason || null, deps.lang, parcel);
      else await refuseLocked(tx, row, "merchant", merchantId, input.reason);
      return row.id;
    },
  );
  if (input.approve) await bookReturnOf(deps, input.id);
  return oneView(deps, input.id);
}

/** The operator decides an escalated request (approve, or reject for good, with a reason); audited. */
export async function operatorDecide(
  deps: DecideDeps,
  operatorId: string,
  input: { id: string; approve: boolean; reason: string; idempotencyKey: string },
): Promise<AfterSalesView> {
  const parcel = await returnParcelFor(deps, "operator", input.id, input.approve);
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
        await approveLocked(tx, row, "operator", operatorId, input.reason || null, deps.lang, parcel);
      else await refuseLocked(tx, row, "operator", operatorId, input.reason);
      const status = !input.approve ? "rejected" : row.kind === "return" ? "returning" : "approved";
      await recordAudit(tx, {
        actorId: operatorId,
        action: input.approve ? "aftersales.approve" : "aftersales.reject",
        subject: { type: "after_sales", id: row.id },
        before: { status: row.status },
        after: { status, reason: input.reason },
      });
      return row.id;
    },
  );
  if (input.approve) await bookReturnOf(deps, input.id);
  return oneView(deps, input.id);
}

/** Checks the caller may act on a request: the store that sold it (a merchant), or any operator. */
async function ownRequest(deps: Deps, who: { merchantId: string } | "operator", id: string) {
  const context = await returnContext(deps.db, id);
  if (!context) throw new DomainError("not_found", "errors.returns.notFound");
  if (who !== "operator") {
    const store = await selectStoreOfOwner(deps.db, who.merchantId);
    if (!store || context.row.storeId !== store.id)
      throw new DomainError("not_found", "errors.returns.notFound");
  }
  return context;
}

/**
 * What approving a return undecided would refund, as the approval dialog states it: the same `refundFigures`
 * the refund uses, with the return postage the courier quotes now and its payer under the settings now.
 */
export async function returnQuote(
  deps: DecideDeps,
  who: { merchantId: string } | "operator",
  id: string,
): Promise<ReturnQuoteView> {
  const { row, order, items, orderReturns } = await ownRequest(deps, who, id);
  if (row.kind !== "return" || (row.status !== "requested" && row.status !== "escalated")) {
    throw new DomainError("conflict", "errors.returns.decided");
  }
  const service = await requestParcelService(deps, order, row, "return");
  const figures = refundFigures(order, items, orderReturns, row, await payerOf(deps.db, row), service.price);
  return { ...figures, serviceName: service.serviceName };
}

/** Books an approved return's parcel again after the courier could not be reached (the store or an operator). */
export async function bookReturn(
  deps: DecideDeps,
  who: { merchantId: string } | "operator",
  id: string,
): Promise<AfterSalesView> {
  const { row } = await ownRequest(deps, who, id);
  if (row.kind !== "return" || (row.status !== "returning" && row.status !== "received")) {
    throw new DomainError("conflict", "errors.returns.notReturning");
  }
  await bookReturnOf(deps, id, "errors.shipping.courierAway");
  return oneView(deps, id);
}

/**
 * The operator refunds a return now, without waiting for its parcel (it was lost, or the store held the refund
 * back); audited with the reason. The same refund as on arrival; the stock still returns only with the goods.
 */
export async function refundNow(
  deps: Deps,
  operatorId: string,
  input: { id: string; reason: string; idempotencyKey: string },
): Promise<AfterSalesView> {
  await once(
    deps.db,
    {
      userId: operatorId,
      key: input.idempotencyKey,
      operation: "ops.afterSales.refundNow",
      request: { id: input.id, reason: input.reason },
    },
    async (tx) => {
      const row = await lockReturn(tx, input.id);
      if (!row) throw new DomainError("not_found", "errors.returns.notFound");
      if (row.kind !== "return" || (row.status !== "returning" && row.status !== "received")) {
        throw new DomainError("conflict", "errors.returns.notReturning");
      }
      const result = await refundReturnLocked(tx, row, "operator", operatorId);
      if ("missing" in result) throw storeShort(result.missing);
      await recordAudit(tx, {
        actorId: operatorId,
        action: "aftersales.refundNow",
        subject: { type: "after_sales", id: row.id },
        before: { status: row.status },
        after: { status: "approved", refund: result.refunded, reason: input.reason },
      });
      return row.id;
    },
  );
  return oneView(deps, input.id);
}
