// Read-only statistics that span modules (stores, catalog, browsing): SQL over their tables, never a
// write. Services call these; see docs/decisions/0007-store-statistics.md. Built from the tables' own
// column objects, so renaming a column fails the typecheck instead of a query at run time. Each subquery
// reads other tables than `stores`, so `stores.id` always means the outer store row.
import { and, count, eq, sql, type SQL } from "drizzle-orm";
import { favorites } from "../modules/browsing/browsing.tables.ts";
import { listings } from "../modules/catalog/catalog.tables.ts";
import { orderItems, orders } from "../modules/orders/orders.tables.ts";
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

/** Items of the store's completed orders: what its level counts (decision 7). */
export const completedSalesOf = () =>
  countOf(
    sql`select coalesce(sum(${orderItems.quantity}), 0) from ${orderItems} inner join ${orders} on ${eq(orders.id, orderItems.orderId)} where ${and(eq(orders.storeId, stores.id), eq(orders.status, "completed"))}`,
  );
