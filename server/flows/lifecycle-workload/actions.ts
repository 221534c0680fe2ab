// The lifecycle workload's actions (lifecycle-workload.test.ts): what the steps are made of, as users call the
// app's procedures and the sandbox and couriers answer, and what each came to.
import {
  decideOnSandbox,
  newKey,
  notifySandbox,
  pinProof,
  paidNotice,
  providerTookItLate,
  reverseOnSandbox,
  sandboxPaymentOf,
} from "../../../tests/setup/money.ts";
import { placeOrder } from "../../../tests/setup/shop.ts";
import type { ShipmentStatus } from "#common/shipping.ts";
import { day, type Shopper, type World, setClockTo, clockNow } from "./world.ts";
import type { OrderAction, SwitchChannel, Op } from "./steps.ts";

/** What each kind of step came to over all runs: shows the workload reaches the states it is meant to. */
export const outcomes = new Map<string, number>();
export const count = (label: string) => outcomes.set(label, (outcomes.get(label) ?? 0) + 1);

/**
 * Refusals a user can meet in a race or out of turn; anything else is a failure. TOO_MANY_REQUESTS: switching a
 * payment's method is capped (per payment and per user).
 */
const refusals = new Set(["CONFLICT", "PRECONDITION_FAILED", "TOO_MANY_REQUESTS"]);

export async function attempt(label: string, call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
    count(`${label}: ok`);
  } catch (error) {
    // A tRPC error as the caller gets it (this file imports no transport): its code and translated message.
    const { name, code, message } = error as { name?: string; code?: string; message?: string };
    if (name === "TRPCError" && code && refusals.has(code)) {
      count(`${label}: ${code} ${message}`);
      return;
    }
    throw error;
  }
}

export const nth = <T>(items: readonly T[], i: number): T | undefined =>
  items.length === 0 ? undefined : items[i % items.length];

function orderRows(w: World) {
  return w.database.db.query.orders.findMany({ orderBy: (o, { asc }) => [asc(o.id)] });
}
/** This run's orders. */
export async function runOrders(w: World) {
  return (await orderRows(w)).filter((o) => w.orderIds.has(o.id));
}
type OrderRow = Awaited<ReturnType<typeof orderRows>>[number];

export async function orderWhere(w: World, i: number, ok: (o: OrderRow) => boolean) {
  return nth((await runOrders(w)).filter(ok), i);
}

/** Paid on delivery, and the courier has not collected yet. */
export const codDue = (o: Pick<OrderRow, "paymentMethod" | "paidAt">) =>
  o.paymentMethod === "cod" && !o.paidAt;

export async function returnRows(w: World) {
  const all = await w.database.db.query.orderReturns.findMany({ orderBy: (r, { asc }) => [asc(r.id)] });
  return all.filter((r) => w.orderIds.has(r.orderId));
}

/** This run's payment attempts, oldest first. */
function runAttempts(w: World) {
  return w.database.db.query.paymentAttempts.findMany({
    where: (a, { inArray }) => inArray(a.id, w.gatewayPayments.length > 0 ? w.gatewayPayments : ["none"]),
    orderBy: (a, { asc }) => [asc(a.id)],
  });
}
type AttemptRow = Awaited<ReturnType<typeof runAttempts>>[number];

export async function attemptsWhere(w: World, ok: (a: AttemptRow) => boolean) {
  return (await runAttempts(w)).filter(ok);
}

export const ownerOf = (w: World, o: { userId: string }) => w.byUserId.get(o.userId)! as Shopper;
export const merchantOf = (w: World, storeId: string) => w.merchants.find((m) => m.storeId === storeId)!;

/** The sandbox's signed notification of an attempt's payment, now in `status`, over the real HTTP route. */
async function sendNotice(w: World, attemptId: string, status: "paid" | "cancelled" | "reversed") {
  const body = await paidNotice(w.database, attemptId, status);
  const response = await notifySandbox(w.app, w.database, body, { at: clockNow(w) });
  // 409: the provider's status API says otherwise (decision 19: a change after payment, or money for a closed
  // attempt, is applied only when the provider confirms it), e.g. "cancelled" for what it was paid.
  if (response.status === 409) return void count(`notify ${status}: contradicted by the provider`);
  if (response.status !== 200) throw new Error(`notification answered ${response.status}`);
  count(`notify ${status}: ${String(((await response.json()) as { ok: boolean }).ok)}`);
}

/** The sandbox tells the shop an attempt's payment was paid or cancelled, signed, over the real HTTP route. */
export async function notify(w: World, attemptId: string, status: "paid" | "cancelled") {
  // The sandbox records it too when it still can (a real provider knows what it was paid): refunds of what
  // was paid go back through it; an attempt it had closed meanwhile is money it took anyway, said late.
  const decided = await decideOnSandbox(w.database, attemptId, status, clockNow(w));
  // Closed on the sandbox meanwhile: money it took anyway is on its record as paid, so its status API says so.
  if (!decided && status === "paid") {
    const payment = await sandboxPaymentOf(w.database, attemptId);
    if (payment.status === "expired" || payment.status === "cancelled")
      await providerTookItLate(w.database, attemptId);
  }
  await sendNotice(w, attemptId, status);
}

/**
 * The provider takes a paid attempt's money back (a chargeback) and says so, once or twice at once. Only what the
 * sandbox counts as paid, and has refunded nothing of, can be taken back.
 */
export async function reverse(w: World, attemptId: string, twice: boolean) {
  const what = await whatItPaid(w, attemptId);
  // Found by this workload (issue 40) and fixed: a chargeback while a refund of the attempt is still on its way
  // to the provider closes that refund unsent, instead of taking the money from the wallet again and then getting
  // the refused refund back (the shopper paid back twice). The invariant "refunds of … put back in the wallet
  // after the provider took the payment back" holds it.
  const onItsWay = await w.database.db.query.paymentRefunds.findFirst({
    where: (r, { and, eq }) => and(eq(r.attemptId, attemptId), eq(r.status, "pending")),
  });
  if (onItsWay) count("reverse: a refund of it on its way to the provider");
  if (!(await reverseOnSandbox(w.database, attemptId, clockNow(w)))) {
    count("reverse: the provider has nothing to take back");
    return;
  }
  count(`reverse: ${what}`);
  if (twice) await Promise.all([sendNotice(w, attemptId, "reversed"), sendNotice(w, attemptId, "reversed")]);
  else await sendNotice(w, attemptId, "reversed");
}

/** "recharge", or the states of the orders an attempt's payment is for ("orders paid+shipped"). */
async function whatItPaid(w: World, attemptId: string) {
  const a = (await w.database.db.query.paymentAttempts.findFirst({
    where: (x, { eq }) => eq(x.id, attemptId),
  }))!;
  if (a.purpose === "recharge") return "recharge";
  const links = await w.database.db.query.orderPaymentOrders.findMany({
    where: (p, { eq }) => eq(p.paymentId, a.subjectId),
  });
  const rows = (await orderRows(w)).filter((o) => links.some((p) => p.orderId === o.id));
  return `orders ${[...new Set(rows.map((o) => o.status))].sort().join("+")}`;
}

export const runJobs = (w: World) => w.database.jobs.runDue({ max: 500 });

/**
 * Every deadline passes (payment windows, goods payments, receipts, recharges), and the couriers remit the cash
 * they collected for this run's delivered parcels.
 */
export async function drain(w: World) {
  setClockTo(w, w.clockOffset + 31 * day);
  while ((await runJobs(w)) > 0);
  const owed = (await w.ops.api.ops.shipping.cod()).parcels.filter((p) => w.orderIds.has(p.orderId));
  if (owed.length > 0) {
    await w.ops.api.ops.shipping.remitCod({
      shipmentIds: owed.map((p) => p.shipmentId),
      reference: `AKHIR-${newKey()}`,
      // Net of the fee each courier named at booking, as couriers remit.
      amount: owed.reduce((n, p) => n + p.codAmount - p.courierFee, 0),
      fee: owed.reduce((n, p) => n + p.courierFee, 0),
      idempotencyKey: newKey(),
    });
  }
}

/** A line as the shop takes it: a product with options names its variant, one without needs not. */
export function lineOf(w: World, x: { l: number; v: number; q: number }) {
  const variants = w.variantsOf[x.l]!;
  return {
    listingId: w.listingIds[x.l]!,
    ...(variants.length > 1 ? { variantId: variants[x.v % variants.length]! } : {}),
    quantity: x.q,
  };
}

/**
 * The checkout as the page sends it for cash on delivery: choosing it moves each store to a courier service
 * that collects cash (the quote again, with those services), and places with what that quote showed.
 */
async function placeCod(
  shopper: Shopper,
  input: Omit<Parameters<typeof placeOrder>[1], "method" | "vouchers">,
  withVouchers: boolean,
) {
  const { lines, addressId } = input;
  const first = await shopper.api.orders.quote({ lines, addressId });
  const shipping = first.stores.map((s) => {
    const o = s.shipping.options.find((x) => x.cod) ?? s.shipping.selected!;
    return { storeId: s.storeId, courier: o.courier, service: o.service };
  });
  const quote = await shopper.api.orders.quote({ lines, addressId, shipping });
  return shopper.api.orders.place({
    ...input,
    shipping: quote.stores.map((s) => ({ storeId: s.storeId, ...s.shipping.selected! })),
    method: "cod",
    vouchers: withVouchers ? chosenVouchers(quote) : [],
  });
}

/** The vouchers a quote picked: what the checkout places with when the shopper leaves them be. */
const chosenVouchers = (quote: { vouchers: { id: string; chosen: boolean }[] }) =>
  quote.vouchers.filter((v) => v.chosen).map((v) => v.id);

export async function placeOp(w: World, op: Extract<Op, { t: "place" }>) {
  const shopper = w.shoppers[op.s]!;
  let lines = [
    ...new Map(op.lines.map((x) => lineOf(w, x)).map((x) => [`${x.listingId} ${x.variantId}`, x])).values(),
  ];
  if (op.fromCart) {
    const cart = await shopper.api.cart.get();
    const fromCart = cart.stores.flatMap((s) =>
      s.items.map((i) => ({ listingId: i.listingId, variantId: i.variantId, quantity: i.quantity })),
    );
    if (fromCart.length > 0) lines = fromCart;
  }
  await attempt(`place ${op.method}`, async () => {
    const input = {
      lines,
      addressId: shopper.addressId,
      fromCart: op.fromCart,
      idempotencyKey: newKey(),
    };
    const vouchers =
      op.vouchers && op.method !== "cod"
        ? chosenVouchers(await shopper.api.orders.quote({ lines, addressId: shopper.addressId }))
        : [];
    const placed =
      op.method === "cod"
        ? await placeCod(shopper, input, op.vouchers)
        : await placeOrder(shopper.api, { ...input, method: op.method, vouchers });
    for (const id of placed.orderIds) w.orderIds.add(id);
    if (placed.attemptId) w.gatewayPayments.push(placed.attemptId);
    count(`place: ${placed.orderIds.length} store(s)`);
  });
}

/** The newest attempt of an order payment that reached the sandbox (none when it was paid from the wallet). */
export function attemptOf(w: World, paymentId: string) {
  return w.database.db.query.paymentAttempts.findFirst({
    where: (a, { and, eq, isNotNull }) => and(eq(a.subjectId, paymentId), isNotNull(a.providerPaymentId)),
    orderBy: (a, { desc }) => [desc(a.id)],
  });
}

/** The order's own parcel (to the shopper). */
function parcelOf(w: World, orderId: string) {
  return w.database.db.query.shipments.findFirst({
    where: (x, { and, eq }) => and(eq(x.orderId, orderId), eq(x.kind, "outbound")),
  });
}

/** What the courier desk moves a parcel through from where it is to its door, or back to the sender. */
function courierPath(from: ShipmentStatus, end: "delivered" | "returned"): ShipmentStatus[] {
  const out: ShipmentStatus[] = ["booked", "picked_up", "in_transit", "out_for_delivery", "delivered"];
  if (end === "delivered") return from === "on_hold" ? out.slice(3) : out.slice(out.indexOf(from) + 1);
  if (from === "booked") return ["picked_up", "in_transit", "returning", "returned"];
  if (from === "picked_up") return ["in_transit", "returning", "returned"];
  if (from === "returning") return ["returned"];
  return ["in_transit", "out_for_delivery", "on_hold"].includes(from) ? ["returning", "returned"] : [];
}

/**
 * The courier moves an order's parcel on (the courier desk, which the shop then tracks): to the door (a parcel
 * paid on delivery collects its cash there), one step of the way, or back to the sender (refused at the door).
 */
export async function courier(w: World, o: OrderRow, to: "deliver" | "refuse" | "step") {
  const parcel = await parcelOf(w, o.id);
  if (!parcel?.waybill) return;
  const status = parcel.status as ShipmentStatus;
  const moves =
    to === "step"
      ? courierPath(status, "delivered").slice(0, 1)
      : courierPath(status, to === "deliver" ? "delivered" : "returned");
  if (moves.length === 0 || (to === "refuse" && !codDue(o))) return;
  const kind = o.paymentMethod === "cod" ? "cod" : "prepaid";
  const label = {
    deliver: `courier delivers ${kind}`,
    refuse: "cod parcel refused",
    step: `courier moves ${kind}`,
  };
  return attempt(label[to], async () => {
    for (const next of moves) await w.ops.api.ops.orders.moveParcel({ shipmentId: parcel.id, to: next });
  });
}

/**
 * The shopper switches a pending attempt to another method (a new attempt for the same payment; the old one
 * closed), once or twice per payment, not ten times; then pays the new one, or the old one's money arrives
 * anyway, or both at once (one pays the orders, the other goes to the wallet).
 */
export async function switchAttempt(
  w: World,
  old: AttemptRow,
  channel: SwitchChannel,
  then: "none" | "new" | "old" | "both",
) {
  const tried = await w.database.db.query.paymentAttempts.findMany({
    where: (a, { eq }) => eq(a.subjectId, old.subjectId),
  });
  if (tried.length >= 3) return;
  let next: string | undefined;
  await attempt(`switch to ${channel}`, async () => {
    ({ attemptId: next } = await w.byUserId.get(old.userId)!.api.payments.switch({
      id: old.id,
      channel,
      idempotencyKey: newKey(),
    }));
    w.gatewayPayments.push(next);
  });
  if (!next) return;
  const pays = { none: [], new: [next], old: [old.id], both: [next, old.id] }[then];
  if (pays.length > 0) count(`switch, then pay ${then}`);
  await Promise.all(pays.map((id) => notify(w, id, "paid")));
}

/**
 * This run's attempts the shop counts as paid: any; one that paid orders waiting for shipment, or orders now
 * shipped or completed; a recharge's.
 */
export async function paidAttempts(w: World, what: "any" | "unshipped" | "shipped" | "recharge") {
  const paid = await attemptsWhere(w, (a) => a.status === "paid");
  if (what === "any") return paid;
  if (what === "recharge") return paid.filter((a) => a.purpose === "recharge");
  const sent = (await runOrders(w)).filter(
    (o) =>
      o.paidBy &&
      (what === "unshipped" ? o.status === "paid" : o.status === "shipped" || o.status === "completed"),
  );
  const payments = await w.database.db.query.orderPayments.findMany({
    where: (p, { inArray }) => inArray(p.id, sent.length > 0 ? sent.map((o) => o.paidBy!) : ["none"]),
  });
  return paid.filter((a) => payments.some((p) => p.paidAttemptId === a.id));
}

export async function orderAction(w: World, action: OrderAction, o: OrderRow) {
  const owner = ownerOf(w, o);
  switch (action) {
    case "cancel":
      return attempt("cancel", () => owner.api.orders.cancel({ id: o.id, idempotencyKey: newKey() }));
    case "opsCancel":
      return attempt("ops cancel", () =>
        w.ops.api.ops.orders.cancel({ id: o.id, note: "stok bermasalah", idempotencyKey: newKey() }),
      );
    case "ship":
      return attempt("ship", () => w.ops.api.ops.orders.ship({ id: o.id, idempotencyKey: newKey() }));
    case "confirm":
      return attempt(o.paymentMethod === "cod" ? "confirm cod" : "confirm", () =>
        owner.api.orders.confirm({ id: o.id, idempotencyKey: newKey() }),
      );
    case "payGoods":
      return attempt("pay goods (one)", () =>
        merchantOf(w, o.storeId).api.merchantOrders.payGoods({ orderIds: [o.id], idempotencyKey: newKey() }),
      );
    case "payWallet":
      return attempt("pay later wallet", () =>
        owner.api.orders.pay({ id: o.id, method: "wallet", proof: pinProof, idempotencyKey: newKey() }),
      );
    case "notify": {
      const payments = await w.database.db.query.orderPaymentOrders.findMany({
        where: (p, { eq }) => eq(p.orderId, o.id),
      });
      for (const p of payments) {
        const attempt = await attemptOf(w, p.paymentId);
        if (attempt) return notify(w, attempt.id, "paid");
      }
      return;
    }
    case "reverse": {
      // The attempt that paid the order is taken back.
      if (!o.paidBy) return;
      const payment = await w.database.db.query.orderPayments.findFirst({
        where: (p, { eq }) => eq(p.id, o.paidBy!),
      });
      if (payment?.paidAttemptId) return reverse(w, payment.paidAttemptId, false);
      return;
    }
    case "deliver":
    case "refuse":
      return courier(w, o, action);
    case "jobs":
      await runJobs(w);
      return;
  }
}

/** A return's parcel on its way back (not yet at the warehouse). */
export async function returnParcelOf(w: World, returnId: string) {
  const parcel = await w.database.db.query.shipments.findFirst({
    where: (x, { and, eq }) => and(eq(x.returnId, returnId), eq(x.kind, "return")),
  });
  return parcel?.waybill && courierPath(parcel.status as ShipmentStatus, "delivered").length > 0
    ? parcel
    : undefined;
}

/** The return parcel moves on towards the warehouse, one step or the whole way (tracked: arriving refunds). */
export async function returnTravels(w: World, r: { id: string }, all: boolean) {
  const parcel = await returnParcelOf(w, r.id);
  if (!parcel) return;
  const moves = courierPath(parcel.status as ShipmentStatus, "delivered");
  return attempt(all || moves.length === 1 ? "return arrives" : "return parcel moves", async () => {
    for (const to of all ? moves : moves.slice(0, 1))
      await w.ops.api.ops.orders.moveParcel({ shipmentId: parcel.id, to });
  });
}
