import { channelNames, isPaymentChannel } from "#common/payment-channels.ts";
import { lazy } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { askPin } from "../../features/account/pin-dialog.tsx";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { Route } from "./+types/order-detail";
import type { OrderDetailView } from "#common/contracts/orders.ts";
import { AfterSalesCard } from "../../features/orders/after-sales.tsx";
import { OrderDetailBody } from "../../features/orders/order-detail-body.tsx";
import { attemptPath } from "../../features/payments/channels.ts";
import { useBuyAgain } from "../../features/orders/buy-again.ts";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { newIntentKey } from "../../features/wallet/intent-key.ts";
import { rethrowNotFound, serverT, signInOnUnauthorized, withServerApi } from "../../lib/api.server.ts";
import { formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam, localizePath } from "../../lib/locale.ts";
import { formatDateTime, useTimeZone } from "../../lib/time-zone.ts";
import { pageMeta } from "../../lib/meta.ts";
import { modal } from "../../lib/modal.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { QueryBoundary } from "../../lib/queries.tsx";

/** The escalation dialog, loaded when a shopper opens it (rare; the page's script budget): the modal host waits. */
const DecisionDialog = lazy(() =>
  import("../../features/ops/decision-dialog.tsx").then((m) => ({ default: m.DecisionDialog })),
);

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const id = url.searchParams.get("id") ?? "";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient
      .fetchQuery(trpc.orders.get.queryOptions({ id }))
      // An order to pay shows the balance beside "pay from the wallet": it comes with the page.
      .then((order) =>
        order.actions.pay ? queryClient.prefetchQuery(trpc.wallet.summary.queryOptions()) : undefined,
      )
      .catch(signInOnUnauthorized(url, locale))
      .catch(rethrowNotFound),
  );
  return { dehydrated, title: serverT(context, locale)("orders.detail.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

// Loaded when the shopper chooses to pay another way.
const ChannelDialog = lazy(() => import("../../features/payments/channel-dialog.tsx"));

/**
 * Returns and replacements of a received order: what was asked, and until when each item may be returned or
 * replaced; a request the store refused can be passed to Pasar.
 */
function AfterSales(props: { order: OrderDetailView; refresh: () => void }) {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const trpc = useTRPC();
  const { order } = props;
  const escalate = useMutation(
    trpc.orders.escalate.mutationOptions({
      onSuccess: () => {
        toast.notify(t("aftersales.escalated"), "success");
        props.refresh();
      },
    }),
  );
  const until = order.afterSalesUntil;
  const asked = new Set(order.afterSales.map((r) => r.variantId));
  const now = new Date();
  const open = until && now <= until.replacement ? order.items.filter((i) => !asked.has(i.variantId)) : [];
  // Nothing asked and nothing that may be asked yet (an order not received, a cash-on-delivery order on its way):
  // no card, not an empty heading.
  if (order.afterSales.length === 0 && !until) return null;
  return (
    <AfterSalesCard
      requests={order.afterSales}
      actions={(r) =>
        r.status === "refused" && (
          <button
            type="button"
            className="mt-2 h-10 rounded-full border border-primary-700 px-4 text-sm font-semibold text-primary-800 dark:border-primary-400 dark:text-primary-300"
            onClick={() => {
              modal.open(DecisionDialog, {
                title: t("aftersales.escalate"),
                body: t("aftersales.escalateBody"),
                reasonLabel: t("aftersales.escalateNote"),
                confirmLabel: t("aftersales.escalate"),
                onConfirm: ({ reason, idempotencyKey }) =>
                  escalate.mutate({ id: r.id, note: reason, idempotencyKey }),
              });
            }}
          >
            {t("aftersales.escalate")}
          </button>
        )
      }
    >
      {until && (
        <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
          {t("aftersales.until", {
            returns: formatDateTime(until.return, locale, zone),
            replacements: formatDateTime(until.replacement, locale, zone),
          })}
        </p>
      )}
      {open.length > 0 && (
        <ul className="mt-2 grid gap-2">
          {open.map((i) => (
            <li key={i.variantId} className="flex items-center justify-between gap-3 text-sm">
              <span className="line-clamp-1 min-w-0">{i.name}</span>
              <Link
                to={localizePath(locale, `/h5/order/aftersales?id=${order.id}&item=${i.variantId}`)}
                className="shrink-0 rounded-full border border-gray-300 px-3 py-2 font-medium dark:border-gray-600"
                aria-label={`${t("aftersales.request")}: ${i.name}`}
              >
                {t("aftersales.request")}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </AfterSalesCard>
  );
}

function OrderDetailContent() {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = search.get("id") ?? "";
  const order = useQuery(trpc.orders.get.queryOptions({ id })).data;
  const balance = useQuery({ ...trpc.wallet.summary.queryOptions(), enabled: Boolean(order?.actions.pay) })
    .data?.balance;
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.orders.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.wallet.pathKey() });
  };
  const pay = useMutation(
    trpc.orders.pay.mutationOptions({
      onSuccess: (answer) => {
        const { attemptId } = answer;
        // A provider's channel: how to pay it on its method screen (an e-wallet opens by itself there).
        if (attemptId) return void navigate(localizePath(locale, attemptPath(attemptId, { open: true })));
        toast.notify(t("orders.detail.paid"), "success");
        refresh();
      },
    }),
  );
  const cancel = useMutation(
    trpc.orders.cancel.mutationOptions({
      onSuccess: () => {
        toast.notify(t("orders.detail.cancelled"), "success");
        refresh();
      },
    }),
  );
  const confirm = useMutation(
    trpc.orders.confirm.mutationOptions({
      onSuccess: () => {
        toast.notify(t("orders.detail.confirmed"), "success");
        refresh();
      },
    }),
  );
  const buyAgain = useBuyAgain();
  if (!order) return null;
  const { actions } = order;
  const any = actions.pay || actions.cancel || actions.confirm || actions.review || actions.buyAgain;
  // A payment already waiting: back to its method screen.
  const continueHref = order.attemptId ? localizePath(locale, attemptPath(order.attemptId)) : null;
  const offers = order.channels;
  // At least 44 px tall, and taller rather than cut off when a label wraps (the balance in "Pay from balance").
  const button = "min-h-11 flex-1 rounded-full px-3 py-2 leading-tight font-semibold";
  const outline = `${button} border border-gray-300 dark:border-gray-600`;
  const filled = `${button} bg-primary-700 text-white disabled:opacity-60`;
  return (
    <>
      <AppHeader
        back
        title={t("orders.detail.title")}
        actions={
          <Link
            to={localizePath(locale, `/h5/chat/${order.storeId}?order=${order.id}`)}
            className="rounded-full border border-primary-700 px-3 py-1.5 text-sm font-semibold text-primary-800 dark:border-primary-400 dark:text-primary-300"
          >
            {t("chat.openStore")}
          </Link>
        }
      />
      <main
        id="main"
        className={
          actions.pay ? (continueHref && offers.length > 0 ? "pb-64" : "pb-52") : any ? "pb-36" : "pb-8"
        }
      >
        <OrderDetailBody order={order} />
        <AfterSales order={order} refresh={refresh} />
      </main>
      {any && (
        <div className="fixed inset-x-0 bottom-0 z-20 mx-auto grid max-w-md gap-2 border-t border-gray-200 bg-white px-3 py-2 dark:border-gray-800 dark:bg-gray-900">
          {actions.pay && (
            // One way to pay a row: the balance does not fit beside the other way on a phone.
            <div className="grid gap-2">
              {continueHref && (
                <Link to={continueHref} className={`${filled} grid place-items-center`}>
                  {t("orders.pay.continuePay")}
                </Link>
              )}
              {offers.length > 0 && (
                <button
                  type="button"
                  className={continueHref ? outline : filled}
                  disabled={pay.isPending}
                  onClick={() =>
                    modal.open(ChannelDialog, {
                      title: t("payments.order.payOther"),
                      offers,
                      confirmLabel: t("payments.dialog.confirm"),
                      onConfirm: (choice) =>
                        pay.mutate({
                          id,
                          method: choice.channel,
                          phone: choice.phone,
                          idempotencyKey: choice.idempotencyKey,
                        }),
                    })
                  }
                >
                  {t("payments.order.payOther")}
                </button>
              )}
              <button
                type="button"
                className={outline}
                disabled={pay.isPending || balance === undefined || balance < order.total}
                onClick={() => {
                  const idempotencyKey = newIntentKey();
                  askPin({
                    title: t("orders.pay.pinTitle", { total: formatRupiah(order.total) }),
                    confirmLabel: t("orders.pay.payNow"),
                    onProof: (proof) => pay.mutateAsync({ id, method: "wallet", proof, idempotencyKey }),
                  });
                }}
              >
                {t("orders.detail.payWallet", { balance: formatRupiah(balance ?? 0) })}
              </button>
            </div>
          )}
          <div className="flex gap-2">
            {actions.cancel && (
              <button
                type="button"
                className={outline}
                onClick={() =>
                  modal.open(ConfirmDialog, {
                    title: `${t("orders.detail.cancelTitle")} ${
                      // Nothing to give back for an order not paid, nor for one to be paid on delivery.
                      order.status !== "paid" || order.paidAt === null
                        ? t("orders.detail.cancelBodyUnpaid")
                        : order.refundTo === "provider" && isPaymentChannel(order.paymentMethod)
                          ? t("orders.detail.cancelBodyProvider", {
                              total: formatRupiah(order.total),
                              channel: channelNames[order.paymentMethod],
                            })
                          : t("orders.detail.cancelBodyWallet", { total: formatRupiah(order.total) })
                    }`,
                    cancelLabel: t("orders.detail.keep"),
                    confirmLabel: t("orders.detail.cancel"),
                    onConfirm: () => cancel.mutate({ id, idempotencyKey: newIntentKey() }),
                  })
                }
              >
                {t("orders.detail.cancel")}
              </button>
            )}
            {actions.buyAgain && (
              <button
                type="button"
                className={actions.review ? outline : filled}
                disabled={buyAgain.isPending}
                onClick={() => buyAgain.mutate([id])}
              >
                {t("orders.detail.buyAgain")}
              </button>
            )}
            {actions.review && (
              <Link
                to={localizePath(locale, `/h5/order/review?id=${order.id}`)}
                className={`${filled} grid place-items-center`}
              >
                {t("reviews.write.open")}
              </Link>
            )}
            {actions.confirm && (
              <button
                type="button"
                className={filled}
                onClick={() =>
                  modal.open(ConfirmDialog, {
                    title: `${t("orders.detail.confirmTitle")} ${t("orders.detail.confirmBody")}`,
                    cancelLabel: t("orders.detail.notYet"),
                    confirmLabel: t("orders.detail.confirm"),
                    onConfirm: () => confirm.mutate({ id, idempotencyKey: newIntentKey() }),
                  })
                }
              >
                {t("orders.detail.confirm")}
              </button>
            )}
          </div>
        </div>
      )}
    </>
  );
}

export default function OrderDetail({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <OrderDetailContent />
    </QueryBoundary>
  );
}
