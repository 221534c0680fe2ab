import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Route } from "./+types/vouchers";
import { ManagedVoucherList } from "../../features/merchant/managed-vouchers.tsx";
import { VoucherForm } from "../../features/merchant/voucher-form.tsx";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { merchantOnly, serverT, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { QueryBoundary } from "../../lib/queries.tsx";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { Card } from "../../ui/card.tsx";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient.fetchQuery(trpc.merchantVouchers.list.queryOptions()).catch(merchantOnly(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("vouchers.manage.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/**
 * The store's own vouchers (issue 42), paid out of its sales: each with its use, budget spent and live orders,
 * paused and resumed here; a new one is made in the form that replaces the list, with what it may cost shown
 * before it is saved.
 */
function StoreVouchersContent() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.merchantVouchers.list.queryOptions());
  // When the form was opened (the new voucher starts then), or null while the list shows.
  const [openedAt, setOpenedAt] = useState<Date | null>(null);
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: trpc.merchantVouchers.list.queryKey() });
  const create = useMutation(
    trpc.merchantVouchers.create.mutationOptions({
      onSuccess: () => {
        toast.notify(t("vouchers.manage.created"), "success");
        setOpenedAt(null);
        refresh();
      },
    }),
  );
  const pause = useMutation(
    trpc.merchantVouchers.pause.mutationOptions({
      onSuccess: (_ok, input) => {
        toast.notify(
          t(input.paused ? "vouchers.manage.list.pausedToast" : "vouchers.manage.list.resumedToast"),
          "success",
        );
        refresh();
      },
    }),
  );
  return (
    <>
      <AppHeader back title={t("vouchers.manage.title")} />
      <main id="main" className="pb-8">
        {openedAt ? (
          <Card>
            <VoucherForm
              title={t("vouchers.manage.createTitle")}
              payer="store"
              openedAt={openedAt}
              pending={create.isPending}
              onSave={({ voucher }, handlers) => create.mutate(voucher, handlers)}
              onCancel={() => setOpenedAt(null)}
            />
          </Card>
        ) : (
          <>
            <div className="flex items-center justify-between gap-3 px-4 pt-4 pb-3">
              <p className="text-sm text-gray-700 dark:text-gray-300">{t("vouchers.manage.intro")}</p>
              <button
                type="button"
                onClick={() => {
                  setOpenedAt(new Date());
                  window.scrollTo(0, 0);
                }}
                className="min-h-11 shrink-0 rounded-full bg-primary-700 px-4 py-1 text-sm leading-tight font-semibold text-white"
              >
                {t("vouchers.manage.create")}
              </button>
            </div>
            {list.data && (
              <ManagedVoucherList
                vouchers={list.data}
                emptyText={t("vouchers.manage.empty")}
                busy={pause.isPending}
                onPause={(v) => pause.mutate({ id: v.id, paused: !v.paused })}
              />
            )}
          </>
        )}
      </main>
    </>
  );
}

export default function MerchantVouchers({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <StoreVouchersContent />
    </QueryBoundary>
  );
}
