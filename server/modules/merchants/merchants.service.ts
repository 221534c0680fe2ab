import type {
  ApplicationFields,
  ApplicationView,
  MerchantHomeView,
  MerchantOpsItem,
  MerchantStatusView,
  OwnListingView,
  SupplyInput,
} from "#common/contracts/merchants.ts";
import { chartDays, type MerchantOpsView } from "#common/merchant-states.ts";
import type { Role } from "#common/contracts/auth.ts";
import type { Db, Tx } from "../../db/client.ts";
import { violates } from "../../db/transaction.ts";
import { jakartaDay, now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import { imageKinds, imageView, storeUpload } from "../../platform/images.ts";
import type { Logger } from "../../platform/logger.ts";
import type { Storage } from "../../platform/storage.ts";
import type { Locale } from "#common/locales.ts";
import { selectAccountNames } from "../../read/operator-views.ts";
import { selectStoreDays, selectStoreMoney } from "../../read/merchant-stats.ts";
import { recordAudit } from "../audit/audit.service.ts";
import {
  changeListing,
  isTopCategory,
  listInStore,
  storeListings,
  supplyForStore,
} from "../catalog/catalog.service.ts";
import { once, walletBalance } from "../ledger/ledger.service.ts";
import {
  getOwnStore,
  getOwnStoreFigures,
  listStoresByStatus,
  storeNameTaken,
} from "../stores/stores.service.ts";
import * as q from "./merchants.queries.ts";

interface MerchantDeps {
  db: Db;
  storage: Storage;
  log: Logger;
}

type ApplicationRow = NonNullable<Awaited<ReturnType<typeof q.selectLatestApplication>>>;

function applicationView(row: ApplicationRow, storage: Storage): ApplicationView {
  return {
    id: row.id,
    storeName: row.storeName,
    phone: row.phone,
    intro: row.intro,
    ownerName: row.ownerName,
    categoryId: row.categoryId,
    logo: imageView(storage, row.logo),
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt,
    decidedAt: row.decidedAt,
  };
}

/** Whether a store name is free: no store has it and no one else's application awaiting review asks for it. */
async function nameFree(db: Db | Tx, name: string, userId: string): Promise<boolean> {
  return !(await storeNameTaken(db, name)) && !(await q.pendingNameExists(db, name, userId));
}

/**
 * A shopper applies to run a store. Refused for merchants and operators, while another application of theirs
 * awaits review, and when the store name is taken (by a store, or by someone else's application awaiting
 * review). The logo, if any, is stored first (files are named by content, so a retry writes nothing twice).
 */
export async function applyForStore(
  deps: MerchantDeps,
  user: { id: string; role: Role },
  input: { fields: ApplicationFields; logo: Blob | null },
): Promise<ApplicationView> {
  if (user.role === "merchant") throw new DomainError("conflict", "errors.merchant.already");
  if (user.role !== "shopper") throw new DomainError("forbidden", "errors.api.forbidden");
  const { fields } = input;
  if (!(await isTopCategory(deps.db, fields.categoryId)))
    throw new DomainError("bad_request", "errors.merchant.category");
  const latest = await q.selectLatestApplication(deps.db, user.id);
  if (latest?.status === "pending") throw new DomainError("conflict", "errors.merchant.pending");
  if (!(await nameFree(deps.db, fields.storeName, user.id)))
    throw new DomainError("conflict", "errors.merchant.nameTaken");
  const logo = input.logo ? await storeUpload(deps, imageKinds.storeLogo, input.logo) : null;
  const row = {
    id: newId("app"),
    userId: user.id,
    storeName: fields.storeName,
    phone: fields.phone,
    logo,
    intro: fields.intro,
    ownerName: fields.ownerName,
    categoryId: fields.categoryId,
    status: "pending" as const,
    createdAt: now(),
  };
  try {
    await q.insertApplication(deps.db, row);
  } catch (error) {
    // The same user submitted twice at once: the second finds the first awaiting review.
    if (violates(error, "merchant_applications_one_pending"))
      throw new DomainError("conflict", "errors.merchant.pending");
    throw error;
  }
  return applicationView({ ...row, reason: null, storeId: null, decidedAt: null }, deps.storage);
}

/** What the merchant entry shows: whether the user is a merchant, their latest application, their store. */
export async function merchantStatus(
  deps: { db: Db; storage: Storage },
  user: { id: string; role: Role },
): Promise<MerchantStatusView> {
  const [application, store] = await Promise.all([
    q.selectLatestApplication(deps.db, user.id),
    user.role === "merchant" ? getOwnStore(deps.db, user.id) : undefined,
  ]);
  return {
    merchant: user.role === "merchant" && store !== undefined,
    application: application ? applicationView(application, deps.storage) : null,
    store: store ? { id: store.id, status: store.status, reason: store.statusReason } : null,
  };
}

/** The days of the chart: the last `chartDays` Indonesian days, oldest first, each filled (0 when quiet). */
function chartOf(rows: { day: string; turnover: number; orders: number }[], today: Date) {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const days = [];
  for (let i = chartDays - 1; i >= 0; i--) {
    const day = jakartaDay(new Date(today.getTime() - i * 24 * 60 * 60 * 1000));
    days.push(byDay.get(day) ?? { day, turnover: 0, orders: 0 });
  }
  return days;
}

/** The merchant home: the store and its figures, each computed from records when read. */
export async function merchantHome(
  deps: { db: Db; storage: Storage },
  ownerId: string,
): Promise<MerchantHomeView> {
  const store = await requireStore(deps.db, ownerId);
  const at = now();
  // The first WIB midnight of the chart: WIB is UTC+7 all year (Indonesia keeps no daylight saving).
  const firstDay = jakartaDay(new Date(at.getTime() - (chartDays - 1) * 24 * 60 * 60 * 1000));
  const from = new Date(`${firstDay}T00:00:00+07:00`);
  const [figures, money, balance, days] = await Promise.all([
    getOwnStoreFigures(deps.db, store.id),
    selectStoreMoney(deps.db, store.id),
    walletBalance(deps.db, ownerId),
    selectStoreDays(deps.db, store.id, from),
  ]);
  return {
    store: {
      id: store.id,
      name: store.name,
      logo: imageView(deps.storage, store.logo),
      status: store.status,
      reason: store.statusReason,
      level: figures.level,
      rating: figures.rating,
    },
    products: figures.products,
    assets: balance + money.held,
    balance,
    turnover: money.turnover,
    profit: money.profit,
    collections: figures.collections,
    visits: figures.visits,
    followers: figures.followers,
    days: chartOf(days, at),
  };
}

// ------------------------------------------------------------------------------------------- operators

/** Locks an application awaiting review, for an operator's decision. */
export async function lockPendingApplication(tx: Tx, id: string): Promise<ApplicationRow> {
  const row = await q.selectApplicationForUpdate(tx, id);
  if (!row) throw new DomainError("not_found", "errors.merchant.applicationNotFound");
  if (row.status !== "pending") throw new DomainError("conflict", "errors.merchant.decided");
  return row;
}

/** Records an approval in the approval flow's transaction (the flow opens the store and sets the role). */
export async function markApproved(
  tx: Tx,
  row: ApplicationRow,
  operatorId: string,
  storeId: string,
): Promise<void> {
  await q.updateApplication(tx, row.id, {
    status: "approved",
    decidedBy: operatorId,
    decidedAt: now(),
    storeId,
  });
}

/** An operator rejects an application with a reason the applicant reads; they may apply again. Audited. */
export async function rejectApplication(
  db: Db,
  operatorId: string,
  input: { id: string; reason: string; idempotencyKey: string },
): Promise<{ id: string; status: "rejected" }> {
  return once(
    db,
    {
      userId: operatorId,
      key: input.idempotencyKey,
      operation: "ops.merchants.reject",
      request: { id: input.id, reason: input.reason },
    },
    async (tx) => {
      const row = await lockPendingApplication(tx, input.id);
      await q.updateApplication(tx, row.id, {
        status: "rejected",
        reason: input.reason,
        decidedBy: operatorId,
        decidedAt: now(),
      });
      await recordAudit(tx, {
        actorId: operatorId,
        action: "merchant.reject",
        subject: { type: "application", id: row.id },
        before: { status: "pending" },
        after: { status: "rejected", reason: input.reason },
      });
      return { id: row.id, status: "rejected" as const };
    },
  );
}

/** The operator's merchants page: applications (awaiting review, rejected) or stores (open, suspended). */
export async function listMerchantsForOps(
  deps: { db: Db; storage: Storage },
  input: { view: MerchantOpsView; cursor?: string | null; limit: number },
): Promise<{ items: MerchantOpsItem[]; nextCursor: string | null }> {
  const { db, storage } = deps;
  if (input.view === "pending" || input.view === "rejected") {
    const rows = await q.selectApplications(db, {
      status: input.view,
      before: input.cursor ?? undefined,
      limit: input.limit,
    });
    const items = rows.slice(0, input.limit);
    const accounts = await selectAccountNames(db, [...new Set(items.map((r) => r.userId))]);
    return {
      items: items.map((r) => ({
        kind: "application" as const,
        id: r.id,
        account: accounts.get(r.userId) ?? r.userId,
        storeName: r.storeName,
        phone: r.phone,
        intro: r.intro,
        ownerName: r.ownerName,
        categoryId: r.categoryId,
        logo: imageView(storage, r.logo),
        status: r.status,
        reason: r.reason,
        createdAt: r.createdAt,
      })),
      nextCursor: rows.length > input.limit ? (items.at(-1)?.id ?? null) : null,
    };
  }
  const page = await listStoresByStatus(db, {
    status: input.view,
    cursor: input.cursor,
    limit: input.limit,
  });
  const accounts = await selectAccountNames(db, [...new Set(page.items.map((r) => r.ownerId))]);
  return {
    items: page.items.map((s) => ({
      kind: "store" as const,
      id: s.id,
      account: accounts.get(s.ownerId) ?? s.ownerId,
      storeName: s.name,
      phone: s.phone,
      intro: s.intro,
      ownerName: null,
      categoryId: null,
      logo: imageView(storage, s.logo),
      status: s.status,
      reason: s.statusReason,
      createdAt: s.createdAt,
    })),
    nextCursor: page.nextCursor,
  };
}

/** How many applications await review (the operator area's badge). */
export function pendingApplications(db: Db): Promise<number> {
  return q.countPendingApplications(db);
}

// ------------------------------------------------------------------------------ the store's products

type ShopDeps = { db: Db; storage: Storage; lang: Locale };

/** The caller's store; with `open`, refused while an operator has it suspended. */
async function requireStore(db: Db, ownerId: string, open = false) {
  const store = await getOwnStore(db, ownerId);
  if (!store) throw new DomainError("forbidden", "errors.merchant.notMerchant");
  if (open && store.status !== "approved") throw new DomainError("forbidden", "errors.merchant.suspended");
  return store;
}

/** The supply catalogue for the caller's store. */
export async function merchantSupply(deps: ShopDeps, ownerId: string, input: SupplyInput) {
  return supplyForStore(deps, (await requireStore(deps.db, ownerId)).id, input);
}

/** The caller's store's listings. */
export async function merchantListings(
  deps: ShopDeps,
  ownerId: string,
  input: { status: "active" | "hidden"; cursor?: string | null; limit: number },
) {
  return storeListings(deps, (await requireStore(deps.db, ownerId)).id, input);
}

/** The caller's store lists a supply product at its own price (not below the merchant price). */
export async function listProduct(
  deps: ShopDeps,
  ownerId: string,
  input: { supplyProductId: string; price: number },
): Promise<OwnListingView> {
  const store = await requireStore(deps.db, ownerId, true);
  const id = await listInStore(deps.db, { storeId: store.id, ...input });
  return changeListing(deps, store.id, id, { status: "active" });
}

/** The caller's store changes a listing's price, or delists or relists it. */
export async function updateListing(
  deps: ShopDeps,
  ownerId: string,
  listingId: string,
  change: { price: number } | { status: "active" | "hidden" },
): Promise<OwnListingView> {
  const store = await requireStore(deps.db, ownerId, true);
  return changeListing(deps, store.id, listingId, change);
}

/** A merchant's turnover and profit (decision 10), for the funds page beside the balance. */
export async function merchantMoney(db: Db, ownerId: string): Promise<{ turnover: number; profit: number }> {
  const store = await requireStore(db, ownerId);
  const money = await selectStoreMoney(db, store.id);
  return { turnover: money.turnover, profit: money.profit };
}
