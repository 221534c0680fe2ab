import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { cartItems } from "./cart.tables.ts";

type Executor = Db | Tx;

/** A user's cart lines in the order they were first added. */
export function selectCart(db: Executor, userId: string) {
  return db
    .select({ listingId: cartItems.listingId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.listingId));
}

export async function countCart(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, userId));
  return row?.n ?? 0;
}

export async function selectCartQuantity(db: Executor, userId: string, listingId: string) {
  const rows = await db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.listingId, listingId)));
  return rows[0]?.quantity ?? 0;
}

/** Adds to a line (or makes it), never above `max`; returns the line's quantity. */
export async function addToCart(
  db: Executor,
  row: { userId: string; listingId: string; quantity: number; max: number },
  at: Date,
): Promise<number> {
  const [saved] = await db
    .insert(cartItems)
    .values({
      userId: row.userId,
      listingId: row.listingId,
      quantity: Math.min(row.quantity, row.max),
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.listingId],
      set: { quantity: sql`least(${cartItems.quantity} + ${row.quantity}, ${row.max})`, updatedAt: at },
    })
    .returning({ quantity: cartItems.quantity });
  return saved!.quantity;
}

export async function setCartQuantity(
  db: Executor,
  userId: string,
  listingId: string,
  quantity: number,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(cartItems)
    .set({ quantity, updatedAt: at })
    .where(and(eq(cartItems.userId, userId), eq(cartItems.listingId, listingId)))
    .returning({ id: cartItems.listingId });
  return rows.length > 0;
}

export async function deleteCartItems(db: Executor, userId: string, listingIds?: readonly string[]) {
  await db
    .delete(cartItems)
    .where(
      listingIds
        ? and(eq(cartItems.userId, userId), inArray(cartItems.listingId, [...listingIds]))
        : eq(cartItems.userId, userId),
    );
}
