import { HydrationBoundary } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/product-list";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { InfiniteProducts, listPageSize } from "../../features/catalog/infinite-products.tsx";
import { SearchBox } from "../../features/catalog/search-box.tsx";
import { SortTabs, sortFrom } from "../../features/catalog/sort-tabs.tsx";
import { rethrowNotFound, serverT, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";

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
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient
      .fetchInfiniteQuery(
        trpc.listings.list.infiniteQueryOptions(
          { ...filter, limit: listPageSize },
          { getNextPageParam: (last) => last.nextCursor ?? undefined },
        ),
      )
      // An unknown category is the 404 page, not an empty list.
      .catch(rethrowNotFound),
  );
  const t = serverT(context, locale);
  return {
    dehydrated,
    title: filter.q ? t("catalog.list.results", { query: filter.q }) : t("catalog.list.title"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

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
    <HydrationBoundary state={loaderData.dehydrated}>
      <AppHeader back title={loaderData.title} />
      <main id="main" className="pb-6">
        <h1 className="sr-only">{loaderData.title || t("catalog.list.title")}</h1>
        <SearchBox key={filter.q ?? ""} initial={filter.q ?? ""} onSearch={(q) => update({ q })} />
        <SortTabs
          value={filter.sort}
          onChange={(sort) => update({ sort: sort === "overall" ? undefined : sort })}
        />
        <div className="mt-3">
          <InfiniteProducts filter={filter} />
        </div>
      </main>
    </HydrationBoundary>
  );
}
