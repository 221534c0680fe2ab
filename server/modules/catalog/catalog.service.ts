// What orders and stores change of the catalogue, each in the caller's transaction: stock reserved for an order
// and given back, items sold counted into their listings' sales, and a store's listings opened or closed. The
// catalogue's other faces: the shop's lists and search (listings.service.ts), the product page
// (product-page.service.ts), categories (categories.service.ts), a store's listings (merchant-listings.service.ts)
// and the operator's supply catalogue (supply.service.ts, supply-variants.service.ts).
import type { Tx } from "../../db/client.ts";
import { DomainError } from "../../platform/errors.ts";
import { forgetEverywhere } from "../../platform/kept-sync.ts";
import { hotRanking } from "./catalog.caches.ts";
import * as q from "./catalog.queries.ts";

/**
 * Reserves stock for an order, in the order's transaction: every variant's quantity (two stores' lines of one
 * variant summed) in one fixed order (by id, so concurrent checkouts never deadlock), each by one conditional
 * update. Throws "only N left" for the first that has not enough; the caller's transaction then undoes the rest.
 * Answers what each variant had before and has left (exact: each is one update of its row), by variant.
 */
export async function reserveStock(
  tx: Tx,
  lines: readonly { variantId: string; quantity: number; name: string }[],
): Promise<{ variantId: string; sku: string; before: number; left: number }[]> {
  const taken = [];
  for (const line of byVariant(lines)) {
    const row = await q.takeStock(tx, line.variantId, line.quantity);
    if (!row) {
      throw new DomainError("precondition_failed", "errors.checkout.outOfStock", { name: line.name });
    }
    taken.push({
      variantId: line.variantId,
      sku: row.sku,
      before: row.stock + line.quantity,
      left: row.stock,
    });
  }
  return taken;
}

/**
 * Takes up to `wanted` units of a variant's stock for a flash-sale slot (issue 42): all of them, or what is left
 * when less. One statement over the locked row, so a checkout taking stock at the same moment never oversells.
 * Returns the units taken.
 */
export async function carveStock(tx: Tx, variantId: string, wanted: number): Promise<number> {
  return q.carveStock(tx, variantId, wanted);
}

/** Returns reserved stock (an order cancelled), in the same fixed order. */
export async function releaseStock(
  tx: Tx,
  lines: readonly { variantId: string; quantity: number }[],
): Promise<void> {
  for (const line of byVariant(lines)) await q.returnStock(tx, line.variantId, line.quantity);
}

/** Quantities summed per variant (two stores' listings of one product share its stock), by variant id. */
function byVariant<T extends { variantId: string; quantity: number }>(lines: readonly T[]): T[] {
  const merged = new Map<string, T>();
  for (const line of lines) {
    const seen = merged.get(line.variantId);
    merged.set(line.variantId, seen ? { ...seen, quantity: seen.quantity + line.quantity } : line);
  }
  return [...merged.values()].sort((a, b) => (a.variantId < b.variantId ? -1 : 1));
}

/**
 * Counts an order's items into (sign 1, paid) or out of (sign -1, a paid order cancelled) their listings'
 * sales, in the order's transaction: sales are what paid orders really sold. The hot ranking follows.
 */
export async function recordSales(
  tx: Tx,
  items: readonly { listingId: string; quantity: number }[],
  sign: 1 | -1,
): Promise<void> {
  // Two variants of one listing are two items and one listing's sales.
  const perListing = new Map<string, number>();
  for (const item of items)
    perListing.set(item.listingId, (perListing.get(item.listingId) ?? 0) + item.quantity);
  for (const [listingId, quantity] of [...perListing].sort(([a], [b]) => (a < b ? -1 : 1))) {
    await q.addSales(tx, listingId, sign * quantity);
  }
  await forgetEverywhere(tx, hotRanking);
}

/**
 * Opens or closes a store's listings to shoppers (the store-status flow calls it when an operator suspends
 * or reinstates the store, in the same transaction).
 */
export async function setStoreOpen(tx: Tx, storeId: string, open: boolean): Promise<void> {
  await q.updateStoreOpen(tx, storeId, open);
  await forgetEverywhere(tx, hotRanking);
}
