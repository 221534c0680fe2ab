import { useState } from "react";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronLeft, Search } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/users";
import { displayAccount } from "#common/account-display.ts";
import type { OpsUser, OpsUserDetail } from "#common/contracts/admin.ts";
import { LoadMore } from "../../features/catalog/infinite-products.tsx";
import { DecisionDialog } from "../../features/ops/decision-dialog.tsx";
import { operatorOnly, rethrowNotFound, serverT, withServerApi } from "../../lib/api.server.ts";
import { formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { modal } from "../../lib/modal.ts";
import { formatDateTime, useTimeZone } from "../../lib/time-zone.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { Card, SummaryRow } from "../../ui/card.tsx";
import { QueryBoundary } from "../../lib/queries.tsx";

type Trpc = ReturnType<typeof useTRPC>;

const listQuery = (trpc: Trpc, q: string | undefined) =>
  trpc.ops.users.list.infiniteQueryOptions(
    { q, limit: 20 },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );

const searchOf = (search: URLSearchParams) => search.get("q")?.trim().slice(0, 254) || undefined;
/** `?id=usr_…` opens one user; anything else shows the list. */
const userIdOf = (search: URLSearchParams) => {
  const id = search.get("id");
  return id && /^usr_[0-9a-z]{1,59}$/.test(id) ? id : undefined;
};

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const id = userIdOf(url.searchParams);
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    (id
      ? queryClient.fetchQuery(trpc.ops.users.get.queryOptions({ id }))
      : queryClient.fetchInfiniteQuery(listQuery(trpc, searchOf(url.searchParams)))
    )
      .then(() => null)
      .catch((error: unknown) => {
        // A user who does not exist is a 404 page; a visitor or non-operator as on every operator page.
        if ((error as { code?: unknown } | null)?.code === "NOT_FOUND") rethrowNotFound(error);
        return operatorOnly(url, locale)(error);
      }),
  );
  return { dehydrated, title: serverT(context, locale)("ops.nav.users") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

const badge = "rounded-full px-2 py-0.5 text-xs font-semibold";

// The order's status and a signed movement are written here rather than taken from the order and wallet
// pages' pieces, whose other imports (product cards, form fields) would put this page over its JavaScript
// budget (scripts/page-budgets.ts).

function OrderStatus(props: { status: OpsUserDetail["orders"][number]["status"] }) {
  const { t } = useI18n();
  const tone =
    props.status === "cancelled"
      ? "text-gray-600 dark:text-gray-400"
      : props.status === "completed"
        ? "text-primary-800 dark:text-primary-300"
        : "text-amber-800 dark:text-amber-300";
  return (
    <span className={`text-sm font-semibold whitespace-nowrap ${tone}`}>
      {t(`orders.status.${props.status}`)}
    </span>
  );
}

/** "+Rp 100.000" in green, "−Rp 52.500" in red. */
function Signed(props: { amount: number }) {
  const positive = props.amount > 0;
  return (
    <span
      className={`text-sm font-semibold tabular-nums ${
        positive ? "text-primary-800 dark:text-primary-300" : "text-red-700 dark:text-red-400"
      }`}
    >
      {positive ? "+" : "−"}
      {formatRupiah(Math.abs(props.amount))}
    </span>
  );
}

/** Roles and whether the account may sign in, as small labels. */
function Badges(props: { user: OpsUser }) {
  const { t } = useI18n();
  return (
    <ul className="mt-1 flex flex-wrap gap-1">
      {props.user.roles.map((r) => (
        <li key={r} className={`${badge} bg-gray-100 text-gray-800 dark:bg-gray-800 dark:text-gray-200`}>
          {t(`ops.users.roles.${r}`)}
        </li>
      ))}
      <li
        className={`${badge} ${
          props.user.suspended
            ? "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200"
            : "bg-primary-50 text-primary-900 dark:bg-primary-950 dark:text-primary-200"
        }`}
      >
        {t(props.user.suspended ? "ops.users.suspendedBadge" : "ops.users.active")}
      </li>
    </ul>
  );
}

function StoreLine(props: { user: OpsUser }) {
  const { t } = useI18n();
  const store = props.user.store;
  if (!store) return null;
  return (
    <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
      {t("ops.users.store", { name: store.name })}
      {store.status === "suspended" && ` · ${t("ops.users.storeSuspended")}`}
    </p>
  );
}

function UserRow(props: { user: OpsUser }) {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const [search] = useSearchParams();
  const { user } = props;
  const account = displayAccount(user);
  const next = new URLSearchParams(search);
  next.set("id", user.id);
  return (
    <li className="rounded-xl bg-white p-4 dark:bg-gray-900" data-testid="ops-user">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold break-all">{account}</p>
          <Badges user={user} />
          <StoreLine user={user} />
          <p className="mt-1 text-xs text-gray-600 dark:text-gray-400">
            {t("ops.users.joined", { date: formatDateTime(user.createdAt, locale, zone) })}
          </p>
        </div>
        <Link
          to={`?${next.toString()}`}
          aria-label={t("ops.users.detailsLabel", { account })}
          className="flex h-10 shrink-0 items-center rounded-full border border-primary-700 px-3 text-sm font-semibold text-primary-800 dark:border-primary-400 dark:text-primary-300"
        >
          {t("ops.users.details")}
        </Link>
      </div>
    </li>
  );
}

/** One user: roles, store, sign-in (suspend or reinstate), latest orders and the wallet as the ledger has it. */
function UserDetail(props: { user: OpsUserDetail }) {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { user } = props;
  const account = displayAccount(user);
  const done = (message: string) => () => {
    toast.notify(message, "success");
    void queryClient.invalidateQueries({ queryKey: trpc.ops.users.pathKey() });
  };
  const suspend = useMutation(
    trpc.ops.users.suspend.mutationOptions({ onSuccess: done(t("ops.users.suspended")) }),
  );
  const reinstate = useMutation(
    trpc.ops.users.reinstate.mutationOptions({ onSuccess: done(t("ops.users.reinstated")) }),
  );
  const endSessions = useMutation(
    trpc.ops.users.endSessions.mutationOptions({
      onSuccess: ({ ended }) => done(t("ops.users.sessionsEnded", { count: ended }))(),
    }),
  );
  const releaseHold = useMutation(
    trpc.ops.users.releasePayoutHold.mutationOptions({ onSuccess: done(t("ops.users.holdReleased")) }),
  );
  const operator = user.roles.includes("operator");
  return (
    <>
      <Card>
        <p className="text-lg font-semibold break-all" data-testid="user-account">
          {account}
        </p>
        <Badges user={user} />
        <StoreLine user={user} />
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
          {t("ops.users.joined", { date: formatDateTime(user.createdAt, locale, zone) })}
        </p>
        {user.suspended && (
          <p className="mt-2 text-sm text-red-800 dark:text-red-300" data-testid="user-suspension">
            {t("ops.users.suspendedSince", {
              date: formatDateTime(user.suspended.at, locale, zone),
              reason: user.suspended.reason,
            })}
          </p>
        )}
        {operator ? (
          <p className="mt-3 text-sm text-gray-700 dark:text-gray-300">{t("ops.users.operatorNote")}</p>
        ) : user.suspended ? (
          <button
            type="button"
            disabled={reinstate.isPending}
            className="mt-3 h-11 w-full rounded-full bg-primary-700 font-semibold text-white"
            onClick={() =>
              modal.open(DecisionDialog, {
                title: t("ops.users.reinstateTitle"),
                body: t("ops.users.reinstateBody", { account }),
                confirmLabel: t("ops.users.reinstate"),
                onConfirm: ({ idempotencyKey }) => reinstate.mutate({ id: user.id, idempotencyKey }),
              })
            }
          >
            {t("ops.users.reinstate")}
          </button>
        ) : (
          <button
            type="button"
            disabled={suspend.isPending}
            className="mt-3 h-11 w-full rounded-full border border-red-700 font-semibold text-red-700 dark:border-red-400 dark:text-red-400"
            onClick={() =>
              modal.open(DecisionDialog, {
                title: t("ops.users.suspendTitle"),
                body: t("ops.users.suspendBody", { account }),
                reasonLabel: t("ops.reason"),
                confirmLabel: t("ops.users.suspend"),
                danger: true,
                onConfirm: ({ reason, idempotencyKey }) =>
                  suspend.mutate({ id: user.id, reason, idempotencyKey }),
              })
            }
          >
            {t("ops.users.suspend")}
          </button>
        )}
        {!operator && (
          <button
            type="button"
            disabled={endSessions.isPending}
            className="mt-3 h-11 w-full rounded-full border border-gray-400 font-semibold dark:border-gray-500"
            onClick={() =>
              modal.open(DecisionDialog, {
                title: t("ops.users.endSessionsTitle"),
                body: t("ops.users.endSessionsBody", { account }),
                confirmLabel: t("ops.users.endSessions"),
                danger: true,
                onConfirm: ({ idempotencyKey }) => endSessions.mutate({ id: user.id, idempotencyKey }),
              })
            }
          >
            {t("ops.users.endSessions")}
          </button>
        )}
      </Card>
      <Card labelledBy="user-orders">
        <h2 id="user-orders" className="font-semibold">
          {t("ops.users.orders")}
        </h2>
        {user.orders.length === 0 ? (
          <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">{t("ops.users.noOrders")}</p>
        ) : (
          <ul className="mt-1 divide-y divide-gray-100 dark:divide-gray-800" data-testid="user-orders">
            {user.orders.map((o) => (
              <li key={o.id} className="flex items-start justify-between gap-3 py-2">
                <div className="min-w-0">
                  <p className="font-mono text-sm">{o.code}</p>
                  <p className="text-xs text-gray-600 dark:text-gray-400">
                    {formatDateTime(o.createdAt, locale, zone)}
                  </p>
                </div>
                <div className="text-end">
                  <OrderStatus status={o.status} />
                  <p className="text-sm font-semibold tabular-nums">{formatRupiah(o.total)}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card labelledBy="user-wallet">
        <h2 id="user-wallet" className="font-semibold">
          {t("ops.users.wallet")}
        </h2>
        <dl className="mt-1" data-testid="user-wallet">
          <SummaryRow label={t("ops.users.balance")} strong>
            {formatRupiah(user.wallet.balance)}
          </SummaryRow>
          <SummaryRow label={t("ops.users.held")}>{formatRupiah(user.wallet.held)}</SummaryRow>
        </dl>
        {user.wallet.payoutHoldUntil && (
          <>
            <p className="mt-2 text-sm text-amber-900 dark:text-amber-200" data-testid="user-payout-hold">
              {t("ops.users.payoutHold", { time: formatDateTime(user.wallet.payoutHoldUntil, locale, zone) })}
            </p>
            <button
              type="button"
              disabled={releaseHold.isPending}
              className="mt-2 h-11 w-full rounded-full border border-gray-400 font-semibold dark:border-gray-500"
              onClick={() =>
                modal.open(DecisionDialog, {
                  title: t("ops.users.releaseHoldTitle"),
                  body: t("ops.users.releaseHoldBody", { account }),
                  reasonLabel: t("ops.reason"),
                  confirmLabel: t("ops.users.releaseHold"),
                  onConfirm: ({ reason, idempotencyKey }) =>
                    releaseHold.mutate({ id: user.id, reason, idempotencyKey }),
                })
              }
            >
              {t("ops.users.releaseHold")}
            </button>
          </>
        )}
        <h3 className="mt-3 text-sm font-semibold">{t("ops.users.moves")}</h3>
        {user.wallet.moves.length === 0 ? (
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{t("ops.users.noMoves")}</p>
        ) : (
          <ul className="mt-1 divide-y divide-gray-100 dark:divide-gray-800" data-testid="user-moves">
            {user.wallet.moves.map((m) => (
              <li key={m.id} className="flex items-start justify-between gap-3 py-2">
                <div className="min-w-0">
                  <p className="text-sm">
                    {t(`wallet.fund.entries.${m.entry}`)}
                    {m.state !== "completed" && ` · ${t(`wallet.fund.states.${m.state}`)}`}
                  </p>
                  <p className="text-xs text-gray-600 dark:text-gray-400">
                    {formatDateTime(m.at, locale, zone)}
                  </p>
                </div>
                <Signed amount={m.amount} />
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}

function UserPage(props: { id: string }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const [search] = useSearchParams();
  const user = useQuery(trpc.ops.users.get.queryOptions({ id: props.id })).data;
  const back = new URLSearchParams(search);
  back.delete("id");
  return (
    <main id="main" className="pb-8">
      <Link
        to={`?${back.toString()}`}
        className="mx-3 mt-3 inline-flex h-10 items-center gap-1 px-1 text-sm font-semibold text-primary-800 dark:text-primary-300"
      >
        <ChevronLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
        {t("ops.users.back")}
      </Link>
      <h1 className="px-4 pt-1 text-xl font-bold">{t("ops.users.title")}</h1>
      {user && <UserDetail user={user} />}
    </main>
  );
}

/** Accounts by email or phone, newest first, each opening in full (product.md section 7). */
function UsersList() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const [search, setSearch] = useSearchParams();
  const q = searchOf(search);
  const [text, setText] = useState(q ?? "");
  const list = useInfiniteQuery(listQuery(trpc, q));
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <main id="main" className="pb-8">
      <h1 className="px-4 pt-4 text-xl font-bold">{t("ops.nav.users")}</h1>
      <form
        role="search"
        className="flex gap-2 px-3 py-3"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch((s) => {
            if (text.trim()) s.set("q", text.trim());
            else s.delete("q");
            return s;
          });
        }}
      >
        <label className="flex h-11 min-w-0 flex-1 items-center gap-2 rounded-full border border-gray-300 bg-white px-3 dark:border-gray-600 dark:bg-gray-900">
          <Search className="size-4 shrink-0 text-gray-500" aria-hidden="true" />
          <span className="sr-only">{t("ops.users.search")}</span>
          <input
            type="search"
            value={text}
            maxLength={254}
            placeholder={t("ops.users.search")}
            autoCapitalize="none"
            spellCheck={false}
            onChange={(e) => setText(e.target.value)}
            className="min-w-0 flex-1 bg-transparent outline-none"
          />
        </label>
        <button
          type="submit"
          className="h-11 shrink-0 rounded-full bg-primary-700 px-4 font-semibold text-white"
        >
          {t("ops.users.searchButton")}
        </button>
      </form>
      {list.data && items.length === 0 && (
        <p className="px-4 py-10 text-center text-gray-600 dark:text-gray-400">{t("ops.empty")}</p>
      )}
      <ul className="grid gap-3 px-3">
        {items.map((user) => (
          <UserRow key={user.id} user={user} />
        ))}
      </ul>
      {items.length > 0 && <LoadMore query={list} endText={t("shell.listEnd")} />}
    </main>
  );
}

function UsersContent() {
  const [search] = useSearchParams();
  const id = userIdOf(search);
  return id ? <UserPage key={id} id={id} /> : <UsersList />;
}

export default function OpsUsers({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <UsersContent />
    </QueryBoundary>
  );
}
