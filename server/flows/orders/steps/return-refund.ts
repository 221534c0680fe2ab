// The refund of a return that travelled back (issue 27): paid when the courier says the parcel is delivered to
// the warehouse, or earlier when an operator decides so. Imported by tracking, so it imports no tracking.
import { formatRupiah } from "#common/money.ts";
import { type OrderActor } from "#common/order-states.ts";
import { eq } from "drizzle-orm";
import { type Tx } from "../../../db/client.ts";
import { recordSales, releaseStock } from "../../../modules/catalog/catalog.service.ts";
import { move, walletBalance, type Transfer } from "../../../modules/ledger/ledger.service.ts";
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
} from "../../../modules/orders/orders.service.ts";
import { refundFigures } from "../../../modules/orders/returns.service.ts";
import { selectRequestShipment, type ShipmentRow } from "../../../modules/shipping/shipping.service.ts";
import { now } from "../../../platform/clock.ts";
import { DomainError } from "../../../platform/errors.ts";
import { selectStorePayer } from "../../../read/order-lines.ts";
import { sendRefundToProvider } from "../../payments/steps/refund.ts";
import { voucherShares } from "./payment.ts";
import { releaseVouchersOf } from "./vouchers.ts";
import { tellRefunded } from "./notices.ts";

/**
 * Refunds a return whose request is locked by the caller's transaction, by `refundFigures`: the items' price,
 * their VAT (and, for the order's last items, its postage and service fee), less the return postage when the
 * shopper pays it (that part goes to revenue). The store gives back its margin (the sale out of its wallet, the
 * goods cost back from revenue) and, when the store pays the return postage, that too (to revenue). When the
 * platform pays, nothing more moves: couriers are paid outside the ledger, as for outbound postage. Each
 * transfer is a step of the order (`return:<id>:<part>`), so nothing moves twice. A store whose balance cannot
 * cover its part moves nothing: the answer says what is missing.
 */
export async function refundReturnLocked(
  tx: Tx,
  row: ReturnRow,
  actor: OrderActor,
  actorId: string | null,
): Promise<{ refunded: number } | { missing: number }> {
  const [order] = await lockOrders(tx, eq(orders.id, row.orderId));
  const [items, orderReturns, parcel] = await Promise.all([
    selectItems(tx, [row.orderId]),
    selectOrderReturns(tx, [row.orderId]),
    selectRequestShipment(tx, row.id, "return"),
  ]);
  const item = items.find((i) => i.variantId === row.variantId)!;
  const payer = row.postagePayer ?? "platform";
  const figures = refundFigures(order!, items, orderReturns, row, payer, parcel?.price ?? 0);
  const store = (await selectStorePayer(tx, order!.storeId))!;
  const margin = figures.sale - item.merchantPrice * row.quantity;
  const storePostage = payer === "store" ? figures.postage : 0;
  const available = await walletBalance(tx, store.ownerId);
  if (available < margin + storePostage) return { missing: margin + storePostage - available };

  const subject = { type: "order" as const, id: order!.id };
  const step = (name: string) => `return:${row.id}:${name}`;
  const transfers: Transfer[] = [
    {
      from: { platform: "revenue" },
      to: { wallet: store.ownerId },
      amount: item.merchantPrice * row.quantity,
      kind: "mch_order_pay",
      subject,
      step: step("goods"),
    },
  ];
  // Nothing of the sale to give back when the store's own voucher paid for these units whole.
  if (figures.sale > 0) {
    transfers.push({
      from: { wallet: store.ownerId },
      to: { platform: "escrow" },
      amount: figures.sale,
      kind: "profit",
      subject,
      step: step("sale"),
    });
  }
  // The platform's voucher paid part of these units and the postage: that part goes back where it came from.
  transfers.push(
    ...voucherShares(order!.id, { platform: figures.platform, shipping: figures.shipping }, "back", step),
  );
  if (figures.vat > 0) {
    transfers.push({
      from: { platform: "vat_payable" },
      to: { platform: "escrow" },
      amount: figures.vat,
      kind: "prd_order_pay",
      subject,
      step: step("vat"),
    });
  }
  if (figures.fees + figures.shipping > 0) {
    // Revenue had the postage and service fee whole at completion.
    transfers.push({
      from: { platform: "revenue" },
      to: { platform: "escrow" },
      amount: figures.fees + figures.shipping,
      kind: "prd_order_pay",
      subject,
      step: step("fees"),
    });
  }
  if (figures.total > 0) {
    transfers.push({
      from: { platform: "escrow" },
      to: { wallet: order!.userId },
      amount: figures.total,
      kind: "prd_order_pay",
      subject,
      step: step("refund"),
    });
  }
  if (figures.deduction > 0) {
    // The shopper's part of the return postage stays with the platform, which pays the courier.
    transfers.push({
      from: { platform: "escrow" },
      to: { platform: "revenue" },
      amount: figures.deduction,
      kind: "prd_order_pay",
      subject,
      step: step("postage"),
    });
  }
  if (storePostage > 0) {
    transfers.push({
      from: { wallet: store.ownerId },
      to: { platform: "revenue" },
      amount: storePostage,
      kind: "mch_order_pay",
      subject,
      step: step("postage"),
    });
  }
  await move(tx, transfers, actorId);
  await recordSales(tx, [{ listingId: item.listingId, quantity: row.quantity }], -1);
  await updateReturn(tx, row.id, {
    status: "approved",
    refund: figures.total,
    postageCharged: payer === "shopper" ? figures.deduction : payer === "store" ? storePostage : null,
    updatedAt: now(),
  });
  await insertEvents(tx, [
    orderEvent(order!.id, "refunded", actor, actorId, {
      amount: figures.total,
      listingId: row.listingId,
      variantId: row.variantId,
    }),
  ]);
  if (figures.total > 0) {
    await sendRefundToProvider(tx, order!, figures.total, `return:${row.id}`);
    // Refunded once (the request is approved now, so neither tracking nor an operator refunds it again).
    await tellRefunded(tx, order!, figures.total);
  }
  await releaseVouchersOf(tx, order!.id);
  return { refunded: figures.total };
}

/** The refusal a store's short balance gets: what is missing, in rupiah. */
export function storeShort(missing: number): DomainError {
  return new DomainError("precondition_failed", "errors.returns.storeBalance", {
    amount: formatRupiah(missing),
  });
}

/**
 * A return parcel's courier moved it (tracking, in its transaction with the shipment locked). Delivered to the
 * warehouse: the goods are back, so their stock returns, and the return is refunded unless an operator refunded
 * it already; a store that cannot pay its part leaves the refund to the operator (the request is `received`).
 */
export async function returnParcelMoved(tx: Tx, shipment: ShipmentRow, to: string): Promise<void> {
  if (to !== "delivered" || shipment.kind !== "return" || !shipment.returnId) return;
  const row = await lockReturn(tx, shipment.returnId);
  if (!row) return;
  const [item] = (await selectItems(tx, [row.orderId])).filter((i) => i.variantId === row.variantId);
  await releaseStock(tx, [{ variantId: item!.variantId, quantity: row.quantity }]);
  await insertEvents(tx, [
    orderEvent(row.orderId, "return_received", "system", null, {
      listingId: row.listingId,
      variantId: row.variantId,
      trackingNumber: shipment.waybill ?? "",
    }),
  ]);
  if (row.status !== "returning") return;
  const result = await refundReturnLocked(tx, row, "system", null);
  if ("missing" in result) {
    await updateReturn(tx, row.id, { status: "received", updatedAt: now() });
    await insertEvents(tx, [
      orderEvent(row.orderId, "return_refund_held", "system", null, {
        listingId: row.listingId,
        variantId: row.variantId,
        amount: result.missing,
      }),
    ]);
  }
}
