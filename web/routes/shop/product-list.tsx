import { useEffect } from "react";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigationType, useSearchParams } from "react-router";
import type { Route } from "./+types/product-list";
import { AppHeader } from "../../features/shell/app-header.tsx";
import {
  InfiniteProducts,
  listPageSize,
  useListingQuery,
  type ListingFilter,
} from "../../features/catalog/infinite-products.tsx";
import { SearchBox } from "../../features/catalog/search-box.tsx";
import { SortTabs, sortFrom } from "../../features/catalog/sort-tabs.tsx";
import { rethrowNotFound, serverT, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { QueryBoundary } from "../../lib/queries.tsx";

function filterFrom(search: URLSearchParams) {
  const category = Number(search.get("category"));
  return {
    categoryId: Number.isInteger(category) && category > 0 ? category : undefined,
    q: search.get("q")?.trim() || undefined,
    sort: sortFrom(search.get("sort")),
  };
}

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const filter = filterFrom(url.searchParams);
  const { dehydrated, result: categoryName } = await withServerApi(
    { request, context },
    locale,
    async ({ trpc, queryClient }) => {
      const [tree] = await Promise.all([
        filter.categoryId ? queryClient.fetchQuery(trpc.catalog.categories.queryOptions()) : undefined,
        queryClient
          .fetchInfiniteQuery(
            trpc.listings.list.infiniteQueryOptions(
              { ...filter, limit: listPageSize },
              { getNextPageParam: (last) => last.nextCursor ?? undefined },
            ),
          )
          // An unknown category is the 404 page, not an empty list.
          .catch(rethrowNotFound),
      ]);
      return tree?.flatMap((top) => [top, ...top.children]).find((c) => c.id === filter.categoryId)?.name;
    },
  );
  const t = serverT(context, locale);
  return {
    dehydrated,
    // The list is named by what it shows: the search, else the category, else all products.
    title: filter.q
      ? t("catalog.list.results", { query: filter.q })
      : (categoryName ?? t("catalog.list.title")),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/**
 * Counts a search toward hot keywords and the shopper's history once its results are shown, and only a
 * search made in the shop (the search box, a suggestion, a hot keyword): loading a search address (a
 * crawler, a prefetch, a link from another site, a reload) records nothing.
 */
function useRecordSearch(q: string | undefined) {
  // The page the browser loaded (or reloaded, or went back to) arrived by POP; a search made in the shop
  // navigates here (PUSH or REPLACE).
  const madeInShop = useNavigationType() !== "POP";
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { mutate } = useMutation(
    trpc.search.record.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.search.history.queryKey() }),
    }),
  );
  useEffect(() => {
    if (q && madeInShop) mutate({ q });
    // Only a new keyword is a new search; sorting the same results is not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q, mutate]);
}

function RecordSearch(props: { q: string | undefined }) {
  useRecordSearch(props.q);
  return null;
}

/** "Showing results for …" when search corrected a misspelt word. */
function CorrectedQuery(props: { filter: ListingFilter }) {
  const { t } = useI18n();
  const corrected = useInfiniteQuery(useListingQuery(props.filter)).data?.pages[0]?.correctedQuery;
  if (!corrected) return null;
  return (
    <p className="px-4 pt-3 text-sm text-gray-700 dark:text-gray-300" data-testid="corrected-query">
      {t("catalog.list.correctedTo", { query: corrected })}
    </p>
  );
}

/** Products by category or keyword, sortable, loading more on scroll. */
export default function ProductList({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const [search, setSearch] = useSearchParams();
  const filter = filterFrom(search);
  const update = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setSearch(next, { preventScrollReset: true });
  };
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <AppHeader back title={loaderData.title} />
      <main id="main" className="pb-6">
        <h1 className="sr-only">{loaderData.title || t("catalog.list.title")}</h1>
        <SearchBox key={filter.q ?? ""} initial={filter.q ?? ""} onSearch={(q) => update({ q })} />
        <SortTabs
          value={filter.sort}
          onChange={(sort) => update({ sort: sort === "overall" ? undefined : sort })}
        />
        <RecordSearch q={filter.q} />
        {filter.q && <CorrectedQuery filter={filter} />}
        <div className="mt-3">
          <InfiniteProducts filter={filter} />
        </div>
      </main>
    </QueryBoundary>
  );
}
