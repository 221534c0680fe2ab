import type { CartView } from "#common/contracts/orders.ts";
import { maxItemQuantity } from "#common/order-states.ts";
import type { Locale } from "#common/locales.ts";
import { localize } from "#common/locales.ts";
import type { Db, Tx } from "../../db/client.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { imageView } from "../../platform/images.ts";
import type { Storage } from "../../platform/storage.ts";
import { selectOrderLines } from "../../read/order-lines.ts";
import {
  addToCart,
  countCart,
  deleteCartItems,
  selectCart,
  selectCartQuantity,
  setCartQuantity,
} from "./cart.queries.ts";

/**
 * The shopper's cart: products (listings) with quantities, grouped by store when shown. A line never holds
 * more than the product's shared stock (nor 99); a product that stops being sold stays in the cart, marked
 * unavailable, until the shopper removes it.
 */

/** Enough for any real basket; a cap so a script cannot fill the table. */
const maxCartLines = 100;

interface Deps {
  db: Db;
  storage: Storage;
  lang: Locale;
}

export async function getCart(deps: Deps, userId: string): Promise<CartView> {
  const lines = await selectCart(deps.db, userId);
  const info = new Map(
    (
      await selectOrderLines(
        deps.db,
        lines.map((l) => l.listingId),
      )
    ).map((r) => [r.listingId, r]),
  );
  const stores = new Map<string, CartView["stores"][number]>();
  for (const line of lines) {
    const row = info.get(line.listingId);
    if (!row) continue;
    let store = stores.get(row.storeId);
    if (!store)
      stores.set(row.storeId, (store = { storeId: row.storeId, storeName: row.storeName, items: [] }));
    store.items.push({
      listingId: row.listingId,
      name: localize(row.name, deps.lang),
      image: imageView(deps.storage, row.image),
      price: row.price,
      quantity: line.quantity,
      stock: row.stock,
      available: row.available && row.stock > 0,
    });
  }
  return { stores: [...stores.values()], count: lines.length };
}

export function cartCount(db: Db, userId: string): Promise<number> {
  return countCart(db, userId);
}

async function buyable(db: Db, listingId: string) {
  const [row] = await selectOrderLines(db, [listingId]);
  if (!row || !row.available) throw new DomainError("not_found", "errors.cart.unavailable");
  if (row.stock <= 0) throw new DomainError("precondition_failed", "errors.cart.soldOut");
  return row;
}

/** Adds a quantity of a product; the line never goes above the stock. Returns the line's quantity. */
export async function addItem(
  db: Db,
  userId: string,
  input: { listingId: string; quantity: number },
): Promise<{ quantity: number; count: number }> {
  const row = await buyable(db, input.listingId);
  // A full cart takes no new product; more of one already in it is fine.
  if (
    (await countCart(db, userId)) >= maxCartLines &&
    (await selectCartQuantity(db, userId, input.listingId)) === 0
  ) {
    throw new DomainError("precondition_failed", "errors.cart.full", { count: maxCartLines });
  }
  const quantity = await addToCart(
    db,
    {
      userId,
      listingId: input.listingId,
      quantity: input.quantity,
      max: Math.min(row.stock, maxItemQuantity),
    },
    now(),
  );
  return { quantity, count: await countCart(db, userId) };
}

/** Sets a line's quantity (the stepper); more than the stock is refused with how many are left. */
export async function setItemQuantity(
  db: Db,
  userId: string,
  input: { listingId: string; quantity: number },
): Promise<void> {
  const row = await buyable(db, input.listingId);
  if (input.quantity > row.stock) {
    throw new DomainError("precondition_failed", "errors.cart.onlyLeft", { stock: row.stock });
  }
  if (!(await setCartQuantity(db, userId, input.listingId, input.quantity, now()))) {
    throw new DomainError("not_found", "errors.cart.notInCart");
  }
}

export async function removeItems(db: Db | Tx, userId: string, listingIds: readonly string[]): Promise<void> {
  await deleteCartItems(db, userId, listingIds);
}

export async function clearCart(db: Db, userId: string): Promise<void> {
  await deleteCartItems(db, userId);
}
