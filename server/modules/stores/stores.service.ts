import type { StoreCardView } from "#common/contracts/catalog.ts";
import type {
  StorePageView,
  StoreSort,
  StoreStreetInput,
  StoreSummaryView,
} from "#common/contracts/stores.ts";
import { storeLevel } from "#common/store-level.ts";
import { DomainError } from "../../platform/errors.ts";
import type { Db } from "../../db/client.ts";
import { jakartaDay, now } from "../../platform/clock.ts";
import { newId } from "../../platform/ids.ts";
import { imageKinds, imageView, storeImage } from "../../platform/images.ts";
import { memoByIdPerDatabase } from "../../platform/memo.ts";
import type { Storage } from "../../platform/storage.ts";
import * as q from "./stores.queries.ts";

type StoreCardRow = Awaited<ReturnType<typeof q.selectStoreCards>>[number];

/**
 * Store cards (name, logo, intro) kept for a minute: every product card names its store, so a product list
 * would otherwise read the stores again on every request. A change to a store forgets them (other processes
 * catch up within the minute).
 */
const storeCardRows = memoByIdPerDatabase<Db, StoreCardRow>(60_000, 10_000);

export interface NewStore {
  ownerId: string;
  name: string;
  intro: string;
  phone?: string;
  /** The logo as any common image format; stored in the sizes the pages show it at. */
  logo?: Uint8Array;
  autoPay?: boolean;
}

/** Opens an approved store for a merchant (operators approve applications; the seed uses it directly). */
export async function createStore(db: Db, storage: Storage, input: NewStore): Promise<string> {
  const id = newId("str");
  const logo = input.logo ? await storeImage(storage, imageKinds.storeLogo, input.logo) : null;
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
  storeCardRows.forget();
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
    async (missing) => new Map((await q.selectStoreCards(db, missing)).map((r) => [r.id, r])),
  );
  return new Map(
    [...rows.values()].map((r) => [
      r.id,
      { id: r.id, name: r.name, intro: r.intro, logo: imageView(storage, r.logo) },
    ]),
  );
}

type Summary = NonNullable<Awaited<ReturnType<typeof q.selectStoreSummary>>>;

/**
 * A store's public figures, each computed from records: sales are the items of its paid orders not
 * cancelled; the level follows from its completed sales and its rating by the published rule (no reviews
 * exist yet, so no store has a rating).
 */
function summaryView(row: Summary, storage: Storage): StoreSummaryView {
  const sales = row.sales;
  const rating = null;
  return {
    id: row.id,
    name: row.name,
    logo: imageView(storage, row.logo),
    intro: row.intro,
    level: storeLevel(row.completedSales, rating),
    rating,
    followers: row.followers,
    visits: row.visits,
    collections: row.collections,
    sales,
    products: row.products,
    openedAt: row.createdAt,
  };
}

const streetOrders: Record<StoreSort, q.StreetOrder> = {
  overall: "overall",
  new: "new",
  visits: "visits",
  collections: "collections",
  // No reviews yet: every store's rating is equal (see summaryView).
  rating: "none",
  level: "level",
  sales: "sales",
};

/** The shop street: approved stores by name, in any order, ascending or descending. */
export async function listStreet(deps: { db: Db; storage: Storage }, input: StoreStreetInput) {
  const sort = input.sort ?? "overall";
  const direction = input.order ?? "desc";
  const limit = input.limit ?? 20;
  let after: { key: number; id: string } | undefined;
  if (input.cursor) {
    try {
      const [s, d, key, id] = JSON.parse(
        Buffer.from(input.cursor, "base64url").toString("utf8"),
      ) as unknown[];
      if (
        s !== sort ||
        d !== direction ||
        typeof key !== "number" ||
        !Number.isFinite(key) ||
        typeof id !== "string" ||
        !/^[0-9a-z_]{1,63}$/.test(id)
      )
        throw new Error();
      after = { key, id };
    } catch {
      throw new DomainError("bad_request", "errors.api.badRequest");
    }
  }
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
        ? Buffer.from(JSON.stringify([sort, direction, Number(last.key), last.id])).toString("base64url")
        : null,
  };
}

/** A store's page: its figures and whether the caller follows it. Reading it records nothing. */
export async function getStorePage(
  deps: { db: Db; storage: Storage },
  storeId: string,
  userId: string | undefined,
): Promise<StorePageView> {
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
export const signedOutVisitsPerAddress = 5;

/**
 * Counts a visit to a store, once per visitor per Indonesian day. The page calls it once shown in a
 * browser, so crawlers, prefetches and retried reads count nothing. A signed-in visitor is their user id;
 * a signed-out one is the context's visitor key (a first-party visitor id, never request headers such as
 * the User-Agent) with their hashed address, capped per address (`signedOutVisitsPerAddress`).
 */
export async function visitStore(
  db: Db,
  storeId: string,
  visitor: { userId: string } | { visitorKey: string; addressKey: string },
): Promise<void> {
  if (!(await q.selectStoreSummary(db, storeId))) throw new DomainError("not_found", "stores.page.notFound");
  const day = jakartaDay(now());
  await q.insertVisit(
    db,
    "userId" in visitor
      ? { storeId, visitor: visitor.userId, day }
      : { storeId, visitor: visitor.visitorKey, day, address: visitor.addressKey },
    signedOutVisitsPerAddress,
  );
}

/** Follows or unfollows a store (repeating either is harmless). */
export async function setFollowing(db: Db, userId: string, storeId: string, follow: boolean): Promise<void> {
  if (!(await q.selectStoreSummary(db, storeId))) throw new DomainError("not_found", "stores.page.notFound");
  if (follow) await q.insertFollow(db, userId, storeId, now());
  else await q.deleteFollow(db, userId, storeId);
}
