import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { stores } from "../stores/stores.tables.ts";
import type { StoredImage } from "#common/images.ts";
import type { Localized } from "#common/locales.ts";

/** Product categories, a two-level tree. Ids are numbers because the seed fixes some (man 11044364). */
export const categories = pgTable(
  "categories",
  {
    id: integer().primaryKey(),
    parentId: integer().references((): AnyPgColumn => categories.id),
    sort: integer().notNull().default(0),
    name: jsonb().$type<Localized>().notNull(),
    icon: jsonb().$type<StoredImage>(),
  },
  (t) => [index("categories_parent_idx").on(t.parentId, t.sort)],
);

/** PostgreSQL's full-text document type (Drizzle has none built in). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** The platform's supply catalogue: what merchants may list. Stock is shared by every listing. */
export const supplyProducts = pgTable(
  "supply_products",
  {
    id: text().primaryKey(),
    categoryId: integer()
      .notNull()
      .references(() => categories.id),
    name: jsonb().$type<Localized>().notNull(),
    description: jsonb().$type<Localized>().notNull(),
    merchantPrice: bigint({ mode: "number" }).notNull(),
    suggestedPrice: bigint({ mode: "number" }).notNull(),
    stock: integer().notNull(),
    boutique: boolean().notNull().default(false),
    /** Packed for shipping (issue 27): what couriers charge by. */
    weightGrams: integer().notNull().default(500),
    lengthCm: integer().notNull().default(20),
    widthCm: integer().notNull().default(15),
    heightCm: integer().notNull().default(5),
    status: text({ enum: ["active", "archived"] })
      .notNull()
      .default("active"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The name in every language, lower-cased: what search ranks by. */
    searchName: text()
      .notNull()
      .generatedAlwaysAs(sql`lower((name ->> 'ind') || ' ' || (name ->> 'en') || ' ' || (name ->> 'zh'))`),
    /** Names and descriptions in every language, lower-cased: what search matches. */
    searchText: text()
      .notNull()
      .generatedAlwaysAs(
        sql`lower((name ->> 'ind') || ' ' || (name ->> 'en') || ' ' || (name ->> 'zh') || ' ' || (description ->> 'ind') || ' ' || (description ->> 'en') || ' ' || (description ->> 'zh'))`,
      ),

    /**
     * The words of the names (weight A) and descriptions (weight B) in every language, for full-text
     * matching by whole words and word beginnings, and ranking. The "simple" configuration: no stemming or
     * stop words, since the catalogue mixes Indonesian, English and Chinese.
     */
    searchVector: tsvector()
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple', (name ->> 'ind') || ' ' || (name ->> 'en') || ' ' || (name ->> 'zh')), 'A') || setweight(to_tsvector('simple', (description ->> 'ind') || ' ' || (description ->> 'en') || ' ' || (description ->> 'zh')), 'B')`,
      ),
  },
  (t) => [
    index("supply_products_category_idx").on(t.categoryId),
    index("supply_products_search_text_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    index("supply_products_search_name_trgm_idx").using("gin", t.searchName.op("gin_trgm_ops")),
    index("supply_products_search_vector_idx").using("gin", t.searchVector),
    check("supply_products_prices_positive", sql`${t.merchantPrice} > 0 and ${t.suggestedPrice} > 0`),
    check("supply_products_stock_nonnegative", sql`${t.stock} >= 0`),
    check(
      "supply_products_parcel_valid",
      sql`${t.weightGrams} between 1 and 150000 and ${t.lengthCm} between 1 and 300 and ${t.widthCm} between 1 and 300 and ${t.heightCm} between 1 and 300`,
    ),
  ],
);

/** Images of a supply product, in gallery order. */
export const productImages = pgTable(
  "product_images",
  {
    id: text().primaryKey(),
    supplyProductId: text()
      .notNull()
      .references(() => supplyProducts.id, { onDelete: "cascade" }),
    image: jsonb().$type<StoredImage>().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [index("product_images_product_idx").on(t.supplyProductId, t.sort)],
);

/** A supply product offered by a store at the store's own price (never below the merchant price). */
export const listings = pgTable(
  "listings",
  {
    id: text().primaryKey(),
    storeId: text()
      .notNull()
      .references(() => stores.id),
    supplyProductId: text()
      .notNull()
      .references(() => supplyProducts.id),
    price: bigint({ mode: "number" }).notNull(),
    status: text({ enum: ["active", "hidden"] })
      .notNull()
      .default("active"),
    /**
     * Whether the store is open (not suspended). Kept by the store-status flow, so the shop's lists filter
     * one table instead of joining stores on every query.
     */
    storeOpen: boolean().notNull().default(true),
    /** Items sold in paid orders not cancelled, kept by the orders' transactions (`recordSales`). */
    sales: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("listings_store_product_unique").on(t.storeId, t.supplyProductId),
    index("listings_status_created_idx").on(t.status, t.createdAt, t.id),
    index("listings_supply_idx").on(t.supplyProductId),
    check("listings_price_positive", sql`${t.price} > 0`),
    check("listings_sales_nonnegative", sql`${t.sales} >= 0`),
  ],
);

/**
 * Every word of every product name (all languages), so a misspelt search word can be corrected to the
 * words products really use (trigram similarity over a small table) before products are matched.
 */
export const searchTerms = pgTable("search_terms", { term: text().primaryKey() }, (t) => [
  index("search_terms_trgm_idx").using("gin", t.term.op("gin_trgm_ops")),
]);
