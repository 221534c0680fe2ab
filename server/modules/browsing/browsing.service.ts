import type { Locale } from "#common/locales.ts";
import type { Db } from "../../db/client.ts";
import { z } from "zod";
import { jakartaDay, now } from "../../platform/clock.ts";
import { cursorCodec, cursorIdSchema, cursorTimeSchema } from "../../platform/cursor.ts";
import { DomainError } from "../../platform/errors.ts";
import type { Storage } from "../../platform/storage.ts";
import { getCards, isSold } from "../catalog/catalog.service.ts";
import * as q from "./browsing.queries.ts";

interface Deps {
  db: Db;
  storage: Storage;
  lang: Locale;
}

const pageSize = 20;

/** Where a page of the collection or the footprints continues: the last row's time and listing id. */
const timedCursor = cursorCodec(z.tuple([cursorTimeSchema, cursorIdSchema]));

function decode(cursor: string | undefined): { at: Date; id: string } | undefined {
  if (!cursor) return undefined;
  const [at, id] = timedCursor.decode(cursor);
  return { at, id };
}

/** Turns (listing, time) rows into cards, keeping the order and dropping products no longer sold. */
async function page(deps: Deps, rows: { listingId: string; at: Date }[]) {
  const shown = rows.slice(0, pageSize);
  const cards = await getCards(
    deps,
    shown.map((r) => r.listingId),
  );
  const last = shown.at(-1);
  return {
    items: shown.flatMap((r) => {
      const product = cards.get(r.listingId);
      return product ? [{ product, at: r.at }] : [];
    }),
    nextCursor:
      rows.length > pageSize && last ? timedCursor.encode([last.at.toISOString(), last.listingId]) : null,
  };
}

/** Adds a product to the shopper's collection (again is fine); NOT_FOUND when it is not sold. */
export async function addToCollection(db: Db, userId: string, listingId: string): Promise<void> {
  if (!(await isSold(db, listingId))) throw new DomainError("not_found", "catalog.product.notFound");
  await q.insertFavorite(db, userId, listingId, now());
}

export function removeFromCollection(db: Db, userId: string, listingId: string): Promise<void> {
  return q.deleteFavorite(db, userId, listingId);
}

export function isInCollection(db: Db, userId: string, listingId: string): Promise<boolean> {
  return q.favoriteExists(db, userId, listingId);
}

/** The shopper's collection, most recently added first. */
export async function listCollection(deps: Deps, userId: string, cursor?: string) {
  return page(deps, await q.selectFavorites(deps.db, userId, pageSize + 1, decode(cursor)));
}

/**
 * Records that a signed-in shopper opened a product (the latest time counts). The product page calls it
 * once shown in the browser: reading a product records nothing. NOT_FOUND when the product is not sold.
 */
export async function recordFootprint(db: Db, userId: string, listingId: string): Promise<void> {
  if (!(await isSold(db, listingId))) throw new DomainError("not_found", "catalog.product.notFound");
  await q.upsertFootprint(db, userId, listingId, now());
}

/** The products the shopper viewed, newest first. */
export async function listFootprints(deps: Deps, userId: string, cursor?: string) {
  return page(deps, await q.selectFootprints(deps.db, userId, pageSize + 1, decode(cursor)));
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
