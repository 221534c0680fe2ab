import { and, asc, count, desc, eq, ne } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { addresses } from "./addresses.tables.ts";

type Executor = Db | Tx;
export type AddressRow = typeof addresses.$inferSelect;

/** A user's addresses, the default first, then newest. */
export function selectAddresses(db: Executor, userId: string) {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), asc(addresses.id));
}

export async function selectAddress(db: Executor, userId: string, id: string) {
  const rows = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.id, id)));
  return rows[0];
}

export async function countAddresses(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
  return row?.n ?? 0;
}

export async function insertAddress(db: Executor, row: typeof addresses.$inferInsert) {
  await db.insert(addresses).values(row);
}

export async function updateAddress(
  db: Executor,
  userId: string,
  id: string,
  set: Partial<typeof addresses.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(addresses)
    .set(set)
    .where(and(eq(addresses.userId, userId), eq(addresses.id, id)))
    .returning({ id: addresses.id });
  return rows.length > 0;
}

/** Clears the default flag of the user's other addresses (before one becomes the default). */
export async function clearDefault(db: Executor, userId: string, except: string) {
  await db
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true), ne(addresses.id, except)));
}

export async function deleteAddress(db: Executor, userId: string, id: string) {
  const rows = await db
    .delete(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.id, id)))
    .returning({ isDefault: addresses.isDefault });
  return rows[0];
}

/** The newest address, to become the default when the default one is deleted. */
export async function selectNewest(db: Executor, userId: string) {
  const rows = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.createdAt), desc(addresses.id))
    .limit(1);
  return rows[0];
}
