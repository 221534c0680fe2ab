import { type OrderDetailView } from "#common/contracts/orders.ts";
import { type MoneySettings } from "#common/contracts/settings.ts";
import { localize, type Locale } from "#common/locales.ts";
import { rateOf } from "#common/money.ts";
import { type OrderActor } from "#common/order-states.ts";
import { and, eq } from "drizzle-orm";
import { type Db, type Tx } from "../../db/client.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import { imageView } from "../../platform/images.ts";
import { type PaymentGateway } from "../../platform/payments.ts";
import { type Storage } from "../../platform/storage.ts";
import {
  lockOrders,
  ordersTable as orders,
  selectItems,
  selectOrder,
  updateOrder,
  type OrderItemRow,
} from "./orders.queries.ts";
import { type OrderEventData } from "./orders.tables.ts";

/**
 * The orders module's records, for the flows and reads above it: lint lets nothing outside the module import
 * orders.queries.ts (docs/architecture.md, rule 4), so what they use passes through here, and only that.
 * Files of this module (returns.service.ts) import the queries directly.
 */
export {
  allEnded,
  countOrders,
  countRefusedCod,
  countUserOrders,
  goodsUnpaid,
  insertEvents,
  insertOrders,
  insertPayment,
  insertReturn,
  lockOrders,
  lockPayment,
  lockReturn,
  ordersTable,
  selectEvents,
  selectItems,
  selectOpenPaymentOf,
  selectOpenPaymentsOf,
  selectOrder,
  selectOrderPage,
  selectOrderReturns,
  selectOrdersByIds,
  selectPayment,
  selectPaymentOrderIds,
  sumGoodsDue,
  updateOrder,
  updatePayment,
  updatePaymentStatus,
  updateReturn,
  type OrderItemRow,
  type OrderRow,
  type ReturnRow,
} from "./orders.queries.ts";
export type { OrderShipping } from "./orders.tables.ts";

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

/** What pricing needs of a variant a shopper buys (the catalogue's and stores' rows, read above this module). */
interface OrderLine {
  listingId: string;
  variantId: string;
  storeId: string;
  storeName: string;
  name: Parameters<typeof localize>[0];
  price: number;
  merchantPrice: number;
  stock: number;
  available: boolean;
  /** A live flash-sale item's line (issue 42): `price` and `stock` are the item's, at most `flashLimit` each. */
  flashItemId?: string | null;
  flashLimit?: number | null;
}

interface PricedStore<Row extends OrderLine = OrderLine> {
  storeId: string;
  storeName: string;
  /** Each line with its shares of the store's voucher and of the platform's (issue 42). */
  lines: { row: Row; quantity: number; storeDiscount: number; platformDiscount: number }[];
  subtotal: number;
  goodsCost: number;
  postage: number;
  storeDiscount: number;
  platformDiscount: number;
  shippingDiscount: number;
  serviceFee: number;
  vat: number;
  total: number;
}

/** VAT (PPN) on a subtotal, in whole Rupiah, rounded half up in integer arithmetic. */
function vatOf(subtotal: number, settings: Pick<MoneySettings, "vatBasisPoints">): number {
  return rateOf(subtotal, settings.vatBasisPoints);
}

/**
 * Checks the lines can be bought as asked and prices them per store (the settings' service fee per store
 * order, VAT on its subtotal). Postage is the courier service's price, set by `setPostage` once quoted; until
 * then 0. Stores keep the order their first line came in.
 */
export function priceLines<Row extends OrderLine>(
  lines: readonly { listingId: string; variantId?: string | undefined; quantity: number }[],
  rows: readonly Row[],
  settings: MoneySettings,
  lang: Locale,
): PricedStore<Row>[] {
  const seen = new Set<string>();
  // Two stores' lines of one variant take from one stock: summed before they are checked against it.
  const wanted = new Map<string, number>();
  const stores = new Map<string, PricedStore<Row>>();
  for (const line of lines) {
    // A line without a variant is its listing's one variant (server/read/order-lines.ts resolved it).
    const row = rows.find(
      (r) =>
        r.listingId === line.listingId && (line.variantId === undefined || r.variantId === line.variantId),
    );
    if (!row || !row.available) throw new DomainError("precondition_failed", "errors.checkout.unavailable");
    const key = `${row.listingId}:${row.variantId}`;
    if (seen.has(key)) throw new DomainError("bad_request", "errors.api.invalidInput");
    seen.add(key);
    // A flash line takes from its slot, the others from the variant's stock.
    const from = row.flashItemId ?? row.variantId;
    const quantity = (wanted.get(from) ?? 0) + line.quantity;
    wanted.set(from, quantity);
    if (row.flashLimit != null && line.quantity > row.flashLimit) {
      throw new DomainError("precondition_failed", "errors.flash.overLimit", {
        name: localize(row.name, lang),
        count: row.flashLimit,
      });
    }
    if (quantity > row.stock) {
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
        postage: 0,
        storeDiscount: 0,
        platformDiscount: 0,
        shippingDiscount: 0,
        serviceFee: settings.serviceFee,
        vat: 0,
        total: 0,
      };
      stores.set(row.storeId, store);
    }
    store.lines.push({ row, quantity: line.quantity, storeDiscount: 0, platformDiscount: 0 });
    store.subtotal += row.price * line.quantity;
    store.goodsCost += row.merchantPrice * line.quantity;
  }
  for (const store of stores.values()) addUp(store, settings);
  return [...stores.values()];
}

/**
 * A store's VAT and total from its figures: VAT on the price after the store's own discount (what the store
 * sells for; a platform voucher is the platform's spending and lowers neither the sale nor its VAT), and the
 * total the shopper pays, less both discounts and the free-shipping share (decision 30).
 */
function addUp(store: PricedStore, settings: Pick<MoneySettings, "vatBasisPoints">): void {
  store.vat = vatOf(store.subtotal - store.storeDiscount, settings);
  store.total = totalOf(store);
}

/** What the shopper pays for a store's order: `orders_money_consistent`'s sum. */
const totalOf = (s: PricedStore) =>
  s.subtotal - s.storeDiscount - s.platformDiscount + s.postage - s.shippingDiscount + s.serviceFee + s.vat;

/** A store's postage, the chosen courier service's price, and the total that follows from it. */
export function setPostage(store: PricedStore, postage: number): void {
  store.postage = postage;
  store.total = totalOf(store);
}

/**
 * The vouchers' shares of a store's order (issue 42): each line's store and platform shares (by the line key
 * `<store>:<variant>`), the free-shipping share of its postage, and the VAT and total that follow.
 */
export function setDiscounts(
  store: PricedStore,
  shares: {
    lines: ReadonlyMap<string, { store: number; platform: number }>;
    shipping: ReadonlyMap<string, number>;
  },
  settings: Pick<MoneySettings, "vatBasisPoints">,
): void {
  for (const line of store.lines) {
    const share = shares.lines.get(lineKey(store.storeId, line.row.variantId)) ?? { store: 0, platform: 0 };
    line.storeDiscount = share.store;
    line.platformDiscount = share.platform;
  }
  store.storeDiscount = store.lines.reduce((sum, l) => sum + l.storeDiscount, 0);
  store.platformDiscount = store.lines.reduce((sum, l) => sum + l.platformDiscount, 0);
  store.shippingDiscount = shares.shipping.get(store.storeId) ?? 0;
  addUp(store, settings);
}

/** The key of a checkout line, as vouchers' shares name it. */
export const lineKey = (storeId: string, variantId: string) => `${storeId}:${variantId}`;

/**
 * What the shopper pays for an order in all: its total, plus on delivery the COD fee the courier collects with it
 * (issue 40: the one figure checkout, the order pages and the courier's label all show).
 */
export function grandTotalOf(order: { total: number; codFee: number | null }): number {
  return order.total + (order.codFee ?? 0);
}

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

export function itemViews(deps: OrderDeps, items: readonly OrderItemRow[]) {
  return items.map((i) => ({
    listingId: i.listingId,
    variantId: i.variantId,
    variantLabel: i.variantLabel ? localize(i.variantLabel, deps.lang) : null,
    sku: i.sku,
    name: localize(i.name, deps.lang),
    image: imageView(deps.storage, i.image),
    price: i.price,
    quantity: i.quantity,
  }));
}

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
export async function lockReviewableItem(tx: Tx, userId: string, orderId: string, variantId: string) {
  const [order] = await lockOrders(tx, and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw new DomainError("not_found", "errors.orders.notFound");
  if (order.status !== "completed") throw new DomainError("conflict", "errors.reviews.notCompleted");
  const items = await selectItems(tx, [order.id]);
  const item = items.find((i) => i.variantId === variantId);
  if (!item) throw new DomainError("not_found", "errors.reviews.notBought");
  return { order, item, variantIds: items.map((i) => i.variantId) };
}

/** Every item of the order is reviewed: it leaves "pending review". */
export async function markReviewed(tx: Tx, orderId: string): Promise<void> {
  const at = now();
  await updateOrder(tx, orderId, { reviewedAt: at, updatedAt: at });
}
