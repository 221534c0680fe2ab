import { maxItemQuantity } from "#common/order-states.ts";
import type { Db, Tx } from "../../db/client.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import {
  addToCart,
  countCart,
  deleteCartItems,
  deleteLinesOfVariants,
  deleteNotices,
  insertNotices,
  selectCart,
  selectCartQuantity,
  selectNotices,
  setCartQuantity,
  type CartLineKey,
} from "./cart.queries.ts";

export type { CartLineKey } from "./cart.queries.ts";

/**
 * The shopper's cart: variants of stores' products (listings) with quantities, grouped by store when shown. A
 * line never holds more than the variant's shared stock (nor 99); a product that stops being sold stays in the
 * cart, marked unavailable, until the shopper removes it; a variant archived leaves every cart with a notice.
 */

/** Enough for any real basket; a cap so a script cannot fill the table. */
const maxCartLines = 100;

/** What the cart needs to know of a line: its variant, whether it is still sold, and its shared stock. */
export interface BuyableLine {
  listingId: string;
  variantId: string;
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
  db: Db | Tx,
  userId: string,
  input: { quantity: number },
  line: BuyableLine | undefined,
): Promise<{ quantity: number; count: number }> {
  const row = buyable(line);
  const key = { listingId: row.listingId, variantId: row.variantId };
  // A full cart takes no new product; more of one already in it is fine.
  if ((await countCart(db, userId)) >= maxCartLines && (await selectCartQuantity(db, userId, key)) === 0) {
    throw new DomainError("precondition_failed", "errors.cart.full", { count: maxCartLines });
  }
  const quantity = await addToCart(
    db,
    {
      userId,
      ...key,
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
  input: { quantity: number },
  line: BuyableLine | undefined,
): Promise<void> {
  const row = buyable(line);
  if (input.quantity > row.stock) {
    throw new DomainError("precondition_failed", "errors.cart.onlyLeft", { stock: row.stock });
  }
  const key = { listingId: row.listingId, variantId: row.variantId };
  if (!(await setCartQuantity(db, userId, key, input.quantity, now()))) {
    throw new DomainError("not_found", "errors.cart.notInCart");
  }
}

export async function removeItems(db: Db | Tx, userId: string, lines: readonly CartLineKey[]): Promise<void> {
  await deleteCartItems(db, userId, lines);
}

/**
 * Takes archived variants out of every cart, in the archiving transaction, and leaves each shopper a notice
 * that says which product and variant left.
 */
export async function removeArchivedFromCarts(tx: Tx, variantIds: readonly string[]): Promise<number> {
  const removed = await deleteLinesOfVariants(tx, variantIds);
  const at = now();
  await insertNotices(
    tx,
    removed.map((line) => ({ id: newId("cno"), ...line, createdAt: at })),
  );
  return removed.length;
}

/** The notices of lines taken out of the shopper's cart, oldest first. */
export function cartNotices(db: Db, userId: string) {
  return selectNotices(db, userId);
}

/** The shopper closes the notices. */
export async function dismissNotices(db: Db, userId: string): Promise<void> {
  await deleteNotices(db, userId);
}

export async function clearCart(db: Db, userId: string): Promise<void> {
  await deleteCartItems(db, userId);
}
