// The operator's supply catalogue: its list with each product's listings counted, edits, stock changes,
// pictures, and the listings a raised merchant price takes off sale.
import { and, asc, desc, eq, inArray, like, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { likePattern } from "./catalog.queries.ts";
import { categories, listings, productImages, supplyProducts } from "./catalog.tables.ts";

const supplyOpsColumns = {
  id: supplyProducts.id,
  categoryId: supplyProducts.categoryId,
  name: supplyProducts.name,
  description: supplyProducts.description,
  merchantPrice: supplyProducts.merchantPrice,
  suggestedPrice: supplyProducts.suggestedPrice,
  stock: supplyProducts.stock,
  boutique: supplyProducts.boutique,
  weightGrams: supplyProducts.weightGrams,
  lengthCm: supplyProducts.lengthCm,
  widthCm: supplyProducts.widthCm,
  heightCm: supplyProducts.heightCm,
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

/** Adds (or with a negative change, takes) stock, never below zero; the new stock, or undefined. */
export async function addStock(db: Db, id: string, change: number, at: Date) {
  const rows = await db
    .update(supplyProducts)
    .set({ stock: sql`${supplyProducts.stock} + ${change}`, updatedAt: at })
    .where(and(eq(supplyProducts.id, id), sql`${supplyProducts.stock} + ${change} >= 0`))
    .returning({ stock: supplyProducts.stock });
  return rows[0]?.stock;
}

/** Takes off sale every listing of a supply product priced below its (new) merchant price; how many. */
export async function hideListingsBelow(db: Db, supplyProductId: string, merchantPrice: number) {
  const rows = await db
    .update(listings)
    .set({ status: "hidden" })
    .where(
      and(
        eq(listings.supplyProductId, supplyProductId),
        eq(listings.status, "active"),
        lt(listings.price, merchantPrice),
      ),
    )
    .returning({ id: listings.id });
  return rows.length;
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

export async function categoryProductCounts(db: Db) {
  return db
    .select({ categoryId: supplyProducts.categoryId, n: sql<number>`count(*)::int` })
    .from(supplyProducts)
    .where(eq(supplyProducts.status, "active"))
    .groupBy(supplyProducts.categoryId);
}

export async function nextCategoryId(db: Db) {
  const [row] = await db
    .select({ max: sql<number>`coalesce(max(${categories.id}), 0)::int` })
    .from(categories);
  return (row?.max ?? 0) + 1;
}

export async function updateCategory(db: Db, id: number, set: Partial<typeof categories.$inferInsert>) {
  const rows = await db
    .update(categories)
    .set(set)
    .where(eq(categories.id, id))
    .returning({ id: categories.id });
  return rows.length > 0;
}
