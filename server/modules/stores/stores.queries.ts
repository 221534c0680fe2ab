import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { stores } from "./stores.tables.ts";

export async function insertStore(db: Db, row: typeof stores.$inferInsert) {
  await db.insert(stores).values(row);
}

export async function selectStoreCards(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: stores.id, name: stores.name, logoPath: stores.logoPath, intro: stores.intro })
    .from(stores)
    .where(inArray(stores.id, [...ids]));
}
