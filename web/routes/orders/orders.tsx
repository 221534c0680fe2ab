import { useInfiniteQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/orders";
import { orderTabs, type OrderTab } from "#common/order-states.ts";
import { LoadMore } from "../../features/catalog/infinite-products.tsx";
import { StatusLabel } from "../../features/orders/order-ui.tsx";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { serverT, signInOnUnauthorized, withServerApi } from "../../lib/api.server.ts";
import { formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam, localizePath } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { formatDateTime, useTimeZone } from "../../lib/time-zone.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { Picture } from "../../ui/picture.tsx";
import { QueryBoundary } from "../../lib/queries.tsx";

type Trpc = ReturnType<typeof useTRPC>;

function tabOf(search: URLSearchParams): OrderTab {
  return orderTabs.find((t) => t === search.get("tab")) ?? "all";
}

const listQuery = (trpc: Trpc, tab: OrderTab) =>
  trpc.orders.list.infiniteQueryOptions(
    { tab, limit: 10 },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient
      .fetchInfiniteQuery(listQuery(trpc, tabOf(url.searchParams)))
      .catch(signInOnUnauthorized(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("orders.list.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

function OrdersContent() {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const trpc = useTRPC();
  const [search] = useSearchParams();
  const tab = tabOf(search);
  const list = useInfiniteQuery(listQuery(trpc, tab));
  const orders = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      <AppHeader back title={t("orders.list.title")} />
      <nav
        aria-label={t("orders.list.tabsLabel")}
        className="flex gap-1 overflow-x-auto bg-white px-2 dark:bg-gray-900"
      >
        {orderTabs.map((name) => (
          <Link
            key={name}
            to={`?tab=${name}`}
            replace
            aria-current={name === tab ? "page" : undefined}
            className={`shrink-0 border-b-2 px-3 py-3 text-sm whitespace-nowrap ${
              name === tab
                ? "border-primary-700 font-semibold text-primary-800 dark:border-primary-400 dark:text-primary-300"
                : "border-transparent text-gray-700 dark:text-gray-300"
            }`}
          >
            {t(`orders.tabs.${name}`)}
          </Link>
        ))}
      </nav>
      <main id="main" className="pb-8">
        {list.data && orders.length === 0 && (
          <p className="px-4 py-12 text-center text-gray-600 dark:text-gray-400">{t("orders.list.empty")}</p>
        )}
        <ul>
          {orders.map((o) => (
            <li
              key={o.id}
              className="mx-3 mt-3 rounded-xl bg-white dark:bg-gray-900"
              data-testid="order-card"
            >
              <Link to={localizePath(locale, `/h5/order/detail?id=${o.id}`)} className="block p-4">
                <div className="flex items-center justify-between gap-3">
                  <span className="truncate font-semibold">{o.storeName}</span>
                  <StatusLabel status={o.status} />
                </div>
                <div className="mt-3 flex gap-2">
                  {o.items.slice(0, 4).map((i) =>
                    i.image ? (
                      <Picture
                        key={i.variantId}
                        image={i.image}
                        alt={i.name}
                        sizes="64px"
                        width={64}
                        height={64}
                        className="size-16 rounded-lg object-cover"
                      />
                    ) : (
                      <span
                        key={i.variantId}
                        className="line-clamp-3 size-16 rounded-lg bg-gray-100 p-1 text-xs dark:bg-gray-800"
                      >
                        {i.name}
                      </span>
                    ),
                  )}
                  {o.items.length === 1 && (
                    <p className="line-clamp-2 flex-1 text-sm">
                      {o.items[0]!.name}
                      {o.items[0]!.variantLabel && (
                        <span className="block text-xs text-gray-600 dark:text-gray-400">
                          {t("orders.item.variant", { variant: o.items[0]!.variantLabel })}
                        </span>
                      )}
                    </p>
                  )}
                </div>
                <p className="mt-3 flex items-baseline justify-between text-sm">
                  <span className="text-gray-600 dark:text-gray-400">
                    {t("orders.list.items", { count: o.items.reduce((s, i) => s + i.quantity, 0) })} ·{" "}
                    {formatDateTime(o.createdAt, locale, zone)}
                  </span>
                  <span>
                    {t("orders.list.total")}{" "}
                    <strong className="tabular-nums">{formatRupiah(o.grandTotal)}</strong>
                  </span>
                </p>
                {o.payDueAt && (
                  <p className="mt-1 text-sm text-amber-800 dark:text-amber-300">
                    {t("orders.list.payBy", { time: formatDateTime(o.payDueAt, locale, zone) })}
                  </p>
                )}
              </Link>
            </li>
          ))}
        </ul>
        {orders.length > 0 && <LoadMore query={list} endText={t("orders.list.end")} />}
      </main>
    </>
  );
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <OrdersContent />
    </QueryBoundary>
  );
}
