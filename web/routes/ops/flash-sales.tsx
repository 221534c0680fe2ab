import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Route } from "./+types/flash-sales";
import type { ManagedFlashItem, ManagedFlashSale } from "#common/contracts/flash.ts";
import { FlashSaleList } from "../../features/merchant/managed-flash.tsx";
import { FlashSaleForm, FlashSlotForm } from "../../features/ops/flash-sale-form.tsx";
import { operatorOnly, serverT, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { modal } from "../../lib/modal.ts";
import { QueryBoundary } from "../../lib/queries.tsx";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient.fetchQuery(trpc.ops.flash.list.queryOptions()).catch(operatorOnly(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("ops.flash.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** Events still running or to come first (by their next slot), then those that ended, the last to end first. */
function byWhatComes(sales: readonly ManagedFlashSale[]): ManagedFlashSale[] {
  const open = (s: ManagedFlashSale) => s.slots.filter((slot) => slot.state !== "ended");
  const first = (s: ManagedFlashSale) => open(s)[0]?.startsAt.getTime() ?? Infinity;
  const lastEnd = (s: ManagedFlashSale) => s.slots.at(-1)?.endsAt.getTime() ?? 0;
  return [...sales].sort((a, b) => first(a) - first(b) || lastEnd(b) - lastEnd(a));
}

/**
 * The platform's flash sales (issue 42): each event with its slots (when, in the reader's zone, and their state)
 * and every store's items in them, an item taken out while its slot has not started (audited). A new event, with
 * its name in every language and its slots, is made in the form that replaces the list; a slot is added to an
 * event in a form under it.
 */
function OpsFlashSalesContent() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.ops.flash.list.queryOptions());
  // When the new event's form was opened (its first slot starts after then), or null while the list shows.
  const [openedAt, setOpenedAt] = useState<Date | null>(null);
  // The event a slot is being added to.
  const [addingTo, setAddingTo] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.ops.flash.list.queryKey() });
  const create = useMutation(
    trpc.ops.flash.create.mutationOptions({
      onSuccess: () => {
        toast.notify(t("ops.flash.created"), "success");
        setOpenedAt(null);
        refresh();
      },
    }),
  );
  const addSlot = useMutation(
    trpc.ops.flash.addSlot.mutationOptions({
      onSuccess: () => {
        toast.notify(t("ops.flash.slotAdded"), "success");
        setAddingTo(null);
        refresh();
      },
    }),
  );
  const remove = useMutation(
    trpc.ops.flash.remove.mutationOptions({
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
  if (openedAt)
    return (
      <main id="main" className="px-3 pb-8">
        <h1 className="px-1 pt-4 pb-3 text-xl font-bold">{t("ops.flash.title")}</h1>
        <div className="rounded-xl bg-white p-4 dark:bg-gray-900">
          <FlashSaleForm
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
        <h1 className="text-xl font-bold">{t("ops.flash.title")}</h1>
        <button
          type="button"
          onClick={() => {
            setOpenedAt(new Date());
            setAddingTo(null);
            window.scrollTo(0, 0);
          }}
          className="min-h-11 shrink-0 rounded-full bg-primary-700 px-4 py-1 text-sm leading-tight font-semibold text-white"
        >
          {t("ops.flash.create")}
        </button>
      </div>
      <p className="px-4 pt-1 pb-3 text-sm text-gray-700 dark:text-gray-300">{t("ops.flash.intro")}</p>
      {list.data && (
        <FlashSaleList
          sales={byWhatComes(list.data)}
          emptyText={t("ops.flash.empty")}
          noItemsText={t("ops.flash.noItems")}
          showStore
          busy={remove.isPending}
          onRemove={askRemove}
          saleFooter={(sale) =>
            addingTo === sale.id ? (
              <FlashSlotForm
                sale={sale}
                pending={addSlot.isPending}
                onSave={(slot, handlers) => addSlot.mutate({ saleId: sale.id, slot }, handlers)}
                onCancel={() => setAddingTo(null)}
              />
            ) : (
              <button
                type="button"
                onClick={() => setAddingTo(sale.id)}
                aria-label={t("ops.flash.addSlotLabel", { name: sale.name })}
                className="mt-3 min-h-11 rounded-full border border-primary-700 px-4 text-sm font-semibold text-primary-800 dark:border-primary-400 dark:text-primary-300"
              >
                {t("ops.flash.addSlot")}
              </button>
            )
          }
        />
      )}
    </main>
  );
}

export default function OpsFlashSales({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <OpsFlashSalesContent />
    </QueryBoundary>
  );
}
