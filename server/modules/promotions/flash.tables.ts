import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { Localized } from "#common/locales.ts";
import { flashSlotStates } from "#common/promotions.ts";
import { users } from "../auth/auth.tables.ts";
import { listings, productVariants } from "../catalog/catalog.tables.ts";
import { stores } from "../stores/stores.tables.ts";

/** A flash-sale event ("Flash Sale 12.12"), made by an operator; its slots are the hours it runs (issue 42). */
export const flashSales = pgTable("flash_sales", {
  id: text().primaryKey(),
  name: jsonb().$type<Localized>().notNull(),
  createdBy: text()
    .notNull()
    .references(() => users.id),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * A slot of an event: from `starts_at` to `ends_at`, scheduled → live (its items carve their stock) → ended (what
 * they did not sell goes back). The jobs `flash.start` and `flash.end` move it, each conditional on the state.
 */
export const flashSlots = pgTable(
  "flash_slots",
  {
    id: text().primaryKey(),
    saleId: text()
      .notNull()
      .references(() => flashSales.id),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    state: text({ enum: flashSlotStates }).notNull().default("scheduled"),
  },
  (t) => [
    index("flash_slots_sale_idx").on(t.saleId, t.startsAt),
    index("flash_slots_live_idx").on(t.state, t.startsAt),
    check("flash_slots_period", sql`${t.startsAt} < ${t.endsAt}`),
    check("flash_slots_state", sql`${t.state} in ('scheduled', 'live', 'ended')`),
  ],
);

/**
 * A store's listing (one variant of it) in a slot at a flash price: `slot_stock` units asked, `carved` taken
 * from the variant's stock when the slot went live, `sold` taken by live orders, at most `per_shopper_limit` for
 * each shopper. Once the slot ended, `carved` is what it sold: the rest went back to the variant.
 */
export const flashItems = pgTable(
  "flash_items",
  {
    id: text().primaryKey(),
    slotId: text()
      .notNull()
      .references(() => flashSlots.id),
    storeId: text()
      .notNull()
      .references(() => stores.id),
    listingId: text()
      .notNull()
      .references(() => listings.id),
    variantId: text()
      .notNull()
      .references(() => productVariants.id),
    flashPrice: bigint({ mode: "number" }).notNull(),
    /** The listing's price of the variant when enrolled, shown struck through. */
    listedPrice: bigint({ mode: "number" }).notNull(),
    slotStock: integer().notNull(),
    carved: integer().notNull().default(0),
    sold: integer().notNull().default(0),
    perShopperLimit: integer().notNull(),
    enrolledBy: text()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("flash_items_slot_listing_variant").on(t.slotId, t.listingId, t.variantId),
    index("flash_items_listing_idx").on(t.listingId),
    check("flash_items_price", sql`${t.flashPrice} > 0 and ${t.flashPrice} < ${t.listedPrice}`),
    check(
      "flash_items_stock",
      sql`${t.slotStock} > 0 and ${t.sold} >= 0 and ${t.sold} <= ${t.carved} and ${t.carved} <= ${t.slotStock}`,
    ),
    check("flash_items_limit", sql`${t.perShopperLimit} > 0`),
  ],
);

/** How many units of an item a shopper's live orders hold: taken with the item's `sold`, given back with it. */
export const flashQuotas = pgTable(
  "flash_quotas",
  {
    itemId: text()
      .notNull()
      .references(() => flashItems.id),
    userId: text()
      .notNull()
      .references(() => users.id),
    used: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.userId] }), check("flash_quotas_used", sql`${t.used} >= 0`)],
);
