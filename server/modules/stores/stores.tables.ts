import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { storeStatuses } from "#common/merchant-states.ts";
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
