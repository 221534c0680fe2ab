import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { storeStatuses } from "#common/merchant-states.ts";
import { storeLevelRule } from "#common/store-level.ts";
import type { StoredImage } from "#common/images.ts";
import { users } from "../auth/auth.tables.ts";

/** A merchant's store. A merchant runs exactly one. */
export const stores = pgTable(
  "stores",
  {
    id: text().primaryKey(),
    ownerId: text()
      .notNull()
      .unique()
      .references(() => users.id),
    name: text().notNull(),
    phone: text(),
    logo: jsonb().$type<StoredImage>(),
    intro: text().notNull().default(""),
    autoPay: boolean().notNull().default(false),
    status: text({ enum: storeStatuses }).notNull().default("approved"),
    /** The operator's reason for a suspension (the merchant reads it). */
    statusReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("stores_status_idx").on(t.status, t.createdAt),
    // Store names are unique whatever their case: shoppers tell stores apart by name.
    uniqueIndex("stores_name_unique").on(sql`lower(${t.name})`),
  ],
);

/** Shoppers following stores. */
export const storeFollows = pgTable(
  "store_follows",
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.storeId] }), index("store_follows_store_idx").on(t.storeId)],
);

/** Store visits, one per visitor per day (a visitor is a signed-in user or a hashed address and browser). */
export const storeVisits = pgTable(
  "store_visits",
  {
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    visitor: text().notNull(),
    day: date({ mode: "string" }).notNull(),
    /** A signed-out visitor's hashed address (null for a signed-in user), to cap visits per address. */
    address: text(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.visitor, t.day] }),
    index("store_visits_address_idx").on(t.storeId, t.day, t.address),
  ],
);

/**
 * The published level rule (common/store-level.ts) over a `store_stats` row: completed sales, and for the upper
 * levels a rating of at least so many stars, compared without dividing (sum >= stars x count) so it is exact.
 * A store without visible reviews has no rating, which is below every step that asks for one.
 */
const levelOfRow = sql.raw(
  `case ${storeLevelRule
    .map(
      (step) =>
        `when completed_sales >= ${step.sales}${step.rating > 0 ? ` and rating_count > 0 and rating_sum >= ${step.rating} * rating_count` : ""} then ${step.level}`,
    )
    .join(" ")} else 0 end`,
);

/**
 * Every store's figures (decision 7), one row per store, kept by the database itself: triggers on the tables
 * the figures count (store_follows, store_visits, favorites, listings, orders, order_returns, reviews) add each
 * row's change to its store's row in the writing transaction, at its commit (hand-written in migration 0020). No
 * write path can forget it; store-stats.test.ts compares the table with a direct computation after running the
 * real flows. The shop street's sort keys are columns here (`overall`, `rating` and `level` are generated).
 */
export const storeStats = pgTable(
  "store_stats",
  {
    storeId: text()
      .primaryKey()
      .references(() => stores.id, { onDelete: "cascade" }),
    /** Rows in store_follows. */
    followers: integer().notNull().default(0),
    /** Rows in store_visits: one per visitor and (WIB) day. */
    visits: integer().notNull().default(0),
    /** Favourites of the store's listings. */
    collections: integer().notNull().default(0),
    /** Active listings. */
    products: integer().notNull().default(0),
    /** The sum of the listings' sales: items of paid orders not cancelled, less approved returns. */
    sales: integer().notNull().default(0),
    /** Items of completed orders less approved returns: what the level counts. */
    completedSales: integer().notNull().default(0),
    /** Visible reviews (hidden ones count in no rating), and the sum of their stars. */
    ratingCount: integer().notNull().default(0),
    ratingSum: integer().notNull().default(0),
    /** The street's "overall" order: visits + 3 x followers + 2 x collections. */
    overall: integer()
      .notNull()
      .generatedAlwaysAs(sql`visits + 3 * followers + 2 * collections`),
    /** The average stars of the visible reviews; null without any. */
    rating: doublePrecision().generatedAlwaysAs(
      sql`case when rating_count > 0 then rating_sum::float8 / rating_count end`,
    ),
    level: integer().notNull().generatedAlwaysAs(levelOfRow),
  },
  (t) => [
    check(
      "store_stats_not_negative",
      sql`${t.followers} >= 0 and ${t.visits} >= 0 and ${t.collections} >= 0 and ${t.products} >= 0 and ${t.sales} >= 0 and ${t.completedSales} >= 0 and ${t.ratingCount} >= 0 and ${t.ratingSum} >= 0`,
    ),
  ],
);

/**
 * The street's sort keys a store had before each change of them (written by a trigger on store_stats, kept an
 * hour), so the street's later pages follow the order as it was when its first page was read: `xid` is the
 * changing transaction, compared with the snapshot the first page was read in. `seq` orders one store's changes
 * (they take its row lock in turn), so its first change the snapshot did not see holds the keys it did see.
 */
export const storeStatsChanges = pgTable(
  "store_stats_changes",
  {
    seq: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    /** The changing transaction's id (pg_current_xact_id()). */
    xid: bigint({ mode: "number" }).notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    overall: integer().notNull(),
    visits: integer().notNull(),
    collections: integer().notNull(),
    sales: integer().notNull(),
    rating: doublePrecision(),
    level: integer().notNull(),
  },
  (t) => [index("store_stats_changes_xid_idx").on(t.xid), index("store_stats_changes_at_idx").on(t.at)],
);
