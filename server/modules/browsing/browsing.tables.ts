import { index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
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

/** Every search anyone made, by normalised keyword: what hot keywords are computed from. */
export const searchLog = pgTable(
  "search_log",
  {
    id: text().primaryKey(),
    keyword: text().notNull(),
    searchedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("search_log_time_idx").on(t.searchedAt, t.keyword)],
);
