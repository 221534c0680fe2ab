import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.tables.ts";
import { listings } from "../catalog/catalog.tables.ts";

/** A shopper's cart: one row per product (listing) with its quantity. */
export const cartItems = pgTable(
  "cart_items",
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    listingId: text()
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    quantity: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.listingId] }),
    index("cart_items_user_idx").on(t.userId, t.createdAt),
    check("cart_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);
