import { and, count, desc, eq, gte, lte, notExists, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { blockedKeywords, favorites, footprints, keywordSearches, searchHistory } from "./browsing.tables.ts";

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

/**
 * Records that a visitor searched a keyword that day (once). A signed-out visitor (with a hashed address) is
 * recorded only while fewer than `maxPerAddress` signed-out visitors from that address searched it that day.
 */
export async function insertKeywordSearch(
  db: Db,
  row: { keyword: string; visitor: string; day: string; address?: string },
  maxPerAddress: number,
) {
  if (!row.address) {
    await db.insert(keywordSearches).values(row).onConflictDoNothing();
    return;
  }
  const k = keywordSearches;
  await db.execute(sql`
    insert into ${k} (keyword, visitor, day, address)
    select ${row.keyword}, ${row.visitor}, ${row.day}, ${row.address}
    where (
      select count(*) from ${k}
      where ${k.keyword} = ${row.keyword} and ${k.day} = ${row.day} and ${k.address} = ${row.address}
    ) < ${maxPerAddress}
    on conflict do nothing`);
}

export async function upsertHistory(db: Db, userId: string, keyword: string, at: Date) {
  await db
    .insert(searchHistory)
    .values({ userId, keyword, searchedAt: at })
    .onConflictDoUpdate({ target: [searchHistory.userId, searchHistory.keyword], set: { searchedAt: at } });
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

/**
 * Keywords by how many visitor-days searched them between two days (inclusive), among those searched by
 * at least `minVisitors` different visitors, leaving out blocked keywords.
 */
export async function selectHotKeywords(
  db: Db,
  opts: { sinceDay: string; untilDay: string; minVisitors: number; limit: number },
) {
  const n = count();
  const rows = await db
    .select({ keyword: keywordSearches.keyword, n })
    .from(keywordSearches)
    .where(
      and(
        gte(keywordSearches.day, opts.sinceDay),
        lte(keywordSearches.day, opts.untilDay),
        notExists(
          db
            .select({ keyword: blockedKeywords.keyword })
            .from(blockedKeywords)
            .where(eq(blockedKeywords.keyword, keywordSearches.keyword)),
        ),
      ),
    )
    .groupBy(keywordSearches.keyword)
    .having(sql`count(distinct ${keywordSearches.visitor}) >= ${opts.minVisitors}`)
    .orderBy(desc(n), keywordSearches.keyword)
    .limit(opts.limit);
  return rows.map((r) => r.keyword);
}

export async function insertBlockedKeyword(db: Db, keyword: string, at: Date) {
  await db.insert(blockedKeywords).values({ keyword, createdAt: at }).onConflictDoNothing();
}

export async function deleteBlockedKeyword(db: Db, keyword: string) {
  await db.delete(blockedKeywords).where(eq(blockedKeywords.keyword, keyword));
}

export async function selectBlockedKeywords(db: Db) {
  const rows = await db
    .select({ keyword: blockedKeywords.keyword })
    .from(blockedKeywords)
    .orderBy(blockedKeywords.keyword);
  return rows.map((r) => r.keyword);
}
