import { and, asc, desc, eq, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories, listings, productImages, supplyProducts } from "./catalog.tables.ts";

export async function insertCategory(db: Db, row: typeof categories.$inferInsert) {
  await db.insert(categories).values(row);
}

export async function insertSupplyProduct(db: Db, row: typeof supplyProducts.$inferInsert) {
  await db.insert(supplyProducts).values(row);
}

export async function insertProductImages(db: Db, rows: (typeof productImages.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(productImages).values(rows);
}

export async function insertListing(db: Db, row: typeof listings.$inferInsert) {
  await db.insert(listings).values(row);
}

export async function selectSupplyPricing(db: Db, id: string) {
  const rows = await db
    .select({
      id: supplyProducts.id,
      merchantPrice: supplyProducts.merchantPrice,
      status: supplyProducts.status,
    })
    .from(supplyProducts)
    .where(eq(supplyProducts.id, id));
  return rows[0];
}

const categoryColumns = {
  id: categories.id,
  parentId: categories.parentId,
  name: categories.name,
  iconPath: categories.iconPath,
};

export async function selectTopCategories(db: Db) {
  return db
    .select(categoryColumns)
    .from(categories)
    .where(isNull(categories.parentId))
    .orderBy(asc(categories.sort), asc(categories.id));
}

export async function selectCategory(db: Db, id: number) {
  const rows = await db.select(categoryColumns).from(categories).where(eq(categories.id, id));
  return rows[0];
}

/** The first image of a supply product, for cards. */
const coverPath = sql<string | null>`(
  select ${productImages.path} from ${productImages}
  where ${productImages.supplyProductId} = ${supplyProducts.id}
  order by ${productImages.sort} limit 1
)`;

const cardColumns = {
  id: listings.id,
  name: supplyProducts.name,
  coverPath,
  price: listings.price,
  suggestedPrice: supplyProducts.suggestedPrice,
  storeId: listings.storeId,
};

const visible = and(eq(listings.status, "active"), eq(supplyProducts.status, "active"));

/** Listings newest first, keyset-paginated by id (ids sort by creation time). */
export async function selectListingCards(
  db: Db,
  opts: { categoryIds?: number[]; boutique?: boolean; before?: string; limit: number },
) {
  const filters: (SQL | undefined)[] = [visible];
  if (opts.categoryIds) filters.push(inArray(supplyProducts.categoryId, opts.categoryIds));
  if (opts.boutique) filters.push(eq(supplyProducts.boutique, true));
  if (opts.before) filters.push(lt(listings.id, opts.before));
  return db
    .select(cardColumns)
    .from(listings)
    .innerJoin(supplyProducts, eq(supplyProducts.id, listings.supplyProductId))
    .where(and(...filters))
    .orderBy(desc(listings.id))
    .limit(opts.limit);
}

/**
 * "Hot" listings. Until orders exist there are no sales to rank by, so the ranking uses the one real
 * signal there is: how many stores chose to list the same supply product; newest breaks ties.
 */
export async function selectHotListingCards(db: Db, limit: number) {
  const adoption = sql<number>`(
    select count(*) from ${listings} as l2
    where l2.supply_product_id = ${listings.supplyProductId} and l2.status = 'active'
  )`;
  return db
    .select(cardColumns)
    .from(listings)
    .innerJoin(supplyProducts, eq(supplyProducts.id, listings.supplyProductId))
    .where(visible)
    .orderBy(desc(adoption), desc(listings.id))
    .limit(limit);
}

export async function selectChildCategoryIds(db: Db, parentId: number) {
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.parentId, parentId));
  return rows.map((r) => r.id);
}

export async function selectListingDetail(db: Db, id: string) {
  const rows = await db
    .select({
      id: listings.id,
      price: listings.price,
      storeId: listings.storeId,
      supplyProductId: supplyProducts.id,
      name: supplyProducts.name,
      description: supplyProducts.description,
      suggestedPrice: supplyProducts.suggestedPrice,
      stock: supplyProducts.stock,
      categoryId: supplyProducts.categoryId,
    })
    .from(listings)
    .innerJoin(supplyProducts, eq(supplyProducts.id, listings.supplyProductId))
    .where(and(eq(listings.id, id), visible));
  return rows[0];
}

export async function selectProductImages(db: Db, supplyProductId: string) {
  return db
    .select({ path: productImages.path, width: productImages.width, height: productImages.height })
    .from(productImages)
    .where(eq(productImages.supplyProductId, supplyProductId))
    .orderBy(asc(productImages.sort));
}
