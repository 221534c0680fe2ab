import { date, index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.tables.ts";
import { listings } from "../catalog/catalog.tables.ts";

/** A shopper's collection: favourite products. */
export const favorites = pgTable(
  "favorites",
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    listingId: text()
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.listingId] }),
    index("favorites_user_created_idx").on(t.userId, t.createdAt),
    // A listing's favourites: counting them (migration 0020's backfill of store_stats, recounts) and the
    // cascade when a listing goes.
    index("favorites_listing_idx").on(t.listingId),
  ],
);

/** A shopper's footprint: the products they opened, each with the last time. */
export const footprints = pgTable(
  "footprints",
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    listingId: text()
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    viewedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.listingId] }),
    index("footprints_user_viewed_idx").on(t.userId, t.viewedAt),
  ],
);

/** A signed-in shopper's search history (visitors keep theirs on the device). */
export const searchHistory = pgTable(
  "search_history",
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    keyword: text().notNull(),
    searchedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.keyword] }),
    index("search_history_user_idx").on(t.userId, t.searchedAt),
  ],
);

/**
 * Who searched a keyword on which day (Indonesian day): one row per keyword, visitor and day, so a keyword
 * is hot by how many different visitors searched it, not by how often one of them reloaded a page. The
 * keyword is the corrected spelling; searches that found nothing are not kept. A visitor is a signed-in
 * user or a first-party visitor id, capped per address (see docs/decisions/0007-store-statistics.md).
 */
export const keywordSearches = pgTable(
  "keyword_searches",
  {
    keyword: text().notNull(),
    visitor: text().notNull(),
    day: date({ mode: "string" }).notNull(),
    /** A signed-out visitor's hashed address (null for a signed-in user), to cap visitors per address. */
    address: text(),
  },
  (t) => [
    primaryKey({ columns: [t.keyword, t.visitor, t.day] }),
    index("keyword_searches_day_idx").on(t.day, t.keyword),
    index("keyword_searches_address_idx").on(t.keyword, t.day, t.address),
  ],
);

/** Keywords never shown as hot, whoever searched them (the operator manages the list). */
export const blockedKeywords = pgTable("blocked_keywords", {
  keyword: text().primaryKey(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});
