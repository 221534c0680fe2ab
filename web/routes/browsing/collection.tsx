import { HydrationBoundary, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import type { Route } from "./+types/collection";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { EmptyState, TimedList } from "../../features/browsing/timed-list.tsx";
import { serverT, signInOnUnauthorized, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam, localizePath } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient.fetchQuery(trpc.collection.list.queryOptions({})).catch(signInOnUnauthorized(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("browsing.collection.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

function CollectionContent() {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.collection.list.queryOptions({})).data;
  const remove = useMutation(
    trpc.collection.remove.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.collection.list.queryKey() });
        toast.notify(t("catalog.product.removed"), "success");
      },
    }),
  );
  return (
    <>
      <AppHeader back title={t("browsing.collection.title")} />
      <main id="main" className="py-4">
        <h1 className="sr-only">{t("browsing.collection.title")}</h1>
        {list && list.items.length === 0 ? (
          <EmptyState text={t("browsing.collection.empty")}>
            <Link
              to={localizePath(locale, "/h5")}
              className="mt-4 inline-block font-semibold text-primary-800 underline dark:text-primary-300"
            >
              {t("browsing.browseShop")}
            </Link>
          </EmptyState>
        ) : (
          <TimedList
            items={list?.items ?? []}
            removeLabel={(name) => t("browsing.collection.remove", { name })}
            onRemove={(listingId) => remove.mutate({ listingId })}
          />
        )}
      </main>
    </>
  );
}

export default function Collection({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydrated}>
      <CollectionContent />
    </HydrationBoundary>
  );
}
