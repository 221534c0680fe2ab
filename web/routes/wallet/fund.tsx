import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { ChevronRight, CreditCard } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/fund";
import { fundTypes, type FundType } from "#common/wallet-states.ts";
import type { FundRecordView } from "#common/contracts/wallet.ts";
import { LoadMore } from "../../features/catalog/infinite-products.tsx";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { SignedAmount, useFundTypeLabel } from "../../features/wallet/fund-labels.tsx";
import { buttonLink } from "../../ui/card.tsx";
import { serverT, signInOnUnauthorized, withServerApi } from "../../lib/api.server.ts";
import { formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam, localizePath } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { formatDateTime, useTimeZone } from "../../lib/time-zone.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { QueryBoundary } from "../../lib/queries.tsx";

type Trpc = ReturnType<typeof useTRPC>;

/** The `?type=` filter, when it names a fund type. */
function typeFilter(value: string | null): FundType | undefined {
  return fundTypes.find((t) => t === value);
}

const historyQuery = (trpc: Trpc, kind: FundType | undefined) =>
  trpc.wallet.history.infiniteQueryOptions(
    { kind, limit: 20 },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const kind = typeFilter(url.searchParams.get("type"));
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    Promise.all([
      queryClient.fetchQuery(trpc.wallet.summary.queryOptions()),
      queryClient.fetchInfiniteQuery(historyQuery(trpc, kind)),
      // A merchant sees its turnover and profit beside the balance.
      queryClient
        .fetchQuery(trpc.merchants.status.queryOptions())
        .then((s) => (s.merchant ? queryClient.fetchQuery(trpc.merchants.money.queryOptions()) : null)),
    ]).catch(signInOnUnauthorized(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("wallet.fund.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** Where a record leads: the recharge or withdrawal it belongs to. */
function recordLink(record: FundRecordView): string | null {
  switch (record.subjectType) {
    case "recharge":
      return `/h5/merchant/recharge?result=${encodeURIComponent(record.subjectId)}`;
    case "withdrawal":
      return `/h5/merchant/withdraw?id=${encodeURIComponent(record.subjectId)}`;
    // The shopper's payments and refunds lead to their order; a store's goods payments and profit to the
    // store's order.
    case "order":
      return record.kind === "prd_order_pay"
        ? `/h5/order/detail?id=${encodeURIComponent(record.subjectId)}`
        : `/h5/merchant/order/detail?id=${encodeURIComponent(record.subjectId)}`;
    // An adjustment shows its reason in the record itself.
    default:
      return null;
  }
}

function RecordRow(props: { record: FundRecordView }) {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const { record } = props;
  const link = recordLink(record);
  const stateClass =
    record.state === "completed"
      ? "text-gray-600 dark:text-gray-400"
      : record.state === "pending"
        ? "text-amber-800 dark:text-amber-300"
        : "text-gray-600 dark:text-gray-400";
  const body = (
    <>
      <div className="min-w-0 flex-1">
        <p className="font-medium" data-testid="fund-entry">
          {t(`wallet.fund.entries.${record.entry}`)}
        </p>
        <p className="mt-0.5 text-sm text-gray-600 dark:text-gray-400">
          <time dateTime={record.at.toISOString()}>{formatDateTime(record.at, locale, zone)}</time>
        </p>
        {(record.memoKey || record.memo) && (
          <p className="mt-0.5 text-sm break-words text-gray-700 dark:text-gray-300">
            {record.memoKey ? t(`wallet.fund.memos.${record.memoKey}`) : record.memo}
          </p>
        )}
      </div>
      <div className="text-end">
        {record.asked === null ? (
          <SignedAmount amount={record.amount} />
        ) : record.state === "pending" ? (
          // Asked for, not paid yet: no money moved so far.
          <p className="font-semibold text-gray-700 tabular-nums dark:text-gray-300">
            {formatRupiah(record.asked)}
          </p>
        ) : (
          // Asked for, never paid: no money moved.
          <p className="font-semibold text-gray-500 tabular-nums line-through dark:text-gray-400">
            {formatRupiah(record.asked)}
          </p>
        )}
        <p className={`mt-0.5 text-sm ${stateClass}`}>
          {record.entry === "recharge_waiting"
            ? t("wallet.fund.states.awaitingPayment")
            : t(`wallet.fund.states.${record.state}`)}
        </p>
      </div>
      {link && <ChevronRight className="size-5 shrink-0 text-gray-500" aria-hidden="true" />}
    </>
  );
  return (
    <li>
      {link ? (
        <Link
          to={localizePath(locale, link)}
          className="flex items-center gap-3 px-4 py-3 hover:bg-gray-50 dark:hover:bg-gray-800"
        >
          {body}
        </Link>
      ) : (
        <div className="flex items-center gap-3 px-4 py-3">{body}</div>
      )}
    </li>
  );
}

function TypeFilter(props: { value: FundType | undefined }) {
  const { t } = useI18n();
  const typeLabel = useFundTypeLabel();
  const [search, setSearch] = useSearchParams();
  const choose = (kind: FundType | undefined) => {
    const next = new URLSearchParams(search);
    if (kind) next.set("type", kind);
    else next.delete("type");
    setSearch(next, { replace: true, preventScrollReset: true });
  };
  const chip = (active: boolean) =>
    `shrink-0 rounded-full border px-3 py-1.5 text-sm whitespace-nowrap ${
      active
        ? "border-primary-700 bg-primary-700 font-semibold text-white"
        : "border-gray-300 bg-white text-gray-800 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-200"
    }`;
  return (
    <div
      role="group"
      aria-label={t("wallet.fund.filter")}
      className="flex gap-2 overflow-x-auto px-3 py-3 [scrollbar-width:none]"
    >
      <button
        type="button"
        aria-pressed={!props.value}
        onClick={() => choose(undefined)}
        className={chip(!props.value)}
      >
        {t("wallet.fund.all")}
      </button>
      {fundTypes.map((kind) => (
        <button
          key={kind}
          type="button"
          aria-pressed={props.value === kind}
          onClick={() => choose(kind)}
          className={chip(props.value === kind)}
        >
          {typeLabel(kind)}
        </button>
      ))}
    </div>
  );
}

function FundContent() {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const [search] = useSearchParams();
  const kind = typeFilter(search.get("type"));
  const summary = useQuery(trpc.wallet.summary.queryOptions()).data;
  const merchant = useQuery(trpc.merchants.status.queryOptions()).data?.merchant === true;
  const storeMoney = useQuery({ ...trpc.merchants.money.queryOptions(), enabled: merchant }).data;
  const history = useInfiniteQuery(historyQuery(trpc, kind));
  const items = history.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      <AppHeader
        back
        title={t("wallet.fund.title")}
        actions={
          <Link
            to={localizePath(locale, "/h5/merchant/bank")}
            aria-label={t("wallet.bank.title")}
            className="rounded-full p-2 hover:bg-gray-100 dark:hover:bg-gray-800"
          >
            <CreditCard className="size-5" aria-hidden="true" />
          </Link>
        }
      />
      <main id="main" className="pb-8">
        <h1 className="sr-only">{t("wallet.fund.title")}</h1>
        {summary && (
          <section
            aria-label={t("wallet.fund.balance")}
            className="mx-3 mt-3 rounded-xl bg-primary-800 p-5 text-white"
          >
            <p className="text-sm opacity-90">{t("wallet.fund.balance")}</p>
            <p className="mt-1 text-3xl font-bold tabular-nums" data-testid="wallet-balance">
              {formatRupiah(summary.balance)}
            </p>
            {summary.pendingWithdrawals > 0 && (
              <p className="mt-1 text-sm opacity-90">
                {t("wallet.fund.inWithdrawal", { amount: formatRupiah(summary.pendingWithdrawals) })}
              </p>
            )}
            {storeMoney && (
              <dl className="mt-3 grid grid-cols-2 gap-3 text-sm" data-testid="store-money">
                <div>
                  <dt className="opacity-90">{t("merchant.home.turnover")}</dt>
                  <dd className="font-semibold tabular-nums">{formatRupiah(storeMoney.turnover)}</dd>
                </div>
                <div>
                  <dt className="opacity-90">{t("merchant.home.profit")}</dt>
                  <dd className="font-semibold tabular-nums">{formatRupiah(storeMoney.profit)}</dd>
                </div>
              </dl>
            )}
            <div className="mt-4 flex gap-3">
              <Link
                to={localizePath(locale, "/h5/merchant/recharge")}
                className="flex h-11 flex-1 items-center justify-center rounded-full bg-white font-semibold text-primary-900"
              >
                {t("wallet.recharge.title")}
              </Link>
              <Link
                to={localizePath(locale, "/h5/merchant/withdraw")}
                className="flex h-11 flex-1 items-center justify-center rounded-full border border-white font-semibold text-white"
              >
                {t("wallet.withdraw.title")}
              </Link>
            </div>
          </section>
        )}
        <h2 className="px-4 pt-5 font-semibold">{t("wallet.fund.history")}</h2>
        <TypeFilter value={kind} />
        {history.data &&
          (items.length === 0 ? (
            <div className="px-6 py-12 text-center text-gray-600 dark:text-gray-400">
              <p>{kind ? t("wallet.fund.emptyType") : t("wallet.fund.empty")}</p>
              {!kind && (
                <Link
                  to={localizePath(locale, "/h5/merchant/recharge")}
                  className={`mt-4 ${buttonLink("primary")}`}
                >
                  {t("wallet.recharge.title")}
                </Link>
              )}
            </div>
          ) : (
            <>
              <ul
                aria-label={t("wallet.fund.history")}
                className="mx-3 divide-y divide-gray-100 overflow-hidden rounded-xl bg-white dark:divide-gray-800 dark:bg-gray-900"
              >
                {items.map((record) => (
                  <RecordRow key={record.id} record={record} />
                ))}
              </ul>
              <LoadMore query={history} endText={t("shell.listEnd")} />
            </>
          ))}
      </main>
    </>
  );
}

export default function Fund({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <FundContent />
    </QueryBoundary>
  );
}
