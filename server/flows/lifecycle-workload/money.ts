// The lifecycle workload's money (lifecycle-workload.test.ts): the ledger's accounts, a snapshot of the
// database, and where an order's money must be from its state alone.
import { expect } from "vitest";
import { returnedShare } from "#common/money.ts";
import { reversedException } from "#common/order-states.ts";
import type { World } from "./world.ts";

export const wallet = (userId: string) => `wallet:${userId}`;
export const escrow = "platform:escrow";
export const revenue = "platform:revenue";
export const vatPayable = "platform:vat_payable";
export const clearing = "platform:gateway_clearing";
export const codClearing = "platform:cod_clearing";
export const payoutsPending = "platform:payouts_pending";
export const adjustments = "platform:adjustments";
export const promotions = "platform:promotions";
export const shippingSubsidy = "platform:shipping_subsidy";

/** Signed amounts per ledger account. */
export class Moves {
  readonly by = new Map<string, number>();
  add(account: string, amount: number) {
    this.by.set(account, (this.by.get(account) ?? 0) + amount);
  }
  move(from: string, to: string, amount: number) {
    this.add(from, -amount);
    this.add(to, amount);
  }
  merge(other: Moves) {
    for (const [account, amount] of other.by) this.add(account, amount);
  }
  /** Without the zeros, sorted: comparable with toEqual. */
  get nonZero() {
    return Object.fromEntries([...this.by].filter(([, v]) => v !== 0).sort(([a], [b]) => (a < b ? -1 : 1)));
  }
}

export async function snapshot(w: World) {
  const q = w.database.db.query;
  const [
    orders,
    items,
    returns,
    payments,
    paymentOrders,
    stores,
    recharges,
    withdrawals,
    variants,
    listings,
  ] = await Promise.all([
    q.orders.findMany(),
    q.orderItems.findMany(),
    q.orderReturns.findMany(),
    q.orderPayments.findMany(),
    q.orderPaymentOrders.findMany(),
    q.stores.findMany(),
    q.recharges.findMany(),
    q.withdrawals.findMany(),
    q.productVariants.findMany(),
    q.listings.findMany(),
  ]);
  const [accounts, transfers, attempts, refunds, jobs, shipments, flashItems, flashQuotas] =
    await Promise.all([
      q.ledgerAccounts.findMany(),
      q.ledgerTransfers.findMany(),
      q.paymentAttempts.findMany(),
      q.paymentRefunds.findMany(),
      w.database.jobs.failures(),
      q.shipments.findMany(),
      q.flashItems.findMany(),
      q.flashQuotas.findMany(),
    ]);
  return {
    orders,
    items,
    returns,
    payments,
    paymentOrders,
    stores,
    recharges,
    withdrawals,
    variants,
    listings,
    accounts,
    transfers,
    attempts,
    refunds,
    jobs,
    shipments,
    flashItems,
    flashQuotas,
  };
}
export type Snapshot = Awaited<ReturnType<typeof snapshot>>;
type Transfer = Snapshot["transfers"][number];

export const sum = (xs: readonly { amount: number }[]) => xs.reduce((n, x) => n + x.amount, 0);

/**
 * What a reversal of attempt `a` took back from the wallet it had paid (a late payment, a recharge, a refund),
 * as far as the balance went, the rest carried by the platform (adjustments): `amount` in all, to clearing.
 */
export function takenBack(
  m: Moves,
  transfers: readonly Transfer[],
  a: { id: string; userId: string },
  amount: number,
) {
  const back = transfers.filter((t) => t.step === `reversal:${a.id}` || t.step === `reversal:${a.id}:short`);
  for (const t of back) {
    expect([wallet(a.userId), adjustments], `reversal of ${a.id} takes from`).toContain(t.debitAccountId);
    expect(t.creditAccountId, `reversal of ${a.id} gives back to`).toBe(clearing);
    m.move(t.debitAccountId, clearing, t.amount);
  }
  expect(sum(back), `what the reversal of ${a.id} took back`).toBe(amount);
}

/**
 * Where an order's money must be, from its state alone (product.md sections 2-4, money.md "The order's money,
 * as transfers"): paid, its total left the shopper's wallet (or the gateway) for escrow; with the goods cost
 * paid, that left the merchant's wallet for revenue; cancelled after payment, escrow gave the shopper the whole
 * total back (to the wallet) and revenue gave the merchant the goods cost back; completed, escrow paid the
 * merchant the sale subtotal, revenue the postage and service fee, VAT payable the VAT. An approved return gives
 * the shopper the items' price and VAT share (and the fees, once all is returned) from the merchant's sale, VAT
 * payable and revenue, and the merchant its goods cost from revenue. A gateway payment arriving for an order no
 * longer waiting goes to the shopper's wallet. A refund of an order paid by QRIS (or an e-wallet) goes on from
 * the wallet to the provider, and comes back to the wallet if the provider refuses it.
 *
 * Paid on delivery (decision 24): nothing moves until the courier collects (delivered, or the shopper confirmed
 * receipt first); then COD clearing pays escrow the total and revenue the fee, and the courier's remittance fills
 * COD clearing again (whatever else it moves, COD clearing ends where it began for a remitted parcel). A refused
 * parcel cancels the order: no refund, the goods cost back, and the way back's postage from the store's balance
 * as far as it goes when the operator set the store to pay it.
 *
 * Taken back by the provider (decision 19): a paid order its attempt paid is cancelled and escrow's total goes
 * back to clearing, not to the shopper; one shipped or completed is held for the operator (marked) and the
 * platform carries the total (adjustments); money the attempt had put in the wallet (a late payment, a refund
 * there) is taken from the wallet as far as it goes, the platform carrying the rest.
 */
export function orderMoney(w: World, s: Snapshot, o: Snapshot["orders"][number]): Moves {
  const m = new Moves();
  const merchant = wallet(s.stores.find((x) => x.id === o.storeId)!.ownerId);
  const shopper = wallet(o.userId);
  const transfers = s.transfers.filter((t) => t.subjectType === "order" && t.subjectId === o.id);
  const parcel = s.shipments.find((x) => x.orderId === o.id && x.kind === "outbound");
  const cod = o.paymentMethod === "cod";
  if (o.paidAt && cod) {
    m.move(codClearing, escrow, o.total);
    m.move(codClearing, revenue, o.codFee!);
  } else if (o.paidAt) m.move(o.paymentMethod === "wallet" ? shopper : clearing, escrow, o.total);
  // Vouchers (issue 42): the platform's share of a paid order joins the shopper's money in escrow.
  if (o.paidAt) {
    m.move(promotions, escrow, o.platformDiscount);
    m.move(shippingSubsidy, escrow, o.shippingDiscount);
  }
  if (o.goodsPaidAt) m.move(merchant, revenue, o.goodsCost);
  if (o.status === "cancelled") {
    if (o.paidAt) {
      m.move(escrow, o.cancelReason === "payment_reversed" ? clearing : shopper, o.total);
      m.move(escrow, promotions, o.platformDiscount);
      m.move(escrow, shippingSubsidy, o.shippingDiscount);
    }
    if (o.goodsPaidAt) m.move(revenue, merchant, o.goodsCost);
  }
  if (o.status === "completed") {
    // The store's sale is its prices less its own voucher; postage is posted whole (the subsidy paid its part).
    m.move(escrow, merchant, o.subtotal - o.storeDiscount);
    m.move(escrow, revenue, o.postage + o.serviceFee);
    m.move(escrow, vatPayable, o.vat);
  }

  // Cash on delivery: the fee, the parcel's amount to collect, the way back of a refused parcel, remittances.
  const postage = transfers.filter((t) => t.step === "return_postage");
  if (cod) {
    expect(o.codFee, `${o.id}: the cash-on-delivery fee`).toBeGreaterThan(0);
    if (parcel) expect(parcel.codAmount, `${o.id}: what the courier collects`).toBe(o.total + o.codFee!);
    if (o.cancelReason === "cod_refused") {
      expect(o.paidAt, `${o.id}: refused, so never paid`).toBeNull();
      expect(parcel?.status, `${o.id}: refused, so its parcel came back`).toBe("returned");
      expect(postage.length, `${o.id}: the way back charged once at most`).toBeLessThanOrEqual(1);
      for (const t of postage) {
        expect(w.plan.cod.returnPostage, `${o.id}: the store pays the way back`).toBe("store");
        expect(t.amount, `${o.id}: the way back costs what the way there did`).toBeLessThanOrEqual(
          parcel!.price,
        );
        m.move(merchant, revenue, t.amount);
      }
    }
    // The remittance: whatever it moves, into COD clearing it brings what the courier collected.
    const remit = transfers.filter(
      (t) =>
        t.step.startsWith("cod_remit") ||
        ((t.debitAccountId === codClearing || t.creditAccountId === codClearing) &&
          t.step !== "pay" &&
          t.step !== "cod_fee"),
    );
    if (parcel?.codRemittedAt) {
      expect(o.paidAt, `${o.id}: remitted, so collected`).not.toBeNull();
      const into = remit.reduce(
        (n, t) =>
          n +
          (t.creditAccountId === codClearing ? t.amount : 0) -
          (t.debitAccountId === codClearing ? t.amount : 0),
        0,
      );
      expect(into, `${o.id}: the remittance settles what the courier collected`).toBe(parcel.codAmount);
      for (const t of remit) m.move(t.debitAccountId, t.creditAccountId, t.amount);
    } else expect(remit, `${o.id}: nothing remitted`).toEqual([]);
    // COD clearing for this order: what its courier still owes, nothing once remitted.
    expect(m.by.get(codClearing) ?? 0, `${o.id}: what its courier owes`).toBe(
      o.paidAt && !parcel?.codRemittedAt ? 0 - (o.total + o.codFee!) : 0,
    );
  } else {
    expect(o.codFee, `${o.id}: no cash-on-delivery fee`).toBeNull();
  }
  if (o.cancelReason !== "cod_refused") expect(postage, `${o.id}: no way back charged`).toEqual([]);

  const items = s.items.filter((i) => i.orderId === o.id);
  const returned = s.returns.filter(
    (r) => r.orderId === o.id && r.kind === "return" && r.status === "approved",
  );
  if (returned.length > 0) {
    let sales = 0;
    let refunds = 0;
    for (const r of returned) {
      const item = items.find((i) => i.variantId === r.variantId)!;
      // What was paid for the units (prices less both vouchers' shares) and the platform's share of them, by
      // cumulative floors (one request per item: its units are the first returned).
      const paid = item.price * item.quantity - item.storeDiscount - item.platformDiscount;
      const sale = returnedShare(paid, item.quantity, 0, r.quantity);
      const platform = returnedShare(item.platformDiscount, item.quantity, 0, r.quantity);
      const goods = item.merchantPrice * r.quantity;
      m.move(revenue, merchant, goods);
      m.move(merchant, shopper, sale);
      m.move(merchant, promotions, platform);
      // The return postage (issue 27): the shopper's part is kept from the refund, the store's taken from it.
      const deduction = r.postagePayer === "shopper" ? (r.postageCharged ?? 0) : 0;
      if (deduction > 0) m.move(shopper, revenue, deduction);
      if (r.postagePayer === "store") m.move(merchant, revenue, r.postageCharged ?? 0);
      expect(
        r.refund! + deduction,
        `return ${r.id} refunds at least the items' price`,
      ).toBeGreaterThanOrEqual(sale);
      sales += sale;
      refunds += r.refund! + deduction;
    }
    const all = items.reduce((n, i) => n + i.quantity, 0) === returned.reduce((n, r) => n + r.quantity, 0);
    const fees = all ? o.postage + o.serviceFee - o.shippingDiscount : 0;
    const vat = refunds - sales - fees;
    expect(vat, `order ${o.id}: the VAT its returns gave back`).toBeGreaterThanOrEqual(0);
    expect(vat, `order ${o.id}: the VAT its returns gave back`).toBeLessThanOrEqual(o.vat);
    // Everything returned: the shopper got the whole total back.
    if (all) expect(refunds, `order ${o.id} returned in full`).toBe(o.total);
    m.move(revenue, shopper, fees);
    if (all) m.move(revenue, shippingSubsidy, o.shippingDiscount);
    m.move(vatPayable, shopper, vat);
  }

  // Each attempt of a payment of the order applied its money to the order exactly once if it was paid (or paid
  // and then taken back), never otherwise: by paying the order (the payment's paying attempt, when the order was
  // paid by that payment), or else into the wallet (a late payment). So no attempt paid twice.
  const paying = transfers.filter(
    (t) => t.step === "pay" && t.debitAccountId === clearing && t.creditAccountId === escrow,
  ).length;
  for (const p of s.paymentOrders.filter((x) => x.orderId === o.id)) {
    const payment = s.payments.find((x) => x.id === p.paymentId)!;
    for (const a of s.attempts.filter((x) => x.subjectId === payment.id)) {
      // An attempt opened after an order of its checkout was cancelled pays only the orders still owed.
      if (a.orderIds && !a.orderIds.includes(o.id)) continue;
      const applied = a.status === "paid" || a.status === "reversed";
      const paidIt = payment.paidAttemptId === a.id && o.paidBy === payment.id;
      // Money it brought for the order no longer waiting went to the wallet, named for why (decision 19).
      const late = transfers.filter((t) =>
        [`late:${a.id}`, `cancelled:${a.id}`, `paid_twice:${a.id}`].includes(t.step),
      ).length;
      expect(late + (paidIt ? paying : 0), `${o.id}: attempt ${a.id} (${a.status}) applied`).toBe(
        applied ? 1 : 0,
      );
      if (applied && !paidIt) m.move(clearing, shopper, o.total);
      if (a.status !== "reversed") continue;
      if (paidIt && o.cancelReason === "payment_reversed") continue;
      // Refunds of it still waiting to be sent when the provider took it back are never sent: their money, gone
      // from the wallet to clearing already, is part of what the chargeback gave back.
      const superseded = sum(
        s.refunds.filter((r) => r.attemptId === a.id && r.orderId === o.id && r.status === "superseded"),
      );
      if (paidIt && (o.status === "shipped" || o.status === "completed")) {
        expect(o.exception, `${o.id}: held for the operator`).toBe(reversedException);
        m.move(adjustments, clearing, o.total - superseded);
      } else {
        expect(paidIt && o.status !== "cancelled", `${o.id}: reversed while ${o.status}`).toBe(false);
        takenBack(m, transfers, a, o.total - superseded);
      }
    }
  }
  if (o.cancelReason === "payment_reversed") {
    const payment = s.payments.find((x) => x.id === o.paidBy);
    const by = s.attempts.find((a) => a.id === payment?.paidAttemptId);
    expect(by?.status, `${o.id}: cancelled by the reversal of what paid it`).toBe("reversed");
  }
  // A refund of an order paid by QRIS goes on from the wallet back to the provider; one the provider refused
  // came back to the wallet.
  for (const r of s.refunds.filter((x) => x.orderId === o.id)) {
    if (r.status !== "failed") m.move(shopper, clearing, r.amount);
  }
  return m;
}
