import { type AfterSalesView } from "#common/contracts/returns.ts";
import { localize, type Locale } from "#common/locales.ts";
import { formatRupiah } from "#common/money.ts";
import { type OrderActor } from "#common/order-states.ts";
import { eq } from "drizzle-orm";
import { type Tx } from "../../db/client.ts";
import { recordAudit } from "../../modules/audit/audit.service.ts";
import { recordSales, releaseStock, reserveStock } from "../../modules/catalog/catalog.service.ts";
import { move, once, walletBalance, type Transfer } from "../../modules/ledger/ledger.service.ts";
import {
  insertEvents,
  lockOrders,
  lockReturn,
  orderEvent,
  ordersTable as orders,
  selectItems,
  selectOrderReturns,
  updateReturn,
  type OrderItemRow,
  type OrderRow,
  type ReturnRow,
} from "../../modules/orders/orders.service.ts";
import { type Deps, oneView, refundParts } from "../../modules/orders/returns.service.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { selectStoreOfOwner, selectStorePayer } from "../../read/order-lines.ts";
import { sendRefundToProvider } from "../payments/refunds.ts";

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
  await sendRefundToProvider(tx, order!, total, `return:${row.id}`);
}

/**
 * The VAT and fees a return gives back: the items' share of the order's VAT, rounded, except that the return
 * that completes the order's return gets what is left of its VAT and its postage and service fee.
 */
export async function refundOf(tx: Tx, order: OrderRow, items: readonly OrderItemRow[], row: ReturnRow) {
  return refundParts(order, items, await selectOrderReturns(tx, [order.id]), row);
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
