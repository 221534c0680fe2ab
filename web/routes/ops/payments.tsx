import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/payments";
import { attemptStates, channelNames, paymentChannels } from "#common/payment-channels.ts";
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
const tabs = ["all", ...attemptStates] as const;
type Tab = (typeof tabs)[number];
const channels = ["all", ...paymentChannels] as const;
type ChannelFilter = (typeof channels)[number];

const channelParam = (search: URLSearchParams): ChannelFilter =>
  channels.find((c) => c === search.get("channel")) ?? "all";

const listQuery = (trpc: Trpc, tab: Tab, channel: ChannelFilter) =>
  trpc.ops.payments.list.infiniteQueryOptions(
    { status: tab === "all" ? undefined : tab, channel: channel === "all" ? undefined : channel, limit: 30 },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );
const eventsQuery = (trpc: Trpc) =>
  trpc.ops.payments.events.infiniteQueryOptions(
    { unapplied: true, limit: 20 },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    Promise.all([
      queryClient.fetchInfiniteQuery(
        listQuery(trpc, statusParam(url.searchParams, tabs), channelParam(url.searchParams)),
      ),
      queryClient.fetchInfiniteQuery(eventsQuery(trpc)),
      queryClient.fetchQuery(trpc.ops.payments.reconciliations.queryOptions()),
    ]).catch(operatorOnly(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("ops.nav.payments") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/**
 * Payments through the provider (decision 19): every attempt by status and channel, what providers sent that
 * the shop could not apply, and the daily reconciliation of provider against ledger.
 */
function PaymentsContent() {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const trpc = useTRPC();
  const [search, setSearch] = useSearchParams();
  const tab = statusParam(search, tabs);
  const channel = channelParam(search);
  const list = useInfiniteQuery(listQuery(trpc, tab, channel));
  const events = useInfiniteQuery(eventsQuery(trpc));
  const reports = useQuery(trpc.ops.payments.reconciliations.queryOptions()).data?.items ?? [];
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const unapplied = events.data?.pages.flatMap((p) => p.items) ?? [];
  const at = (d: Date) => formatDateTime(d, locale, zone);
  return (
    <main id="main" className="pb-8">
      <h1 className="px-4 pt-4 text-xl font-bold">{t("ops.nav.payments")}</h1>
      <StatusTabs
        label={t("ops.filter")}
        statuses={tabs}
        names={(s) => (s === "all" ? t("wallet.fund.all") : t(`ops.payments.states.${s}`))}
      />
      <label className="mx-4 mb-3 flex items-center gap-2 text-sm">
        <span>{t("ops.payments.channel")}</span>
        <select
          value={channel}
          onChange={(e) => {
            const next = new URLSearchParams(search);
            next.set("channel", e.target.value);
            setSearch(next, { replace: true, preventScrollReset: true });
          }}
          className="min-h-10 rounded-lg border border-gray-300 bg-white px-2 dark:border-gray-600 dark:bg-gray-900"
        >
          {channels.map((c) => (
            <option key={c} value={c}>
              {c === "all" ? t("wallet.fund.all") : channelNames[c]}
            </option>
          ))}
        </select>
      </label>
      {list.data && items.length === 0 && (
        <p className="px-4 py-10 text-center text-gray-600 dark:text-gray-400">{t("ops.empty")}</p>
      )}
      {items.length > 0 && (
        <ul className="mx-3 divide-y divide-gray-100 rounded-xl bg-white dark:divide-gray-800 dark:bg-gray-900">
          {items.map((a) => (
            <li key={a.id} className="px-4 py-3 text-sm" data-testid="payment-attempt">
              <div className="flex items-start justify-between gap-3">
                <p className="min-w-0 font-semibold">
                  {channelNames[a.channel]} · {t(`ops.payments.providers.${a.provider}`)}
                </p>
                <p className="shrink-0 font-semibold tabular-nums">{formatRupiah(a.amount)}</p>
              </div>
              <p>
                {t(`ops.payments.states.${a.status}`)} · {a.user} · {t(`ops.payments.purposes.${a.purpose}`)}{" "}
                <span className="font-mono">{a.subjectId}</span>
              </p>
              <p className="text-gray-600 dark:text-gray-400">
                <span className="font-mono break-all">{a.id}</span>
                {a.providerPaymentId && (
                  <>
                    {" · "}
                    {t("ops.payments.providerId")}:{" "}
                    <span className="font-mono break-all">{a.providerPaymentId}</span>
                  </>
                )}
              </p>
              <p className="text-gray-600 dark:text-gray-400">
                {at(a.createdAt)}
                {a.fee > 0 && ` · ${t("ops.payments.fee", { fee: formatRupiah(a.fee) })}`}
                {a.refunded > 0 && ` · ${t("ops.payments.refunded", { amount: formatRupiah(a.refunded) })}`}
              </p>
            </li>
          ))}
        </ul>
      )}
      {items.length > 0 && <LoadMore query={list} endText={t("shell.listEnd")} />}
      <section aria-labelledby="payments-unapplied" className="mt-6">
        <h2 id="payments-unapplied" className="px-4 text-lg font-semibold">
          {t("ops.payments.unapplied")}
        </h2>
        <p className="px-4 pt-1 text-sm text-gray-600 dark:text-gray-400">
          {t("ops.payments.unappliedNote")}
        </p>
        {events.data && unapplied.length === 0 && (
          <p className="px-4 py-6 text-center text-gray-600 dark:text-gray-400">{t("ops.empty")}</p>
        )}
        {unapplied.length > 0 && (
          <ul className="mx-3 mt-2 divide-y divide-gray-100 rounded-xl bg-white dark:divide-gray-800 dark:bg-gray-900">
            {unapplied.map((e) => (
              <li key={e.id} className="px-4 py-3 text-sm" data-testid="payment-event">
                <p className="font-semibold">
                  {t(`ops.payments.outcomes.${e.outcome}`)} · {t(`ops.payments.providers.${e.provider}`)}
                </p>
                <p className="text-gray-600 dark:text-gray-400">
                  {at(e.receivedAt)}
                  {e.attemptId && (
                    <>
                      {" · "}
                      <span className="font-mono break-all">{e.attemptId}</span>
                    </>
                  )}
                </p>
                <details className="mt-1">
                  <summary className="cursor-pointer">{t("ops.payments.body")}</summary>
                  <pre className="mt-1 overflow-x-auto rounded bg-gray-100 p-2 text-xs whitespace-pre-wrap dark:bg-gray-800">
                    {e.body}
                  </pre>
                  {e.bodySha256 && (
                    <p className="mt-1 text-xs text-gray-600 dark:text-gray-400">
                      {t("ops.payments.bodyHash")} <span className="font-mono break-all">{e.bodySha256}</span>
                    </p>
                  )}
                </details>
              </li>
            ))}
          </ul>
        )}
        {unapplied.length > 0 && <LoadMore query={events} endText={t("shell.listEnd")} />}
      </section>
      <section aria-labelledby="payments-reconciliation" className="mt-6">
        <h2 id="payments-reconciliation" className="px-4 text-lg font-semibold">
          {t("ops.payments.reconciliation")}
        </h2>
        <p className="px-4 pt-1 text-sm text-gray-600 dark:text-gray-400">
          {t("ops.payments.reconciliationNote")}
        </p>
        {reports.length === 0 && (
          <p className="px-4 py-6 text-center text-gray-600 dark:text-gray-400">{t("ops.empty")}</p>
        )}
        <ul className="mx-3 mt-2 grid gap-2">
          {reports.map((r) => (
            <li
              key={r.id}
              className="rounded-xl bg-white px-4 py-3 text-sm dark:bg-gray-900"
              data-testid="reconciliation"
            >
              <p className="font-semibold">
                {r.day} · {t(`ops.payments.providers.${r.provider}`)}
              </p>
              <p>
                {t("ops.payments.checked", { count: r.checked })} ·{" "}
                {t("ops.payments.differences", { count: r.differences.length })}
              </p>
              {r.differences.length > 0 && (
                <ul className="mt-1 list-disc ps-5">
                  {r.differences.map((d, i) => (
                    <li key={i}>
                      {t(`ops.payments.kinds.${d.kind}`)}
                      {d.attemptId && (
                        <>
                          {": "}
                          <span className="font-mono break-all">{d.attemptId}</span>
                        </>
                      )}
                      {(d.shop || d.provider) &&
                        ` (${t("ops.payments.shopSays")} ${d.shop ?? "–"}, ${t("ops.payments.providerSays")} ${d.provider ?? "–"})`}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}

export default function OpsPayments({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <PaymentsContent />
    </QueryBoundary>
  );
}
