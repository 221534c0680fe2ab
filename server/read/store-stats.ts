// Read-only statistics that span modules (stores, catalog, browsing): SQL over their tables, never a
// write. Services call these; see docs/decisions/0007-store-statistics.md. Written with explicit
// aliases so the outer store row can never be confused with a column of the same name inside.
import { sql } from "drizzle-orm";

/** Followers of the store in the current `stores` row. */
export const followersOf = () =>
  sql<number>`(select count(*) from store_follows sf where sf.store_id = "stores"."id")::int`;

/** Visits of the store: one per visitor per day. */
export const visitsOf = () =>
  sql<number>`(select count(*) from store_visits sv where sv.store_id = "stores"."id")::int`;

/** How many times the store's products were collected (favourites). */
export const collectionsOf = () =>
  sql<number>`(select count(*) from favorites f join listings l on l.id = f.listing_id where l.store_id = "stores"."id")::int`;

/** Products the store sells. */
export const productsOf = () =>
  sql<number>`(select count(*) from listings l where l.store_id = "stores"."id" and l.status = 'active')::int`;
