import { type MoneySettings } from "#common/contracts/settings.ts";
import { type OrderActor } from "#common/order-states.ts";
import { type PaymentMethod } from "#common/payment-channels.ts";
import { type Tx } from "../../../db/client.ts";
import { refuseFrozen } from "../../../modules/auth/freeze.service.ts";
import { recordSales } from "../../../modules/catalog/catalog.service.ts";
import { scheduleJob } from "../../../platform/jobs.ts";
import { move, type Transfer } from "../../../modules/ledger/ledger.service.ts";
import {
  grandTotalOf,
  insertEvents,
  insertPayment,
  orderEvent,
  paymentExpireJob,
  selectItems,
  updateOrder,
  updatePaymentStatus,
  type OrderRow,
} from "../../../modules/orders/orders.service.ts";
import { now } from "../../../platform/clock.ts";
import { newId } from "../../../platform/ids.ts";
import { settleGoods } from "./goods.ts";
import { schedulePaymentReminder, tellShopper } from "./notices.ts";

/** A payment for orders (pending); a provider's is expired by a job at the orders' payment deadline. */
export async function openPayment(
  tx: Tx,
  userId: string,
  method: PaymentMethod,
  toPay: readonly { id: string; total: number }[],
  expiresAt: Date,
): Promise<string> {
  const at = now();
  const id = newId("chk", at.getTime());
  await insertPayment(
    tx,
    {
      id,
      userId,
      method,
      amount: toPay.reduce((s, o) => s + o.total, 0),
      createdAt: at,
      expiresAt,
    },
    toPay.map((o) => o.id),
  );
  // A wallet payment is paid in this same transaction (or nothing commits): only a provider's can expire.
  if (method !== "wallet") {
    await scheduleJob(tx, paymentExpireJob, id, expiresAt);
    // Its shopper is reminded before the deadline while it is still unpaid (issue 44).
    await schedulePaymentReminder(tx, id, expiresAt);
  }
  return id;
}

/**
 * Pays orders from the shopper's wallet into escrow, one transfer per order (each links to its order); never from a
 * frozen account's (issue 43).
 */
export async function payFromWallet(
  tx: Tx,
  settings: MoneySettings,
  userId: string,
  paymentId: string,
  toPay: OrderRow[],
): Promise<void> {
  await refuseFrozen(tx, userId);
  await move(
    tx,
    toPay.map((o) => ({
      from: { wallet: userId },
      to: { platform: "escrow" },
      amount: o.total,
      kind: "prd_order_pay",
      subject: { type: "order", id: o.id },
      step: "pay",
    })),
    userId,
  );
  await updatePaymentStatus(tx, paymentId, ["pending"], "paid", now());
  for (const o of toPay) await markPaid(tx, settings, o.id, paymentId, "wallet", "shopper", userId);
}

/**
 * Orders placed for cash on delivery (issue 27): nothing is paid, but they wait for shipment as paid ones do,
 * so their sales count and the store owes their goods cost now. The money comes on delivery (`collectCod`).
 */
export async function confirmCod(tx: Tx, settings: MoneySettings, placed: OrderRow[]): Promise<void> {
  for (const order of placed) {
    await recordSales(tx, await selectItems(tx, [order.id]), 1);
    await settleGoods(tx, order, settings);
    // The shopper is told what to have ready at the door (issue 44).
    await tellShopper(tx, order, "orderPlacedCod", { amount: grandTotalOf(order) });
  }
}

/** Marks an order paid (once) and settles what the store owes for its goods. */
export async function markPaid(
  tx: Tx,
  settings: MoneySettings,
  orderId: string,
  paymentId: string,
  method: PaymentMethod,
  actor: OrderActor,
  actorId: string | null,
): Promise<void> {
  const at = now();
  const order = await updateOrder(
    tx,
    orderId,
    { status: "paid", paidAt: at, paidBy: paymentId, paymentMethod: method, updatedAt: at },
    ["pending_payment"],
  );
  if (!order) return;
  await subsidize(tx, order, actorId);
  const items = await selectItems(tx, [orderId]);
  await recordSales(tx, items, 1);
  await insertEvents(tx, [orderEvent(orderId, "paid", actor, actorId, { amount: order.total })]);
  await settleGoods(tx, order, settings);
  // Paid once (a payment heard again finds it paid and returns above): its shopper is told (issue 44).
  await tellShopper(tx, order, "orderPaid", { amount: order.total }, "payments");
}

/**
 * The platform's share of a paid order (issue 42, decision 30): what its vouchers took off the items (from
 * promotions) and off postage (from shipping subsidy) goes into escrow with the shopper's payment, so escrow
 * holds everything the store, the courier and the platform's fees are owed. Steps of the order: once.
 */
export async function subsidize(
  tx: Tx,
  order: Pick<OrderRow, "id" | "platformDiscount" | "shippingDiscount">,
  actorId: string | null,
): Promise<void> {
  const transfers = voucherShares(
    order.id,
    { platform: order.platformDiscount, shipping: order.shippingDiscount },
    "in",
    (name) => name,
  );
  if (transfers.length > 0) await move(tx, transfers, actorId);
}

/**
 * The transfers of the platform's voucher shares of an order: from promotions and shipping subsidy into escrow at
 * payment (`in`), or from escrow back to them on a cancel or a return (`back`); none for a share of nothing. Each
 * is a step of the order, named by `step`.
 */
export function voucherShares(
  orderId: string,
  shares: { platform: number; shipping: number },
  way: "in" | "back",
  step: (name: "promotion" | "shipping_subsidy") => string,
): Transfer[] {
  const accounts = [
    ["promotions", shares.platform, "promotion"],
    ["shipping_subsidy", shares.shipping, "shipping_subsidy"],
  ] as const;
  return accounts
    .filter(([, amount]) => amount > 0)
    .map(([account, amount, name]) => ({
      from: { platform: way === "in" ? account : "escrow" },
      to: { platform: way === "in" ? "escrow" : account },
      amount,
      kind: "system",
      subject: { type: "order", id: orderId },
      step: step(name),
    }));
}
