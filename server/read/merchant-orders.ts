import {
  type MerchantOrderDetailView,
  type MerchantOrderView,
  type OrderCardView,
} from "#common/contracts/orders.ts";
import { type OrderPeriod } from "#common/merchant-states.ts";
import { type MerchantOrderView as MerchantView } from "#common/order-states.ts";
import { and, eq, gte, inArray, isNotNull, lt, type SQL } from "drizzle-orm";
import { type Db, type Tx } from "../db/client.ts";
import { walletBalance, walletMovesOf } from "../modules/ledger/ledger.service.ts";
import {
  goodsUnpaid,
  type OrderDeps,
  ordersTable as orders,
  selectOrder,
  selectOrderPage,
  sumGoodsDue,
  type OrderRow,
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

export function merchantViewOf(card: OrderCardView, order: OrderRow, afterSalesOpen = 0): MerchantOrderView {
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
function periodRange(period: OrderPeriod, at: Date): { from: Date; to?: Date } | undefined {
  if (period === "any") return undefined;
  const today = new Date(`${jakartaDay(at)}T00:00:00+07:00`);
  if (period === "today") return { from: today };
  if (period === "yesterday") return { from: new Date(today.getTime() - day), to: today };
  // getUTCDay of the WIB day's own date: 0 is Sunday, so Monday is 6 days back from it.
  const weekday = new Date(`${jakartaDay(at)}T00:00:00Z`).getUTCDay();
  return { from: new Date(today.getTime() - ((weekday + 6) % 7) * day) };
}
