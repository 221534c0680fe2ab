import { useInfiniteQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/merchant-orders";
import { merchantOrderViews, type MerchantOrderView } from "#common/order-states.ts";
import { orderPeriods, type OrderPeriod } from "#common/merchant-states.ts";
import { LoadMore } from "../../features/catalog/infinite-products.tsx";
import { statusParam, StatusTabs } from "../../features/ops/ops-ui.tsx";
import { StatusLabel } from "../../features/orders/order-ui.tsx";
import { usePayGoods } from "../../features/orders/pay-goods.tsx";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { buttonLink, Card, SummaryRow } from "../../ui/card.tsx";
import { merchantOnly, serverT, withServerApi } from "../../lib/api.server.ts";
import { formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam, localizePath } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { formatDateTime, useTimeZone } from "../../lib/time-zone.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { QueryBoundary } from "../../lib/queries.tsx";

type Trpc = ReturnType<typeof useTRPC>;

const listQuery = (trpc: Trpc, view: MerchantOrderView, period: OrderPeriod) =>
  trpc.merchantOrders.list.infiniteQueryOptions(
    { view, period, limit: 20 },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient
      .fetchInfiniteQuery(
        listQuery(
          trpc,
          statusParam(url.searchParams, merchantOrderViews),
          statusParam(url.searchParams, orderPeriods, "period"),
        ),
      )
      .catch(merchantOnly(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("orders.merchant.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/**
 * The merchant's order centre: its store's orders by view (seed section 4) and by day (today, yesterday, this
 * week, WIB), each with its goods cost, profit and deadline; paying goods one by one or all at once.
 */
function MerchantOrdersContent() {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const trpc = useTRPC();
  const [search] = useSearchParams();
  const view = statusParam(search, merchantOrderViews);
  const period = statusParam(search, orderPeriods, "period");
  const list = useInfiniteQuery(listQuery(trpc, view, period));
  const payGoods = usePayGoods();
  const first = list.data?.pages[0];
  const orders = list.data?.pages.flatMap((p) => p.items) ?? [];
  const short = first ? first.goodsDue > first.balance : false;
  return (
    <>
      <AppHeader back title={t("orders.merchant.title")} />
      <main id="main" className="pb-8">
        {first && (
          <Card labelledBy="goods-summary">
            <h2 id="goods-summary" className="sr-only">
              {t("orders.merchant.goodsDue")}
            </h2>
            <dl className="text-sm">
              <SummaryRow label={t("orders.merchant.balance")}>{formatRupiah(first.balance)}</SummaryRow>
              <SummaryRow label={t("orders.merchant.goodsDue")} strong>
                {formatRupiah(first.goodsDue)}
              </SummaryRow>
            </dl>
            {first.goodsDue > 0 && (
              <div className="mt-3 flex gap-2">
                <button
                  type="button"
                  disabled={short || payGoods.pending}
                  onClick={() => payGoods.confirm(first.goodsDue)}
                  className="h-11 flex-1 rounded-full bg-primary-700 px-3 font-semibold text-white disabled:opacity-50"
                >
                  {t("orders.merchant.payAll", { amount: formatRupiah(first.goodsDue) })}
                </button>
              </div>
            )}
            {short && (
              <p className="mt-2 text-sm text-red-700 dark:text-red-400">
                {t("orders.merchant.short")}{" "}
                <Link to={localizePath(locale, "/h5/merchant/recharge")} className="font-semibold underline">
                  {t("orders.merchant.recharge")}
                </Link>
              </p>
            )}
          </Card>
        )}
        <StatusTabs
          label={t("orders.list.tabsLabel")}
          statuses={merchantOrderViews}
          names={(v) => t(`orders.merchant.views.${v}`)}
        />
        <div className="-mt-2">
          <StatusTabs
            label={t("orders.merchant.periodLabel")}
            param="period"
            statuses={orderPeriods}
            names={(p) => t(`orders.merchant.periods.${p}`)}
          />
        </div>
        {list.data && orders.length === 0 && (
          <p className="px-4 py-10 text-center text-gray-600 dark:text-gray-400">
            {t("orders.merchant.empty")}
          </p>
        )}
        <ul className="grid grid-cols-[minmax(0,1fr)] gap-3 px-3">
          {orders.map((o) => (
            <li key={o.id} className="rounded-xl bg-white p-4 dark:bg-gray-900" data-testid="merchant-order">
              <Link to={localizePath(locale, `/h5/merchant/order/detail?id=${o.id}`)} className="block">
                {/* The status goes under the order number when both do not fit on a 320 px phone. */}
                <div className="flex flex-wrap items-center justify-between gap-x-3">
                  <span className="font-mono text-sm">{o.code}</span>
                  <StatusLabel status={o.status} />
                </div>
                <p className="mt-1 line-clamp-1 text-sm">
                  {o.items
                    .map((i) => `${i.name}${i.variantLabel ? ` (${i.variantLabel})` : ""} × ${i.quantity}`)
                    .join(", ")}
                </p>
                <p className="text-sm text-gray-600 dark:text-gray-400">
                  {formatDateTime(o.createdAt, locale, zone)}
                </p>
                {o.afterSalesOpen > 0 && (
                  <p className="mt-1 text-sm font-semibold text-amber-800 dark:text-amber-300">
                    {t("aftersales.waiting", { count: o.afterSalesOpen })}
                  </p>
                )}
                <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
                  <div>
                    <dt className="text-gray-600 dark:text-gray-400">{t("orders.pay.subtotal")}</dt>
                    <dd className="tabular-nums">{formatRupiah(o.subtotal)}</dd>
                  </div>
                  <div>
                    <dt className="text-gray-600 dark:text-gray-400">{t("orders.detail.goodsCost")}</dt>
                    <dd className="tabular-nums">{formatRupiah(o.goodsCost)}</dd>
                  </div>
                  <div>
                    <dt className="text-gray-600 dark:text-gray-400">{t("orders.detail.profit")}</dt>
                    <dd className="font-semibold tabular-nums">{formatRupiah(o.profit)}</dd>
                  </div>
                </dl>
              </Link>
              {o.goodsDueAt && o.status === "paid" && (
                <div className="mt-3 flex items-center justify-between gap-3">
                  <p className="text-sm text-amber-800 dark:text-amber-300">
                    {t("orders.detail.goodsDue", { time: formatDateTime(o.goodsDueAt, locale, zone) })}
                  </p>
                  <button
                    type="button"
                    disabled={payGoods.pending}
                    onClick={() => payGoods.confirm(o.goodsCost, [o.id])}
                    className={`${buttonLink("primary")} max-w-36 flex-none`}
                  >
                    {t("orders.merchant.payGoods")}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
        {orders.length > 0 && <LoadMore query={list} endText={t("orders.list.end")} />}
      </main>
    </>
  );
}

export default function MerchantOrders({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <MerchantOrdersContent />
    </QueryBoundary>
  );
}
