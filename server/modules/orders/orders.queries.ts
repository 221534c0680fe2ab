import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, ne, sql, type SQL } from "drizzle-orm";
import type { OrderStatus } from "#common/order-states.ts";
import type { Db, Tx } from "../../db/client.ts";
import {
  orderEventsTable,
  orderItems,
  orderPaymentOrders,
  orderPayments,
  orderReturns,
  orders,
} from "./orders.tables.ts";

type Executor = Db | Tx;
export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
type OrderPaymentRow = typeof orderPayments.$inferSelect;
export type ReturnRow = typeof orderReturns.$inferSelect;

export async function insertOrders(
  tx: Tx,
  rows: (typeof orders.$inferInsert)[],
  items: (typeof orderItems.$inferInsert)[],
) {
  await tx.insert(orders).values(rows);
  await tx.insert(orderItems).values(items);
}

export async function insertPayment(tx: Tx, row: typeof orderPayments.$inferInsert, orderIds: string[]) {
  await tx.insert(orderPayments).values(row);
  await tx.insert(orderPaymentOrders).values(orderIds.map((orderId) => ({ paymentId: row.id, orderId })));
}

export async function insertEvents(tx: Tx, rows: (typeof orderEventsTable.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(orderEventsTable).values(rows);
}

export async function selectOrder(db: Executor, id: string) {
  const rows = await db.select().from(orders).where(eq(orders.id, id));
  return rows[0];
}

/** Orders by id (their codes, for lists of after-sales requests). */
export function selectOrdersByIds(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([] as OrderRow[]);
  return db
    .select()
    .from(orders)
    .where(inArray(orders.id, [...ids]));
}

/** Orders locked for change, in id order (a fixed order: no deadlocks between two changes). */
export function lockOrders(tx: Tx, where: SQL | undefined) {
  return tx.select().from(orders).where(where).orderBy(asc(orders.id)).for("update");
}

export function selectItems(db: Executor, orderIds: readonly string[]) {
  if (orderIds.length === 0) return Promise.resolve([] as OrderItemRow[]);
  return db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...orderIds]))
    .orderBy(asc(orderItems.orderId), asc(orderItems.listingId), asc(orderItems.variantId));
}

export function selectEvents(db: Executor, orderId: string) {
  return db
    .select()
    .from(orderEventsTable)
    .where(eq(orderEventsTable.orderId, orderId))
    .orderBy(asc(orderEventsTable.id));
}

export async function updateOrder(
  tx: Tx,
  id: string,
  set: Partial<typeof orders.$inferInsert>,
  from?: readonly OrderStatus[],
): Promise<OrderRow | undefined> {
  const rows = await tx
    .update(orders)
    .set(set)
    .where(from ? and(eq(orders.id, id), inArray(orders.status, [...from])) : eq(orders.id, id))
    .returning();
  return rows[0];
}

/** A page of orders matching `where`, newest first (keyset on id). */
export function selectOrderPage(
  db: Executor,
  where: SQL | undefined,
  before: string | undefined,
  limit: number,
) {
  return db
    .select()
    .from(orders)
    .where(before ? and(where, lt(orders.id, before)) : where)
    .orderBy(desc(orders.id))
    .limit(limit + 1);
}

/** How many of a user's orders are in each status (and completed ones not yet reviewed). */
export async function countUserOrders(db: Executor, userId: string) {
  return db
    .select({
      status: orders.status,
      unreviewed: sql<number>`count(*) filter (where ${orders.reviewedAt} is null)::int`,
      n: sql<number>`count(*)::int`,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .groupBy(orders.status);
}

export async function sumGoodsDue(db: Executor, storeId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string | null>`sum(${orders.goodsCost})` })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.status, "paid"), isNull(orders.goodsPaidAt)));
  return Number(row?.sum ?? 0);
}

export const goodsUnpaid = and(eq(orders.status, "paid"), isNull(orders.goodsPaidAt));
export const goodsPaid = isNotNull(orders.goodsPaidAt);
export { orders as ordersTable };

// ------------------------------------------------------------------------------------------ payments

export async function selectPayment(db: Executor, id: string) {
  const rows = await db.select().from(orderPayments).where(eq(orderPayments.id, id));
  return rows[0];
}

/** The payment, locked for the caller's transaction. */
export async function lockPayment(tx: Tx, id: string) {
  const rows = await tx.select().from(orderPayments).where(eq(orderPayments.id, id)).for("update");
  return rows[0];
}

export async function selectPaymentOrderIds(db: Executor, paymentId: string): Promise<string[]> {
  const rows = await db
    .select({ orderId: orderPaymentOrders.orderId })
    .from(orderPaymentOrders)
    .where(eq(orderPaymentOrders.paymentId, paymentId))
    .orderBy(asc(orderPaymentOrders.orderId));
  return rows.map((r) => r.orderId);
}

/** The newest open provider payment of this order (its own, or the checkout's while that is still open). */
export async function selectOpenPaymentOf(db: Executor, orderId: string) {
  const rows = await db
    .select({ payment: orderPayments })
    .from(orderPaymentOrders)
    .innerJoin(orderPayments, eq(orderPayments.id, orderPaymentOrders.paymentId))
    .where(
      and(
        eq(orderPaymentOrders.orderId, orderId),
        eq(orderPayments.status, "pending"),
        ne(orderPayments.method, "wallet"),
      ),
    )
    .orderBy(desc(orderPayments.id))
    .limit(1);
  return rows[0]?.payment;
}

/**
 * Every provider payment still open that pays this order, oldest first: the checkout's, and one opened later
 * for it alone.
 */
export async function selectOpenPaymentsOf(db: Executor, orderId: string) {
  const rows = await db
    .select({ payment: orderPayments })
    .from(orderPaymentOrders)
    .innerJoin(orderPayments, eq(orderPayments.id, orderPaymentOrders.paymentId))
    .where(
      and(
        eq(orderPaymentOrders.orderId, orderId),
        eq(orderPayments.status, "pending"),
        ne(orderPayments.method, "wallet"),
      ),
    )
    .orderBy(asc(orderPayments.id));
  return rows.map((r) => r.payment);
}

/** What a payment asks now (issue 40): after one of its orders was cancelled, or a switch moved its deadline. */
export async function updatePayment(
  tx: Tx,
  id: string,
  set: Partial<Pick<OrderPaymentRow, "amount" | "expiresAt">>,
): Promise<void> {
  await tx.update(orderPayments).set(set).where(eq(orderPayments.id, id));
}

export async function updatePaymentStatus(
  tx: Tx,
  id: string,
  from: readonly OrderPaymentRow["status"][],
  to: OrderPaymentRow["status"],
  at: Date,
  paidAttemptId?: string,
): Promise<boolean> {
  const rows = await tx
    .update(orderPayments)
    .set({ status: to, ...(to === "paid" ? { paidAt: at, paidAttemptId: paidAttemptId ?? null } : {}) })
    .where(and(eq(orderPayments.id, id), inArray(orderPayments.status, [...from])))
    .returning({ id: orderPayments.id });
  return rows.length > 0;
}

export async function countOrders(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(where);
  return row?.n ?? 0;
}

// ------------------------------------------------------------------------------------ after-sales

export async function insertReturn(tx: Tx, row: typeof orderReturns.$inferInsert) {
  const rows = await tx
    .insert(orderReturns)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: orderReturns.id });
  return rows.length > 0;
}

export async function selectReturn(db: Executor, id: string) {
  const [row] = await db.select().from(orderReturns).where(eq(orderReturns.id, id));
  return row;
}

export async function lockReturn(tx: Tx, id: string) {
  const [row] = await tx.select().from(orderReturns).where(eq(orderReturns.id, id)).for("update");
  return row;
}

export async function updateReturn(tx: Tx, id: string, set: Partial<typeof orderReturns.$inferInsert>) {
  await tx.update(orderReturns).set(set).where(eq(orderReturns.id, id));
}

export function selectOrderReturns(db: Executor, orderIds: readonly string[]) {
  if (orderIds.length === 0) return Promise.resolve([] as ReturnRow[]);
  return db
    .select()
    .from(orderReturns)
    .where(inArray(orderReturns.orderId, [...orderIds]))
    .orderBy(asc(orderReturns.id));
}

/** A page of after-sales requests, newest first, `limit + 1` rows from before the cursor's id. */
export function selectReturnPage(
  db: Executor,
  opts: { where: SQL | undefined; before?: string; limit: number },
) {
  return db
    .select()
    .from(orderReturns)
    .where(and(opts.where, opts.before ? lt(orderReturns.id, opts.before) : undefined))
    .orderBy(desc(orderReturns.id))
    .limit(opts.limit + 1);
}

export async function countReturns(db: Executor, where: SQL | undefined) {
  const [row] = await db.select({ n: count() }).from(orderReturns).where(where);
  return row?.n ?? 0;
}

/** How many of a shopper's cash-on-delivery parcels came back refused since a moment (issue 27). */
export async function countRefusedCod(db: Executor, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, "cancelled"),
        eq(orders.cancelReason, "cod_refused"),
        sql`${orders.cancelledAt} >= ${since}`,
      ),
    );
  return row?.n ?? 0;
}

/**
 * Whether every one of these orders has ended with nothing kept by the shopper: cancelled (unpaid, expired or
 * refunded), or every unit of it returned and refunded. A voucher's use is given back when all of its orders
 * have (issue 42).
 */
export async function allEnded(db: Executor, orderIds: readonly string[]): Promise<boolean> {
  if (orderIds.length === 0) return true;
  const refunded = sql`coalesce((select sum(${orderReturns.quantity}) from ${orderReturns} where ${orderReturns.orderId} = ${orders.id} and ${orderReturns.kind} = 'return' and ${orderReturns.status} = 'approved'), 0)`;
  const bought = sql`(select sum(${orderItems.quantity}) from ${orderItems} where ${orderItems.orderId} = ${orders.id})`;
  const [row] = await db
    .select({ live: count() })
    .from(orders)
    .where(
      and(inArray(orders.id, [...orderIds]), ne(orders.status, "cancelled"), sql`${refunded} < ${bought}`),
    );
  return row!.live === 0;
}
