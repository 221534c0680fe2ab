import { useState } from "react";
import { HydrationBoundary, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import type { Route } from "./+types/footmark";
import { localeTags } from "#common/locales.ts";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { EmptyState, TimedList } from "../../features/browsing/timed-list.tsx";
import { serverT, signInOnUnauthorized, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam, localizePath } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { modal } from "../../lib/modal.ts";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { useTRPC } from "../../lib/trpc.ts";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient.fetchQuery(trpc.footprints.list.queryOptions({})).catch(signInOnUnauthorized(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("browsing.footmark.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

function FootmarkContent() {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.footprints.list.queryOptions({})).data;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.footprints.list.queryKey() });
  const remove = useMutation(trpc.footprints.remove.mutationOptions({ onSuccess: refresh }));
  const clear = useMutation(trpc.footprints.clear.mutationOptions({ onSuccess: refresh }));
  const dayFormat = new Intl.DateTimeFormat(localeTags[locale], {
    dateStyle: "medium",
    timeZone: "Asia/Jakarta",
  });
  const dayKey = (d: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Jakarta" }).format(d);
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
  const items = list?.items ?? [];
  return (
    <>
      <AppHeader
        back
        title={t("browsing.footmark.title")}
        actions={
          items.length > 0 ? (
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
        {list && items.length === 0 ? (
          <EmptyState text={t("browsing.footmark.empty")}>
            <Link
              to={localizePath(locale, "/h5")}
              className="mt-4 inline-block font-semibold text-primary-800 underline dark:text-primary-300"
            >
              {t("browsing.browseShop")}
            </Link>
          </EmptyState>
        ) : (
          <TimedList
            items={items}
            heading={heading}
            removeLabel={(name) => t("browsing.footmark.remove", { name })}
            onRemove={(listingId) => remove.mutate({ listingId })}
          />
        )}
      </main>
    </>
  );
}

export default function Footmark({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydrated}>
      <FootmarkContent />
    </HydrationBoundary>
  );
}
