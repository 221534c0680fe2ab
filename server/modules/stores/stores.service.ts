import type { StoreCardView } from "#common/contracts/catalog.ts";
import type {
  StorePageView,
  StoreSort,
  StoreStreetInput,
  StoreSummaryView,
} from "#common/contracts/stores.ts";
import { storeSorts } from "#common/sorts.ts";
import { z } from "zod";
import { DomainError } from "../../platform/errors.ts";
import type { Db, Tx } from "../../db/client.ts";
import { violates } from "../../db/transaction.ts";
import type { Logger } from "../../platform/logger.ts";
import type { StoredImage } from "#common/images.ts";
import type { StoreSettingsInput, StoreSettingsView } from "#common/contracts/merchants.ts";
import type { StoreStatus } from "#common/merchant-states.ts";
import { jakartaDay, now } from "../../platform/clock.ts";
import { cursorCodec, cursorIdSchema } from "../../platform/cursor.ts";
import { newId } from "../../platform/ids.ts";
import { pageOf } from "../../platform/pages.ts";
import { imageKinds, imageView, storeImage, storeUpload, type ImageInput } from "../../platform/images.ts";
import { memoByIdPerDatabase } from "../../platform/memo.ts";
import type { Storage } from "../../platform/storage.ts";
import * as q from "./stores.queries.ts";
import { forgetEverywhere } from "../../platform/kept-sync.ts";

type StoreCardRow = Awaited<ReturnType<typeof q.selectStoreCards>>[number];

/**
 * Store cards (name, logo, intro) kept for a minute: every product card names its store, so a product list
 * would otherwise read the stores again on every request. A change to a store forgets them (other processes
 * catch up within the minute).
 */
const storeCardRows = memoByIdPerDatabase<Db, StoreCardRow>("stores.cards", 60_000, 10_000);

interface NewStore {
  ownerId: string;
  name: string;
  intro: string;
  phone?: string;
  /** The logo as any common image format (or already stored); stored in the sizes the pages show it at. */
  logo?: ImageInput;
  /** A logo already stored (an application's). */
  logoImage?: StoredImage | null;
  autoPay?: boolean;
}

/** Opens an approved store for a merchant (operators approve applications; the seed uses it directly). */
export async function createStore(db: Db | Tx, storage: Storage, input: NewStore): Promise<string> {
  const id = newId("str");
  const logo = input.logo
    ? await storeImage(storage, imageKinds.storeLogo, input.logo)
    : (input.logoImage ?? null);
  await q.insertStore(db, {
    id,
    ownerId: input.ownerId,
    name: input.name,
    intro: input.intro,
    phone: input.phone ?? null,
    logo,
    autoPay: input.autoPay ?? false,
    status: "approved",
    createdAt: now(),
  });
  await forgetEverywhere(db, storeCardRows);
  return id;
}

/** Store cards by id, for pages that show which store sells something. */
export async function getStoreCards(
  db: Db,
  storage: Storage,
  ids: readonly string[],
): Promise<Map<string, StoreCardView>> {
  const rows = await storeCardRows.get(
    db,
    ids,
    async (missing, primary) => new Map((await q.selectStoreCards(primary, missing)).map((r) => [r.id, r])),
  );
  return new Map(
    [...rows.values()].map((r) => [
      r.id,
      { id: r.id, name: r.name, intro: r.intro, logo: imageView(storage, r.logo) },
    ]),
  );
}

/** A rating as pages show it: one decimal. */
const roundRating = (rating: number | null) => (rating === null ? null : Math.round(rating * 10) / 10);

type Summary = NonNullable<Awaited<ReturnType<typeof q.selectStoreSummary>>>;

/**
 * A store's public figures, from its row of store_stats (the database keeps them with the records, decision 7):
 * sales are the items of its paid orders not cancelled or returned; the rating is the average of its visible
 * reviews (one decimal); the level follows from its completed sales and its rating by the published rule.
 */
function summaryView(row: Summary, storage: Storage): StoreSummaryView {
  return {
    id: row.id,
    name: row.name,
    logo: imageView(storage, row.logo),
    intro: row.intro,
    level: row.level,
    rating: roundRating(row.rating),
    followers: row.followers,
    visits: row.visits,
    collections: row.collections,
    sales: row.sales,
    products: row.products,
    openedAt: row.createdAt,
  };
}

const streetOrders: Record<StoreSort, q.StreetOrder> = {
  overall: "overall",
  new: "new",
  visits: "visits",
  collections: "collections",
  rating: "rating",
  level: "level",
  sales: "sales",
};

/** A PostgreSQL snapshot as text (`xmin:xmax:xip,...`), as pg_current_snapshot() writes it. */
const snapshotText = /^\d{1,20}:\d{1,20}:(\d{1,20}(,\d{1,20})*)?$/;

/**
 * Where a page of the shop street continues: its sort and direction, the last store's key and id, and the
 * snapshot the first page was read in.
 */
const streetCursor = cursorCodec(
  z.tuple([
    z.enum(storeSorts),
    z.enum(["asc", "desc"]),
    z.number().finite(),
    cursorIdSchema,
    z.string().regex(snapshotText),
  ]),
);

/**
 * The shop street: approved stores by name, in any order, ascending or descending. The cursor carries the last
 * store's sort key and id and the snapshot the first page was read in, so every later page follows the order of
 * that moment: a store is never shown twice or skipped when figures change while someone scrolls (for an hour,
 * as long as store_stats_changes keeps the old keys).
 */
export async function listStreet(deps: { db: Db; storage: Storage }, input: StoreStreetInput) {
  const sort = input.sort ?? "overall";
  const direction = input.order ?? "desc";
  const limit = input.limit ?? 20;
  const decoded = input.cursor
    ? streetCursor.decode(input.cursor, ([s, d]) => s === sort && d === direction)
    : undefined;
  const after = decoded ? { key: decoded[2], id: decoded[3], snapshot: decoded[4] } : undefined;
  const rows = await q.selectStreet(deps.db, {
    name: input.q,
    order: streetOrders[sort],
    ascending: direction === "asc",
    after,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => summaryView(r, deps.storage)),
    nextCursor:
      rows.length > limit && last
        ? streetCursor.encode([sort, direction, Number(last.key), last.id, last.snapshot])
        : null,
  };
}

/** A store's page: its figures and whether the caller follows it. Reading it records nothing. */
export async function getStorePage(
  deps: { db: Db; storage: Storage },
  storeId: string,
  userId: string | undefined,
): Promise<Omit<StorePageView, "vouchers">> {
  const row = await q.selectStoreSummary(deps.db, storeId);
  if (!row) throw new DomainError("not_found", "stores.page.notFound");
  return {
    ...summaryView(row, deps.storage),
    following: userId ? await q.followExists(deps.db, userId, storeId) : null,
  };
}

/**
 * At most this many signed-out visitors from one address count toward a store's visits a day. Visitor ids
 * cost nothing to invent, so without a cap one client could count as many visitors as it likes; with it,
 * a few people behind one carrier address still count, and inflating takes many addresses or accounts.
 */
const signedOutVisitsPerAddress = 5;

/**
 * Counts a visit to a store, once per visitor per Indonesian day. The page calls it once shown in a
 * browser, so crawlers, prefetches and retried reads count nothing. A signed-in visitor is their user id;
 * a signed-out one is the context's visitor key (a first-party visitor id, never request headers such as
 * the User-Agent) with their hashed address, capped per address (`signedOutVisitsPerAddress`).
 */
/** Whether a user follows a store (the product page's follow button). */
export async function isFollowing(db: Db, userId: string, storeId: string): Promise<{ following: boolean }> {
  return { following: await q.followExists(db, userId, storeId) };
}

export async function visitStore(
  db: Db,
  storeId: string,
  visitor: { userId: string } | { visitorKey: string; addressKey: string },
): Promise<{ visits: number }> {
  if (!(await q.selectStoreSummary(db, storeId))) throw new DomainError("not_found", "stores.page.notFound");
  const day = jakartaDay(now());
  await q.insertVisit(
    db,
    "userId" in visitor
      ? { storeId, visitor: visitor.userId, day }
      : { storeId, visitor: visitor.visitorKey, day, address: visitor.addressKey },
    signedOutVisitsPerAddress,
  );
  return { visits: await q.countVisits(db, storeId) };
}

/** Follows or unfollows a store (repeating either is harmless). */
export async function setFollowing(db: Db, userId: string, storeId: string, follow: boolean): Promise<void> {
  if (!(await q.selectStoreSummary(db, storeId))) throw new DomainError("not_found", "stores.page.notFound");
  if (follow) await q.insertFollow(db, userId, storeId, now());
  else await q.deleteFollow(db, userId, storeId);
}

// ------------------------------------------------------------------------------------- the owner's store

/** Whether another store (not `exceptId`) already has this name, whatever its case. */
export function storeNameTaken(db: Db | Tx, name: string, exceptId?: string): Promise<boolean> {
  return q.storeNameExists(db, name, exceptId);
}

type OwnStoreRow = NonNullable<Awaited<ReturnType<typeof q.selectStoreByOwner>>>;

/** The store a merchant runs, whatever its status; undefined for anyone without one. */
export function getOwnStore(db: Db, ownerId: string): Promise<OwnStoreRow | undefined> {
  return q.selectStoreByOwner(db, ownerId);
}

async function requireOwnStore(db: Db, ownerId: string): Promise<OwnStoreRow> {
  const store = await q.selectStoreByOwner(db, ownerId);
  if (!store) throw new DomainError("forbidden", "errors.merchant.notMerchant");
  return store;
}

function settingsView(row: OwnStoreRow, storage: Storage): StoreSettingsView {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    logo: imageView(storage, row.logo),
    intro: row.intro,
    autoPay: row.autoPay,
    status: row.status,
  };
}

/** The store management page: what the merchant may change. */
export async function getStoreSettings(deps: { db: Db; storage: Storage }, ownerId: string) {
  return settingsView(await requireOwnStore(deps.db, ownerId), deps.storage);
}

/** A merchant changes its store's name, phone, introduction and auto-pay; the name stays unique. */
export async function updateStoreSettings(
  deps: { db: Db; storage: Storage },
  ownerId: string,
  input: StoreSettingsInput,
): Promise<StoreSettingsView> {
  const store = await requireOwnStore(deps.db, ownerId);
  if (await q.storeNameExists(deps.db, input.name, store.id))
    throw new DomainError("conflict", "errors.merchant.nameTaken");
  try {
    await q.updateStore(deps.db, store.id, {
      name: input.name,
      phone: input.phone,
      intro: input.intro,
      autoPay: input.autoPay,
    });
  } catch (error) {
    // Another store took the name between the check and the update.
    if (violates(error, "stores_name_unique")) throw new DomainError("conflict", "errors.merchant.nameTaken");
    throw error;
  }
  await forgetEverywhere(deps.db, storeCardRows);
  return settingsView((await q.selectStoreByOwner(deps.db, ownerId))!, deps.storage);
}

/** A merchant uploads its store's logo (resized to the sizes the pages show it at). */
export async function updateStoreLogo(
  deps: { db: Db; storage: Storage; log: Logger },
  ownerId: string,
  file: Blob,
): Promise<StoreSettingsView> {
  const store = await requireOwnStore(deps.db, ownerId);
  const logo = await storeUpload(deps, imageKinds.storeLogo, file);
  await q.updateStore(deps.db, store.id, { logo });
  await forgetEverywhere(deps.db, storeCardRows);
  return settingsView({ ...store, logo }, deps.storage);
}

/**
 * Sets a store's status in the operator's transaction (the store-status flow); returns the status before.
 * The row is locked, so two operators deciding at once decide one after the other.
 */
export async function setStoreStatus(
  tx: Tx,
  storeId: string,
  status: StoreStatus,
  reason: string | null,
): Promise<{ before: StoreStatus; ownerId: string }> {
  const store = await q.selectStoreForUpdate(tx, storeId);
  if (!store) throw new DomainError("not_found", "stores.page.notFound");
  await q.updateStore(tx, storeId, { status, statusReason: reason });
  await forgetEverywhere(tx, storeCardRows);
  return { before: store.status, ownerId: store.ownerId };
}

/** Stores in a status for the operator, newest first, a page at a time. */
export async function listStoresByStatus(
  db: Db,
  opts: { status: StoreStatus; cursor?: string | null; limit: number },
) {
  return pageOf(
    await q.selectStoresByStatus(db, {
      status: opts.status,
      before: opts.cursor ?? undefined,
      limit: opts.limit,
    }),
    opts.limit,
  );
}

/** A store's own figures for its merchant (level, followers, visits …), whatever its status. */
export async function getOwnStoreFigures(db: Db, storeId: string) {
  const row = (await q.selectOwnStoreFigures(db, storeId))!;
  return { ...row, rating: roundRating(row.rating) };
}

/** How long the street's old sort keys are kept: a street opened longer ago pages over current figures. */
export const statsChangesTtlMs = 60 * 60 * 1000;

/** Forgets the street's sort keys changed over an hour ago (a pg-boss cron, server/flows/jobs.ts); returns how many. */
export function forgetOldStatsChanges(db: Db): Promise<number> {
  return q.deleteStatsChangesBefore(db, new Date(now().getTime() - statsChangesTtlMs));
}
