import { type OrderActor } from "#common/order-states.ts";
import { type Tx } from "../../../db/client.ts";
import { move, type Transfer } from "../../../modules/ledger/ledger.service.ts";
import {
  insertEvents,
  orderEvent,
  updateOrder,
  type OrderRow,
} from "../../../modules/orders/orders.service.ts";
import { now } from "../../../platform/clock.ts";
import { selectStorePayer } from "../../../read/order-lines.ts";

export async function completeLocked(tx: Tx, order: OrderRow, actor: OrderActor, actorId: string | null) {
  const at = now();
  await updateOrder(tx, order.id, { status: "completed", completedAt: at, updatedAt: at });
  const store = (await selectStorePayer(tx, order.storeId))!;
  const subject = { type: "order" as const, id: order.id };
  // The store's sale is its prices less its own voucher (issue 42); the platform's vouchers paid their part
  // into escrow at payment, so postage and the fees are posted whole.
  const sale = order.subtotal - order.storeDiscount;
  const transfers: Transfer[] = [];
  if (sale > 0) {
    transfers.push({
      from: { platform: "escrow" },
      to: { wallet: store.ownerId },
      amount: sale,
      kind: "profit",
      subject,
      step: "profit",
    });
  }
  if (order.postage + order.serviceFee > 0) {
    transfers.push({
      from: { platform: "escrow" },
      to: { platform: "revenue" },
      amount: order.postage + order.serviceFee,
      kind: "prd_order_pay",
      subject,
      step: "fees",
    });
  }
  if (order.vat > 0) {
    transfers.push({
      from: { platform: "escrow" },
      to: { platform: "vat_payable" },
      amount: order.vat,
      kind: "prd_order_pay",
      subject,
      step: "vat",
    });
  }
  await move(tx, transfers, actorId);
  await insertEvents(tx, [orderEvent(order.id, "completed", actor, actorId)]);
}
