import { useQuery } from "@tanstack/react-query";
import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import type { MessageKey } from "#common/i18n/messages.ts";
import { operatorOnly, serverT, withServerApi } from "../../lib/api.server.ts";
import { formatNumber, formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam, localizePath } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { formatDay } from "../../lib/time-zone.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { QueryBoundary } from "../../lib/queries.tsx";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient.fetchQuery(trpc.ops.dashboard.get.queryOptions()).catch(operatorOnly(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("ops.nav.dashboard") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** The operator area's start: what waits for an operator, and the last 14 WIB days in figures. */
function DashboardContent() {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const dashboard = useQuery(trpc.ops.dashboard.get.queryOptions()).data;
  if (!dashboard) return <main id="main" className="pb-8" />;
  // Newest first: today is what the operator looks for.
  const days = [...dashboard.days].reverse();
  const sum = (key: "orders" | "turnover" | "newUsers") => dashboard.days.reduce((s, d) => s + d[key], 0);
  const today = dashboard.days.at(-1)?.day;
  const cell = "px-2 py-2 text-end tabular-nums";
  return (
    <main id="main" className="pb-8">
      <h1 className="px-4 pt-4 text-xl font-bold">{t("ops.nav.dashboard")}</h1>
      <section aria-labelledby="queues-title" className="mx-3 mt-3">
        <h2 id="queues-title" className="px-1 pb-2 font-semibold">
          {t("ops.dashboard.queuesTitle")}
        </h2>
        <ul className="grid gap-2 sm:grid-cols-2">
          {dashboard.queues.map((q) => (
            <li key={q.key}>
              <Link
                to={localizePath(locale, q.path)}
                data-testid={`queue-${q.key}`}
                className="flex min-h-14 items-center gap-3 rounded-xl bg-white px-4 py-3 dark:bg-gray-900"
              >
                <span
                  className={`min-w-10 rounded-full px-2 py-1 text-center text-lg font-bold tabular-nums ${
                    q.count > 0
                      ? "bg-primary-100 text-primary-900 dark:bg-primary-950 dark:text-primary-200"
                      : "bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-300"
                  }`}
                >
                  {formatNumber(q.count, locale)}
                </span>
                <span className="flex-1 text-sm font-medium">{t(q.label as MessageKey)}</span>
                <ChevronRight className="size-5 text-gray-500 rtl:rotate-180" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="days-title" className="mx-3 mt-5 rounded-xl bg-white p-3 dark:bg-gray-900">
        <h2 id="days-title" className="px-1 font-semibold">
          {t("ops.dashboard.daysTitle")}
        </h2>
        {/* On a narrow phone the table scrolls inside its card instead of widening the page; a scrolling region
            takes the keyboard's focus so it can be scrolled without a pointer. */}
        <div
          className="mt-2 overflow-x-auto"
          tabIndex={0}
          role="region"
          aria-label={t("ops.dashboard.caption")}
        >
          <table className="w-full text-sm" data-testid="dashboard-days">
            <caption className="sr-only">{t("ops.dashboard.caption")}</caption>
            <thead>
              <tr className="border-b border-gray-200 text-xs text-gray-700 dark:border-gray-700 dark:text-gray-300">
                <th scope="col" className="px-2 py-2 text-start font-medium">
                  {t("ops.dashboard.day")}
                </th>
                <th scope="col" className="px-2 py-2 text-end font-medium">
                  {t("ops.dashboard.orders")}
                </th>
                <th scope="col" className="px-2 py-2 text-end font-medium">
                  {t("ops.dashboard.turnover")}
                </th>
                <th scope="col" className="px-2 py-2 text-end font-medium">
                  {t("ops.dashboard.newUsers")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
              {days.map((d) => (
                <tr key={d.day} data-day={d.day}>
                  <th scope="row" className="px-2 py-2 text-start font-normal whitespace-nowrap">
                    {d.day === today ? t("ops.dashboard.today") : formatDay(d.day, locale)}
                  </th>
                  <td className={cell}>{formatNumber(d.orders, locale)}</td>
                  <td className={`${cell} whitespace-nowrap`}>{formatRupiah(d.turnover)}</td>
                  <td className={cell}>{formatNumber(d.newUsers, locale)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t border-gray-200 font-semibold dark:border-gray-700">
                <th scope="row" className="px-2 py-2 text-start">
                  {t("ops.dashboard.total")}
                </th>
                <td className={cell}>{formatNumber(sum("orders"), locale)}</td>
                <td className={`${cell} whitespace-nowrap`}>{formatRupiah(sum("turnover"))}</td>
                <td className={cell}>{formatNumber(sum("newUsers"), locale)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
        <p className="mt-2 px-1 text-xs text-gray-600 dark:text-gray-400">{t("ops.dashboard.note")}</p>
      </section>
    </main>
  );
}

export default function OpsDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <DashboardContent />
    </QueryBoundary>
  );
}
