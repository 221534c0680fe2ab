// The operator's overview of the platform: the dashboard (daily figures and the queues waiting for an
// operator) and the accounts (search, and one account with its store, orders and wallet). This read owns
// no tables: it reads through the other modules' services and the cross-module SQL of server/read/. Suspending
// an account is a flow (server/flows/users.ts).
import type { DashboardView, OpsUser, OpsUserDetail } from "#common/contracts/admin.ts";
import type { Role } from "#common/contracts/auth.ts";
import type { MessageKey } from "#common/i18n/messages.ts";
import type { Locale } from "#common/locales.ts";
import type { Db } from "../db/client.ts";
import { jakartaDay, now } from "../platform/clock.ts";
import { DomainError } from "../platform/errors.ts";
import { pageOf } from "../platform/pages.ts";
import type { Storage } from "../platform/storage.ts";
import { selectDailyFigures } from "./ops-dashboard.ts";
import { selectUserForOps, selectUsersForOps } from "./ops-users.ts";
import { walletBalance, walletHeld, walletHistory } from "../modules/ledger/ledger.service.ts";
import { pendingApplications } from "../modules/merchants/merchants.service.ts";
import { fulfilmentCounts } from "./fulfilment.ts";
import { listOrders } from "./orders.ts";
import { afterSalesCounts } from "../modules/orders/returns.service.ts";
import { pendingWithdrawalCount, selectBankCard } from "../modules/wallet/wallet.service.ts";
import { payoutHoldUntil } from "./payout-hold.ts";

// -------------------------------------------------------------------------------------------- dashboard

/** How many Indonesian days the dashboard shows, today included. */
const dashboardDays = 14;
const dayMs = 24 * 60 * 60 * 1000;

/** What the queues' counts are read from, each read at most once per dashboard. */
function queueSources(db: Db) {
  let fulfilment: ReturnType<typeof fulfilmentCounts> | undefined;
  let afterSales: ReturnType<typeof afterSalesCounts> | undefined;
  return {
    db,
    fulfilment: () => (fulfilment ??= fulfilmentCounts(db)),
    afterSales: () => (afterSales ??= afterSalesCounts(db)),
  };
}

interface Queue {
  key: string;
  label: MessageKey;
  /** The page that works the queue off, without the language prefix. */
  path: string;
  count: (from: ReturnType<typeof queueSources>) => Promise<number>;
}

/**
 * What waits for an operator, in the order the dashboard lists it. Another queue is one more entry here, with
 * its label in the three message catalogues.
 */
const queues: readonly Queue[] = [
  {
    key: "withdrawals",
    label: "ops.dashboard.queues.withdrawals",
    path: "/ops/withdrawals?status=pending",
    count: (s) => pendingWithdrawalCount(s.db),
  },
  {
    key: "applications",
    label: "ops.dashboard.queues.applications",
    path: "/ops/merchants?status=pending",
    count: (s) => pendingApplications(s.db),
  },
  {
    key: "toShip",
    label: "ops.dashboard.queues.toShip",
    path: "/ops/orders?status=to_ship",
    count: async (s) => (await s.fulfilment()).toShip,
  },
  {
    key: "exceptions",
    label: "ops.dashboard.queues.exceptions",
    path: "/ops/orders?status=exception",
    count: async (s) => (await s.fulfilment()).exception,
  },
  {
    key: "escalated",
    label: "ops.dashboard.queues.escalated",
    path: "/ops/aftersales?status=escalated",
    count: async (s) => (await s.afterSales()).escalated,
  },
  {
    key: "toReplace",
    label: "ops.dashboard.queues.toReplace",
    path: "/ops/aftersales?status=to_replace",
    count: async (s) => (await s.afterSales()).toReplace,
  },
  {
    key: "toRefund",
    label: "ops.dashboard.queues.toRefund",
    path: "/ops/aftersales?status=returns",
    count: async (s) => (await s.afterSales()).toRefund,
  },
];

/**
 * The dashboard: for each of the last 14 WIB days, orders placed, orders paid and their turnover, and new
 * accounts, computed from the records when read (days without any show zeroes); and the queues' counts.
 */
export async function opsDashboard(db: Db): Promise<DashboardView> {
  const at = now();
  const days = Array.from({ length: dashboardDays }, (_, i) =>
    jakartaDay(new Date(at.getTime() - (dashboardDays - 1 - i) * dayMs)),
  );
  // The first day's WIB midnight: WIB is UTC+7 all year.
  const from = new Date(`${days[0]}T00:00:00+07:00`);
  const sources = queueSources(db);
  const [figures, counts] = await Promise.all([
    selectDailyFigures(db, from),
    Promise.all(queues.map((q) => q.count(sources))),
  ]);
  return {
    days: days.map((day) => ({
      day,
      orders: figures.placed.get(day) ?? 0,
      paidOrders: figures.paid.get(day)?.count ?? 0,
      turnover: figures.paid.get(day)?.turnover ?? 0,
      newUsers: figures.joined.get(day) ?? 0,
    })),
    queues: queues.map((q, i) => ({ key: q.key, label: q.label, path: q.path, count: counts[i]! })),
  };
}

// ------------------------------------------------------------------------------------------------ users

/** A merchant shops too; an operator only operates. */
function rolesOf(role: Role): Role[] {
  return role === "merchant" ? ["shopper", "merchant"] : [role];
}

type UserRow = NonNullable<Awaited<ReturnType<typeof selectUserForOps>>>;

function userView(row: UserRow): OpsUser {
  return {
    id: row.id,
    email: row.email,
    phone: row.phone,
    roles: rolesOf(row.role),
    createdAt: row.createdAt,
    suspended: row.suspendedAt ? { at: row.suspendedAt, reason: row.suspendedReason ?? "" } : null,
    store:
      row.storeId && row.storeName && row.storeStatus
        ? { id: row.storeId, name: row.storeName, status: row.storeStatus }
        : null,
  };
}

/**
 * What an operator typed in the search, as a search: an email (or part of one), or a phone number in any of
 * the ways Indonesians write it (0812…, 812…, 62812…, +62 812-…), or its beginning, which finds the numbers
 * stored in E.164 that begin so.
 */
export function userSearch(q: string | undefined): { email?: string; phonePrefix?: string } {
  if (!q) return {};
  if (/^[+\d\s().-]+$/.test(q) && /\d/.test(q)) {
    const digits = q.replace(/\D/g, "");
    const international = digits.startsWith("0")
      ? `62${digits.slice(1)}`
      : digits.startsWith("8")
        ? `62${digits}`
        : digits;
    return { phonePrefix: `+${international}` };
  }
  return { email: q.toLowerCase() };
}

/** Accounts, newest first, found by email or phone, a page at a time. */
export async function searchUsers(
  db: Db,
  input: { q?: string; cursor?: string | null; limit: number },
): Promise<{ items: OpsUser[]; nextCursor: string | null }> {
  const rows = await selectUsersForOps(db, {
    ...userSearch(input.q),
    before: input.cursor ?? undefined,
    limit: input.limit,
  });
  const page = pageOf(rows, input.limit);
  return { items: page.items.map(userView), nextCursor: page.nextCursor };
}

/** How many of an account's latest orders and wallet movements the operator sees with it. */
const recentOrders = 5;
const recentMoves = 10;

/** One account: roles, store, latest orders, and its wallet from the ledger (read only: nothing moves here). */
export async function userDetail(
  deps: { db: Db; storage: Storage; lang: Locale },
  userId: string,
): Promise<OpsUserDetail> {
  const row = await selectUserForOps(deps.db, userId);
  if (!row) throw new DomainError("not_found", "errors.users.notFound");
  const [orders, balance, held, moves, card] = await Promise.all([
    listOrders(deps, userId, { tab: "all", limit: recentOrders }),
    walletBalance(deps.db, userId),
    walletHeld(deps.db, userId),
    walletHistory(deps.db, userId, { limit: recentMoves }),
    selectBankCard(deps.db, userId),
  ]);
  return {
    ...userView(row),
    orders: orders.items.map((o) => ({
      id: o.id,
      code: o.code,
      status: o.status,
      // What the shopper pays for it, COD fee included, as their own order page shows it.
      total: o.grandTotal,
      createdAt: o.createdAt,
    })),
    wallet: {
      balance,
      held,
      moves: moves.items.map((m) => ({ ...m, asked: null })),
      payoutHoldUntil: card ? await payoutHoldUntil(deps.db, userId, card) : null,
    },
  };
}
