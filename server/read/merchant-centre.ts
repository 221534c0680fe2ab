// The merchant centre's and the operator's views of merchants: the applicant's status, the merchant home, the
// operator's merchants page, the store's supply and listings, its money. Read-only, across the merchants,
// stores, catalogue, ledger and accounts modules.
import type {
  MerchantHomeView,
  MerchantOpsItem,
  MerchantStatusView,
  SupplyInput,
} from "#common/contracts/merchants.ts";
import type { Role } from "#common/contracts/auth.ts";
import type { Locale } from "#common/locales.ts";
import { chartDays, type MerchantOpsView } from "#common/merchant-states.ts";
import type { Db } from "../db/client.ts";
import {
  storeListings,
  storeVariants,
  supplyForStore,
} from "../modules/catalog/merchant-listings.service.ts";
import { walletBalance } from "../modules/ledger/ledger.service.ts";
import {
  applicationsPage,
  applicationView,
  latestApplication,
} from "../modules/merchants/merchants.service.ts";
import { getOwnStore, getOwnStoreFigures, listStoresByStatus } from "../modules/stores/stores.service.ts";
import { jakartaDay, now } from "../platform/clock.ts";
import { DomainError } from "../platform/errors.ts";
import { imageView } from "../platform/images.ts";
import type { Storage } from "../platform/storage.ts";
import { selectStoreDays, selectStoreMoney } from "./merchant-stats.ts";
import { selectAccountNames } from "./operator-views.ts";

/** What the merchant entry shows: whether the user is a merchant, their latest application, their store. */
export async function merchantStatus(
  deps: { db: Db; storage: Storage },
  user: { id: string; role: Role },
): Promise<MerchantStatusView> {
  const [application, store] = await Promise.all([
    latestApplication(deps.db, user.id),
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

/** The operator's merchants page: applications (awaiting review, rejected) or stores (open, suspended). */
export async function listMerchantsForOps(
  deps: { db: Db; storage: Storage },
  input: { view: MerchantOpsView; cursor?: string | null; limit: number },
): Promise<{ items: MerchantOpsItem[]; nextCursor: string | null }> {
  const { db, storage } = deps;
  if (input.view === "pending" || input.view === "rejected") {
    const rows = await applicationsPage(db, {
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

type ShopDeps = { db: Db; storage: Storage; lang: Locale };

/** The caller's store; with `open`, refused while an operator has it suspended. */
export async function requireStore(db: Db, ownerId: string, open = false) {
  const store = await getOwnStore(db, ownerId);
  if (!store) throw new DomainError("forbidden", "errors.merchant.notMerchant");
  if (open && store.status !== "approved") throw new DomainError("forbidden", "errors.merchant.suspended");
  return store;
}

/** The supply catalogue for the caller's store. */
export async function merchantSupply(deps: ShopDeps, ownerId: string, input: SupplyInput) {
  return supplyForStore(deps, (await requireStore(deps.db, ownerId)).id, input);
}

/** A supply product's variants with the caller's store's price and on-sale state of each (the price dialog). */
export async function merchantVariants(deps: ShopDeps, ownerId: string, supplyProductId: string) {
  return storeVariants(deps, (await requireStore(deps.db, ownerId)).id, supplyProductId);
}

/** The caller's store's listings. */
export async function merchantListings(
  deps: ShopDeps,
  ownerId: string,
  input: { status: "active" | "hidden"; cursor?: string | null; limit: number },
) {
  return storeListings(deps, (await requireStore(deps.db, ownerId)).id, input);
}

/** A merchant's turnover and profit (decision 10), for the funds page beside the balance. */
export async function merchantMoney(db: Db, ownerId: string): Promise<{ turnover: number; profit: number }> {
  const store = await requireStore(db, ownerId);
  const money = await selectStoreMoney(db, store.id);
  return { turnover: money.turnover, profit: money.profit };
}
