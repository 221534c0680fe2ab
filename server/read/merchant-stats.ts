// Read-only figures of the merchant centre, over the orders and catalog modules' tables (see
// docs/decisions/0007-store-statistics.md for why cross-module reads live in server/read/). Every figure is
// computed from the records when read; nothing is stored twice.
import { and, eq, gte, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { orderItems, orderReturns, orders } from "../modules/orders/orders.tables.ts";

/** Orders whose shopper paid and which were not cancelled (paid, shipped or completed). */
const paidStatuses = ["paid", "shipped", "completed"] as const;

/**
 * A store's money figures in one pass over its orders: turnover (subtotals less the store's own vouchers, of
 * paid orders not cancelled), profit (that less goods cost, of completed orders) and the goods cost it has paid for orders still
 * open (held until the order completes and the store is paid the subtotal). Returned items are neither
 * turnover nor profit: their sale and margin are taken off.
 */
export async function selectStoreMoney(db: Db, storeId: string) {
  const [row] = await db
    .select({
      turnover: sql<number>`coalesce(sum(${orders.subtotal} - ${orders.storeDiscount}) filter (where ${inArray(orders.status, [...paidStatuses])}), 0)::bigint`,
      profit: sql<number>`coalesce(sum(${orders.subtotal} - ${orders.storeDiscount} - ${orders.goodsCost}) filter (where ${eq(orders.status, "completed")}), 0)::bigint`,
      held: sql<number>`coalesce(sum(${orders.goodsCost}) filter (where ${and(inArray(orders.status, ["paid", "shipped"]), isNotNull(orders.goodsPaidAt))}), 0)::bigint`,
    })
    .from(orders)
    .where(eq(orders.storeId, storeId));
  // What the store gave back for refunded units (`refundReturnLocked`'s sale): the line's price less its own
  // voucher, in cumulative floors of what the shopper paid and of the platform's share (issue 42); whole
  // division of non-negative integers is the floor.
  const paidBack = sql`((${orderItems.price} * ${orderItems.quantity} - ${orderItems.storeDiscount} - ${orderItems.platformDiscount}) * ${orderReturns.quantity}) / ${orderItems.quantity} + (${orderItems.platformDiscount} * ${orderReturns.quantity}) / ${orderItems.quantity}`;
  const [returned] = await db
    .select({
      sale: sql<number>`coalesce(sum(${paidBack}), 0)::bigint`,
      margin: sql<number>`coalesce(sum(${paidBack} - ${orderItems.merchantPrice} * ${orderReturns.quantity}), 0)::bigint`,
    })
    .from(orderReturns)
    .innerJoin(
      orderItems,
      and(eq(orderItems.orderId, orderReturns.orderId), eq(orderItems.variantId, orderReturns.variantId)),
    )
    .where(
      and(
        eq(orderReturns.storeId, storeId),
        eq(orderReturns.kind, "return"),
        eq(orderReturns.status, "approved"),
      ),
    );
  return {
    turnover: Number(row?.turnover ?? 0) - Number(returned?.sale ?? 0),
    profit: Number(row?.profit ?? 0) - Number(returned?.margin ?? 0),
    held: Number(row?.held ?? 0),
  };
}

/**
 * Turnover and orders per Indonesian (WIB) day of payment since `from`, for paid orders not cancelled.
 * Days without orders are absent (the caller fills them).
 */
export async function selectStoreDays(db: Db, storeId: string, from: Date) {
  const day = sql<string>`to_char(${orders.paidAt} at time zone 'Asia/Jakarta', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      turnover: sql<number>`sum(${orders.subtotal} - ${orders.storeDiscount})::bigint`,
      orders: sql<number>`count(*)::int`,
    })
    .from(orders)
    .where(
      and(eq(orders.storeId, storeId), inArray(orders.status, [...paidStatuses]), gte(orders.paidAt, from)),
    )
    .groupBy(day);
  return rows.map((r) => ({ day: r.day, turnover: Number(r.turnover), orders: r.orders }));
}
