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
  primaryKey,
  text,
  timestamp,
  unique,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { stores } from "../stores/stores.tables.ts";
import type { StoredImage } from "#common/images.ts";
import type { Localized } from "#common/locales.ts";
import { optionKinds } from "#common/variants.ts";

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

/**
 * The platform's supply catalogue: what merchants may list. What is stocked, priced and packed is a variant
 * (`productVariants`, decision 25): every product has at least one, shared by every listing of it.
 */
export const supplyProducts = pgTable(
  "supply_products",
  {
    id: text().primaryKey(),
    categoryId: integer()
      .notNull()
      .references(() => categories.id),
    name: jsonb().$type<Localized>().notNull(),
    description: jsonb().$type<Localized>().notNull(),
    boutique: boolean().notNull().default(false),
    /** The option value names in every language, lower-cased (kept by `saveVariantsLocked`): search finds them. */
    optionTerms: text().notNull().default(""),
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
        sql`lower((name ->> 'ind') || ' ' || (name ->> 'en') || ' ' || (name ->> 'zh') || ' ' || (description ->> 'ind') || ' ' || (description ->> 'en') || ' ' || (description ->> 'zh') || ' ' || option_terms)`,
      ),

    /**
     * The words of the names (weight A) and descriptions (weight B) in every language, for full-text
     * matching by whole words and word beginnings, and ranking. The "simple" configuration: no stemming or
     * stop words, since the catalogue mixes Indonesian, English and Chinese.
     */
    searchVector: tsvector()
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple', (name ->> 'ind') || ' ' || (name ->> 'en') || ' ' || (name ->> 'zh')), 'A') || setweight(to_tsvector('simple', (description ->> 'ind') || ' ' || (description ->> 'en') || ' ' || (description ->> 'zh') || ' ' || option_terms), 'B')`,
      ),
  },
  (t) => [
    index("supply_products_category_idx").on(t.categoryId),
    index("supply_products_search_text_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    index("supply_products_search_name_trgm_idx").using("gin", t.searchName.op("gin_trgm_ops")),
    index("supply_products_search_vector_idx").using("gin", t.searchVector),
  ],
);

/** An option axis of a supply product ("Warna", "Ukuran"), at most two, named in every language. */
export const productOptions = pgTable(
  "product_options",
  {
    id: text().primaryKey(),
    supplyProductId: text()
      .notNull()
      .references(() => supplyProducts.id),
    /** 1 or 2: the order of the pickers and of the label. */
    position: integer().notNull(),
    name: jsonb().$type<Localized>().notNull(),
    /** colour: swatches or picture chips; size and other: text chips. */
    kind: text({ enum: optionKinds }).notNull().default("other"),
  },
  (t) => [
    unique("product_options_position_unique").on(t.supplyProductId, t.position),
    check("product_options_position_valid", sql`${t.position} in (1, 2)`),
    check("product_options_kind_valid", sql`${t.kind} in ('colour', 'size', 'other')`),
  ],
);

/** A value of an axis ("Hitam" / "Black" / "黑色", "42"). Never deleted: variants and snapshots name it. */
export const productOptionValues = pgTable(
  "product_option_values",
  {
    id: text().primaryKey(),
    optionId: text()
      .notNull()
      .references(() => productOptions.id),
    sort: integer().notNull().default(0),
    name: jsonb().$type<Localized>().notNull(),
    /** A colour chip's colour when no variant of it has a picture. */
    swatch: text(),
  },
  (t) => [
    index("product_option_values_option_idx").on(t.optionId, t.sort),
    check("product_option_values_swatch_valid", sql`${t.swatch} is null or ${t.swatch} ~ '^#[0-9a-f]{6}$'`),
  ],
);

/** What is stocked, priced, packed and sold: one combination of option values (or none). Archived, never deleted. */
export const productVariants = pgTable(
  "product_variants",
  {
    id: text().primaryKey(),
    supplyProductId: text()
      .notNull()
      .references(() => supplyProducts.id),
    option1ValueId: text().references(() => productOptionValues.id),
    option2ValueId: text().references(() => productOptionValues.id),
    sku: text().notNull(),
    sort: integer().notNull().default(0),
    merchantPrice: bigint({ mode: "number" }).notNull(),
    suggestedPrice: bigint({ mode: "number" }).notNull(),
    stock: integer().notNull(),
    /** Packed for shipping (issue 27): what couriers charge by. */
    weightGrams: integer().notNull(),
    lengthCm: integer().notNull(),
    widthCm: integer().notNull(),
    heightCm: integer().notNull(),
    /** Optional picture (stored as gallery images are); shown first when this variant is chosen. */
    image: jsonb().$type<StoredImage>(),
    status: text({ enum: ["active", "archived"] })
      .notNull()
      .default("active"),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    unique("product_variants_sku_unique").on(t.sku),
    // Archived rows count: re-adding a removed combination brings its variant (id, SKU, history) back.
    unique("product_variants_combination_unique")
      .on(t.supplyProductId, t.option1ValueId, t.option2ValueId)
      .nullsNotDistinct(),
    index("product_variants_product_idx").on(t.supplyProductId, t.sort),
    check("product_variants_stock_nonnegative", sql`${t.stock} >= 0`),
    check("product_variants_prices_positive", sql`${t.merchantPrice} > 0 and ${t.suggestedPrice} > 0`),
    check(
      "product_variants_parcel_valid",
      sql`${t.weightGrams} between 1 and 150000 and ${t.lengthCm} between 1 and 300 and ${t.widthCm} between 1 and 300 and ${t.heightCm} between 1 and 300`,
    ),
    check(
      "product_variants_options_in_order",
      sql`${t.option2ValueId} is null or ${t.option1ValueId} is not null`,
    ),
    check("product_variants_status_valid", sql`${t.status} in ('active', 'archived')`),
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
    /**
     * The lowest and highest price of the listing's variants on sale (`listingVariants`): what cards, price
     * sorting and keyset cursors read. Written only by `syncListingPrices`, in the transaction of each write.
     */
    minPrice: bigint({ mode: "number" }).notNull(),
    maxPrice: bigint({ mode: "number" }).notNull(),
    /**
     * The lowest suggested price of those variants: a card's usual price, struck through beside the store's.
     * Kept by `syncListingPrices` with the two above (reading it per card from the variants was most of what a
     * product list cost PostgreSQL); null only for a listing that never had a variant on sale.
     */
    minSuggestedPrice: bigint({ mode: "number" }),
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
    check("listings_price_range", sql`${t.minPrice} > 0 and ${t.maxPrice} >= ${t.minPrice}`),
    check("listings_sales_nonnegative", sql`${t.sales} >= 0`),
  ],
);

/**
 * A variant's label ("Hitam / 42") in every language from its option values, or null for one without options.
 * The option value names are joined the way `variantLabel` in common/variants.ts joins them.
 */
export const variantLabelSql = sql<Localized | null>`(
  select case when v1.id is null then null
    when v2.id is null then v1.name
    else jsonb_build_object(
      'ind', (v1.name ->> 'ind') || ' / ' || (v2.name ->> 'ind'),
      'en', (v1.name ->> 'en') || ' / ' || (v2.name ->> 'en'),
      'zh', (v1.name ->> 'zh') || ' / ' || (v2.name ->> 'zh'))
    end
  from (select 1) one
  left join ${productOptionValues} v1 on v1.id = ${productVariants.option1ValueId}
  left join ${productOptionValues} v2 on v2.id = ${productVariants.option2ValueId}
)`;

/** A store's price for each variant of a listing, and whether that variant is on sale there. */
export const listingVariants = pgTable(
  "listing_variants",
  {
    listingId: text()
      .notNull()
      .references(() => listings.id),
    variantId: text()
      .notNull()
      .references(() => productVariants.id),
    price: bigint({ mode: "number" }).notNull(),
    status: text({ enum: ["active", "hidden"] })
      .notNull()
      .default("active"),
    /**
     * Whether the store chose this price (listing or repricing it). False for a variant the catalogue added to a
     * product already listed, or one left out when listing: off sale at a price nobody chose, until the merchant
     * prices it (decision 25, "new variants"). Only a row the store priced may go on sale.
     */
    pricedByStore: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.listingId, t.variantId] }),
    index("listing_variants_variant_idx").on(t.variantId),
    check("listing_variants_price_positive", sql`${t.price} > 0`),
    check("listing_variants_status_valid", sql`${t.status} in ('active', 'hidden')`),
  ],
);

/**
 * Every word of every product name (all languages), so a misspelt search word can be corrected to the
 * words products really use (trigram similarity over a small table) before products are matched.
 */
export const searchTerms = pgTable("search_terms", { term: text().primaryKey() }, (t) => [
  index("search_terms_trgm_idx").using("gin", t.term.op("gin_trgm_ops")),
]);
