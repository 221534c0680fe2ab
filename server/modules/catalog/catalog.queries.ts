// The catalogue's rows every part of the module writes or shares: a new supply product's rows, the words search
// corrects to, stock taken and returned, sales counted, a store's listings opened or closed, and the prices a
// listing shows kept in step with its variants. The SQL fragments cards and lists share (`cover`, `visible`).
import { and, eq, sql } from "drizzle-orm";
import type { StoredImage } from "#common/images.ts";
import type { Db, Tx } from "../../db/client.ts";
import {
  listings,
  listingVariants,
  productImages,
  productVariants,
  searchTerms,
  supplyProducts,
} from "./catalog.tables.ts";

export async function insertSupplyProduct(db: Db, row: typeof supplyProducts.$inferInsert) {
  await db.insert(supplyProducts).values(row);
}

export async function insertProductImages(db: Db, rows: (typeof productImages.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(productImages).values(rows);
}

export async function insertVariants(db: Db, rows: (typeof productVariants.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(productVariants).values(rows);
}

/** The first image of a supply product, for cards. */
export const cover = sql<StoredImage | null>`(
  select ${productImages.image} from ${productImages}
  where ${productImages.supplyProductId} = ${supplyProducts.id}
  order by ${productImages.sort} limit 1
)`;

/** On sale: the listing and its supply product are active and its store is open. */
export const visible = and(
  eq(listings.status, "active"),
  eq(supplyProducts.status, "active"),
  eq(listings.storeOpen, true),
);

/** Escapes LIKE wildcards in a search word. */
export const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function updateStoreOpen(db: Db, storeId: string, open: boolean) {
  await db.update(listings).set({ storeOpen: open }).where(eq(listings.storeId, storeId));
}

/** Remembers the words of a product name for spelling correction. */
export async function insertSearchTerms(db: Db, terms: string[]) {
  if (terms.length > 0)
    await db
      .insert(searchTerms)
      .values(terms.map((term) => ({ term })))
      .onConflictDoNothing();
}

/**
 * Takes `quantity` from a variant's shared stock in one conditional update (never read then write): false when
 * not that much is left, and nothing changes.
 */
export async function takeStock(
  db: Db | Tx,
  variantId: string,
  quantity: number,
): Promise<{ stock: number; sku: string } | undefined> {
  const [row] = await db
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} - ${quantity}` })
    .where(and(eq(productVariants.id, variantId), sql`${productVariants.stock} >= ${quantity}`))
    .returning({ stock: productVariants.stock, sku: productVariants.sku });
  return row;
}

export async function carveStock(tx: Tx, variantId: string, wanted: number): Promise<number> {
  const [row] = await tx
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, variantId))
    .for("update");
  const taken = Math.min(row?.stock ?? 0, wanted);
  if (taken > 0) {
    await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} - ${taken}` })
      .where(eq(productVariants.id, variantId));
  }
  return taken;
}

export async function returnStock(db: Db | Tx, variantId: string, quantity: number): Promise<void> {
  await db
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} + ${quantity}` })
    .where(eq(productVariants.id, variantId));
}

/**
 * Sets listings' lowest and highest price, and lowest suggested price, from their variants on sale (listing and
 * variant active); a listing left with none goes off sale and keeps its last prices. Every write to
 * `listing_variants`, to a variant's status or to its suggested price calls it in its transaction: it is what
 * cards, price sorting and cursors read.
 */
export async function syncListingPrices(db: Db | Tx, listingIds: readonly string[]): Promise<void> {
  if (listingIds.length === 0) return;
  const ids = [...new Set(listingIds)].sort();
  await db.execute(sql`
    update ${listings} l set
      min_price = coalesce(p.min_price, l.min_price),
      max_price = coalesce(p.max_price, l.max_price),
      min_suggested_price = coalesce(p.min_suggested_price, l.min_suggested_price),
      status = case when p.min_price is null then 'hidden' else l.status end
    from (
      select id.listing_id, min(lv.price) as min_price, max(lv.price) as max_price,
        min(v.suggested_price) as min_suggested_price
      from unnest(${sql.param(ids)}::text[]) as id(listing_id)
      left join (
        ${listingVariants} lv join ${productVariants} v on v.id = lv.variant_id and v.status = 'active'
      ) on lv.listing_id = id.listing_id and lv.status = 'active'
      group by id.listing_id
    ) p
    where l.id = p.listing_id`);
}

/**
 * Inserts listing variant rows; with `skipExisting`, a (listing, variant) pair that already has its row keeps it
 * (its price and status are the store's).
 */
export async function insertListingVariants(
  db: Db | Tx,
  rows: (typeof listingVariants.$inferInsert)[],
  opts: { skipExisting?: boolean } = {},
) {
  if (rows.length === 0) return;
  const insert = db.insert(listingVariants).values(rows);
  await (opts.skipExisting ? insert.onConflictDoNothing() : insert);
}

/** Adds (or takes back) items sold to listings' sales. */
export async function addSales(db: Db | Tx, listingId: string, delta: number): Promise<void> {
  await db
    .update(listings)
    .set({ sales: sql`${listings.sales} + ${delta}` })
    .where(eq(listings.id, listingId));
}
