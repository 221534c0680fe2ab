import { and, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { favorites, footprints, searchHistory, searchLog } from "./browsing.tables.ts";

export async function insertFavorite(db: Db, userId: string, listingId: string, at: Date) {
  await db.insert(favorites).values({ userId, listingId, createdAt: at }).onConflictDoNothing();
}

export async function deleteFavorite(db: Db, userId: string, listingId: string) {
  await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.listingId, listingId)));
}

export async function favoriteExists(db: Db, userId: string, listingId: string) {
  const rows = await db
    .select({ listingId: favorites.listingId })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.listingId, listingId)));
  return rows.length > 0;
}

/** A user's favourites, newest first, keyset by (createdAt, listingId). */
export async function selectFavorites(
  db: Db,
  userId: string,
  limit: number,
  before?: { at: Date; id: string },
) {
  return db
    .select({ listingId: favorites.listingId, at: favorites.createdAt })
    .from(favorites)
    .where(
      and(
        eq(favorites.userId, userId),
        before
          ? sql`(${favorites.createdAt}, ${favorites.listingId}) < (${before.at}, ${before.id})`
          : undefined,
      ),
    )
    .orderBy(desc(favorites.createdAt), desc(favorites.listingId))
    .limit(limit);
}

export async function upsertFootprint(db: Db, userId: string, listingId: string, at: Date) {
  await db
    .insert(footprints)
    .values({ userId, listingId, viewedAt: at })
    .onConflictDoUpdate({ target: [footprints.userId, footprints.listingId], set: { viewedAt: at } });
}

export async function selectFootprints(
  db: Db,
  userId: string,
  limit: number,
  before?: { at: Date; id: string },
) {
  return db
    .select({ listingId: footprints.listingId, at: footprints.viewedAt })
    .from(footprints)
    .where(
      and(
        eq(footprints.userId, userId),
        before
          ? sql`(${footprints.viewedAt}, ${footprints.listingId}) < (${before.at}, ${before.id})`
          : undefined,
      ),
    )
    .orderBy(desc(footprints.viewedAt), desc(footprints.listingId))
    .limit(limit);
}

export async function deleteFootprint(db: Db, userId: string, listingId: string) {
  await db.delete(footprints).where(and(eq(footprints.userId, userId), eq(footprints.listingId, listingId)));
}

export async function deleteFootprints(db: Db, userId: string) {
  await db.delete(footprints).where(eq(footprints.userId, userId));
}

export async function insertSearch(db: Db, row: { id: string; keyword: string; at: Date; userId?: string }) {
  await db.insert(searchLog).values({ id: row.id, keyword: row.keyword, searchedAt: row.at });
  if (row.userId) {
    await db
      .insert(searchHistory)
      .values({ userId: row.userId, keyword: row.keyword, searchedAt: row.at })
      .onConflictDoUpdate({
        target: [searchHistory.userId, searchHistory.keyword],
        set: { searchedAt: row.at },
      });
  }
}

export async function selectHistory(db: Db, userId: string, limit: number) {
  const rows = await db
    .select({ keyword: searchHistory.keyword })
    .from(searchHistory)
    .where(eq(searchHistory.userId, userId))
    .orderBy(desc(searchHistory.searchedAt))
    .limit(limit);
  return rows.map((r) => r.keyword);
}

export async function deleteHistory(db: Db, userId: string) {
  await db.delete(searchHistory).where(eq(searchHistory.userId, userId));
}

/** The keywords searched most since `since`. */
export async function selectHotKeywords(db: Db, since: Date, until: Date, limit: number) {
  const n = count();
  const rows = await db
    .select({ keyword: searchLog.keyword, n })
    .from(searchLog)
    .where(and(gte(searchLog.searchedAt, since), lt(searchLog.searchedAt, until)))
    .groupBy(searchLog.keyword)
    .orderBy(desc(n), searchLog.keyword)
    .limit(limit);
  return rows.map((r) => r.keyword);
}
