import { useId } from "react";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { CircleAlert, CircleCheck } from "lucide-react";
import { Form, Link, useSearchParams } from "react-router";
import type { Route } from "./+types/ledger";
import { fundTypes, platformAccounts, type FundType } from "#common/wallet-states.ts";
import { LoadMore } from "../../features/catalog/infinite-products.tsx";
import { useFundTypeLabel } from "../../features/wallet/fund-labels.tsx";
import { operatorOnly, serverT, withServerApi } from "../../lib/api.server.ts";
import { formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { formatDateTime, useTimeZone } from "../../lib/time-zone.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { QueryBoundary } from "../../lib/queries.tsx";

type Trpc = ReturnType<typeof useTRPC>;

/** The transfers' filters from the address: `?kind=`, `?account=platform:…`, `?user=` (email or phone). */
interface TransferFilter {
  kind?: FundType;
  accountId?: string;
  user?: string;
}
function filterOf(search: URLSearchParams): TransferFilter {
  const kind = fundTypes.find((k) => k === search.get("kind"));
  const account = platformAccounts.find((a) => `platform:${a}` === search.get("account"));
  const user = search.get("user")?.trim().slice(0, 254) || undefined;
  return { kind, accountId: account ? `platform:${account}` : undefined, user };
}

const transfersQuery = (trpc: Trpc, filter: TransferFilter) =>
  trpc.ops.money.transfers.infiniteQueryOptions(
    { ...filter, limit: 50 },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );
const walletsQuery = (trpc: Trpc) =>
  trpc.ops.money.wallets.infiniteQueryOptions(
    { limit: 20 },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, async ({ trpc, queryClient }) => {
    await Promise.all([
      queryClient.fetchQuery(trpc.ops.money.ledger.queryOptions()),
      queryClient.fetchInfiniteQuery(walletsQuery(trpc)),
    ]).catch(operatorOnly(url, locale));
    // A filter naming no user is said on the page, not as an error page.
    await queryClient.prefetchInfiniteQuery(transfersQuery(trpc, filterOf(url.searchParams)));
  });
  return { dehydrated, title: serverT(context, locale)("ops.nav.ledger") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** "platform:escrow" reads "Escrow"; a wallet is named by its user's account where the server knows it. */
function useAccountName() {
  const { t } = useI18n();
  return (id: string) => {
    const [kind, rest] = id.split(":") as [string, string];
    return kind === "platform" ? t(`ops.ledger.accounts.${rest as "escrow"}`) : rest;
  };
}

function TransferFilters(props: { filter: TransferFilter }) {
  const { t } = useI18n();
  const typeLabel = useFundTypeLabel();
  const accountName = useAccountName();
  const id = useId();
  const field =
    "mt-1 h-11 w-full rounded-lg border border-gray-300 bg-white px-2 dark:border-gray-600 dark:bg-gray-800";
  return (
    <Form
      method="get"
      replace
      preventScrollReset
      className="mx-3 grid gap-3 rounded-xl bg-white p-4 sm:grid-cols-3 dark:bg-gray-900"
    >
      <div>
        <label htmlFor={`${id}-account`} className="text-sm font-medium">
          {t("ops.ledger.account")}
        </label>
        <select
          id={`${id}-account`}
          name="account"
          defaultValue={props.filter.accountId ?? ""}
          className={field}
        >
          <option value="">{t("wallet.fund.all")}</option>
          {platformAccounts.map((a) => (
            <option key={a} value={`platform:${a}`}>
              {accountName(`platform:${a}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-user`} className="text-sm font-medium">
          {t("ops.adjust.account")}
        </label>
        <input
          id={`${id}-user`}
          name="user"
          defaultValue={props.filter.user ?? ""}
          autoComplete="off"
          className={field}
        />
      </div>
      <div>
        <label htmlFor={`${id}-kind`} className="text-sm font-medium">
          {t("ops.ledger.kind")}
        </label>
        <select id={`${id}-kind`} name="kind" defaultValue={props.filter.kind ?? ""} className={field}>
          <option value="">{t("wallet.fund.all")}</option>
          {fundTypes.map((k) => (
            <option key={k} value={k}>
              {typeLabel(k)}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        className="h-11 rounded-full bg-primary-700 font-semibold text-white sm:col-span-3"
      >
        {t("ops.ledger.filter")}
      </button>
    </Form>
  );
}

function WalletList() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const wallets = useInfiniteQuery(walletsQuery(trpc));
  const items = wallets.data?.pages.flatMap((p) => p.items) ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="ledger-wallets" className="mx-3 mt-3 rounded-xl bg-white p-4 dark:bg-gray-900">
      <h2 id="ledger-wallets" className="font-semibold">
        {t("ops.ledger.walletList")}
      </h2>
      <ul className="mt-2 divide-y divide-gray-100 text-sm dark:divide-gray-800">
        {items.map((a) => (
          <li key={a.id}>
            <Link
              to={`?${new URLSearchParams({ user: a.user })}`}
              preventScrollReset
              className="flex justify-between gap-3 py-2 hover:underline"
            >
              <span className="break-all">{a.user}</span>
              <span className="tabular-nums">{formatRupiah(a.balance)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <LoadMore query={wallets} endText={t("shell.listEnd")} />
    </section>
  );
}

function LedgerContent() {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const trpc = useTRPC();
  const accountName = useAccountName();
  const typeLabel = useFundTypeLabel();
  // The check runs again every 15 s while the page is open.
  const ledger = useQuery({ ...trpc.ops.money.ledger.queryOptions(), refetchInterval: 15_000 }).data;
  const [search] = useSearchParams();
  const filter = filterOf(search);
  const transfers = useInfiniteQuery(transfersQuery(trpc, filter));
  const items = transfers.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <main id="main" className="pb-8">
      <h1 className="px-4 pt-4 text-xl font-bold">{t("ops.nav.ledger")}</h1>
      {ledger && (
        <>
          <section
            aria-labelledby="ledger-check"
            className={`mx-3 mt-3 rounded-xl p-4 ${
              ledger.ok
                ? "bg-primary-50 text-primary-950 dark:bg-primary-950 dark:text-primary-50"
                : "bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-50"
            }`}
          >
            <div className="flex items-center gap-2">
              {ledger.ok ? (
                <CircleCheck className="size-6" aria-hidden="true" />
              ) : (
                <CircleAlert className="size-6" aria-hidden="true" />
              )}
              <h2 id="ledger-check" className="font-semibold" data-testid="ledger-check">
                {ledger.ok ? t("ops.ledger.balanced") : t("ops.ledger.unbalanced")}
              </h2>
            </div>
            <p className="mt-1 text-sm">
              {t("ops.ledger.summary", { count: ledger.transfers, total: formatRupiah(ledger.total) })}
            </p>
            {ledger.mismatches.map((m) => (
              <p key={m.id} className="mt-1 text-sm">
                {t("ops.ledger.mismatch", {
                  account: m.id,
                  balance: formatRupiah(m.balance),
                  computed: formatRupiah(m.computed),
                })}
              </p>
            ))}
            {ledger.negativeWallets.map((id) => (
              <p key={id} className="mt-1 text-sm">
                {t("ops.ledger.negative", { account: id })}
              </p>
            ))}
          </section>
          <section
            aria-labelledby="ledger-accounts"
            className="mx-3 mt-3 rounded-xl bg-white p-4 dark:bg-gray-900"
          >
            <h2 id="ledger-accounts" className="font-semibold">
              {t("ops.ledger.balances")}
            </h2>
            <dl className="mt-2 divide-y divide-gray-100 text-sm dark:divide-gray-800">
              {ledger.platform.map((a) => (
                <div key={a.id} className="flex justify-between gap-3 py-2">
                  <dt>{accountName(a.id)}</dt>
                  <dd className="tabular-nums">{formatRupiah(a.balance)}</dd>
                </div>
              ))}
              <div className="flex justify-between gap-3 py-2 font-semibold">
                <dt>{t("ops.ledger.wallets", { count: ledger.wallets.count })}</dt>
                <dd className="tabular-nums" data-testid="ledger-wallets">
                  {formatRupiah(ledger.wallets.total)}
                </dd>
              </div>
            </dl>
          </section>
        </>
      )}
      <WalletList />
      <h2 className="px-4 pt-5 pb-2 font-semibold">{t("ops.ledger.transfers")}</h2>
      <TransferFilters key={search.toString()} filter={filter} />
      {transfers.error && (
        <p role="alert" className="px-4 py-6 text-center text-red-700 dark:text-red-400">
          {transfers.error.message}
        </p>
      )}
      {transfers.data && items.length === 0 && (
        <p className="px-4 py-6 text-center text-gray-600 dark:text-gray-400">{t("ops.empty")}</p>
      )}
      {items.length > 0 && (
        <ul
          aria-label={t("ops.ledger.transfers")}
          className="mx-3 mt-3 divide-y divide-gray-100 rounded-xl bg-white text-sm dark:divide-gray-800 dark:bg-gray-900"
        >
          {items.map((x) => (
            <li key={x.id} className="px-4 py-3">
              <div className="flex justify-between gap-3">
                <span className="font-medium">
                  {typeLabel(x.kind)} · {x.step}
                </span>
                <span className="font-semibold tabular-nums">{formatRupiah(x.amount)}</span>
              </div>
              <p className="break-words text-gray-700 dark:text-gray-300">
                {x.debitUser ?? accountName(x.debitAccountId)} →{" "}
                {x.creditUser ?? accountName(x.creditAccountId)}
              </p>
              <p className="text-gray-600 dark:text-gray-400">
                {formatDateTime(x.createdAt, locale, zone)} ·{" "}
                <span className="font-mono break-all">{x.subjectId}</span>
                {x.memoKey ? ` · ${t(`wallet.fund.memos.${x.memoKey}`)}` : x.memo ? ` · ${x.memo}` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
      {items.length > 0 && <LoadMore query={transfers} endText={t("shell.listEnd")} />}
    </main>
  );
}

export default function OpsLedger({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <LedgerContent />
    </QueryBoundary>
  );
}
