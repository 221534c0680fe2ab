import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { StoredImage } from "#common/images.ts";
import { users } from "../auth/auth.tables.ts";
import { listings, productVariants } from "../catalog/catalog.tables.ts";
import { orders } from "../orders/orders.tables.ts";
import { stores } from "../stores/stores.tables.ts";

/**
 * Reviews of bought items: one per item of a completed order, written by its buyer only (product.md section
 * 2.7). The store may reply once (and reword its reply); nobody but the author changes a review, and nobody
 * deletes one. An operator may hide an abusive review with a reason: it then counts in no rating and the
 * pages show only that a review was hidden.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: text().primaryKey(),
    orderId: text()
      .notNull()
      .references(() => orders.id),
    listingId: text()
      .notNull()
      .references(() => listings.id),
    /** The variant bought; reviews still belong to the listing, and the page says which variant. */
    variantId: text()
      .notNull()
      .references(() => productVariants.id),
    storeId: text()
      .notNull()
      .references(() => stores.id),
    userId: text()
      .notNull()
      .references(() => users.id),
    rating: integer().notNull(),
    text: text().notNull().default(""),
    images: jsonb().$type<StoredImage[]>().notNull().default([]),
    reply: text(),
    repliedAt: timestamp({ withTimezone: true }),
    hiddenAt: timestamp({ withTimezone: true }),
    hiddenReason: text(),
    hiddenBy: text().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** When its author last changed it. */
    editedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("reviews_one_per_item").on(t.orderId, t.variantId),
    index("reviews_listing_idx").on(t.listingId, t.id),
    index("reviews_store_idx").on(t.storeId, t.id),
    index("reviews_user_idx").on(t.userId, t.id),
    check("reviews_rating_valid", sql`${t.rating} between 1 and 5`),
  ],
);
