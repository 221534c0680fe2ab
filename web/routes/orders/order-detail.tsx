import { HydrationBoundary, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/order-detail";
import { OrderDetailBody } from "../../features/orders/order-ui.tsx";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { newIntentKey } from "../../features/wallet/intent-key.ts";
import { rethrowNotFound, serverT, signInOnUnauthorized, withServerApi } from "../../lib/api.server.ts";
import { formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { modal } from "../../lib/modal.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const id = url.searchParams.get("id") ?? "";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient
      .fetchQuery(trpc.orders.get.queryOptions({ id }))
      .catch(signInOnUnauthorized(url, locale))
      .catch(rethrowNotFound),
  );
  return { dehydrated, title: serverT(context, locale)("orders.detail.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

function OrderDetailContent() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
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
      onSuccess: ({ redirectUrl }) => {
        if (redirectUrl) return window.location.assign(redirectUrl);
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
  if (!order) return null;
  const { actions } = order;
  const any = actions.pay || actions.cancel || actions.confirm;
  const outline = "h-11 flex-1 rounded-full border border-gray-300 px-3 font-semibold dark:border-gray-600";
  const filled = "h-11 flex-1 rounded-full bg-primary-700 px-3 font-semibold text-white disabled:opacity-60";
  return (
    <>
      <AppHeader back title={t("orders.detail.title")} />
      <main id="main" className={any ? "pb-36" : "pb-8"}>
        <OrderDetailBody order={order} />
      </main>
      {any && (
        <div className="fixed inset-x-0 bottom-0 z-20 mx-auto grid max-w-md gap-2 border-t border-gray-200 bg-white px-3 py-2 dark:border-gray-800 dark:bg-gray-900">
          {actions.pay && (
            <div className="flex gap-2">
              {order.paymentUrl ? (
                <a href={order.paymentUrl} className={`${filled} grid place-items-center`}>
                  {t("orders.pay.continuePay")}
                </a>
              ) : (
                <button
                  type="button"
                  className={filled}
                  disabled={pay.isPending}
                  onClick={() => pay.mutate({ id, method: "sandbox", idempotencyKey: newIntentKey() })}
                >
                  {t("orders.detail.paySandbox")}
                </button>
              )}
              <button
                type="button"
                className={outline}
                disabled={pay.isPending || balance === undefined || balance < order.total}
                onClick={() => pay.mutate({ id, method: "wallet", idempotencyKey: newIntentKey() })}
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
                    title: `${t("orders.detail.cancelTitle")} ${t("orders.detail.cancelBody")}`,
                    cancelLabel: t("orders.detail.keep"),
                    confirmLabel: t("orders.detail.cancel"),
                    onConfirm: () => cancel.mutate({ id, idempotencyKey: newIntentKey() }),
                  })
                }
              >
                {t("orders.detail.cancel")}
              </button>
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
    <HydrationBoundary state={loaderData.dehydrated}>
      <OrderDetailContent />
    </HydrationBoundary>
  );
}
