import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/merchant-order-detail";
import type { MerchantOrderDetailView } from "#common/contracts/orders.ts";
import { AfterSalesCard } from "../../features/orders/after-sales.tsx";
import { BookReturnAgain, RequestDecision } from "../../features/orders/request-decision.tsx";
import { OrderDetailBody } from "../../features/orders/order-detail-body.tsx";
import { usePayGoods } from "../../features/orders/pay-goods.tsx";
import { toast } from "../../lib/toast.ts";
import { SignedAmount } from "../../features/wallet/fund-labels.tsx";
import { buttonLink, Card, SummaryRow } from "../../ui/card.tsx";
import { formatRupiah } from "../../lib/format.ts";
import { formatDateTime, useTimeZone } from "../../lib/time-zone.ts";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { merchantOnly, rethrowNotFound, serverT, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { QueryBoundary } from "../../lib/queries.tsx";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const id = url.searchParams.get("id") ?? "";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient
      .fetchQuery(trpc.merchantOrders.get.queryOptions({ id }))
      .catch(rethrowNotFound)
      .catch(merchantOnly(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("orders.merchant.detailTitle") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** What the order means for the store, and every rupiah it moved in and out of the merchant's wallet. */
function StoreMoney(props: { order: MerchantOrderDetailView }) {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const payGoods = usePayGoods();
  const { order } = props;
  return (
    <Card labelledBy="store-money">
      <h2 id="store-money" className="font-semibold">
        {t("orders.merchant.money")}
      </h2>
      <dl className="mt-1 text-sm">
        <SummaryRow label={t("orders.pay.subtotal")}>{formatRupiah(order.subtotal)}</SummaryRow>
        {order.returned > 0 && (
          <SummaryRow label={t("orders.merchant.returnedItems")}>−{formatRupiah(order.returned)}</SummaryRow>
        )}
        <SummaryRow label={t("orders.detail.goodsCost")}>−{formatRupiah(order.goodsCost)}</SummaryRow>
        {order.returnPostage > 0 && (
          <SummaryRow label={t("orders.merchant.returnPostage")}>
            −{formatRupiah(order.returnPostage)}
          </SummaryRow>
        )}
        <SummaryRow label={t("orders.detail.profit")} strong>
          {formatRupiah(order.profit)}
        </SummaryRow>
      </dl>
      {order.goodsDueAt && (
        <div className="mt-2 flex items-center justify-between gap-3">
          <p className="text-sm text-amber-800 dark:text-amber-300">
            {t("orders.detail.goodsDue", { time: formatDateTime(order.goodsDueAt, locale, zone) })}
          </p>
          <button
            type="button"
            disabled={payGoods.pending}
            onClick={() => payGoods.confirm(order.goodsCost, [order.id])}
            className={`${buttonLink("primary")} max-w-36 flex-none`}
          >
            {t("orders.merchant.payGoods")}
          </button>
        </div>
      )}
      <h3 className="mt-3 text-sm font-semibold">{t("orders.merchant.moves")}</h3>
      {order.moves.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t("orders.merchant.noMoves")}</p>
      ) : (
        <ul className="mt-1 grid gap-1 text-sm" data-testid="store-moves">
          {order.moves.map((m, i) => (
            <li key={i} className="flex items-baseline justify-between gap-3">
              <span>
                {t(`wallet.fund.entries.${m.entry}`)}
                <span className="ms-1 text-gray-600 dark:text-gray-400">
                  · {formatDateTime(m.at, locale, zone)}
                </span>
              </span>
              <SignedAmount amount={m.amount} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The store decides the order's returns and replacements: approve, or refuse with a reason. */
function StoreAfterSales(props: { order: MerchantOrderDetailView }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const decide = useMutation(
    trpc.merchantOrders.decideAfterSales.mutationOptions({
      onSuccess: (r) => {
        toast.notify(t(r.status === "refused" ? "aftersales.refused" : "aftersales.approved"), "success");
      },
      // An approval whose return parcel the courier could not book is approved all the same: show it.
      onSettled: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.merchantOrders.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.wallet.pathKey() });
      },
    }),
  );
  return (
    <AfterSalesCard
      requests={props.order.afterSales}
      actions={(r) =>
        r.status === "requested" ? (
          <RequestDecision
            request={r}
            audience="merchant"
            refuse={{
              title: t("aftersales.refuseTitle"),
              label: t("aftersales.refuse"),
              reasonLabel: t("aftersales.refuseReason"),
            }}
            onDecide={(d) => decide.mutate({ id: r.id, ...d })}
          />
        ) : (
          <BookReturnAgain request={r} audience="merchant" />
        )
      }
    />
  );
}

/** A store's order in full, with the goods payment in its timeline (the order centre links here). */
function MerchantOrderContent() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const [search] = useSearchParams();
  const order = useQuery(trpc.merchantOrders.get.queryOptions({ id: search.get("id") ?? "" })).data;
  if (!order) return null;
  return (
    <>
      <AppHeader back title={t("orders.merchant.detailTitle")} />
      <main id="main" className="pb-8">
        <StoreMoney order={order} />
        <StoreAfterSales order={order} />
        <OrderDetailBody order={order} skus />
      </main>
    </>
  );
}

export default function MerchantOrderDetail({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <MerchantOrderContent />
    </QueryBoundary>
  );
}
