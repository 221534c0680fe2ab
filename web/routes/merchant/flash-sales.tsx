import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Route } from "./+types/flash-sales";
import type { ManagedFlashItem } from "#common/contracts/flash.ts";
import { FlashEnrolForm } from "../../features/merchant/flash-enrol-form.tsx";
import { FlashSaleList, slotOpen, type ManagedFlashSlot } from "../../features/merchant/managed-flash.tsx";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { merchantOnly, serverT, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { modal } from "../../lib/modal.ts";
import { QueryBoundary } from "../../lib/queries.tsx";
import { toast } from "../../lib/toast.ts";
import { formatPeriod, useTimeZone } from "../../lib/time-zone.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { Card } from "../../ui/card.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient.fetchQuery(trpc.merchantFlash.sales.queryOptions()).catch(merchantOnly(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("merchant.flash.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/**
 * The store's part in flash sales (issue 42): the slots to come and running, each with the store's own items in it
 * and how many sold; "Ikut flash sale" on a slot to come opens the form that replaces the list, and an item leaves
 * its slot until the slot starts.
 */
function StoreFlashSalesContent() {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.merchantFlash.sales.queryOptions());
  // The slot the form enrols a product in, or null while the list shows.
  const [enrolIn, setEnrolIn] = useState<{ slot: ManagedFlashSlot; saleName: string } | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.merchantFlash.sales.queryKey() });
  const enrol = useMutation(
    trpc.merchantFlash.enrol.mutationOptions({
      onSuccess: () => {
        toast.notify(t("merchant.flash.enrolled"), "success");
        setEnrolIn(null);
        refresh();
      },
    }),
  );
  const remove = useMutation(
    trpc.merchantFlash.remove.mutationOptions({
      onSuccess: () => {
        toast.notify(t("merchant.flash.list.removed"), "success");
        refresh();
      },
      onError: refresh,
    }),
  );
  const askRemove = (item: ManagedFlashItem) =>
    modal.open(ConfirmDialog, {
      title: t("merchant.flash.list.removeTitle", { name: item.name }),
      body: t("merchant.flash.list.removeBody"),
      cancelLabel: t("catalog.search.cancel"),
      confirmLabel: t("merchant.flash.list.remove"),
      onConfirm: () => remove.mutate({ id: item.id }),
    });
  return (
    <>
      <AppHeader back title={t("merchant.flash.title")} />
      <main id="main" className="pb-8">
        {enrolIn ? (
          <Card>
            <FlashEnrolForm
              slot={enrolIn.slot}
              saleName={enrolIn.saleName}
              pending={enrol.isPending}
              onSave={(input, handlers) => enrol.mutate(input, handlers)}
              onCancel={() => setEnrolIn(null)}
            />
          </Card>
        ) : (
          <>
            <p className="px-4 pt-4 pb-3 text-sm text-gray-700 dark:text-gray-300">
              {t("merchant.flash.intro")}
            </p>
            {list.data && (
              <FlashSaleList
                sales={list.data}
                emptyText={t("merchant.flash.empty")}
                noItemsText={t("merchant.flash.noItems")}
                showStore={false}
                busy={remove.isPending}
                onRemove={askRemove}
                slotFooter={(slot, sale) =>
                  slotOpen(slot) && (
                    <button
                      type="button"
                      onClick={() => {
                        setEnrolIn({ slot, saleName: sale.name });
                        window.scrollTo(0, 0);
                      }}
                      aria-label={t("merchant.flash.joinLabel", {
                        name: sale.name,
                        slot: formatPeriod(slot.startsAt, slot.endsAt, locale, zone),
                      })}
                      className="mt-3 min-h-11 w-full rounded-full bg-primary-700 px-4 py-1 text-sm leading-tight font-semibold text-white"
                    >
                      {t("merchant.flash.join")}
                    </button>
                  )
                }
              />
            )}
          </>
        )}
      </main>
    </>
  );
}

export default function MerchantFlashSales({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <StoreFlashSalesContent />
    </QueryBoundary>
  );
}
