import { and, asc, count, eq, inArray, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { preparedPerDb } from "../../db/prepared.ts";
import { cartItems, cartNotices } from "./cart.tables.ts";

type Executor = Db | Tx;

/** A line of a cart: a store's product (listing) and which variant of it. */
export interface CartLineKey {
  listingId: string;
  variantId: string;
}

const lineIs = (userId: string, line: CartLineKey) =>
  and(
    eq(cartItems.userId, userId),
    eq(cartItems.listingId, line.listingId),
    eq(cartItems.variantId, line.variantId),
  );

/** A user's cart lines in the order they were first added. */
export function selectCart(db: Executor, userId: string) {
  return db
    .select({ listingId: cartItems.listingId, variantId: cartItems.variantId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.listingId), asc(cartItems.variantId));
}

const cartCount = preparedPerDb((db) =>
  db
    .select({ n: count() })
    .from(cartItems)
    .where(eq(cartItems.userId, sql.placeholder("userId")))
    .prepare("cart_count"),
);

/** How many lines a user's cart has (the cart badge). */
export async function countCart(db: Executor, userId: string): Promise<number> {
  const [row] = await cartCount(db).execute({ userId });
  return row?.n ?? 0;
}

export async function selectCartQuantity(db: Executor, userId: string, line: CartLineKey) {
  const rows = await db.select({ quantity: cartItems.quantity }).from(cartItems).where(lineIs(userId, line));
  return rows[0]?.quantity ?? 0;
}

/** Adds to a line (or makes it), never above `max`; returns the line's quantity. */
export async function addToCart(
  db: Executor,
  row: CartLineKey & { userId: string; quantity: number; max: number },
  at: Date,
): Promise<number> {
  const [saved] = await db
    .insert(cartItems)
    .values({
      userId: row.userId,
      listingId: row.listingId,
      variantId: row.variantId,
      quantity: Math.min(row.quantity, row.max),
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.listingId, cartItems.variantId],
      set: { quantity: sql`least(${cartItems.quantity} + ${row.quantity}, ${row.max})`, updatedAt: at },
    })
    .returning({ quantity: cartItems.quantity });
  return saved!.quantity;
}

export async function setCartQuantity(
  db: Executor,
  userId: string,
  line: CartLineKey,
  quantity: number,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(cartItems)
    .set({ quantity, updatedAt: at })
    .where(lineIs(userId, line))
    .returning({ id: cartItems.listingId });
  return rows.length > 0;
}

export async function deleteCartItems(db: Executor, userId: string, lines?: readonly CartLineKey[]) {
  if (lines && lines.length === 0) return;
  await db
    .delete(cartItems)
    .where(lines ? or(...lines.map((l) => lineIs(userId, l))) : eq(cartItems.userId, userId));
}

/** Deletes every cart's lines of these variants; the lines deleted. */
export async function deleteLinesOfVariants(db: Executor, variantIds: readonly string[]) {
  if (variantIds.length === 0) return [];
  return db
    .delete(cartItems)
    .where(inArray(cartItems.variantId, [...variantIds]))
    .returning({ userId: cartItems.userId, listingId: cartItems.listingId, variantId: cartItems.variantId });
}

export async function insertNotices(db: Executor, rows: (typeof cartNotices.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(cartNotices).values(rows);
}

export function selectNotices(db: Executor, userId: string) {
  return db
    .select({ id: cartNotices.id, listingId: cartNotices.listingId, variantId: cartNotices.variantId })
    .from(cartNotices)
    .where(eq(cartNotices.userId, userId))
    .orderBy(asc(cartNotices.createdAt), asc(cartNotices.id));
}

export async function deleteNotices(db: Executor, userId: string) {
  await db.delete(cartNotices).where(eq(cartNotices.userId, userId));
}
