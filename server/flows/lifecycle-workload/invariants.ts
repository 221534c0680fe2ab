// The lifecycle workload's invariants (lifecycle-workload.test.ts): what holds after the workload, and again
// once every deadline has passed.
import { expect } from "vitest";
import { expectLedgerBalanced } from "../../../tests/setup/ledger.ts";
import { parcelExceptions } from "#common/order-states.ts";
import type { World } from "./world.ts";
import { count, codDue } from "./actions.ts";
import {
  wallet,
  escrow,
  revenue,
  vatPayable,
  clearing,
  codClearing,
  payoutsPending,
  adjustments,
  Moves,
  snapshot,
  type Snapshot,
  sum,
  takenBack,
  orderMoney,
} from "./money.ts";

/** The ledger's own books broke: every later run would fail, so shrinking goes on in a new database. */
export const books = { broken: false };

/** Every invariant of the world, read from the database after the workload. */
export async function checkWorld(w: World, phase: string) {
  // The operator's conservation check: each stored balance is the sum of its transfers, all sum to zero, no
  // wallet below zero.
  try {
    await expectLedgerBalanced(w.database);
  } catch (error) {
    // Broken for good: later runs (shrinking) need a database of their own.
    books.broken = true;
    throw error;
  }
  const s = await snapshot(w);
  const balances = new Map(s.accounts.map((a) => [a.id, a.balance]));
  const balance = (id: string) => balances.get(id) ?? 0;

  // No negative balance: no wallet, and none of the platform's accounts that hold real money.
  for (const a of s.accounts) {
    if (a.kind === "wallet") expect(a.balance, `${phase}: ${a.id}`).toBeGreaterThanOrEqual(0);
  }
  for (const id of [escrow, revenue, vatPayable, payoutsPending]) {
    expect(balance(id), `${phase}: ${id}`).toBeGreaterThanOrEqual(0);
  }

  // Stock, per variant. A variant's stock is taken when an order is placed (reserved while it waits for
  // payment), and comes back when an order is cancelled (unless the operator cancelled it as a lost parcel: the
  // goods are gone) or a returned item's parcel arrives at the warehouse; an approved replacement takes a new
  // item from stock. So, for each variant of this run:
  //   stock + items in orders not cancelled + items of lost parcels + replacement items - returns arrived
  //   + what a flash slot carved and has not sold = supplied.
  const status = new Map(s.orders.map((o) => [o.id, o.status]));
  const lost = new Set(s.orders.filter((o) => o.cancelReason === "parcel_lost").map((o) => o.id));
  const holds = (orderId: string) => status.get(orderId) !== "cancelled" || lost.has(orderId);
  const arrivedReturn = (r: Snapshot["returns"][number]) =>
    r.kind === "return" &&
    s.shipments.some((x) => x.returnId === r.id && x.kind === "return" && x.status === "delivered");
  for (const [variantId, supplied] of w.supplied) {
    const v = s.variants.find((x) => x.id === variantId)!;
    expect(v.stock, `${phase}: stock of ${variantId}`).toBeGreaterThanOrEqual(0);
    const held = sum(
      s.items
        .filter((i) => i.variantId === variantId && holds(i.orderId))
        .map((i) => ({ amount: i.quantity })),
    );
    const ofVariant = s.returns.filter((r) => r.variantId === variantId);
    const replaced = sum(
      ofVariant
        .filter((r) => r.kind === "replacement" && (r.status === "approved" || r.status === "replaced"))
        .map((r) => ({ amount: r.quantity })),
    );
    const arrived = sum(ofVariant.filter(arrivedReturn).map((r) => ({ amount: r.quantity })));
    const inSlots = carvedUnsold(s, [variantId]);
    expect(
      {
        stock: v.stock,
        held,
        replaced,
        arrived,
        inSlots,
        total: v.stock + held + replaced - arrived + inSlots,
      },
      `${phase}: stock identity of variant ${variantId}`,
    ).toMatchObject({ total: supplied });
  }
  // And per product, with its listings' sales: a listing's sales count its items once paid (or placed on
  // delivery), until cancelled or refunded:
  //   stock + sum(sales of its listings) + items awaiting payment + lost + replacement items - arrived + refunded
  //   = supplied.
  for (const [productId, variantIds] of w.products) {
    const stock = sum(
      s.variants.filter((v) => v.supplyProductId === productId).map((v) => ({ amount: v.stock })),
    );
    const listingsOf = s.listings.filter((l) => l.supplyProductId === productId);
    const sold = listingsOf.reduce((n, l) => n + l.sales, 0);
    const ofProduct = s.items.filter((i) => i.supplyProductId === productId);
    const reserved = sum(
      ofProduct
        .filter((i) => status.get(i.orderId) === "pending_payment")
        .map((i) => ({ amount: i.quantity })),
    );
    const lostItems = sum(ofProduct.filter((i) => lost.has(i.orderId)).map((i) => ({ amount: i.quantity })));
    const returnsOf = s.returns.filter((r) => variantIds.includes(r.variantId));
    const replaced = sum(
      returnsOf
        .filter((r) => r.kind === "replacement" && (r.status === "approved" || r.status === "replaced"))
        .map((r) => ({ amount: r.quantity })),
    );
    // A return's goods come back to stock when its parcel arrives; its sale leaves the sales when refunded
    // (issue 27): either may come first (an operator refunds now; a store too short holds the refund).
    const arrived = sum(returnsOf.filter(arrivedReturn).map((r) => ({ amount: r.quantity })));
    const refunded = sum(
      returnsOf
        .filter((r) => r.kind === "return" && r.status === "approved")
        .map((r) => ({ amount: r.quantity })),
    );
    expect(
      {
        stock,
        sold,
        reserved,
        lost: lostItems,
        replaced,
        arrived,
        refunded,
        inSlots: carvedUnsold(s, variantIds),
        total:
          stock + sold + reserved + lostItems + replaced - arrived + refunded + carvedUnsold(s, variantIds),
      },
      `${phase}: stock identity of ${productId}`,
    ).toMatchObject({ total: variantIds.reduce((n, id) => n + w.supplied.get(id)!, 0) });
    for (const l of listingsOf) {
      expect(l.sales, `${phase}: sales of ${l.id}`).toBeGreaterThanOrEqual(0);
      const bought = s.items
        .filter(
          (i) => i.listingId === l.id && ["paid", "shipped", "completed"].includes(status.get(i.orderId)!),
        )
        .reduce((n, i) => n + i.quantity, 0);
      const back = s.returns
        .filter((r) => r.listingId === l.id && r.kind === "return" && r.status === "approved")
        .reduce((n, r) => n + r.quantity, 0);
      expect(l.sales, `${phase}: sales of ${l.id}`).toBe(bought - back);
    }
  }

  // Each order: its state is coherent, and the transfers that name it moved exactly its money.
  const byOrder = new Map<string, Moves>();
  for (const t of s.transfers) {
    if (t.subjectType !== "order") continue;
    let m = byOrder.get(t.subjectId);
    if (!m) byOrder.set(t.subjectId, (m = new Moves()));
    m.move(t.debitAccountId, t.creditAccountId, t.amount);
  }
  // This run's orders, recharges and withdrawals (earlier runs' do not move any more: their deadlines passed).
  const orders = s.orders.filter((o) => w.orderIds.has(o.id));
  const runAttempts = s.attempts.filter((a) => w.gatewayPayments.includes(a.id));
  const recharges = s.recharges.filter((r) => runAttempts.some((a) => a.subjectId === r.id));
  const withdrawals = s.withdrawals.filter((x) => w.withdrawals.includes(x.id));
  const expected = new Moves();
  for (const o of orders) {
    if (o.status === "shipped" || o.status === "completed")
      expect(o.goodsPaidAt, `${o.id} shipped unpaid`).toBeTruthy();
    // Paid, unless paid on delivery and the courier has not collected yet (a completed one was).
    if (
      o.status === "completed" ||
      (o.status !== "pending_payment" && o.status !== "cancelled" && !codDue(o))
    )
      expect(o.paidAt, `${o.id} paid`).toBeTruthy();
    if (o.status === "pending_payment") expect(o.paidAt).toBeNull();
    if (o.status === "shipped" && codDue(o)) {
      // Still at the courier's: on its way, or refused on its way back, or never reported (the operator's).
      expect([null, "parcel_returning", "cod_uncollected"], `${o.id}: uncollected`).toContain(o.exception);
    }
    const money = orderMoney(w, s, o);
    expect(byOrder.get(o.id)?.nonZero ?? {}, `${phase}: money of order ${o.id} (${o.status})`).toEqual(
      money.nonZero,
    );
    expected.merge(money);
  }

  // Recharges credit once when completed (a provider's reversal takes it back from the wallet, as far as it
  // goes); withdrawals hold while pending, pay out (less the fee) when approved, return when rejected; the
  // operator's credits come from adjustments; a channel's fee (none unless the operator sets one) goes to
  // revenue, and back when the payment is reversed.
  for (const r of recharges) {
    // One attempt each here (nobody switches a recharge's method): completed when it was paid, credited once.
    const ofIt = runAttempts.filter((a) => a.subjectId === r.id);
    const applied = ofIt.filter((a) => a.status === "paid" || a.status === "reversed");
    expect(applied.length, `${phase}: paid attempts of ${r.id} (${r.status})`).toBe(
      r.status === "completed" ? 1 : 0,
    );
    if (r.status === "completed") expected.move(clearing, wallet(r.userId), r.amount);
    const transfers = s.transfers.filter((t) => t.subjectType === "recharge" && t.subjectId === r.id);
    for (const a of ofIt.filter((x) => x.status === "reversed")) takenBack(expected, transfers, a, r.amount);
  }
  // A payment the provider took back reached its payer once (their bank gave it back): no refund of it comes
  // back to the wallet after the reversal, too.
  for (const a of runAttempts.filter((x) => x.status === "reversed")) {
    const again = s.refunds.filter(
      (r) => r.attemptId === a.id && r.status === "failed" && r.decidedAt! >= a.decidedAt!,
    );
    expect(
      again.map(
        (r) =>
          `${r.id} of order ${r.orderId}: ${r.amount}, asked ${r.createdAt.toISOString()}, refused ${r.decidedAt!.toISOString()}`,
      ),
      `${phase}: refunds of ${a.id} put back in the wallet after the provider took the payment back (${a.decidedAt!.toISOString()})`,
    ).toEqual([]);
  }
  for (const a of runAttempts) {
    if (a.fee > 0 && (a.status === "paid" || a.status === "reversed"))
      expected.move(clearing, revenue, a.fee);
    if (a.fee > 0 && a.status === "reversed") expected.move(revenue, clearing, a.fee);
  }
  for (const x of withdrawals) {
    if (x.status === "rejected") continue;
    expected.move(wallet(x.userId), payoutsPending, x.amount);
    if (x.status === "paid") {
      expected.move(payoutsPending, clearing, x.amount - x.fee);
      expected.move(payoutsPending, revenue, x.fee);
    }
  }
  for (const [userId, amount] of w.credits) expected.move(adjustments, wallet(userId), amount);

  // Every account moved in this run exactly what the states of its orders, recharges, withdrawals and credits
  // say: money conserved, person by person.
  const actual = new Moves();
  for (const a of s.accounts) actual.add(a.id, a.balance - (w.baseline.get(a.id) ?? 0));
  expect(actual.nonZero, `${phase}: every balance's change from the states`).toEqual(expected.nonZero);

  // Named, as the product says it: escrow holds the total of every paid order not yet completed or cancelled
  // (earlier runs' open orders were in it already; one paid on delivery once collected); COD clearing owes
  // what couriers collected for this run's parcels and have not remitted; payouts pending holds the pending
  // withdrawals.
  const since = (id: string) => balance(id) - (w.baseline.get(id) ?? 0);
  const open = orders.filter((o) => (o.status === "paid" || o.status === "shipped") && o.paidAt);
  // With the platform's voucher shares, which joined the shopper's money at payment (issue 42).
  expect(since(escrow), `${phase}: escrow`).toBe(
    open.reduce((n, o) => n + o.total + o.platformDiscount + o.shippingDiscount, 0),
  );
  const owed = orders.filter(
    (o) =>
      o.paymentMethod === "cod" &&
      o.paidAt &&
      !s.shipments.some((x) => x.orderId === o.id && x.kind === "outbound" && x.codRemittedAt),
  );
  expect(since(codClearing), `${phase}: COD clearing`).toBe(
    0 - owed.reduce((n, o) => n + o.total + o.codFee!, 0),
  );
  const pendingWithdrawals = withdrawals.filter((x) => x.status === "pending");
  expect(since(payoutsPending), `${phase}: payouts pending`).toBe(
    pendingWithdrawals.reduce((n, x) => n + x.amount, 0),
  );

  await checkVouchers(w, s, phase);
  checkFlash(s, holds, phase);

  // No deadline failed.
  expect(s.jobs.map((j) => `${j.kind} ${j.subjectId}: ${j.error}`)).toEqual([]);
  return s;
}

/** Units flash slots carved from these variants and have not sold (0 once a slot ended). */
function carvedUnsold(s: Snapshot, variantIds: readonly string[]): number {
  return sum(
    s.flashItems.filter((f) => variantIds.includes(f.variantId)).map((f) => ({ amount: f.carved - f.sold })),
  );
}

/**
 * Flash sales (issue 42), over every run: each item sold what the orders hold of it (lost parcels' too: those
 * units are gone), at its flash price, within what it carved; each shopper's quota is their live orders' units
 * of it, within its limit.
 */
function checkFlash(s: Snapshot, holds: (orderId: string) => boolean, phase: string) {
  const status = new Map(s.orders.map((o) => [o.id, o]));
  for (const f of s.flashItems) {
    const lines = s.items.filter((i) => i.flashItemId === f.id);
    for (const l of lines) expect(l.price, `${phase}: price of a flash line`).toBe(f.flashPrice);
    const held = sum(lines.filter((l) => holds(l.orderId)).map((l) => ({ amount: l.quantity })));
    expect({ sold: f.sold, held }, `${phase}: flash item ${f.id} sold`).toEqual({ sold: held, held });
    expect(
      f.sold <= f.carved && f.carved <= f.slotStock,
      `${phase}: flash item ${f.id} within its slot`,
    ).toBe(true);
    const users = new Set([
      ...s.flashQuotas.filter((q) => q.itemId === f.id).map((q) => q.userId),
      ...lines.map((l) => status.get(l.orderId)!.userId),
    ]);
    for (const userId of users) {
      const used = s.flashQuotas.find((q) => q.itemId === f.id && q.userId === userId)?.used ?? 0;
      const live = sum(
        lines
          .filter(
            (l) => status.get(l.orderId)!.userId === userId && status.get(l.orderId)!.status !== "cancelled",
          )
          .map((l) => ({ amount: l.quantity })),
      );
      expect(used, `${phase}: ${userId}'s quota of flash item ${f.id}`).toBe(live);
      expect(used).toBeLessThanOrEqual(f.perShopperLimit);
    }
  }
  for (const f of s.flashItems) if (f.sold > 0) count("flash item sold");
}

/**
 * Vouchers (issue 42), over every run: each voucher's use and amount are its live redemptions', within its
 * limits, and so is each shopper's count; a redemption is given back exactly when every order it took something
 * off ended (cancelled, or every unit returned and refunded); an order's discounts are its items' shares and its
 * redemptions' parts.
 */
async function checkVouchers(w: World, s: Snapshot, phase: string) {
  const q = w.database.db.query;
  const [vouchers, claims, redemptions, links] = await Promise.all([
    q.vouchers.findMany(),
    q.voucherClaims.findMany(),
    q.voucherRedemptions.findMany(),
    q.orderVouchers.findMany(),
  ]);
  const live = redemptions.filter((r) => r.state === "reserved");
  for (const v of vouchers) {
    const of = live.filter((r) => r.voucherId === v.id);
    expect({ used: v.used, spent: v.spent }, `${phase}: voucher ${v.id}'s counters`).toEqual({
      used: of.length,
      spent: sum(of),
    });
    if (v.usageLimit !== null)
      expect(v.used, `${phase}: ${v.id} within its uses`).toBeLessThanOrEqual(v.usageLimit);
    if (v.budget !== null)
      expect(v.spent, `${phase}: ${v.id} within its budget`).toBeLessThanOrEqual(v.budget);
  }
  for (const c of claims) {
    const of = live.filter((r) => r.voucherId === c.voucherId && r.userId === c.userId).length;
    expect(c.used, `${phase}: ${c.userId}'s uses of ${c.voucherId}`).toBe(of);
    const limit = vouchers.find((v) => v.id === c.voucherId)!.perShopperLimit;
    expect(c.used, `${phase}: ${c.userId} within the per-shopper limit`).toBeLessThanOrEqual(limit);
  }
  const ended = (orderId: string) => {
    const o = s.orders.find((x) => x.id === orderId)!;
    if (o.status === "cancelled") return true;
    const bought = sum(s.items.filter((i) => i.orderId === o.id).map((i) => ({ amount: i.quantity })));
    const back = sum(
      s.returns
        .filter((r) => r.orderId === o.id && r.kind === "return" && r.status === "approved")
        .map((r) => ({ amount: r.quantity })),
    );
    return back >= bought;
  };
  for (const r of redemptions) {
    const parts = links.filter((l) => l.redemptionId === r.id);
    expect(sum(parts), `${phase}: redemption ${r.id}'s parts`).toBe(r.amount);
    expect(r.state, `${phase}: redemption ${r.id} given back once its orders ended`).toBe(
      parts.every((l) => ended(l.orderId)) ? "released" : "reserved",
    );
  }
  for (const o of s.orders.filter((x) => w.orderIds.has(x.id))) {
    const items = s.items.filter((i) => i.orderId === o.id);
    const parts = links.filter((l) => l.orderId === o.id);
    const ofKind = (kind: string) => sum(parts.filter((l) => l.kind === kind));
    expect(
      {
        store: o.storeDiscount,
        platform: o.platformDiscount,
        shipping: o.shippingDiscount,
        storeItems: sum(items.map((i) => ({ amount: i.storeDiscount }))),
        platformItems: sum(items.map((i) => ({ amount: i.platformDiscount }))),
      },
      `${phase}: order ${o.id}'s discounts`,
    ).toEqual({
      store: ofKind("store"),
      platform: ofKind("platform"),
      shipping: ofKind("shipping"),
      storeItems: o.storeDiscount,
      platformItems: o.platformDiscount,
    });
    if (o.storeDiscount > 0) count("order with a store voucher");
    if (o.platformDiscount > 0) count("order with a platform voucher");
    if (o.shippingDiscount > 0) count("order with free shipping");
  }
}

/**
 * Once every deadline passed, nothing waits on one: unpaid orders expired, unpaid goods cancelled, shipped
 * completed, except a parcel with a problem, which is the operator's (a parcel paid on delivery that no courier
 * reported delivered, or one on its way back); and the couriers remitted what they collected for delivered
 * parcels.
 */
export function checkSettled(w: World, s: Snapshot) {
  const operators = (o: Snapshot["orders"][number]) =>
    o.status === "shipped" &&
    o.exception !== null &&
    (parcelExceptions as readonly string[]).includes(o.exception);
  const waiting = s.orders.filter(
    (o) =>
      (w.orderIds.has(o.id) && o.status === "pending_payment") ||
      (o.status === "shipped" && !operators(o)) ||
      (o.status === "paid" && !o.goodsPaidAt),
  );
  expect(
    waiting.map((o) => `${o.id} ${o.status}`),
    "orders still waiting on a deadline",
  ).toEqual([]);
  expect(
    s.recharges.filter((r) => r.status === "pending").map((r) => r.id),
    "recharges still pending",
  ).toEqual([]);
  const orders = s.orders.filter((o) => w.orderIds.has(o.id));
  const unremitted = s.shipments.filter(
    (x) => w.orderIds.has(x.orderId) && x.codAmount !== null && x.status === "delivered" && !x.codRemittedAt,
  );
  expect(
    unremitted.map((x) => x.id),
    "delivered parcels the courier did not remit",
  ).toEqual([]);
  // Refunds sent back to the provider were answered (the sandbox refunds what it was paid, refuses the rest).
  const refunds = s.refunds.filter((r) => w.orderIds.has(r.orderId));
  expect(
    refunds.filter((r) => r.status === "pending").map((r) => r.id),
    "refunds still pending",
  ).toEqual([]);
  for (const r of refunds) count(`refund to the provider: ${r.status}`);
  // Where this run's orders ended, for the kinds this workload means to reach.
  for (const o of orders) {
    const end = `${o.status}${o.cancelReason ? ` (${o.cancelReason})` : ""}${o.exception ? ` [${o.exception}]` : ""}`;
    if (o.paymentMethod === "cod") {
      const remitted = s.shipments.some((x) => x.orderId === o.id && x.codRemittedAt);
      count(`end of a COD order: ${end}${remitted ? ", remitted" : ""}`);
    }
    const reversed = s.paymentOrders
      .filter((p) => p.orderId === o.id)
      .some((p) => s.attempts.some((a) => a.subjectId === p.paymentId && a.status === "reversed"));
    if (reversed) count(`end of an order whose payment was reversed: ${end}`);
    const late = s.transfers.filter(
      (t) => t.subjectType === "order" && t.subjectId === o.id && t.step.startsWith("late:"),
    );
    for (const t of late) count(`late payment to the wallet (${t.amount === o.total ? "the total" : "?"})`);
    const variants = new Set(s.items.filter((i) => i.orderId === o.id).map((i) => i.variantId));
    const shoes = [...w.products.values()].find((v) => v.length > 1)!;
    const kinds = shoes.filter((v) => variants.has(v)).length;
    if (kinds > 0) count(`order of ${kinds} shoe variant(s): ${o.status}`);
  }
  for (const r of s.returns.filter((x) => w.orderIds.has(x.orderId) && x.kind === "return")) {
    const parcel = s.shipments.find((x) => x.returnId === r.id && x.kind === "return");
    count(`end of a return: ${r.status}, parcel ${parcel?.status ?? "none"}`);
  }
}
