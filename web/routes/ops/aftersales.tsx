import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/aftersales";
import type { AfterSalesView } from "#common/contracts/returns.ts";
import { opsAfterSalesViews } from "#common/order-states.ts";
import { LoadMore } from "../../features/catalog/infinite-products.tsx";
import { statusParam, StatusTabs } from "../../features/ops/ops-ui.tsx";
import { ReturnPostageForm } from "../../features/ops/return-postage-settings.tsx";
import { ShipDialog } from "../../features/ops/ship-dialog.tsx";
import { AfterSalesRequest } from "../../features/orders/after-sales.tsx";
import { BookReturnAgain, RequestDecision } from "../../features/orders/request-decision.tsx";
import { DecisionDialog } from "../../features/ops/decision-dialog.tsx";
import { operatorOnly, serverT, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { modal } from "../../lib/modal.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { QueryBoundary } from "../../lib/queries.tsx";

type Trpc = ReturnType<typeof useTRPC>;

const listQuery = (trpc: Trpc, view: (typeof opsAfterSalesViews)[number]) =>
  trpc.ops.afterSales.list.infiniteQueryOptions(
    { view, limit: 20 },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    Promise.all([
      queryClient.fetchInfiniteQuery(listQuery(trpc, statusParam(url.searchParams, opsAfterSalesViews))),
      queryClient.fetchQuery(trpc.ops.settings.get.queryOptions()),
    ]).catch(operatorOnly(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("ops.nav.aftersales") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** After-sales requests the operator decides (escalated by a refused shopper) and replacements to ship. */
function OpsAfterSalesContent() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const view = statusParam(search, opsAfterSalesViews);
  const list = useInfiniteQuery(listQuery(trpc, view));
  const settings = useQuery(trpc.ops.settings.get.queryOptions()).data;
  const done = (message: string) => () => {
    toast.notify(message, "success");
    void queryClient.invalidateQueries({ queryKey: trpc.ops.afterSales.pathKey() });
  };
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.ops.afterSales.pathKey() });
  const decide = useMutation(
    trpc.ops.afterSales.decide.mutationOptions({
      onSuccess: done(t("ops.aftersales.decided")),
      onSettled: refresh,
    }),
  );
  const ship = useMutation(
    trpc.ops.afterSales.ship.mutationOptions({
      onSuccess: done(t("orders.ops.shipped")),
      onSettled: refresh,
    }),
  );
  const refundNow = useMutation(
    trpc.ops.afterSales.refundNow.mutationOptions({ onSuccess: done(t("ops.aftersales.refunded")) }),
  );
  const move = useMutation(
    trpc.ops.orders.moveParcel.mutationOptions({ onSuccess: done(t("orders.ops.moved")) }),
  );
  /** The built-in courier's desk for a request's parcel (decision 21): one step at a time, audited. */
  const desk = (r: AfterSalesView) =>
    r.shipment && r.shipment.moves.length > 0 ? (
      <div className="mt-2 text-sm">
        <p className="text-gray-600 dark:text-gray-400">{t("orders.ops.desk")}</p>
        <div className="mt-1 flex flex-wrap gap-2">
          {r.shipment.moves.map((to) => (
            <button
              key={to}
              type="button"
              disabled={move.isPending}
              className="min-h-10 rounded-full border border-gray-300 px-3 dark:border-gray-600"
              onClick={() => move.mutate({ shipmentId: r.shipment!.id, to })}
            >
              {t("orders.ops.moveTo", { status: t(`orders.tracking.status.${to}`) })}
            </button>
          ))}
        </div>
      </div>
    ) : null;
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const actions = (r: AfterSalesView) => {
    if (r.status === "escalated") {
      return (
        <RequestDecision
          request={r}
          refuse={{
            title: t("ops.aftersales.rejectTitle"),
            label: t("ops.aftersales.reject"),
            reasonLabel: t("ops.reason"),
          }}
          approveReason={t("ops.reason")}
          audience="operator"
          onDecide={(d) => decide.mutate({ id: r.id, ...d })}
        />
      );
    }
    if (r.kind === "replacement" && r.status === "approved") {
      return (
        <button
          type="button"
          className="mt-2 h-10 w-full rounded-full bg-primary-700 font-semibold text-white"
          onClick={() =>
            modal.open(ShipDialog, {
              title: t("ops.aftersales.shipTitle", { code: r.orderCode }),
              requestId: r.id,
              onShip: (input) => ship.mutate({ id: r.id, ...input }),
            })
          }
        >
          {t("orders.ops.ship")}
        </button>
      );
    }
    if (r.kind === "return" && (r.status === "returning" || r.status === "received")) {
      return (
        <>
          <BookReturnAgain request={r} audience="operator" />
          <button
            type="button"
            className="mt-2 h-10 w-full rounded-full border border-primary-700 font-semibold text-primary-800 dark:border-primary-400 dark:text-primary-300"
            onClick={() =>
              modal.open(DecisionDialog, {
                title: t("ops.aftersales.refundNowTitle"),
                body: <p>{t("ops.aftersales.refundNowBody")}</p>,
                reasonLabel: t("ops.reason"),
                confirmLabel: t("ops.aftersales.refundNow"),
                onConfirm: (d) => refundNow.mutate({ id: r.id, ...d }),
              })
            }
          >
            {t("ops.aftersales.refundNow")}
          </button>
        </>
      );
    }
    return null;
  };
  return (
    <main id="main" className="pb-8">
      <h1 className="px-4 pt-4 text-xl font-bold">{t("ops.nav.aftersales")}</h1>
      <StatusTabs
        label={t("ops.filter")}
        statuses={opsAfterSalesViews}
        names={(v) => t(`ops.aftersales.tabs.${v}`)}
      />
      {list.data && items.length === 0 && (
        <p className="px-4 py-10 text-center text-gray-600 dark:text-gray-400">{t("ops.empty")}</p>
      )}
      <ul className="grid gap-3 px-3">
        {items.map((r) => (
          <AfterSalesRequest key={r.id} request={r} className="rounded-xl bg-white p-4 dark:bg-gray-900">
            {actions(r)}
            {desk(r)}
          </AfterSalesRequest>
        ))}
      </ul>
      {items.length > 0 && <LoadMore query={list} endText={t("shell.listEnd")} />}
      {settings && <ReturnPostageForm returnPostage={settings.returnPostage} />}
    </main>
  );
}

export default function OpsAfterSales({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <OpsAfterSalesContent />
    </QueryBoundary>
  );
}
