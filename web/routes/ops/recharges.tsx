import { useInfiniteQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/recharges";
import { rechargeStates } from "#common/wallet-states.ts";
import { LoadMore } from "../../features/catalog/infinite-products.tsx";
import { statusParam, StatusTabs } from "../../features/ops/ops-ui.tsx";
import { operatorOnly, serverT, withServerApi } from "../../lib/api.server.ts";
import { formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { formatDateTime, useTimeZone } from "../../lib/time-zone.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { QueryBoundary } from "../../lib/queries.tsx";

type Trpc = ReturnType<typeof useTRPC>;
const tabs = ["all", ...rechargeStates] as const;
type Tab = (typeof tabs)[number];

const listQuery = (trpc: Trpc, tab: Tab) =>
  trpc.ops.money.recharges.infiniteQueryOptions(
    { status: tab === "all" ? undefined : tab, limit: 30 },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient
      .fetchInfiniteQuery(listQuery(trpc, statusParam(url.searchParams, tabs)))
      .catch(operatorOnly(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("ops.nav.recharges") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

function RechargesContent() {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const trpc = useTRPC();
  const [search] = useSearchParams();
  const tab = statusParam(search, tabs);
  const list = useInfiniteQuery(listQuery(trpc, tab));
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <main id="main" className="pb-8">
      <h1 className="px-4 pt-4 text-xl font-bold">{t("ops.nav.recharges")}</h1>
      <StatusTabs
        label={t("ops.filter")}
        statuses={tabs}
        names={(s) => (s === "all" ? t("wallet.fund.all") : t(`wallet.recharge.results.${s}`))}
      />
      {list.data && items.length === 0 && (
        <p className="px-4 py-10 text-center text-gray-600 dark:text-gray-400">{t("ops.empty")}</p>
      )}
      {items.length > 0 && (
        <ul className="mx-3 divide-y divide-gray-100 rounded-xl bg-white dark:divide-gray-800 dark:bg-gray-900">
          {items.map((r) => (
            <li key={r.id} className="flex items-start justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="font-medium break-all">{r.user}</p>
                <p className="text-sm text-gray-600 dark:text-gray-400">
                  {formatDateTime(r.createdAt, locale, zone)} ·{" "}
                  <span className="font-mono break-all">{r.id}</span>
                </p>
                {r.gatewayPaymentId && (
                  <p className="text-sm text-gray-600 dark:text-gray-400">
                    {t("ops.recharges.payment")}:{" "}
                    <span className="font-mono break-all">{r.gatewayPaymentId}</span>
                  </p>
                )}
              </div>
              <div className="text-end">
                <p className="font-semibold tabular-nums">{formatRupiah(r.amount)}</p>
                <p className="text-sm">{t(`wallet.recharge.results.${r.status}`)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {items.length > 0 && <LoadMore query={list} endText={t("shell.listEnd")} />}
    </main>
  );
}

export default function OpsRecharges({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <RechargesContent />
    </QueryBoundary>
  );
}
