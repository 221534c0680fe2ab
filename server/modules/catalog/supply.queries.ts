// The operator's supply catalogue: its list with each product's listings counted, edits, stock changes,
// pictures, and the listings a raised merchant price takes off sale.
import { and, asc, desc, eq, inArray, like, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { likePattern } from "./catalog.queries.ts";
import {
  listings,
  listingVariants,
  productImages,
  productOptions,
  productOptionValues,
  productVariants,
  supplyProducts,
} from "./catalog.tables.ts";

/** A figure of a supply product's first variant not archived (in the operator's order). */
const firstVariant = (column: string) =>
  sql<number>`(select v.${sql.raw(column)} from ${productVariants} v where v.supply_product_id = "supply_products"."id" and v.status = 'active' order by v.sort, v.id limit 1)`;

/** An aggregate over a supply product's variants not archived. */
const overVariants = (expr: string) =>
  sql<number>`(select ${sql.raw(expr)} from ${productVariants} v where v.supply_product_id = "supply_products"."id" and v.status = 'active')`;

const supplyOpsColumns = {
  id: supplyProducts.id,
  categoryId: supplyProducts.categoryId,
  name: supplyProducts.name,
  description: supplyProducts.description,
  // The cheapest variant's prices and every variant's stock; the first variant's packed size.
  merchantPrice: overVariants("coalesce(min(v.merchant_price), 0)::float8"),
  suggestedPrice: overVariants("coalesce(min(v.suggested_price), 0)::float8"),
  stock: overVariants("coalesce(sum(v.stock), 0)::int"),
  variants: overVariants("count(*)::int"),
  boutique: supplyProducts.boutique,
  weightGrams: firstVariant("weight_grams"),
  lengthCm: firstVariant("length_cm"),
  widthCm: firstVariant("width_cm"),
  heightCm: firstVariant("height_cm"),
  status: supplyProducts.status,
  updatedAt: supplyProducts.updatedAt,
  // The outer id spelled out: Drizzle leaves the table off columns of a single-table select list, and a bare
  // "id" inside the subquery would be the listing's own.
  listings: sql<number>`(select count(*) from ${listings} where ${listings.supplyProductId} = ${sql.raw('"supply_products"."id"')} and ${listings.status} = 'active')::int`,
};

/** Supply products for the operator (on sale, boutique or off sale), newest first, `limit + 1` rows. */
export async function selectSupplyForOps(
  db: Db,
  opts: { word?: string; view: "active" | "boutique" | "archived"; before?: string; limit: number },
) {
  return db
    .select(supplyOpsColumns)
    .from(supplyProducts)
    .where(
      and(
        opts.view === "archived"
          ? eq(supplyProducts.status, "archived")
          : eq(supplyProducts.status, "active"),
        opts.view === "boutique" ? eq(supplyProducts.boutique, true) : undefined,
        opts.word ? like(supplyProducts.searchText, likePattern(opts.word.toLowerCase())) : undefined,
        opts.before ? lt(supplyProducts.id, opts.before) : undefined,
      ),
    )
    .orderBy(desc(supplyProducts.id))
    .limit(opts.limit + 1);
}

export async function selectSupplyForOpsById(db: Db, id: string, lock = false) {
  const query = db.select(supplyOpsColumns).from(supplyProducts).where(eq(supplyProducts.id, id));
  const rows = lock ? await query.for("update") : await query;
  return rows[0];
}

export async function updateSupplyProduct(
  db: Db,
  id: string,
  set: Partial<typeof supplyProducts.$inferInsert>,
) {
  await db.update(supplyProducts).set(set).where(eq(supplyProducts.id, id));
}

/** A supply product's variants not archived, locked, in id order (the order every variant writer locks in). */
export async function lockActiveVariants(db: Db, supplyProductId: string) {
  return db
    .select({
      id: productVariants.id,
      sku: productVariants.sku,
      merchantPrice: productVariants.merchantPrice,
      suggestedPrice: productVariants.suggestedPrice,
      stock: productVariants.stock,
      weightGrams: productVariants.weightGrams,
      lengthCm: productVariants.lengthCm,
      widthCm: productVariants.widthCm,
      heightCm: productVariants.heightCm,
    })
    .from(productVariants)
    .where(and(eq(productVariants.supplyProductId, supplyProductId), eq(productVariants.status, "active")))
    .orderBy(asc(productVariants.id))
    .for("update");
}

export async function updateVariant(db: Db, id: string, set: Partial<typeof productVariants.$inferInsert>) {
  await db.update(productVariants).set(set).where(eq(productVariants.id, id));
}

/**
 * Adds (or with a negative change, takes) a variant's stock, never below zero, in one conditional update; the new
 * stock, or undefined when it would go below zero (or the variant is not this product's).
 */
export async function addVariantStock(
  db: Db,
  supplyProductId: string,
  variantId: string,
  change: number,
  at: Date,
) {
  const rows = await db
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} + ${change}`, updatedAt: at })
    .where(
      and(
        eq(productVariants.id, variantId),
        eq(productVariants.supplyProductId, supplyProductId),
        sql`${productVariants.stock} + ${change} >= 0`,
      ),
    )
    .returning({ stock: productVariants.stock });
  return rows[0]?.stock;
}

/**
 * Takes off sale every store's price of a variant below its (new) merchant price; the listings touched (their
 * prices must then be synced: a listing left with no variant on sale goes off sale).
 */
export async function hideListingVariantsBelow(db: Db, variantId: string, merchantPrice: number) {
  const rows = await db
    .update(listingVariants)
    .set({ status: "hidden" })
    .where(
      and(
        eq(listingVariants.variantId, variantId),
        eq(listingVariants.status, "active"),
        lt(listingVariants.price, merchantPrice),
      ),
    )
    .returning({ listingId: listingVariants.listingId });
  return rows.map((r) => r.listingId);
}

export async function selectImagesOf(db: Db, supplyProductIds: readonly string[]) {
  if (supplyProductIds.length === 0) return [];
  return db
    .select({
      id: productImages.id,
      supplyProductId: productImages.supplyProductId,
      image: productImages.image,
      sort: productImages.sort,
    })
    .from(productImages)
    .where(inArray(productImages.supplyProductId, [...supplyProductIds]))
    .orderBy(asc(productImages.sort), asc(productImages.id));
}

export async function deleteProductImage(db: Db, supplyProductId: string, imageId: string) {
  const rows = await db
    .delete(productImages)
    .where(and(eq(productImages.id, imageId), eq(productImages.supplyProductId, supplyProductId)))
    .returning({ id: productImages.id });
  return rows.length > 0;
}

// ------------------------------------------------------------------------------------ options and variants

/** The option axes of supply products, with their values, in order. */
export async function selectOptionsOf(db: Db, supplyProductIds: readonly string[]) {
  if (supplyProductIds.length === 0) return [];
  return db
    .select({
      supplyProductId: productOptions.supplyProductId,
      optionId: productOptions.id,
      position: productOptions.position,
      name: productOptions.name,
      kind: productOptions.kind,
      valueId: productOptionValues.id,
      valueName: productOptionValues.name,
      swatch: productOptionValues.swatch,
      sort: productOptionValues.sort,
    })
    .from(productOptions)
    .leftJoin(productOptionValues, eq(productOptionValues.optionId, productOptions.id))
    .where(inArray(productOptions.supplyProductId, [...supplyProductIds]))
    .orderBy(asc(productOptions.position), asc(productOptionValues.sort), asc(productOptionValues.id));
}

/** Supply products' variants not archived, in their order. */
export async function selectVariantsOf(db: Db, supplyProductIds: readonly string[]) {
  if (supplyProductIds.length === 0) return [];
  return db
    .select()
    .from(productVariants)
    .where(
      and(
        inArray(productVariants.supplyProductId, [...supplyProductIds]),
        eq(productVariants.status, "active"),
      ),
    )
    .orderBy(asc(productVariants.sort), asc(productVariants.id));
}

/** Every variant of a product, archived too, locked in id order (the order every variant writer locks in). */
export async function lockAllVariants(db: Db, supplyProductId: string) {
  return db
    .select()
    .from(productVariants)
    .where(eq(productVariants.supplyProductId, supplyProductId))
    .orderBy(asc(productVariants.id))
    .for("update");
}

export async function insertOption(db: Db, row: typeof productOptions.$inferInsert) {
  await db.insert(productOptions).values(row);
}

export async function updateOption(db: Db, id: string, set: Partial<typeof productOptions.$inferInsert>) {
  await db.update(productOptions).set(set).where(eq(productOptions.id, id));
}

export async function insertOptionValue(db: Db, row: typeof productOptionValues.$inferInsert) {
  await db.insert(productOptionValues).values(row);
}

export async function updateOptionValue(
  db: Db,
  id: string,
  set: Partial<typeof productOptionValues.$inferInsert>,
) {
  await db.update(productOptionValues).set(set).where(eq(productOptionValues.id, id));
}

/** A product's listings (any status), with their highest price: new variants start there, off sale. */
export async function selectListingsOfSupply(db: Db, supplyProductId: string) {
  return db
    .select({ id: listings.id, maxPrice: listings.maxPrice })
    .from(listings)
    .where(eq(listings.supplyProductId, supplyProductId))
    .orderBy(asc(listings.id));
}

/** Sets the picture of these variants of a product. */
export async function setVariantImage(
  db: Db,
  supplyProductId: string,
  variantIds: readonly string[],
  image: typeof productVariants.$inferInsert.image,
  at: Date,
) {
  if (variantIds.length === 0) return 0;
  const rows = await db
    .update(productVariants)
    .set({ image, updatedAt: at })
    .where(
      and(eq(productVariants.supplyProductId, supplyProductId), inArray(productVariants.id, [...variantIds])),
    )
    .returning({ id: productVariants.id });
  return rows.length;
}
