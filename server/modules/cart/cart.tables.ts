import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.tables.ts";
import { listings, productVariants } from "../catalog/catalog.tables.ts";

/**
 * A shopper's cart: one row per variant of a store's product (listing) with its quantity. Two stores' lines of
 * the same variant are two lines sharing one stock.
 */
export const cartItems = pgTable(
  "cart_items",
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    listingId: text()
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    variantId: text()
      .notNull()
      .references(() => productVariants.id),
    quantity: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.listingId, t.variantId] }),
    index("cart_items_user_idx").on(t.userId, t.createdAt),
    check("cart_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

/**
 * A line taken out of a shopper's cart because its variant was archived: the cart says so until the shopper
 * closes it. Names are read from the variant, which is never deleted.
 */
export const cartNotices = pgTable(
  "cart_notices",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    listingId: text()
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    variantId: text()
      .notNull()
      .references(() => productVariants.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("cart_notices_user_idx").on(t.userId, t.createdAt)],
);
