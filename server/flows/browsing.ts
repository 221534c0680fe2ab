import type { Db } from "../db/client.ts";
import { addFavorite, touchFootprint } from "../modules/browsing/browsing.service.ts";
import { isSold } from "../modules/catalog/listings.service.ts";
import { DomainError } from "../platform/errors.ts";

async function requireSold(db: Db, listingId: string): Promise<void> {
  if (!(await isSold(db, listingId))) throw new DomainError("not_found", "catalog.product.notFound");
}

/** Adds a product to the shopper's collection (again is fine); NOT_FOUND when it is not sold. */
export async function addToCollection(db: Db, userId: string, listingId: string): Promise<void> {
  await requireSold(db, listingId);
  await addFavorite(db, userId, listingId);
}

/**
 * Records that a signed-in shopper opened a product (the latest time counts). The product page calls it
 * once shown in the browser: reading a product records nothing. NOT_FOUND when the product is not sold.
 */
export async function recordFootprint(db: Db, userId: string, listingId: string): Promise<void> {
  await requireSold(db, listingId);
  await touchFootprint(db, userId, listingId);
}
