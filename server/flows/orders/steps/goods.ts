import { type MoneySettings } from "#common/contracts/settings.ts";
import { type OrderActor } from "#common/order-states.ts";
import { type Tx } from "../../../db/client.ts";
import { savepoint } from "../../../db/transaction.ts";
import { scheduleJob } from "../../../platform/jobs.ts";
import { InsufficientBalance, move } from "../../../modules/ledger/ledger.service.ts";
import {
  goodsExpireJob,
  insertEvents,
  orderEvent,
  updateOrder,
  type OrderRow,
} from "../../../modules/orders/orders.service.ts";
import { addMs, hour, now } from "../../../platform/clock.ts";
import { selectStorePayer } from "../../../read/order-lines.ts";
import { tellStore, wibTime } from "./notices.ts";

/**
 * The store owes the goods cost of a paid order: paid at once from its balance when auto-pay is on and the
 * balance allows (a savepoint: a short balance leaves everything else as it was); otherwise the order waits
 * for the merchant until the goods deadline.
 */
export async function settleGoods(tx: Tx, order: OrderRow, settings: MoneySettings): Promise<void> {
  const store = (await selectStorePayer(tx, order.storeId))!;
  if (store.autoPay) {
    try {
      await savepoint(tx, (sp) => payGoodsOf(sp, store.ownerId, [order], "system", null));
      // The store's owner is told of the new order, its goods cost already paid (issue 44).
      await tellStore(tx, order, "merchantNewOrder", { amount: order.goodsCost });
      return;
    } catch (error) {
      if (!(error instanceof InsufficientBalance)) throw error;
    }
  }
  const due = addMs(now(), settings.goodsPaymentHours * hour);
  await updateOrder(tx, order.id, { goodsDueAt: due });
  await scheduleJob(tx, goodsExpireJob, order.id, due);
  await insertEvents(tx, [
    orderEvent(order.id, "goods_waiting", "system", null, { amount: order.goodsCost }),
  ]);
  // The store's owner is told of the new order and what to pay for it by when (issue 44).
  await tellStore(tx, order, "merchantNewOrderGoodsDue", { amount: order.goodsCost, deadline: wibTime(due) });
}

/** Moves the goods cost of orders from the merchant's wallet to revenue and marks them paid. */
export async function payGoodsOf(
  tx: Tx,
  merchantId: string,
  toPay: readonly OrderRow[],
  actor: OrderActor,
  actorId: string | null,
): Promise<void> {
  await move(
    tx,
    toPay.map((o) => ({
      from: { wallet: merchantId },
      to: { platform: "revenue" },
      amount: o.goodsCost,
      kind: "mch_order_pay",
      subject: { type: "order", id: o.id },
      step: "goods",
    })),
    actorId,
  );
  const at = now();
  for (const o of toPay) {
    await updateOrder(tx, o.id, { goodsPaidAt: at, updatedAt: at });
  }
  await insertEvents(
    tx,
    toPay.map((o) => orderEvent(o.id, "goods_paid", actor, actorId, { amount: o.goodsCost })),
  );
}
