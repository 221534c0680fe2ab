import { and, eq, gte, inArray, isNotNull, isNull, lt, type SQL } from "drizzle-orm";
import type {
  CheckoutQuoteView,
  FulfilmentOrderView,
  MerchantOrderDetailView,
  MerchantOrderView,
  OrderCardView,
  OrderDetailView,
} from "#common/contracts/orders.ts";
import { localize, type Locale } from "#common/locales.ts";
import { rateOf } from "#common/money.ts";
import {
  courierName,
  type CancelReason,
  type CourierCode,
  type FulfilmentView,
  type MerchantOrderView as MerchantView,
  type OrderActor,
  type OrderTab,
  type PaymentMethod,
} from "#common/order-states.ts";
import { isDatabaseUnavailable, type Db, type Tx } from "../../db/client.ts";
import { transact } from "../../db/transaction.ts";
import { jakartaDay, now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { imageView } from "../../platform/images.ts";
import { newId, orderCode } from "../../platform/ids.ts";
import type { Logger } from "../../platform/logger.ts";
import { pageOf } from "../../platform/pages.ts";
import type { GatewayNotification, PaymentGateway } from "../../platform/payments.ts";
import type { Storage } from "../../platform/storage.ts";
import {
  selectOrderLines,
  selectStoreOfOwner,
  selectStorePayer,
  type OrderLineRow,
} from "../../read/order-lines.ts";
import { getAddress } from "../addresses/addresses.service.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { removeItems } from "../cart/cart.service.ts";
import { recordSales, releaseStock, reserveStock } from "../catalog/catalog.service.ts";
import { scheduleJob } from "../jobs/jobs.service.ts";
import {
  InsufficientBalance,
  move,
  once,
  walletBalance,
  walletMovesOf,
  type Transfer,
} from "../ledger/ledger.service.ts";
import type { OrderPeriod } from "#common/merchant-states.ts";
import { getMoneySettings } from "../settings/settings.service.ts";
import type { MoneySettings } from "#common/contracts/settings.ts";
import {
  countOrders,
  countUserOrders,
  goodsUnpaid,
  insertEvents,
  insertOrders,
  insertPayment,
  lockOrders,
  ordersTable as orders,
  selectEvents,
  selectItems,
  selectOpenPaymentOf,
  selectOrder,
  selectOrderPage,
  selectPayment,
  selectPaymentByGateway,
  selectPaymentOrderIds,
  setPaymentGateway,
  sumGoodsDue,
  updateOrder,
  updatePaymentStatus,
  type OrderItemRow,
  type OrderRow,
} from "./orders.queries.ts";
import type { OrderEventData } from "./orders.tables.ts";
import { afterSalesOf, afterSalesUntil, openRequestsOf } from "./returns.service.ts";

/**
 * Orders, from checkout to completion, with the dropship money flow of product.md sections 2-4 on the ledger:
 *
 * 1. Placed: one order per store, stock reserved, the payment window running (settings).
 * 2. Paid (wallet, or the gateway's notification): the total goes to escrow. The store then owes the goods
 *    cost: paid at once by auto-pay when its balance allows, else it waits for the merchant until the goods
 *    deadline, after which the order is cancelled and the shopper refunded.
 * 3. Shipped by the operator (courier, tracking number) once the goods cost is paid.
 * 4. Completed by the shopper's receipt, or by itself after the receipt window: escrow pays the store the sale
 *    subtotal (`profit`), the fees to revenue and the VAT to VAT payable.
 *
 * Cancelled before shipment at any point: every rupiah goes back where it came from and the stock returns.
 * Each money step is a ledger transfer with its own (order, step) key, so a retried job, callback or tap
 * moves nothing twice; every change is an event of the order's timeline.
 */

export interface OrderDeps {
  db: Db;
  storage: Storage;
  lang: Locale;
}

export interface PaymentDeps extends OrderDeps {
  gateway: PaymentGateway;
  publicUrl: string;
}

export const paymentExpireJob = "order.payment_expire";
export const goodsExpireJob = "order.goods_expire";
export const autoConfirmJob = "order.auto_confirm";

const hour = 60 * 60 * 1000;
const addMs = (at: Date, ms: number) => new Date(at.getTime() + ms);

// ------------------------------------------------------------------------------------------- pricing

interface PricedStore {
  storeId: string;
  storeName: string;
  lines: { row: OrderLineRow; quantity: number }[];
  subtotal: number;
  goodsCost: number;
  postage: number;
  serviceFee: number;
  vat: number;
  total: number;
}

/** VAT (PPN) on a subtotal, in whole Rupiah, rounded half up in integer arithmetic. */
export function vatOf(subtotal: number, settings: Pick<MoneySettings, "vatBasisPoints">): number {
  return rateOf(subtotal, settings.vatBasisPoints);
}

/**
 * Checks the lines can be bought as asked and prices them per store (the settings' postage and service fee
 * per store order, VAT on its subtotal). Stores keep the order their first line came in.
 */
function priceLines(
  lines: readonly { listingId: string; quantity: number }[],
  rows: readonly OrderLineRow[],
  settings: MoneySettings,
  lang: Locale,
): PricedStore[] {
  const byId = new Map(rows.map((r) => [r.listingId, r]));
  const seen = new Set<string>();
  const stores = new Map<string, PricedStore>();
  for (const line of lines) {
    if (seen.has(line.listingId)) throw new DomainError("bad_request", "errors.api.invalidInput");
    seen.add(line.listingId);
    const row = byId.get(line.listingId);
    if (!row || !row.available) throw new DomainError("precondition_failed", "errors.checkout.unavailable");
    if (line.quantity > row.stock) {
      throw new DomainError("precondition_failed", "errors.checkout.outOfStock", {
        name: localize(row.name, lang),
      });
    }
    let store = stores.get(row.storeId);
    if (!store) {
      store = {
        storeId: row.storeId,
        storeName: row.storeName,
        lines: [],
        subtotal: 0,
        goodsCost: 0,
        postage: settings.postage,
        serviceFee: settings.serviceFee,
        vat: 0,
        total: 0,
      };
      stores.set(row.storeId, store);
    }
    store.lines.push({ row, quantity: line.quantity });
    store.subtotal += row.price * line.quantity;
    store.goodsCost += row.merchantPrice * line.quantity;
  }
  for (const store of stores.values()) {
    store.vat = vatOf(store.subtotal, settings);
    store.total = store.subtotal + store.postage + store.serviceFee + store.vat;
  }
  return [...stores.values()];
}

/** What a checkout of these lines costs, per store and in all, with the shopper's balance. */
export async function quoteCheckout(
  deps: OrderDeps,
  userId: string,
  lines: readonly { listingId: string; quantity: number }[],
): Promise<CheckoutQuoteView> {
  const [settings, rows, balance] = await Promise.all([
    getMoneySettings(deps.db),
    selectOrderLines(
      deps.db,
      lines.map((l) => l.listingId),
    ),
    walletBalance(deps.db, userId),
  ]);
  const stores = priceLines(lines, rows, settings, deps.lang);
  const sum = (k: "subtotal" | "postage" | "serviceFee" | "vat" | "total") =>
    stores.reduce((s, x) => s + x[k], 0);
  return {
    stores: stores.map((s) => ({
      storeId: s.storeId,
      storeName: s.storeName,
      items: s.lines.map(({ row, quantity }) => ({
        listingId: row.listingId,
        name: localize(row.name, deps.lang),
        image: imageView(deps.storage, row.image),
        price: row.price,
        quantity,
        stock: row.stock,
      })),
      subtotal: s.subtotal,
      postage: s.postage,
      serviceFee: s.serviceFee,
      vat: s.vat,
      total: s.total,
    })),
    subtotal: sum("subtotal"),
    postage: sum("postage"),
    serviceFee: sum("serviceFee"),
    vat: sum("vat"),
    total: sum("total"),
    vatBasisPoints: settings.vatBasisPoints,
    balance,
    methods: ["wallet", "sandbox"],
    paymentWindowMinutes: settings.paymentWindowMinutes,
  };
}

// ------------------------------------------------------------------------------------------ placing

/** The time part of the last event id: events made in one millisecond still sort in the order made. */
let lastEventTime = 0;

/** An entry of an order's timeline, at the clock's time; its id keeps the order events were made in. */
export function orderEvent(
  orderId: string,
  ev: OrderDetailView["events"][number]["event"],
  actor: OrderActor,
  actorId: string | null,
  data?: OrderEventData,
) {
  const at = now();
  lastEventTime = Math.max(at.getTime(), lastEventTime + 1);
  return { id: newId("evt", lastEventTime), orderId, event: ev, actor, actorId, data: data ?? null, at };
}

/**
 * Places one order per store for the lines, at the delivery address, and pays from the wallet at once or
 * opens a gateway payment. All or nothing: stock short, a product gone or (wallet) the balance short, and
 * no order exists and nothing moved. Idempotent by key: a double tap places one set of orders.
 */
export async function placeOrders(
  deps: PaymentDeps,
  userId: string,
  input: {
    lines: { listingId: string; quantity: number }[];
    addressId: string;
    method: PaymentMethod;
    fromCart: boolean;
    idempotencyKey: string;
  },
): Promise<{ orderIds: string[]; redirectUrl: string | null }> {
  const settings = await getMoneySettings(deps.db);
  const placed = await once(
    deps.db,
    {
      userId,
      key: input.idempotencyKey,
      operation: "orders.place",
      request: { lines: input.lines, addressId: input.addressId, method: input.method },
    },
    async (tx) => {
      const address = await getAddress(tx, userId, input.addressId);
      const rows = await selectOrderLines(
        tx,
        input.lines.map((l) => l.listingId),
      );
      const stores = priceLines(input.lines, rows, settings, deps.lang);
      await reserveStock(
        tx,
        stores.flatMap((s) =>
          s.lines.map(({ row, quantity }) => ({
            supplyProductId: row.supplyProductId,
            quantity,
            name: localize(row.name, deps.lang),
          })),
        ),
      );
      const at = now();
      const payDueAt = addMs(at, settings.paymentWindowMinutes * 60_000);
      const rowsToInsert = stores.map((s, i) => ({
        id: newId("ord", at.getTime() + i),
        code: orderCode(at),
        userId,
        storeId: s.storeId,
        status: "pending_payment" as const,
        address: {
          name: address.name,
          mobile: address.mobile,
          area: address.area,
          postcode: address.postcode,
          detail: address.detail,
        },
        subtotal: s.subtotal,
        goodsCost: s.goodsCost,
        postage: s.postage,
        serviceFee: s.serviceFee,
        vat: s.vat,
        vatBasisPoints: settings.vatBasisPoints,
        total: s.total,
        paymentMethod: input.method,
        payDueAt,
        createdAt: at,
        updatedAt: at,
      }));
      await insertOrders(
        tx,
        rowsToInsert,
        stores.flatMap((s, i) =>
          s.lines.map(({ row, quantity }) => ({
            orderId: rowsToInsert[i]!.id,
            listingId: row.listingId,
            supplyProductId: row.supplyProductId,
            name: row.name,
            image: row.image,
            price: row.price,
            merchantPrice: row.merchantPrice,
            quantity,
          })),
        ),
      );
      await insertEvents(
        tx,
        rowsToInsert.map((o) => orderEvent(o.id, "placed", "shopper", userId, { amount: o.total })),
      );
      const paymentId = await openPayment(tx, userId, input.method, rowsToInsert, payDueAt);
      if (input.fromCart)
        await removeItems(
          tx,
          userId,
          input.lines.map((l) => l.listingId),
        );
      if (input.method === "wallet") {
        await payFromWallet(tx, settings, userId, paymentId, rowsToInsert as OrderRow[]);
      }
      return { orderIds: rowsToInsert.map((o) => o.id), paymentId };
    },
  );
  const redirectUrl = input.method === "wallet" ? null : await gatewayUrl(deps, placed.paymentId);
  return { orderIds: placed.orderIds, redirectUrl };
}

/** A payment for orders (pending), expired by a job at the orders' payment deadline. */
async function openPayment(
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
  await scheduleJob(tx, paymentExpireJob, id, expiresAt);
  return id;
}

/** Pays orders from the shopper's wallet into escrow, one transfer per order (each links to its order). */
async function payFromWallet(
  tx: Tx,
  settings: MoneySettings,
  userId: string,
  paymentId: string,
  toPay: OrderRow[],
): Promise<void> {
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

/** The gateway's page for a payment: opened once (one gateway payment per reference), then reused. */
async function gatewayUrl(deps: PaymentDeps, paymentId: string): Promise<string> {
  const payment = (await selectPayment(deps.db, paymentId))!;
  if (payment.gatewayRedirectUrl) return payment.gatewayRedirectUrl;
  const prefix = deps.lang === "ind" ? "" : `/${deps.lang}`;
  // Outside the transaction: a gateway is another system (and PGlite has one connection).
  const opened = await deps.gateway
    .createPayment({
      reference: payment.id,
      amount: payment.amount,
      returnUrl: `${deps.publicUrl}${prefix}/h5/pay?result=${encodeURIComponent(payment.id)}`,
      notifyUrl: `${deps.publicUrl}/payments/notify/${deps.gateway.provider}`,
      expiresAt: payment.expiresAt,
      lang: deps.lang,
    })
    .catch((error: unknown) => {
      if (isDatabaseUnavailable(error)) throw error;
      throw new DomainError("failed", "errors.money.paymentFailed");
    });
  await setPaymentGateway(deps.db, payment.id, opened.paymentId, opened.redirectUrl);
  return opened.redirectUrl;
}

/**
 * Pays one unpaid order later (from its detail page): from the wallet at once, or through a new gateway
 * payment for it. Idempotent by key.
 */
export async function payOrder(
  deps: PaymentDeps,
  userId: string,
  input: { id: string; method: PaymentMethod; idempotencyKey: string },
): Promise<{ redirectUrl: string | null }> {
  const settings = await getMoneySettings(deps.db);
  const { paymentId } = await once(
    deps.db,
    {
      userId,
      key: input.idempotencyKey,
      operation: "orders.pay",
      request: { id: input.id, method: input.method },
    },
    async (tx) => {
      const [order] = await lockOrders(tx, and(eq(orders.id, input.id), eq(orders.userId, userId)));
      if (!order) throw new DomainError("not_found", "errors.orders.notFound");
      if (order.status !== "pending_payment" || order.payDueAt <= now()) {
        throw new DomainError("conflict", "errors.orders.notPayable");
      }
      const paymentId = await openPayment(tx, userId, input.method, [order], order.payDueAt);
      if (input.method === "wallet") await payFromWallet(tx, settings, userId, paymentId, [order]);
      return { paymentId };
    },
  );
  return { redirectUrl: input.method === "wallet" ? null : await gatewayUrl(deps, paymentId) };
}

/** Marks an order paid (once) and settles what the store owes for its goods. */
async function markPaid(
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
  const items = await selectItems(tx, [orderId]);
  await recordSales(tx, items, 1);
  await insertEvents(tx, [orderEvent(orderId, "paid", actor, actorId, { amount: order.total })]);
  await settleGoods(tx, order, settings);
}

/**
 * The store owes the goods cost of a paid order: paid at once from its balance when auto-pay is on and the
 * balance allows (a savepoint: a short balance leaves everything else as it was); otherwise the order waits
 * for the merchant until the goods deadline.
 */
async function settleGoods(tx: Tx, order: OrderRow, settings: MoneySettings): Promise<void> {
  const store = (await selectStorePayer(tx, order.storeId))!;
  if (store.autoPay) {
    try {
      await tx.transaction((sp) => payGoodsOf(sp, store.ownerId, [order], "system", null));
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
}

/** Moves the goods cost of orders from the merchant's wallet to revenue and marks them paid. */
async function payGoodsOf(
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

// ------------------------------------------------------------------------------------- the gateway

/**
 * A verified gateway notification for an order payment (the flow checks the signature and routes it here by
 * its reference). It must match the payment's gateway id, amount and currency. Paid: each order still
 * waiting is paid into escrow; the share of any order no longer waiting (cancelled, expired, paid another
 * way) goes to the shopper's wallet, since the money was taken. Repeats change nothing.
 */
export async function applyOrderPayment(
  deps: { db: Db; log: Logger },
  n: GatewayNotification,
): Promise<"applied" | "unchanged" | "mismatch"> {
  const payment = await selectPaymentByGateway(deps.db, n.paymentId);
  if (!payment || payment.id !== n.reference || payment.amount !== n.amount || n.currency !== "IDR") {
    deps.log.warn(
      { paymentId: n.paymentId },
      "payment notification does not match its order payment; refused",
    );
    return "mismatch";
  }
  const settings = await getMoneySettings(deps.db);
  return transact(deps.db, async (tx) => {
    if (n.status === "cancelled") {
      return (await updatePaymentStatus(tx, payment.id, ["pending"], "cancelled", now()))
        ? "applied"
        : "unchanged";
    }
    if (!(await updatePaymentStatus(tx, payment.id, ["pending", "expired", "cancelled"], "paid", now()))) {
      return "unchanged";
    }
    const orderIds = await selectPaymentOrderIds(tx, payment.id);
    const locked = await lockOrders(tx, inArray(orders.id, orderIds));
    const transfers: Transfer[] = [];
    const payable: OrderRow[] = [];
    for (const o of locked) {
      if (o.status === "pending_payment") {
        payable.push(o);
        transfers.push({
          from: { platform: "gateway_clearing" },
          to: { platform: "escrow" },
          amount: o.total,
          kind: "prd_order_pay",
          subject: { type: "order", id: o.id },
          step: "pay",
        });
      } else {
        transfers.push({
          from: { platform: "gateway_clearing" },
          to: { wallet: payment.userId },
          amount: o.total,
          kind: "prd_order_pay",
          subject: { type: "order", id: o.id },
          step: `late:${payment.id}`,
        });
      }
    }
    await move(tx, transfers, null);
    for (const o of payable) await markPaid(tx, settings, o.id, payment.id, "sandbox", "system", null);
    for (const o of locked.filter((x) => !payable.includes(x))) {
      await insertEvents(tx, [orderEvent(o.id, "refunded", "system", null, { amount: o.total })]);
    }
    return "applied";
  });
}

// ------------------------------------------------------------------------------------- cancelling

/**
 * Cancels an order not yet shipped: stock returns; a paid order's total goes from escrow to the shopper's
 * wallet, and a paid goods cost back to the merchant. The caller has locked the order and checked its state.
 */
async function cancelLocked(
  tx: Tx,
  order: OrderRow,
  reason: CancelReason,
  actor: OrderActor,
  actorId: string | null,
  note?: string,
): Promise<void> {
  const at = now();
  await updateOrder(tx, order.id, {
    status: "cancelled",
    cancelledAt: at,
    cancelReason: reason,
    updatedAt: at,
  });
  const items = await selectItems(tx, [order.id]);
  await releaseStock(tx, items);
  const events = [orderEvent(order.id, "cancelled", actor, actorId, { reason, ...(note ? { note } : {}) })];
  if (order.status === "paid") {
    await recordSales(tx, items, -1);
    const subject = { type: "order" as const, id: order.id };
    const transfers: Transfer[] = [
      {
        from: { platform: "escrow" },
        to: { wallet: order.userId },
        amount: order.total,
        kind: "prd_order_pay",
        subject,
        step: "refund",
      },
    ];
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
    await move(tx, transfers, actorId);
    events.push(orderEvent(order.id, "refunded", "system", null, { amount: order.total }));
  }
  await insertEvents(tx, events);
}

/** The shopper cancels an order before it is shipped (a paid one is refunded in full to the wallet). */
export async function cancelOrder(
  db: Db,
  userId: string,
  input: { id: string; idempotencyKey: string },
): Promise<{ id: string; status: "cancelled" }> {
  return once(
    db,
    { userId, key: input.idempotencyKey, operation: "orders.cancel", request: { id: input.id } },
    async (tx) => {
      const [order] = await lockOrders(tx, and(eq(orders.id, input.id), eq(orders.userId, userId)));
      if (!order) throw new DomainError("not_found", "errors.orders.notFound");
      if (order.status !== "pending_payment" && order.status !== "paid") {
        throw new DomainError("conflict", "errors.orders.notCancellable");
      }
      await cancelLocked(tx, order, "shopper", "shopper", userId);
      return { id: order.id, status: "cancelled" as const };
    },
  );
}

// -------------------------------------------------------------------------------------- completing

async function completeLocked(tx: Tx, order: OrderRow, actor: OrderActor, actorId: string | null) {
  const at = now();
  await updateOrder(tx, order.id, { status: "completed", completedAt: at, updatedAt: at });
  const store = (await selectStorePayer(tx, order.storeId))!;
  const subject = { type: "order" as const, id: order.id };
  const transfers: Transfer[] = [
    {
      from: { platform: "escrow" },
      to: { wallet: store.ownerId },
      amount: order.subtotal,
      kind: "profit",
      subject,
      step: "profit",
    },
  ];
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

/** The shopper confirms receipt of a shipped order: it completes, and the store is paid the subtotal. */
export async function confirmReceipt(
  db: Db,
  userId: string,
  input: { id: string; idempotencyKey: string },
): Promise<{ id: string; status: "completed" }> {
  return once(
    db,
    { userId, key: input.idempotencyKey, operation: "orders.confirm", request: { id: input.id } },
    async (tx) => {
      const [order] = await lockOrders(tx, and(eq(orders.id, input.id), eq(orders.userId, userId)));
      if (!order) throw new DomainError("not_found", "errors.orders.notFound");
      if (order.status !== "shipped") throw new DomainError("conflict", "errors.orders.notShipped");
      await completeLocked(tx, order, "shopper", userId);
      return { id: order.id, status: "completed" as const };
    },
  );
}

// ------------------------------------------------------------------------------------------- jobs

/** The `order.payment_expire` job: the payment closes; orders of it still unpaid are cancelled. */
export async function expirePayment(tx: Tx, paymentId: string): Promise<void> {
  await updatePaymentStatus(tx, paymentId, ["pending"], "expired", now());
  const orderIds = await selectPaymentOrderIds(tx, paymentId);
  const waiting = await lockOrders(
    tx,
    and(inArray(orders.id, orderIds), eq(orders.status, "pending_payment")),
  );
  for (const o of waiting) {
    if (o.payDueAt <= now()) await cancelLocked(tx, o, "payment_expired", "system", null);
  }
}

/** The `order.goods_expire` job: an order whose goods cost is still unpaid is cancelled and refunded. */
export async function expireGoods(tx: Tx, orderId: string): Promise<void> {
  const [order] = await lockOrders(tx, and(eq(orders.id, orderId), goodsUnpaid));
  if (order) await cancelLocked(tx, order, "goods_unpaid", "system", null);
}

/** The `order.auto_confirm` job: a shipped order confirms itself after the receipt window. */
export async function autoConfirm(tx: Tx, orderId: string): Promise<void> {
  const [order] = await lockOrders(tx, and(eq(orders.id, orderId), eq(orders.status, "shipped")));
  if (order) await completeLocked(tx, order, "system", null);
}

// ------------------------------------------------------------------------------------------- reads

function itemViews(deps: OrderDeps, items: readonly OrderItemRow[]) {
  return items.map((i) => ({
    listingId: i.listingId,
    name: localize(i.name, deps.lang),
    image: imageView(deps.storage, i.image),
    price: i.price,
    quantity: i.quantity,
  }));
}

async function cardViews(deps: OrderDeps, rows: readonly OrderRow[]): Promise<OrderCardView[]> {
  const items = await selectItems(
    deps.db,
    rows.map((r) => r.id),
  );
  const names = await storeNames(deps.db, rows);
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    storeId: r.storeId,
    storeName: names.get(r.storeId) ?? "",
    status: r.status,
    items: itemViews(
      deps,
      items.filter((i) => i.orderId === r.id),
    ),
    total: r.total,
    createdAt: r.createdAt,
    payDueAt: r.status === "pending_payment" ? r.payDueAt : null,
  }));
}

async function storeNames(db: Db, rows: readonly { storeId: string }[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((r) => r.storeId))];
  const names = new Map<string, string>();
  for (const id of ids) names.set(id, (await selectStorePayer(db, id))?.name ?? "");
  return names;
}

const tabFilter: Record<OrderTab, SQL | undefined> = {
  all: undefined,
  pending_payment: eq(orders.status, "pending_payment"),
  pending_shipment: eq(orders.status, "paid"),
  pending_receipt: eq(orders.status, "shipped"),
  pending_review: and(eq(orders.status, "completed"), isNull(orders.reviewedAt)),
  cancelled: eq(orders.status, "cancelled"),
};

/** The shopper's orders in a tab, newest first. */
export async function listOrders(
  deps: OrderDeps,
  userId: string,
  input: { tab: OrderTab; cursor?: string | null; limit: number },
) {
  const rows = await selectOrderPage(
    deps.db,
    and(eq(orders.userId, userId), tabFilter[input.tab]),
    input.cursor ?? undefined,
    input.limit,
  );
  const page = pageOf(rows, input.limit);
  return { items: await cardViews(deps, page.items), nextCursor: page.nextCursor };
}

/** How many of the shopper's orders wait in each tab (the account page's figures). */
export async function orderCounts(db: Db, userId: string) {
  const rows = await countUserOrders(db, userId);
  const of = (status: OrderRow["status"]) => rows.find((r) => r.status === status);
  return {
    pending_payment: of("pending_payment")?.n ?? 0,
    pending_shipment: of("paid")?.n ?? 0,
    pending_receipt: of("shipped")?.n ?? 0,
    pending_review: of("completed")?.unreviewed ?? 0,
  };
}

/** Timeline entries the shopper sees: the store's goods payment is between the store and the platform. */
const merchantOnlyEvents = new Set(["goods_paid", "goods_waiting"]);

async function detailOf(
  deps: OrderDeps,
  order: OrderRow,
  audience: "shopper" | "staff",
): Promise<OrderDetailView> {
  const [card] = await cardViews(deps, [order]);
  const events = await selectEvents(deps.db, order.id);
  const open = order.status === "pending_payment" ? await selectOpenPaymentOf(deps.db, order.id) : undefined;
  const payable = order.status === "pending_payment" && order.payDueAt > now();
  return {
    ...card!,
    address: order.address,
    subtotal: order.subtotal,
    postage: order.postage,
    serviceFee: order.serviceFee,
    vat: order.vat,
    vatBasisPoints: order.vatBasisPoints,
    paymentMethod: order.paymentMethod,
    paidAt: order.paidAt,
    shippedAt: order.shippedAt,
    completedAt: order.completedAt,
    cancelledAt: order.cancelledAt,
    cancelReason: order.cancelReason,
    courier: order.courier ? courierName(order.courier) : null,
    trackingNumber: order.trackingNumber,
    autoConfirmAt: order.status === "shipped" ? order.autoConfirmAt : null,
    events: events
      .filter((e) => audience === "staff" || !merchantOnlyEvents.has(e.event))
      .map((e) => ({
        event: e.event,
        actor: e.actor,
        at: e.at,
        reason: e.data?.reason ?? null,
        courier: e.data?.courier ? courierName(e.data.courier) : null,
        trackingNumber: e.data?.trackingNumber ?? null,
        note: e.data?.note ?? null,
        amount: e.data?.amount ?? null,
        item: e.data?.listingId
          ? (card!.items.find((i) => i.listingId === e.data?.listingId)?.name ?? null)
          : null,
      })),
    paymentUrl: payable && open?.expiresAt && open.expiresAt > now() ? open.gatewayRedirectUrl : null,
    afterSales: await afterSalesOf(deps, order),
    afterSalesUntil: order.status === "completed" ? afterSalesUntil(order.completedAt) : null,
    actions: {
      pay: audience === "shopper" && payable,
      cancel: audience === "shopper" && (order.status === "pending_payment" || order.status === "paid"),
      confirm: audience === "shopper" && order.status === "shipped",
      review: audience === "shopper" && order.status === "completed",
    },
  };
}

/** Where a payment of orders stands, for the page the gateway sends the shopper back to. */
export async function getPaymentResult(db: Db, userId: string, id: string) {
  const payment = await selectPayment(db, id);
  if (!payment || payment.userId !== userId) throw new DomainError("not_found", "errors.orders.notFound");
  const expired = payment.status === "pending" && payment.expiresAt <= now();
  return {
    status: expired ? ("expired" as const) : payment.status,
    orderIds: await selectPaymentOrderIds(db, id),
    amount: payment.amount,
    paymentUrl: payment.status === "pending" && !expired ? payment.gatewayRedirectUrl : null,
  };
}

/** One of the shopper's orders in full (another user's is not found). */
export async function getOrder(deps: OrderDeps, userId: string, id: string): Promise<OrderDetailView> {
  const order = await selectOrder(deps.db, id);
  if (!order || order.userId !== userId) throw new DomainError("not_found", "errors.orders.notFound");
  return detailOf(deps, order, "shopper");
}

// ------------------------------------------------------------------------------------------ reviews

/** One of the shopper's own orders and its items, for its review page (another user's is not found). */
export async function orderForReview(deps: OrderDeps, userId: string, orderId: string) {
  const order = await selectOrder(deps.db, orderId);
  if (!order || order.userId !== userId) throw new DomainError("not_found", "errors.orders.notFound");
  const items = await selectItems(deps.db, [order.id]);
  return { order, items: itemViews(deps, items) };
}

/**
 * Locks the shopper's completed order that has this item, for a review of it: refused when the order is not
 * theirs, not completed, or did not buy the item.
 */
export async function lockReviewableItem(tx: Tx, userId: string, orderId: string, listingId: string) {
  const [order] = await lockOrders(tx, and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw new DomainError("not_found", "errors.orders.notFound");
  if (order.status !== "completed") throw new DomainError("conflict", "errors.reviews.notCompleted");
  const items = await selectItems(tx, [order.id]);
  if (!items.some((i) => i.listingId === listingId)) {
    throw new DomainError("not_found", "errors.reviews.notBought");
  }
  return { order, listingIds: items.map((i) => i.listingId) };
}

/** Every item of the order is reviewed: it leaves "pending review". */
export async function markReviewed(tx: Tx, orderId: string): Promise<void> {
  const at = now();
  await updateOrder(tx, orderId, { reviewedAt: at, updatedAt: at });
}

// ---------------------------------------------------------------------------------------- merchants

async function ownStore(db: Db | Tx, merchantId: string) {
  const store = await selectStoreOfOwner(db, merchantId);
  if (!store) throw new DomainError("forbidden", "errors.merchant.notMerchant");
  return store;
}

const merchantFilter: Record<MerchantView, SQL | undefined> = {
  all: undefined,
  goods_unpaid: goodsUnpaid,
  shipping: and(inArray(orders.status, ["paid", "shipped"]), isNotNull(orders.goodsPaidAt)),
  completed: eq(orders.status, "completed"),
  paid: inArray(orders.status, ["paid", "shipped", "completed"]),
};

function merchantViewOf(card: OrderCardView, order: OrderRow, afterSalesOpen = 0): MerchantOrderView {
  return {
    ...card,
    afterSalesOpen,
    goodsCost: order.goodsCost,
    subtotal: order.subtotal,
    profit: order.subtotal - order.goodsCost,
    goodsPaidAt: order.goodsPaidAt,
    goodsDueAt: order.goodsPaidAt ? null : order.goodsDueAt,
  };
}

/** The store's orders in the order centre (a first version: views, pay goods), newest first. */
export async function merchantOrders(
  deps: OrderDeps,
  merchantId: string,
  input: { view: MerchantView; period?: OrderPeriod; cursor?: string | null; limit: number },
) {
  const store = await ownStore(deps.db, merchantId);
  const range = periodRange(input.period ?? "any", now());
  const rows = await selectOrderPage(
    deps.db,
    and(
      eq(orders.storeId, store.id),
      merchantFilter[input.view],
      range ? gte(orders.createdAt, range.from) : undefined,
      range?.to ? lt(orders.createdAt, range.to) : undefined,
    ),
    input.cursor ?? undefined,
    input.limit,
  );
  const page = pageOf(rows, input.limit);
  const cards = await cardViews(deps, page.items);
  const [balance, goodsDue, open] = await Promise.all([
    walletBalance(deps.db, merchantId),
    sumGoodsDue(deps.db, store.id),
    openRequestsOf(
      deps.db,
      page.items.map((o) => o.id),
    ),
  ]);
  return {
    items: cards.map((c, i) => merchantViewOf(c, page.items[i]!, open.get(c.id))),
    nextCursor: page.nextCursor,
    balance,
    goodsDue,
  };
}

/**
 * One of the store's orders in full: the goods payment in its timeline, and every movement it made in the
 * merchant's wallet (goods cost out, the sale in, refunds), read from the ledger.
 */
export async function merchantOrder(
  deps: OrderDeps,
  merchantId: string,
  id: string,
): Promise<MerchantOrderDetailView> {
  const store = await ownStore(deps.db, merchantId);
  const order = await selectOrder(deps.db, id);
  if (!order || order.storeId !== store.id) throw new DomainError("not_found", "errors.orders.notFound");
  const [detail, moves] = await Promise.all([
    detailOf(deps, order, "staff"),
    walletMovesOf(deps.db, merchantId, { type: "order", id: order.id }),
  ]);
  return {
    ...detail,
    goodsCost: order.goodsCost,
    profit: order.subtotal - order.goodsCost,
    goodsPaidAt: order.goodsPaidAt,
    goodsDueAt: order.goodsPaidAt || order.status !== "paid" ? null : order.goodsDueAt,
    moves,
  };
}

const day = 24 * 60 * 60 * 1000;

/**
 * The start (and end) of an order-centre period in the Indonesian (WIB) calendar: today, yesterday, or this
 * week from Monday. WIB is UTC+7 all year (Indonesia keeps no daylight saving).
 */
export function periodRange(period: OrderPeriod, at: Date): { from: Date; to?: Date } | undefined {
  if (period === "any") return undefined;
  const today = new Date(`${jakartaDay(at)}T00:00:00+07:00`);
  if (period === "today") return { from: today };
  if (period === "yesterday") return { from: new Date(today.getTime() - day), to: today };
  // getUTCDay of the WIB day's own date: 0 is Sunday, so Monday is 6 days back from it.
  const weekday = new Date(`${jakartaDay(at)}T00:00:00Z`).getUTCDay();
  return { from: new Date(today.getTime() - ((weekday + 6) % 7) * day) };
}

/**
 * The merchant pays the goods cost of its paid orders (the ones named, or all still waiting) from its
 * balance, all or none: "Insufficient balance" when short. Idempotent by key.
 */
export async function payGoods(
  db: Db,
  merchantId: string,
  input: { orderIds?: string[]; idempotencyKey: string },
): Promise<{ paid: number; amount: number }> {
  return once(
    db,
    {
      userId: merchantId,
      key: input.idempotencyKey,
      operation: "orders.payGoods",
      request: { orderIds: input.orderIds ?? null },
    },
    async (tx) => {
      const store = await ownStore(tx, merchantId);
      const toPay = await lockOrders(
        tx,
        and(
          eq(orders.storeId, store.id),
          goodsUnpaid,
          input.orderIds ? inArray(orders.id, input.orderIds) : undefined,
        ),
      );
      if (toPay.length === 0) throw new DomainError("conflict", "errors.orders.noGoodsDue");
      await payGoodsOf(tx, merchantId, toPay, "merchant", merchantId);
      return { paid: toPay.length, amount: toPay.reduce((s, o) => s + o.goodsCost, 0) };
    },
  );
}

// ---------------------------------------------------------------------------------------- operators

const fulfilmentFilter: Record<FulfilmentView, SQL | undefined> = {
  /** Paid, goods cost paid, nothing wrong: ready to ship. */
  to_ship: and(eq(orders.status, "paid"), isNotNull(orders.goodsPaidAt), isNull(orders.exception)),
  goods_unpaid: goodsUnpaid,
  shipped: eq(orders.status, "shipped"),
  exception: and(inArray(orders.status, ["paid", "shipped"]), isNotNull(orders.exception)),
  all: undefined,
};

/** The operator's fulfilment queues, newest first, with the shopper, address and goods state. */
export async function fulfilmentOrders(
  deps: OrderDeps,
  input: { view: FulfilmentView; cursor?: string | null; limit: number },
  userName: (userIds: string[]) => Promise<Map<string, string>>,
): Promise<{ items: FulfilmentOrderView[]; nextCursor: string | null }> {
  const rows = await selectOrderPage(
    deps.db,
    fulfilmentFilter[input.view],
    input.cursor ?? undefined,
    input.limit,
  );
  const page = pageOf(rows, input.limit);
  const cards = await cardViews(deps, page.items);
  const users = await userName([...new Set(page.items.map((o) => o.userId))]);
  return {
    items: cards.map((c, i) => {
      const o = page.items[i]!;
      return {
        ...merchantViewOf(c, o),
        user: users.get(o.userId) ?? "",
        address: o.address,
        courier: o.courier ? courierName(o.courier) : null,
        trackingNumber: o.trackingNumber,
        exception: o.exception,
      };
    }),
    nextCursor: page.nextCursor,
  };
}

/**
 * The operator ships an order whose goods cost is paid: courier and tracking number; the receipt window
 * starts (the order confirms itself at its end). Audited. Idempotent by key.
 */
export async function shipOrder(
  db: Db,
  operatorId: string,
  input: { id: string; courier: CourierCode; trackingNumber: string; idempotencyKey: string },
): Promise<{ id: string; status: "shipped" }> {
  const settings = await getMoneySettings(db);
  const trackingNumber = input.trackingNumber.toUpperCase();
  return once(
    db,
    {
      userId: operatorId,
      key: input.idempotencyKey,
      operation: "ops.orders.ship",
      request: { id: input.id, courier: input.courier, trackingNumber },
    },
    async (tx) => {
      const [order] = await lockOrders(tx, eq(orders.id, input.id));
      if (!order) throw new DomainError("not_found", "errors.orders.notFound");
      if (order.status !== "paid" || !order.goodsPaidAt)
        throw new DomainError("conflict", "errors.ship.notReady");
      const at = now();
      const autoConfirmAt = addMs(at, settings.receiptDays * 24 * hour);
      await updateOrder(tx, order.id, {
        status: "shipped",
        courier: input.courier,
        trackingNumber,
        shippedAt: at,
        autoConfirmAt,
        updatedAt: at,
      });
      await scheduleJob(tx, autoConfirmJob, order.id, autoConfirmAt);
      await insertEvents(tx, [
        orderEvent(order.id, "shipped", "operator", operatorId, { courier: input.courier, trackingNumber }),
      ]);
      await recordAudit(tx, {
        actorId: operatorId,
        action: "order.ship",
        subject: { type: "order", id: order.id },
        before: { status: "paid" },
        after: { status: "shipped", courier: input.courier, trackingNumber },
      });
      return { id: order.id, status: "shipped" as const };
    },
  );
}

/** The operator notes a problem with an open order (shown in its timeline). Audited. */
export async function markException(
  db: Db,
  operatorId: string,
  input: { id: string; note: string; idempotencyKey: string },
): Promise<{ id: string; status: OrderRow["status"] }> {
  return once(
    db,
    {
      userId: operatorId,
      key: input.idempotencyKey,
      operation: "ops.orders.exception",
      request: { id: input.id, note: input.note },
    },
    async (tx) => {
      const [order] = await lockOrders(tx, eq(orders.id, input.id));
      if (!order) throw new DomainError("not_found", "errors.orders.notFound");
      if (order.status !== "paid" && order.status !== "shipped") {
        throw new DomainError("conflict", "errors.orders.notOpen");
      }
      await updateOrder(tx, order.id, { exception: input.note, updatedAt: now() });
      await insertEvents(tx, [
        orderEvent(order.id, "exception", "operator", operatorId, { note: input.note }),
      ]);
      await recordAudit(tx, {
        actorId: operatorId,
        action: "order.exception",
        subject: { type: "order", id: order.id },
        before: { exception: order.exception },
        after: { exception: input.note },
      });
      return { id: order.id, status: order.status };
    },
  );
}

/** The operator cancels an order not yet shipped, with a reason (a paid one is refunded in full). Audited. */
export async function operatorCancel(
  db: Db,
  operatorId: string,
  input: { id: string; note: string; idempotencyKey: string },
): Promise<{ id: string; status: "cancelled" }> {
  return once(
    db,
    {
      userId: operatorId,
      key: input.idempotencyKey,
      operation: "ops.orders.cancel",
      request: { id: input.id, note: input.note },
    },
    async (tx) => {
      const [order] = await lockOrders(tx, eq(orders.id, input.id));
      if (!order) throw new DomainError("not_found", "errors.orders.notFound");
      if (order.status !== "pending_payment" && order.status !== "paid") {
        throw new DomainError("conflict", "errors.orders.notCancellable");
      }
      await cancelLocked(tx, order, "operator", "operator", operatorId, input.note);
      await recordAudit(tx, {
        actorId: operatorId,
        action: "order.cancel",
        subject: { type: "order", id: order.id },
        before: { status: order.status },
        after: { status: "cancelled", reason: input.note },
      });
      return { id: order.id, status: "cancelled" as const };
    },
  );
}

/** How many orders wait in each operator queue. */
export async function fulfilmentCounts(db: Db) {
  const [toShip, goods, exceptions] = await Promise.all([
    countOrders(db, fulfilmentFilter.to_ship),
    countOrders(db, fulfilmentFilter.goods_unpaid),
    countOrders(db, fulfilmentFilter.exception),
  ]);
  return { toShip, goodsUnpaid: goods, exception: exceptions };
}
