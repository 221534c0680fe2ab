import { useState } from "react";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Route } from "./+types/footmark";
import { localeTags } from "#common/locales.ts";
import { dateTimeFormat } from "../../lib/time-zone.ts";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { InfiniteTimedList } from "../../features/browsing/timed-list.tsx";
import { serverT, signInOnUnauthorized, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { modal } from "../../lib/modal.ts";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { QueryBoundary } from "../../lib/queries.tsx";

type Trpc = ReturnType<typeof useTRPC>;

/** The footprints' pages; the loader fetches the first with the same key. */
const footprintsQuery = (trpc: Trpc) =>
  trpc.footprints.list.infiniteQueryOptions({}, { getNextPageParam: (last) => last.nextCursor ?? undefined });

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient.fetchInfiniteQuery(footprintsQuery(trpc)).catch(signInOnUnauthorized(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("browsing.footmark.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

function FootmarkContent() {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(footprintsQuery(trpc));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.footprints.list.pathKey() });
  const remove = useMutation(trpc.footprints.remove.mutationOptions({ onSuccess: refresh }));
  const clear = useMutation(trpc.footprints.clear.mutationOptions({ onSuccess: refresh }));
  const dayFormat = dateTimeFormat(localeTags[locale], { dateStyle: "medium", timeZone: "Asia/Jakarta" });
  const dayKey = (d: Date) => dateTimeFormat("en-CA", { timeZone: "Asia/Jakarta" }).format(d);
  // "Today" is fixed when the page opens.
  const [openedAt] = useState(() => Date.now());
  const today = dayKey(new Date(openedAt));
  const yesterday = dayKey(new Date(openedAt - 86_400_000));
  const heading = (at: Date) => {
    const key = dayKey(at);
    if (key === today) return t("browsing.footmark.today");
    if (key === yesterday) return t("browsing.footmark.yesterday");
    return dayFormat.format(at);
  };
  const hasItems = (query.data?.pages[0]?.items.length ?? 0) > 0;
  return (
    <>
      <AppHeader
        back
        title={t("browsing.footmark.title")}
        actions={
          hasItems ? (
            <button
              type="button"
              onClick={() =>
                modal.open(ConfirmDialog, {
                  title: t("browsing.footmark.confirmClear"),
                  cancelLabel: t("catalog.search.cancel"),
                  confirmLabel: t("browsing.footmark.clear"),
                  onConfirm: () => clear.mutate(),
                })
              }
              className="rounded-full px-3 py-1.5 text-sm font-medium text-red-700 dark:text-red-400"
            >
              {t("browsing.footmark.clear")}
            </button>
          ) : undefined
        }
      />
      <main id="main" className="py-4">
        <h1 className="sr-only">{t("browsing.footmark.title")}</h1>
        <InfiniteTimedList
          query={query}
          emptyText={t("browsing.footmark.empty")}
          heading={heading}
          removeLabel={(name) => t("browsing.footmark.remove", { name })}
          onRemove={(listingId) => remove.mutate({ listingId })}
        />
      </main>
    </>
  );
}

export default function Footmark({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <FootmarkContent />
    </QueryBoundary>
  );
}
