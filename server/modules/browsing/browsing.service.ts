import type { Db } from "../../db/client.ts";
import { jakartaDay, now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import * as q from "./browsing.queries.ts";

/** A page of the shopper's collection or footprints: `limit + 1` (listing, time) rows, newest first. */
export function favoritesPage(db: Db, userId: string, limit: number, after?: { at: Date; id: string }) {
  return q.selectFavorites(db, userId, limit, after);
}

export function footprintsPage(db: Db, userId: string, limit: number, after?: { at: Date; id: string }) {
  return q.selectFootprints(db, userId, limit, after);
}

/** Adds a product to the shopper's collection (again is fine); the flow checks that it is sold. */
export async function addFavorite(db: Db, userId: string, listingId: string): Promise<void> {
  await q.insertFavorite(db, userId, listingId, now());
}

export function removeFromCollection(db: Db, userId: string, listingId: string): Promise<void> {
  return q.deleteFavorite(db, userId, listingId);
}

export function isInCollection(db: Db, userId: string, listingId: string): Promise<boolean> {
  return q.favoriteExists(db, userId, listingId);
}

/** Records that the shopper opened a product now (the latest time counts); the flow checks that it is sold. */
export async function touchFootprint(db: Db, userId: string, listingId: string): Promise<void> {
  await q.upsertFootprint(db, userId, listingId, now());
}

export function removeFootprint(db: Db, userId: string, listingId: string): Promise<void> {
  return q.deleteFootprint(db, userId, listingId);
}

export function clearFootprints(db: Db, userId: string): Promise<void> {
  return q.deleteFootprints(db, userId);
}

/** A keyword as it is counted and remembered: trimmed, single-spaced, lower-case, at most 100 characters. */
function normalizeKeyword(keyword: string): string {
  return keyword.trim().replace(/\s+/g, " ").toLowerCase().slice(0, 100);
}

/**
 * At most this many signed-out visitors from one address count toward a keyword a day: as for store visits
 * (decision 7), people behind one carrier address (Indonesian mobile networks share addresses widely) each
 * count, while a client inventing visitor ids cannot count as more than a few.
 */
const signedOutSearchersPerAddress = 5;

/**
 * Counts a search toward hot keywords (once per visitor, keyword and Indonesian day) and, for a signed-in
 * shopper, keeps it in their history. A signed-out visitor is their first-party visitor id with their hashed
 * address, capped per address. Callers pass the keyword as search understood it (the corrected spelling)
 * and only for searches that found something (server/flows/search-products.ts).
 */
export async function recordSearch(
  db: Db,
  keyword: string,
  visitor: { userId: string } | { visitorKey: string; addressKey: string },
): Promise<void> {
  const normalized = normalizeKeyword(keyword);
  if (!normalized) return;
  const at = now();
  const day = jakartaDay(at);
  await db.transaction(async (tx) => {
    await q.insertKeywordSearch(
      tx,
      "userId" in visitor
        ? { keyword: normalized, visitor: visitor.userId, day }
        : { keyword: normalized, visitor: visitor.visitorKey, day, address: visitor.addressKey },
      signedOutSearchersPerAddress,
    );
    if ("userId" in visitor) await q.upsertHistory(tx, visitor.userId, normalized, at);
  });
}

export function searchHistory(db: Db, userId: string): Promise<string[]> {
  return q.selectHistory(db, userId, 20);
}

export function clearSearchHistory(db: Db, userId: string): Promise<void> {
  return q.deleteHistory(db, userId);
}

/** How many different visitors must search a keyword before anyone is shown it as hot. */
const hotKeywordMinVisitors = 3;

/**
 * The 10 keywords the most visitors searched in the last 30 days (each visitor counted once a day), among
 * those at least `hotKeywordMinVisitors` different visitors searched, never a blocked one.
 */
export function hotKeywords(db: Db): Promise<string[]> {
  const until = now();
  return q.selectHotKeywords(db, {
    sinceDay: jakartaDay(new Date(until.getTime() - 29 * 86_400_000)),
    untilDay: jakartaDay(until),
    minVisitors: hotKeywordMinVisitors,
    limit: 10,
  });
}

/** Keeps a keyword out of hot keywords (for the operator; no screen yet). */
export async function blockKeyword(db: Db, keyword: string): Promise<void> {
  const normalized = normalizeKeyword(keyword);
  if (!normalized) throw new DomainError("bad_request", "errors.api.invalidInput");
  await q.insertBlockedKeyword(db, normalized, now());
}

/** Lets a blocked keyword be hot again. */
export function unblockKeyword(db: Db, keyword: string): Promise<void> {
  return q.deleteBlockedKeyword(db, normalizeKeyword(keyword));
}

/** The blocked keywords, alphabetically. */
export function blockedKeywords(db: Db): Promise<string[]> {
  return q.selectBlockedKeywords(db);
}
