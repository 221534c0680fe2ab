import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/orders";
import { fulfilmentViews, parcelCancelReason } from "#common/order-states.ts";
import type { FulfilmentOrderView } from "#common/contracts/orders.ts";
import { LoadMore } from "../../features/catalog/infinite-products.tsx";
import { DecisionDialog } from "../../features/ops/decision-dialog.tsx";
import { statusParam, StatusTabs } from "../../features/ops/ops-ui.tsx";
import { exceptionText } from "../../features/orders/order-detail-body.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { StatusLabel } from "../../features/orders/order-ui.tsx";
import { operatorOnly, serverT, withServerApi } from "../../lib/api.server.ts";
import { formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam, localizePath } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { modal } from "../../lib/modal.ts";
import { formatDateTime, useTimeZone } from "../../lib/time-zone.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { QueryBoundary } from "../../lib/queries.tsx";

type Trpc = ReturnType<typeof useTRPC>;
type View = (typeof fulfilmentViews)[number];

const listQuery = (trpc: Trpc, view: View, voucherId: string | undefined) =>
  trpc.ops.orders.list.infiniteQueryOptions(
    { view, limit: 20, ...(voucherId ? { voucherId } : {}) },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );

/** `?voucher=`: only the orders a voucher took something off (from the operator's vouchers). */
const voucherParam = (search: URLSearchParams) => {
  const id = search.get("voucher");
  return id && /^vou_[0-9a-z]{1,59}$/.test(id) ? id : undefined;
};

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient
      .fetchInfiniteQuery(
        listQuery(trpc, statusParam(url.searchParams, fulfilmentViews), voucherParam(url.searchParams)),
      )
      .catch(operatorOnly(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("ops.nav.orders") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** A shipped order the operator may cancel: its parcel was lost, came back, or was never delivered on COD. */
const refundableParcel = (exception: string | null) => parcelCancelReason(exception) !== null;

function OrderRow(props: { order: FulfilmentOrderView; refresh: () => void }) {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const trpc = useTRPC();
  const { order: o } = props;
  const done = (message: string) => () => {
    toast.notify(message, "success");
    props.refresh();
  };
  const ship = useMutation(
    trpc.ops.orders.ship.mutationOptions({ onSuccess: done(t("orders.ops.shipped")) }),
  );
  const move = useMutation(
    trpc.ops.orders.moveParcel.mutationOptions({ onSuccess: done(t("orders.ops.moved")) }),
  );
  const exception = useMutation(
    trpc.ops.orders.exception.mutationOptions({ onSuccess: done(t("orders.ops.noted")) }),
  );
  const cancel = useMutation(
    trpc.ops.orders.cancel.mutationOptions({ onSuccess: done(t("orders.ops.cancelledToast")) }),
  );
  const open = o.status === "paid" || o.status === "shipped";
  const button = "min-h-10 rounded-full px-3 py-1 text-sm leading-tight font-semibold";
  return (
    <li className="rounded-xl bg-white p-4 dark:bg-gray-900" data-testid="ops-order">
      {/* On a narrow phone the status goes under the code rather than breaking it over two lines. */}
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="min-w-0">
          <p className="font-mono text-sm whitespace-nowrap">{o.code}</p>
          <p className="text-sm text-gray-600 dark:text-gray-400">
            {o.storeName} · {formatDateTime(o.createdAt, locale, zone)}
          </p>
        </div>
        <StatusLabel status={o.status} />
      </div>
      <p className="mt-2 text-sm">
        {o.items
          .map((i) => `${i.name}${i.variantLabel ? ` (${i.variantLabel}, ${i.sku})` : ""} × ${i.quantity}`)
          .join(", ")}
      </p>
      {o.note && (
        <p className="mt-1 text-sm break-words" data-testid="order-note">
          {t("orders.detail.note", { note: o.note })}
        </p>
      )}
      <p className="mt-1 text-sm">
        <span className="text-gray-600 dark:text-gray-400">{t("orders.ops.user")}: </span>
        <span className="break-all">{o.user}</span>
      </p>
      <p className="text-sm">
        <span className="text-gray-600 dark:text-gray-400">{t("orders.ops.address")}: </span>
        {o.address.name} · {o.address.mobile} · {o.address.detail}, {o.address.area} {o.address.postcode}
      </p>
      <p className="mt-1 text-sm">
        {t("orders.pay.total")} <strong className="tabular-nums">{formatRupiah(o.grandTotal)}</strong> ·{" "}
        {o.goodsPaidAt ? t("orders.detail.goodsPaid") : t("orders.merchant.views.goods_unpaid")}
      </p>
      {o.serviceName && !o.shipment && (
        <p className="text-sm">
          <span className="text-gray-600 dark:text-gray-400">{t("orders.shipping.title")}: </span>
          {o.serviceName}
        </p>
      )}
      {o.shipment && (
        <div className="mt-2 rounded-lg border border-dashed border-gray-400 p-2 text-sm dark:border-gray-600">
          <p className="font-semibold">
            {t("orders.ops.label")}: {o.shipment.serviceName} ·{" "}
            {t(`orders.tracking.status.${o.shipment.status}`)}
          </p>
          <p>
            {t("orders.tracking.waybill")}: <span className="font-mono">{o.shipment.waybill ?? "—"}</span>
          </p>
          {o.shipment.codAmount !== null && (
            <p className="font-semibold">
              {t("orders.ops.codCollect", { amount: formatRupiah(o.shipment.codAmount) })}
            </p>
          )}
          {o.shipment.routingCode && (
            <p>
              {t("orders.ops.routing")}: <span className="font-mono">{o.shipment.routingCode}</span>
            </p>
          )}
          {o.shipment.moves.length > 0 && (
            <div className="mt-2">
              <p className="text-gray-600 dark:text-gray-400">{t("orders.ops.desk")}</p>
              <div className="mt-1 flex flex-wrap gap-2">
                {o.shipment.moves.map((to) => (
                  <button
                    key={to}
                    type="button"
                    disabled={move.isPending}
                    className={`${button} border border-gray-300 dark:border-gray-600`}
                    onClick={() => move.mutate({ shipmentId: o.shipment!.id, to })}
                  >
                    {t("orders.ops.moveTo", { status: t(`orders.tracking.status.${to}`) })}
                  </button>
                ))}
              </div>
            </div>
          )}
        </div>
      )}
      {o.exception && (
        <p className="mt-1 text-sm text-red-700 dark:text-red-400">
          {t("orders.detail.exception")}: {exceptionText(o.exception, t)}
        </p>
      )}
      {open && (
        <div className="mt-3 flex flex-wrap gap-2">
          {o.status === "paid" && o.goodsPaidAt && (
            <button
              type="button"
              className={`${button} bg-primary-700 text-white`}
              onClick={() =>
                modal.open(ConfirmDialog, {
                  title: t("orders.ops.shipConfirm", { service: o.serviceName ?? t("orders.ops.ship") }),
                  cancelLabel: t("orders.delivery.cancel"),
                  confirmLabel: t("orders.ops.ship"),
                  onConfirm: () => ship.mutate({ id: o.id, idempotencyKey: crypto.randomUUID() }),
                })
              }
            >
              {t("orders.ops.ship")}
            </button>
          )}
          <button
            type="button"
            className={`${button} border border-gray-300 dark:border-gray-600`}
            onClick={() =>
              modal.open(DecisionDialog, {
                title: t("orders.ops.exceptionTitle", { code: o.code }),
                reasonLabel: t("orders.ops.note"),
                confirmLabel: t("orders.ops.save"),
                onConfirm: ({ reason, idempotencyKey }) =>
                  exception.mutate({ id: o.id, note: reason, idempotencyKey }),
              })
            }
          >
            {t("orders.ops.exception")}
          </button>
          {(o.status === "paid" || (o.status === "shipped" && refundableParcel(o.exception))) && (
            <button
              type="button"
              className={`${button} border border-red-700 text-red-700 dark:border-red-400 dark:text-red-400`}
              onClick={() =>
                modal.open(DecisionDialog, {
                  title: t("orders.ops.cancelTitle", { code: o.code }),
                  reasonLabel: t("ops.reason"),
                  confirmLabel: t("orders.ops.cancel"),
                  danger: true,
                  onConfirm: ({ reason, idempotencyKey }) =>
                    cancel.mutate({ id: o.id, note: reason, idempotencyKey }),
                })
              }
            >
              {t("orders.ops.cancel")}
            </button>
          )}
        </div>
      )}
    </li>
  );
}

function OpsOrdersContent() {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const view = statusParam(search, fulfilmentViews);
  const voucherId = voucherParam(search);
  const list = useInfiniteQuery(listQuery(trpc, view, voucherId));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.ops.orders.pathKey() });
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <main id="main" className="pb-8">
      <h1 className="px-4 pt-4 text-xl font-bold">{t("ops.nav.orders")}</h1>
      {voucherId && (
        <p className="flex flex-wrap items-baseline gap-x-3 px-4 pt-1 text-sm" data-testid="voucher-filter">
          <span>{t("vouchers.manage.ordersOf")}</span>
          <Link
            to={localizePath(locale, "/ops/orders")}
            className="font-semibold text-primary-800 dark:text-primary-300"
          >
            {t("vouchers.manage.allOrders")}
          </Link>
        </p>
      )}
      <StatusTabs
        label={t("ops.filter")}
        statuses={fulfilmentViews}
        names={(v) => t(`orders.ops.views.${v}`)}
      />
      {list.data && items.length === 0 && (
        <p className="px-4 py-10 text-center text-gray-600 dark:text-gray-400">{t("ops.empty")}</p>
      )}
      <ul className="grid grid-cols-[minmax(0,1fr)] gap-3 px-3">
        {items.map((o) => (
          <OrderRow key={o.id} order={o} refresh={refresh} />
        ))}
      </ul>
      {items.length > 0 && <LoadMore query={list} endText={t("orders.list.end")} />}
    </main>
  );
}

export default function OpsOrders({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <OpsOrdersContent />
    </QueryBoundary>
  );
}
