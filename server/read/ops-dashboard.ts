// The operator's dashboard figures per Indonesian (WIB) day: read-only SQL over the orders and accounts
// modules' tables (decision 7). Days are WIB calendar days (UTC+7 all year, no daylight saving).
import { and, gte, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import { users } from "../modules/auth/auth.tables.ts";
import { orders } from "../modules/orders/orders.tables.ts";

/** Orders whose shopper paid and which were not cancelled (paid, shipped or completed). */
const paidStatuses = ["paid", "shipped", "completed"] as const;

const wibDay = (column: PgColumn): SQL<string> =>
  sql<string>`to_char(${column} at time zone 'Asia/Jakarta', 'YYYY-MM-DD')`;

/**
 * Per WIB day since `from`: orders placed (by their creation), paid orders and their turnover (the totals of
 * orders paid that day and not cancelled since), and new accounts. Days without any are absent.
 */
export async function selectDailyFigures(db: Db, from: Date) {
  const placedDay = wibDay(orders.createdAt);
  const paidDay = wibDay(orders.paidAt);
  const joinedDay = wibDay(users.createdAt);
  const [placed, paid, joined] = await Promise.all([
    db
      .select({ day: placedDay, count: sql<number>`count(*)::int` })
      .from(orders)
      .where(gte(orders.createdAt, from))
      .groupBy(placedDay),
    db
      .select({
        day: paidDay,
        count: sql<number>`count(*)::int`,
        turnover: sql<number>`sum(${orders.total})::bigint`,
      })
      .from(orders)
      .where(
        and(isNotNull(orders.paidAt), gte(orders.paidAt, from), inArray(orders.status, [...paidStatuses])),
      )
      .groupBy(paidDay),
    db
      .select({ day: joinedDay, count: sql<number>`count(*)::int` })
      .from(users)
      .where(gte(users.createdAt, from))
      .groupBy(joinedDay),
  ]);
  return {
    placed: new Map(placed.map((r) => [r.day, r.count])),
    paid: new Map(paid.map((r) => [r.day, { count: r.count, turnover: Number(r.turnover) }])),
    joined: new Map(joined.map((r) => [r.day, r.count])),
  };
}
