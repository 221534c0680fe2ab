import {
  type MerchantOrderDetailView,
  type MerchantOrderView,
  type OrderCardView,
} from "#common/contracts/orders.ts";
import { type OrderPeriod } from "#common/merchant-states.ts";
import { returnedShare } from "#common/money.ts";
import { type MerchantOrderView as MerchantView } from "#common/order-states.ts";
import { and, eq, gte, inArray, isNotNull, lt, type SQL } from "drizzle-orm";
import { type Db, type Tx } from "../db/client.ts";
import { walletBalance, walletMovesOf } from "../modules/ledger/ledger.service.ts";
import {
  goodsUnpaid,
  type OrderDeps,
  ordersTable as orders,
  selectItems,
  selectOrder,
  selectOrderPage,
  selectOrderReturns,
  sumGoodsDue,
  type OrderItemRow,
  type OrderRow,
  type ReturnRow,
} from "../modules/orders/orders.service.ts";
import { openRequestsOf } from "../modules/orders/returns.service.ts";
import { jakartaDay, now } from "../platform/clock.ts";
import { DomainError } from "../platform/errors.ts";
import { pageOf } from "../platform/pages.ts";
import { selectStoreOfOwner } from "./order-lines.ts";
import { cardViews, detailOf } from "./orders.ts";

export async function ownStore(db: Db | Tx, merchantId: string) {
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

/** What an order comes to for its store once its refunded returns are taken out. */
export interface StoreFigures {
  /** The sale: the subtotal less the store's own voucher (issue 42) and what it gave back for items refunded. */
  subtotal: number;
  /** The price of the items refunded (0 without returns). */
  returned: number;
  /** The goods cost less that of the items refunded (the platform gave it back). */
  goodsCost: number;
  /** The store's part of return parcels' postage. */
  returnPostage: number;
  /** What the store keeps: subtotal less goods cost less its return postage. */
  profit: number;
}

/**
 * An order's figures for its store, following its returns: a refunded return (an approved one: refunding is its
 * last step) takes its items' price out of the sale and their goods cost out of what the store paid, as
 * `refundReturnLocked` moves them in the ledger, and the store's part of the return postage out of its profit.
 */
export function storeFigures(order: OrderRow, items: OrderItemRow[], returns: ReturnRow[]): StoreFigures {
  let returned = 0;
  let returnedGoods = 0;
  let returnPostage = 0;
  for (const r of returns) {
    if (r.orderId !== order.id || r.kind !== "return" || r.status !== "approved") continue;
    const item = items.find((i) => i.orderId === order.id && i.variantId === r.variantId);
    if (!item) continue;
    // What the store gave back for the units (`refundReturnLocked`'s sale): with vouchers, their shares of
    // the line after its own voucher, as cumulative floors (one request per item, so its units so far are r's).
    const line = item.price * item.quantity - item.storeDiscount;
    returned +=
      returnedShare(line - item.platformDiscount, item.quantity, 0, r.quantity) +
      returnedShare(item.platformDiscount, item.quantity, 0, r.quantity);
    returnedGoods += item.merchantPrice * r.quantity;
    if (r.postagePayer === "store") returnPostage += r.postageCharged ?? 0;
  }
  const subtotal = order.subtotal - order.storeDiscount - returned;
  const goodsCost = order.goodsCost - returnedGoods;
  return { subtotal, returned, goodsCost, returnPostage, profit: subtotal - goodsCost - returnPostage };
}

/** The figures of a page of orders, read in two queries. */
async function storeFiguresOf(db: Db, page: OrderRow[]): Promise<Map<string, StoreFigures>> {
  const ids = page.map((o) => o.id);
  const [items, returns] = await Promise.all([selectItems(db, ids), selectOrderReturns(db, ids)]);
  return new Map(page.map((o) => [o.id, storeFigures(o, items, returns)]));
}

export function merchantViewOf(
  card: OrderCardView,
  order: OrderRow,
  afterSalesOpen = 0,
  figures: StoreFigures = storeFigures(order, [], []),
): MerchantOrderView {
  return {
    ...card,
    afterSalesOpen,
    goodsCost: figures.goodsCost,
    subtotal: figures.subtotal,
    profit: figures.profit,
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
  const [balance, goodsDue, open, figures] = await Promise.all([
    walletBalance(deps.db, merchantId),
    sumGoodsDue(deps.db, store.id),
    openRequestsOf(
      deps.db,
      page.items.map((o) => o.id),
    ),
    storeFiguresOf(deps.db, page.items),
  ]);
  return {
    items: cards.map((c, i) => merchantViewOf(c, page.items[i]!, open.get(c.id), figures.get(c.id))),
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
  const [detail, moves, figures] = await Promise.all([
    detailOf(deps, order, "staff"),
    walletMovesOf(deps.db, merchantId, { type: "order", id: order.id }),
    storeFiguresOf(deps.db, [order]),
  ]);
  const { returned, goodsCost, returnPostage, profit } = figures.get(order.id)!;
  return {
    ...detail,
    returned,
    returnPostage,
    goodsCost,
    profit,
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
function periodRange(period: OrderPeriod, at: Date): { from: Date; to?: Date } | undefined {
  if (period === "any") return undefined;
  const today = new Date(`${jakartaDay(at)}T00:00:00+07:00`);
  if (period === "today") return { from: today };
  if (period === "yesterday") return { from: new Date(today.getTime() - day), to: today };
  // getUTCDay of the WIB day's own date: 0 is Sunday, so Monday is 6 days back from it.
  const weekday = new Date(`${jakartaDay(at)}T00:00:00Z`).getUTCDay();
  return { from: new Date(today.getTime() - ((weekday + 6) % 7) * day) };
}
