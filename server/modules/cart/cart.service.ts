import { maxItemQuantity } from "#common/order-states.ts";
import type { Db, Tx } from "../../db/client.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
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

/** What the cart needs to know of a product: whether it is still sold, and its shared stock. */
export interface BuyableLine {
  available: boolean;
  stock: number;
}

/** The cart's lines, oldest first (their products are read by server/read/cart.ts). */
export function cartLines(db: Db, userId: string) {
  return selectCart(db, userId);
}

export function cartCount(db: Db, userId: string): Promise<number> {
  return countCart(db, userId);
}

function buyable(line: BuyableLine | undefined): BuyableLine {
  if (!line || !line.available) throw new DomainError("not_found", "errors.cart.unavailable");
  if (line.stock <= 0) throw new DomainError("precondition_failed", "errors.cart.soldOut");
  return line;
}

/** Adds a quantity of a product; the line never goes above the stock. Returns the line's quantity. */
export async function addItem(
  db: Db,
  userId: string,
  input: { listingId: string; quantity: number },
  line: BuyableLine | undefined,
): Promise<{ quantity: number; count: number }> {
  const row = buyable(line);
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
  line: BuyableLine | undefined,
): Promise<void> {
  const row = buyable(line);
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
