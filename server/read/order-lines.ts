// Read-only SQL over the catalogue and the stores for carts and checkouts: what a listing costs, who sells it,
// whether it can be bought and how much of it is left. Never a write (stock is reserved through the catalog
// service, in the order's transaction).
import { inArray, sql } from "drizzle-orm";
import type { StoredImage } from "#common/images.ts";
import type { Db, Tx } from "../db/client.ts";
import {
  listings,
  listingVariants,
  productImages,
  productVariants,
  supplyProducts,
  variantLabelSql,
} from "../modules/catalog/catalog.tables.ts";
import { flashItems, flashSlots } from "../modules/promotions/flash.tables.ts";
import { now } from "../platform/clock.ts";
import { DomainError } from "../platform/errors.ts";
import { stores } from "../modules/stores/stores.tables.ts";

const cover = sql<StoredImage | null>`(
  select ${productImages.image} from ${productImages}
  where ${productImages.supplyProductId} = ${supplyProducts.id}
  order by ${productImages.sort} limit 1
)`;

/** A line of a cart or checkout: a store's product and, once chosen, which variant of it. */
export interface LineRef {
  listingId: string;
  variantId?: string;
}

/**
 * Listings' variants with everything a cart line or an order item needs, one row per line found (lines naming a
 * listing or variant that does not exist have none), in no particular order. A line without a variant (links
 * and clients from before variants) is the listing's one variant on sale; when it has several the shopper must
 * choose (`errors.checkout.chooseVariant`).
 */
export async function selectOrderLines(db: Db | Tx, lines: readonly LineRef[]) {
  if (lines.length === 0) return [];
  const at = now();
  // The item of a live flash-sale slot selling this listing's variant with units left (issue 42): its price and
  // what is left. Sold out, the variant is back at its listed price.
  const flash = sql<{ id: string; price: number; left: number; limit: number } | null>`(
    select json_build_object('id', fi.id, 'price', fi.flash_price, 'left', fi.carved - fi.sold, 'limit', fi.per_shopper_limit)
    from ${flashItems} fi join ${flashSlots} fs on fs.id = fi.slot_id
    where fi.listing_id = ${listings.id} and fi.variant_id = ${productVariants.id}
      and fs.state = 'live' and fs.ends_at > ${at.toISOString()}::timestamptz and fi.carved > fi.sold
    limit 1
  )`;
  const found = await db
    .select({
      listingId: listings.id,
      variantId: productVariants.id,
      variantLabel: variantLabelSql,
      sku: productVariants.sku,
      price: listingVariants.price,
      storeId: stores.id,
      storeName: stores.name,
      storeOwnerId: stores.ownerId,
      supplyProductId: supplyProducts.id,
      categoryId: supplyProducts.categoryId,
      name: supplyProducts.name,
      merchantPrice: productVariants.merchantPrice,
      stock: productVariants.stock,
      weightGrams: productVariants.weightGrams,
      lengthCm: productVariants.lengthCm,
      widthCm: productVariants.widthCm,
      heightCm: productVariants.heightCm,
      option1ValueId: productVariants.option1ValueId,
      option2ValueId: productVariants.option2ValueId,
      variantStatus: productVariants.status,
      image: sql<StoredImage | null>`coalesce(${productVariants.image}, ${cover})`,
      flash,
      /** Sold: the listing, its price of this variant, the variant, its supply product and its store are active. */
      available: sql<boolean>`(${listings.status} = 'active' and ${listingVariants.status} = 'active' and ${productVariants.status} = 'active' and ${supplyProducts.status} = 'active' and ${stores.status} = 'approved')`,
    })
    .from(listingVariants)
    .innerJoin(listings, sql`${listings.id} = ${listingVariants.listingId}`)
    .innerJoin(productVariants, sql`${productVariants.id} = ${listingVariants.variantId}`)
    .innerJoin(supplyProducts, sql`${supplyProducts.id} = ${listings.supplyProductId}`)
    .innerJoin(stores, sql`${stores.id} = ${listings.storeId}`)
    .where(inArray(listingVariants.listingId, [...new Set(lines.map((l) => l.listingId))]))
    .orderBy(productVariants.sort, productVariants.id);
  // A line of a live flash item is sold at its flash price, from what its slot has left.
  const rows = found.map(({ flash: item, ...row }) => ({
    ...row,
    listedPrice: row.price,
    variantStock: row.stock,
    price: item ? Number(item.price) : row.price,
    stock: item ? Number(item.left) : row.stock,
    flashItemId: item?.id ?? null,
    flashLimit: item ? Number(item.limit) : null,
  }));
  const picked: typeof rows = [];
  for (const line of lines) {
    const ofListing = rows.filter((r) => r.listingId === line.listingId);
    if (line.variantId) {
      const row = ofListing.find((r) => r.variantId === line.variantId);
      if (row) picked.push(row);
      continue;
    }
    const onSale = ofListing.filter((r) => r.available);
    if (onSale.length > 1) throw new DomainError("bad_request", "errors.checkout.chooseVariant");
    const only = onSale[0] ?? ofListing.find((r) => r.variantStatus !== "archived") ?? ofListing[0];
    if (only) picked.push(only);
  }
  return picked;
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
