// Read-only SQL over the catalogue and the stores for carts and checkouts: what a listing costs, who sells it,
// whether it can be bought and how much of it is left. Never a write (stock is reserved through the catalog
// service, in the order's transaction).
import { inArray, sql } from "drizzle-orm";
import type { StoredImage } from "#common/images.ts";
import type { Db, Tx } from "../db/client.ts";
import { listings, productImages, supplyProducts } from "../modules/catalog/catalog.tables.ts";
import { stores } from "../modules/stores/stores.tables.ts";

const cover = sql<StoredImage | null>`(
  select ${productImages.image} from ${productImages}
  where ${productImages.supplyProductId} = ${supplyProducts.id}
  order by ${productImages.sort} limit 1
)`;

/** Listings with everything a cart line or an order item needs, in no particular order. */
export async function selectOrderLines(db: Db | Tx, listingIds: readonly string[]) {
  if (listingIds.length === 0) return [];
  const rows = await db
    .select({
      listingId: listings.id,
      price: listings.price,
      storeId: stores.id,
      storeName: stores.name,
      storeOwnerId: stores.ownerId,
      supplyProductId: supplyProducts.id,
      name: supplyProducts.name,
      merchantPrice: supplyProducts.merchantPrice,
      stock: supplyProducts.stock,
      weightGrams: supplyProducts.weightGrams,
      lengthCm: supplyProducts.lengthCm,
      widthCm: supplyProducts.widthCm,
      heightCm: supplyProducts.heightCm,
      image: cover,
      /** Sold: the listing, its supply product and its store are all active. */
      available: sql<boolean>`(${listings.status} = 'active' and ${supplyProducts.status} = 'active' and ${stores.status} = 'approved')`,
    })
    .from(listings)
    .innerJoin(supplyProducts, sql`${supplyProducts.id} = ${listings.supplyProductId}`)
    .innerJoin(stores, sql`${stores.id} = ${listings.storeId}`)
    .where(inArray(listings.id, [...listingIds]));
  return rows;
}

/** A store's owner and auto-pay switch, for goods payments. */
export async function selectStorePayer(db: Db | Tx, storeId: string) {
  const rows = await db
    .select({ ownerId: stores.ownerId, autoPay: stores.autoPay, name: stores.name })
    .from(stores)
    .where(sql`${stores.id} = ${storeId}`);
  return rows[0];
}

/** The store a merchant runs, if any. */
export async function selectStoreOfOwner(db: Db | Tx, ownerId: string) {
  const rows = await db
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(sql`${stores.ownerId} = ${ownerId}`);
  return rows[0];
}

/** The names of these stores (an order list's store row), in one query. */
export async function selectStoreNames(db: Db | Tx, storeIds: readonly string[]) {
  if (storeIds.length === 0) return [];
  return db
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(inArray(stores.id, [...storeIds]));
}
