import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Route } from "./+types/vouchers";
import { ManagedVoucherList } from "../../features/merchant/managed-vouchers.tsx";
import { VoucherForm } from "../../features/merchant/voucher-form.tsx";
import { operatorOnly, serverT, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { QueryBoundary } from "../../lib/queries.tsx";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient.fetchQuery(trpc.ops.vouchers.list.queryOptions()).catch(operatorOnly(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("vouchers.manage.opsTitle") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/**
 * The platform's vouchers and free-shipping vouchers (issue 42), paid by the platform: each with its use, budget
 * spent and live orders, paused and resumed here (audited); a new one is made in the form that replaces the
 * list, with what it may cost shown before it is saved.
 */
function OpsVouchersContent() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.ops.vouchers.list.queryOptions());
  // When the form was opened (the new voucher starts then), or null while the list shows.
  const [openedAt, setOpenedAt] = useState<Date | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.ops.vouchers.list.queryKey() });
  const create = useMutation(
    trpc.ops.vouchers.create.mutationOptions({
      onSuccess: () => {
        toast.notify(t("vouchers.manage.created"), "success");
        setOpenedAt(null);
        refresh();
      },
    }),
  );
  const pause = useMutation(
    trpc.ops.vouchers.pause.mutationOptions({
      onSuccess: (_ok, input) => {
        toast.notify(
          t(input.paused ? "vouchers.manage.list.pausedToast" : "vouchers.manage.list.resumedToast"),
          "success",
        );
        refresh();
      },
    }),
  );
  if (openedAt)
    return (
      <main id="main" className="px-3 pb-8">
        <h1 className="px-1 pt-4 pb-3 text-xl font-bold">{t("vouchers.manage.opsTitle")}</h1>
        <div className="rounded-xl bg-white p-4 dark:bg-gray-900">
          <VoucherForm
            title={t("vouchers.manage.opsCreateTitle")}
            payer="platform"
            openedAt={openedAt}
            pending={create.isPending}
            onSave={(input, handlers) => create.mutate(input, handlers)}
            onCancel={() => setOpenedAt(null)}
          />
        </div>
      </main>
    );
  return (
    <main id="main" className="pb-8">
      <div className="flex items-center justify-between gap-3 px-4 pt-4">
        <h1 className="text-xl font-bold">{t("vouchers.manage.opsTitle")}</h1>
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
      <p className="px-4 pt-1 pb-3 text-sm text-gray-700 dark:text-gray-300">
        {t("vouchers.manage.opsIntro")}
      </p>
      {list.data && (
        <ManagedVoucherList
          vouchers={list.data}
          emptyText={t("ops.empty")}
          busy={pause.isPending}
          onPause={(v) => pause.mutate({ id: v.id, paused: !v.paused })}
          ordersPath={(id) => `/ops/orders?status=all&voucher=${id}`}
        />
      )}
    </main>
  );
}

export default function OpsVouchers({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <OpsVouchersContent />
    </QueryBoundary>
  );
}
