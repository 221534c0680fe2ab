import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Route } from "./+types/collection";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { InfiniteTimedList } from "../../features/browsing/timed-list.tsx";
import { serverT, signInOnUnauthorized, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { QueryBoundary } from "../../lib/queries.tsx";

type Trpc = ReturnType<typeof useTRPC>;

/** The collection's pages; the loader fetches the first with the same key. */
const collectionQuery = (trpc: Trpc) =>
  trpc.collection.list.infiniteQueryOptions({}, { getNextPageParam: (last) => last.nextCursor ?? undefined });

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient.fetchInfiniteQuery(collectionQuery(trpc)).catch(signInOnUnauthorized(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("browsing.collection.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

function CollectionContent() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(collectionQuery(trpc));
  const remove = useMutation(
    trpc.collection.remove.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.collection.list.pathKey() });
        toast.notify(t("catalog.product.removed"), "success");
      },
    }),
  );
  return (
    <>
      <AppHeader back title={t("browsing.collection.title")} />
      <main id="main" className="py-4">
        <h1 className="sr-only">{t("browsing.collection.title")}</h1>
        <InfiniteTimedList
          query={query}
          emptyText={t("browsing.collection.empty")}
          removeLabel={(name) => t("browsing.collection.remove", { name })}
          onRemove={(listingId) => remove.mutate({ listingId })}
        />
      </main>
    </>
  );
}

export default function Collection({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <CollectionContent />
    </QueryBoundary>
  );
}
