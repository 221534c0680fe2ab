import { type CancelReason, type OrderActor } from "#common/order-states.ts";
import { type Tx } from "../../../db/client.ts";
import { recordSales } from "../../../modules/catalog/catalog.service.ts";
import { move, type Transfer } from "../../../modules/ledger/ledger.service.ts";
import {
  insertEvents,
  orderEvent,
  selectItems,
  updateOrder,
  type OrderRow,
} from "../../../modules/orders/orders.service.ts";
import { now } from "../../../platform/clock.ts";
import { selectStorePayer } from "../../../read/order-lines.ts";
import { sendRefundToProvider } from "../../payments/steps/refund.ts";
import { voucherShares } from "./payment.ts";
import { releaseVouchersOf } from "./vouchers.ts";
import { releaseLines } from "../../promotions/steps/flash-stock.ts";
import { tellCancelled, tellRefunded } from "./notices.ts";

/**
 * Cancels an order not yet shipped, or shipped in a parcel the courier lost or brought back (`keepStock` when
 * the goods are gone): stock returns; a paid order's total goes from escrow to the shopper's
 * wallet (and on to the e-wallet or QRIS app that paid it, where the provider can refund), and a paid goods
 * cost back to the merchant. A payment the provider took back (`reversed`) sends the total back to the
 * provider's clearing instead: the shopper has their money already. The caller has locked the order and
 * checked its state.
 */
export async function cancelLocked(
  tx: Tx,
  order: OrderRow,
  reason: CancelReason,
  actor: OrderActor,
  actorId: string | null,
  note?: string,
  opts: { reversed?: boolean; keepStock?: boolean } = {},
): Promise<void> {
  const at = now();
  await updateOrder(tx, order.id, {
    status: "cancelled",
    cancelledAt: at,
    cancelReason: reason,
    updatedAt: at,
  });
  const items = await selectItems(tx, [order.id]);
  // Stock (a flash sale's units to its slot while it runs) and the shopper's flash quota return.
  await releaseLines(tx, order.userId, items, { keepStock: opts.keepStock ?? false });
  const events = [orderEvent(order.id, "cancelled", actor, actorId, { reason, ...(note ? { note } : {}) })];
  if (order.status === "paid" || order.status === "shipped") {
    await recordSales(tx, items, -1);
    const subject = { type: "order" as const, id: order.id };
    // A cash-on-delivery order the courier has not collected for has no money in escrow.
    const paidIn = order.paidAt !== null;
    const transfers: Transfer[] = [];
    if (paidIn) {
      transfers.push({
        from: { platform: "escrow" },
        to: opts.reversed ? { platform: "gateway_clearing" } : { wallet: order.userId },
        amount: order.total,
        kind: "prd_order_pay",
        subject,
        step: "refund",
      });
      // The platform's vouchers paid their part in with it: it goes back where it came from (issue 42).
      transfers.push(
        ...voucherShares(
          order.id,
          { platform: order.platformDiscount, shipping: order.shippingDiscount },
          "back",
          (name) => `${name}_back`,
        ),
      );
    }
    if (order.goodsPaidAt) {
      const store = (await selectStorePayer(tx, order.storeId))!;
      transfers.push({
        from: { platform: "revenue" },
        to: { wallet: store.ownerId },
        amount: order.goodsCost,
        kind: "mch_order_pay",
        subject,
        step: "goods_refund",
      });
    }
    if (transfers.length > 0) await move(tx, transfers, actorId);
    if (paidIn && !opts.reversed) {
      events.push(orderEvent(order.id, "refunded", "system", null, { amount: order.total }));
      await sendRefundToProvider(tx, order, order.total, `cancel:${reason}`);
      await tellRefunded(tx, order, order.total);
    }
  }
  await insertEvents(tx, events);
  await releaseVouchersOf(tx, order.id);
  // Its shopper (and its store, when it had the order to fulfil) is told why (issue 44).
  await tellCancelled(tx, order, reason, note);
}
