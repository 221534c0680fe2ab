import { type CodSettings } from "#common/contracts/settings.ts";
import { type Tx } from "../../../db/client.ts";
import { move, walletBalance, type Transfer } from "../../../modules/ledger/ledger.service.ts";
import {
  grandTotalOf,
  insertEvents,
  orderEvent,
  updateOrder,
  type OrderRow,
} from "../../../modules/orders/orders.service.ts";
import { now } from "../../../platform/clock.ts";
import { selectStorePayer } from "../../../read/order-lines.ts";
import { cancelLocked } from "./cancel.ts";
import { subsidize } from "./payment.ts";

/** Whether an order is paid on delivery and the courier has not collected yet. */
export function codDue(order: Pick<OrderRow, "paymentMethod" | "paidAt">): boolean {
  return order.paymentMethod === "cod" && order.paidAt === null;
}

/**
 * The courier delivered a cash-on-delivery parcel, so it collected the shopper's money (issue 27): the total
 * goes into escrow and the fee to revenue, both through COD clearing, which now shows what the courier owes
 * until it remits. The order is paid from then on, as any other. Once: a later delivery changes nothing.
 */
export async function collectCod(tx: Tx, order: OrderRow, at: Date): Promise<void> {
  if (!codDue(order)) return;
  const subject = { type: "order" as const, id: order.id };
  const transfers: Transfer[] = [
    {
      from: { platform: "cod_clearing" },
      to: { platform: "escrow" },
      amount: order.total,
      kind: "prd_order_pay",
      subject,
      step: "pay",
    },
  ];
  if (order.codFee) {
    transfers.push({
      from: { platform: "cod_clearing" },
      to: { platform: "revenue" },
      amount: order.codFee,
      kind: "prd_order_pay",
      subject,
      step: "cod_fee",
    });
  }
  await move(tx, transfers, null);
  await subsidize(tx, order, null);
  await updateOrder(tx, order.id, { paidAt: at, updatedAt: now() });
  await insertEvents(tx, [orderEvent(order.id, "paid", "system", null, { amount: grandTotalOf(order) })]);
}

/**
 * A cash-on-delivery parcel came back to the sender unpaid (refused, or nobody could be reached): the order is
 * cancelled as `cod_refused` (which counts against the shopper's cash on delivery), its stock returns and the
 * store gets its goods cost back. The way back's postage (what the way there cost) is the platform's, or the
 * store's as far as its balance goes, as the operator set it.
 */
export async function returnRefusedCod(
  tx: Tx,
  order: OrderRow,
  postage: number,
  settings: CodSettings,
): Promise<void> {
  await cancelLocked(tx, order, "cod_refused", "system", null);
  if (settings.returnPostage !== "store" || postage === 0) return;
  const store = (await selectStorePayer(tx, order.storeId))!;
  const charged = Math.min(postage, Math.max(0, await walletBalance(tx, store.ownerId)));
  if (charged === 0) return;
  await move(
    tx,
    [
      {
        from: { wallet: store.ownerId },
        to: { platform: "revenue" },
        amount: charged,
        kind: "mch_order_pay",
        subject: { type: "order", id: order.id },
        step: "return_postage",
      },
    ],
    null,
  );
}
