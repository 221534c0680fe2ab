// A store's listings: the supply catalogue as a store sees it (costs, and its own listing of each product), its
// listings with their figures, a listing's variant rows, and the store's changes to them.
import { and, asc, desc, eq, inArray, like, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { cover, likePattern } from "./catalog.queries.ts";
import {
  listings,
  listingVariants,
  productVariants,
  supplyProducts,
  variantLabelSql,
} from "./catalog.tables.ts";

export async function insertListing(db: Db, row: typeof listings.$inferInsert) {
  await db.insert(listings).values(row);
}

export async function selectSupplyStatus(db: Db, id: string) {
  const rows = await db
    .select({ id: supplyProducts.id, status: supplyProducts.status })
    .from(supplyProducts)
    .where(eq(supplyProducts.id, id));
  return rows[0];
}

/** A supply product's variants that are not archived, in their order, with their option value names. */
export async function selectActiveVariants(db: Db, supplyProductId: string) {
  return db
    .select({
      id: productVariants.id,
      sku: productVariants.sku,
      merchantPrice: productVariants.merchantPrice,
      suggestedPrice: productVariants.suggestedPrice,
      stock: productVariants.stock,
      label: variantLabelSql,
    })
    .from(productVariants)
    .where(and(eq(productVariants.supplyProductId, supplyProductId), eq(productVariants.status, "active")))
    .orderBy(asc(productVariants.sort), asc(productVariants.id));
}

/**
 * A listing's variant rows (on sale or hidden, priced by the store or not) with each variant's cost and status,
 * in the variants' order.
 */
export async function selectListingVariantRows(db: Db, listingId: string) {
  return db
    .select({
      variantId: listingVariants.variantId,
      price: listingVariants.price,
      status: listingVariants.status,
      pricedByStore: listingVariants.pricedByStore,
      merchantPrice: productVariants.merchantPrice,
      variantStatus: productVariants.status,
      label: variantLabelSql,
    })
    .from(listingVariants)
    .innerJoin(productVariants, eq(productVariants.id, listingVariants.variantId))
    .where(eq(listingVariants.listingId, listingId))
    .orderBy(asc(productVariants.sort), asc(productVariants.id));
}

export async function updateListingVariant(
  db: Db,
  listingId: string,
  variantId: string,
  set: Partial<typeof listingVariants.$inferInsert>,
) {
  await db
    .update(listingVariants)
    .set(set)
    .where(and(eq(listingVariants.listingId, listingId), eq(listingVariants.variantId, variantId)));
}

/**
 * An aggregate over a supply product's variants not archived (one subquery per figure, for lists of 20). The
 * outer id spelled out: Drizzle leaves the table off columns of a single-table select list.
 */
const variantAggregate = (expr: string) =>
  sql<number>`(select ${sql.raw(expr)} from ${productVariants} v where v.supply_product_id = "supply_products"."id" and v.status = 'active')`;

/**
 * What a merchant prices by: the range of the variants' costs (one price for every variant must reach the
 * highest) and suggested prices, the stock of every variant, and how many variants there are.
 */
export const variantFigures = {
  merchantPrice: variantAggregate("coalesce(min(v.merchant_price), 0)::float8"),
  maxMerchantPrice: variantAggregate("coalesce(max(v.merchant_price), 0)::float8"),
  suggestedPrice: variantAggregate("coalesce(min(v.suggested_price), 0)::float8"),
  maxSuggestedPrice: variantAggregate("coalesce(max(v.suggested_price), 0)::float8"),
  stock: variantAggregate("coalesce(sum(v.stock), 0)::int"),
  variantCount: variantAggregate("count(*)::int"),
};

/**
 * A count over a listing's rows of variants not archived (one subquery per figure, for lists of 20), for the
 * listing whose id is `listingId` in the outer query (spelled out with its table: unqualified, `id` would be the
 * variant's).
 */
const listingRowCount = (listingId: SQL, where: string) =>
  sql<number>`(select count(*)::int from ${listingVariants} lv join ${productVariants} v on v.id = lv.variant_id
    where lv.listing_id = ${listingId} and v.status = 'active' and ${sql.raw(where)})`;

/**
 * How many of a listing's variants are on sale, and how many are new: off sale at a price the catalogue set (a
 * variant added since, or left out when listing), which the store has never priced.
 */
const listingRowFigures = (listingId: SQL) => ({
  variantsOnSale: listingRowCount(listingId, "lv.status = 'active'"),
  newVariants: listingRowCount(listingId, "lv.status = 'hidden' and not lv.priced_by_store"),
});

/**
 * Supply products on sale to merchants, newest first, `limit + 1` rows before the cursor's id, optionally
 * in categories or matching a word in any language; with the store's own listing of each, if any.
 */
export async function selectSupplyPage(
  db: Db,
  opts: { storeId: string; word?: string; categoryIds?: number[]; before?: string; limit: number },
) {
  const own = db
    .select({
      id: listings.id,
      supplyProductId: listings.supplyProductId,
      price: listings.minPrice,
      maxPrice: listings.maxPrice,
      status: listings.status,
    })
    .from(listings)
    .where(eq(listings.storeId, opts.storeId))
    .as("own");
  // Counted for the page's rows only, by the listing's id as the outer query has it.
  const ownFigures = listingRowFigures(sql`"own"."id"`);
  return db
    .select({
      id: supplyProducts.id,
      name: supplyProducts.name,
      cover,
      categoryId: supplyProducts.categoryId,
      ...variantFigures,
      listingId: own.id,
      listingPrice: own.price,
      listingMaxPrice: own.maxPrice,
      listingStatus: own.status,
      listingVariantsOnSale: ownFigures.variantsOnSale,
      listingNewVariants: ownFigures.newVariants,
    })
    .from(supplyProducts)
    .leftJoin(own, eq(own.supplyProductId, supplyProducts.id))
    .where(
      and(
        eq(supplyProducts.status, "active"),
        opts.word ? like(supplyProducts.searchText, likePattern(opts.word.toLowerCase())) : undefined,
        opts.categoryIds ? inArray(supplyProducts.categoryId, opts.categoryIds) : undefined,
        opts.before ? lt(supplyProducts.id, opts.before) : undefined,
      ),
    )
    .orderBy(desc(supplyProducts.id))
    .limit(opts.limit + 1);
}

const ownListingColumns = {
  id: listings.id,
  storeId: listings.storeId,
  supplyProductId: listings.supplyProductId,
  name: supplyProducts.name,
  cover,
  price: listings.minPrice,
  maxPrice: listings.maxPrice,
  status: listings.status,
  sales: listings.sales,
  ...variantFigures,
  ...listingRowFigures(sql`"listings"."id"`),
  supplyStatus: supplyProducts.status,
};

/** A store's listings in a status, newest first, `limit + 1` rows before the cursor's id. */
export async function selectStoreListings(
  db: Db,
  opts: { storeId: string; status: "active" | "hidden"; before?: string; limit: number },
) {
  return db
    .select(ownListingColumns)
    .from(listings)
    .innerJoin(supplyProducts, eq(supplyProducts.id, listings.supplyProductId))
    .where(
      and(
        eq(listings.storeId, opts.storeId),
        eq(listings.status, opts.status),
        opts.before ? lt(listings.id, opts.before) : undefined,
      ),
    )
    .orderBy(desc(listings.id))
    .limit(opts.limit + 1);
}

export async function selectOwnListing(db: Db, id: string) {
  const rows = await db
    .select(ownListingColumns)
    .from(listings)
    .innerJoin(supplyProducts, eq(supplyProducts.id, listings.supplyProductId))
    .where(eq(listings.id, id));
  return rows[0];
}

export async function selectListingOf(db: Db, storeId: string, supplyProductId: string) {
  const rows = await db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.storeId, storeId), eq(listings.supplyProductId, supplyProductId)));
  return rows[0];
}

export async function updateListing(db: Db, id: string, set: Partial<typeof listings.$inferInsert>) {
  await db.update(listings).set(set).where(eq(listings.id, id));
}
