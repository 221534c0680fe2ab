// Read-only statistics that span modules (stores, catalog, browsing): SQL over their tables, never a
// write. Services call these; see docs/decisions/0007-store-statistics.md. Built from the tables' own
// column objects, so renaming a column fails the typecheck instead of a query at run time. Each subquery
// reads other tables than `stores`, so `stores.id` always means the outer store row.
import { and, count, eq, isNull, sql, type SQL } from "drizzle-orm";
import { favorites } from "../modules/browsing/browsing.tables.ts";
import { listings } from "../modules/catalog/catalog.tables.ts";
import { orderItems, orderReturns, orders } from "../modules/orders/orders.tables.ts";
import { reviews } from "../modules/reviews/reviews.tables.ts";
import { storeLevelRule } from "#common/store-level.ts";
import { storeFollows, stores, storeVisits } from "../modules/stores/stores.tables.ts";

/**
 * A count as an int. The subquery is nested on purpose: Drizzle leaves the table name off columns at the
 * top level of a single-table select list, which would turn `"stores"."id"` into the inner table's "id".
 */
const countOf = (subquery: SQL) => sql<number>`(${subquery})::int`;

/** Followers of the store in the current `stores` row. */
export const followersOf = () =>
  countOf(sql`select ${count()} from ${storeFollows} where ${storeFollows.storeId} = ${stores.id}`);

/** Visits of the store: one per visitor per day. */
export const visitsOf = () =>
  countOf(sql`select ${count()} from ${storeVisits} where ${storeVisits.storeId} = ${stores.id}`);

/** How many times the store's products were collected (favourites). */
export const collectionsOf = () =>
  countOf(
    sql`select ${count()} from ${favorites} inner join ${listings} on ${eq(listings.id, favorites.listingId)} where ${listings.storeId} = ${stores.id}`,
  );

/** Products the store sells. */
export const productsOf = () =>
  countOf(
    sql`select ${count()} from ${listings} where ${and(eq(listings.storeId, stores.id), eq(listings.status, "active"))}`,
  );

/** Items the store sold in paid orders not cancelled (the sum of its listings' sales). */
export const salesOf = () =>
  countOf(
    sql`select coalesce(sum(${listings.sales}), 0) from ${listings} where ${listings.storeId} = ${stores.id}`,
  );

/** Items of the store's completed orders, less those returned: what its level counts (decision 7). */
export const completedSalesOf = () =>
  countOf(
    sql`select coalesce(sum(${orderItems.quantity}), 0) - (select coalesce(sum(${orderReturns.quantity}), 0) from ${orderReturns} where ${and(eq(orderReturns.storeId, stores.id), eq(orderReturns.kind, "return"), eq(orderReturns.status, "approved"))}) from ${orderItems} inner join ${orders} on ${eq(orders.id, orderItems.orderId)} where ${and(eq(orders.storeId, stores.id), eq(orders.status, "completed"))}`,
  );

/** The average stars of the store's visible reviews; null without any. */
export const ratingOf = () =>
  sql<
    number | null
  >`(select avg(${reviews.rating})::float8 from ${reviews} where ${and(eq(reviews.storeId, stores.id), isNull(reviews.hiddenAt))})`;

/** The store's level by the published rule (common/store-level.ts), in SQL, for sorting the street. */
export const levelOf = () => {
  const sales = completedSalesOf();
  const rating = sql`coalesce(${ratingOf()}, 0)`;
  const steps = storeLevelRule.map(
    (step) =>
      sql`when ${sales} >= ${sql.raw(String(step.sales))}${step.rating > 0 ? sql` and ${rating} >= ${sql.raw(String(step.rating))}` : sql``} then ${sql.raw(String(step.level))}`,
  );
  return sql<number>`(case ${sql.join(steps, sql` `)} else 0 end)`;
};
