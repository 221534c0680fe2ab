import { useEffect } from "react";
import { useNavigationType, useSearchParams } from "react-router";
import type { Route } from "./+types/product-list";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { InfiniteProducts, listPageSize } from "../../features/catalog/infinite-products.tsx";
import { SearchBox } from "../../features/catalog/search-box.tsx";
import { SortTabs, sortFrom } from "../../features/catalog/sort-tabs.tsx";
import { callServerApi, rethrowNotFound, serverT } from "../../lib/api.server.ts";
import { useApiAction } from "../../lib/api-hooks.ts";
import { callApi } from "../../lib/client.ts";
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
  const [tree, products] = await callServerApi({ request, context }, locale, (api) =>
    Promise.all([
      filter.categoryId ? api.catalog.categories() : undefined,
      // An unknown category is the 404 page, not an empty list.
      api.listings.list({ ...filter, limit: listPageSize }).catch(rethrowNotFound),
    ]),
  );
  const categoryName = tree
    ?.flatMap((top) => [top, ...top.children])
    .find((c) => c.id === filter.categoryId)?.name;
  const t = serverT(context, locale);
  return {
    products,
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
  // The search box reads the history afresh each time it opens: nothing to refresh here.
  const { run } = useApiAction((input: { q: string }) => callApi("search.record", input, { mutation: true }));
  useEffect(() => {
    if (q && madeInShop) run({ q });
    // Only a new keyword is a new search; sorting the same results is not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q, run]);
}

function RecordSearch(props: { q: string | undefined }) {
  useRecordSearch(props.q);
  return null;
}

/** "Showing results for …" when search corrected a misspelt word. */
function CorrectedQuery(props: { corrected: string | null | undefined }) {
  const { t } = useI18n();
  if (!props.corrected) return null;
  return (
    <p className="px-4 pt-3 text-sm text-gray-700 dark:text-gray-300" data-testid="corrected-query">
      {t("catalog.list.correctedTo", { query: props.corrected })}
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
    <>
      <AppHeader back title={loaderData.title} />
      <main id="main" className="pb-6">
        <h1 className="sr-only">{loaderData.title || t("catalog.list.title")}</h1>
        <SearchBox key={filter.q ?? ""} initial={filter.q ?? ""} onSearch={(q) => update({ q })} />
        <SortTabs
          value={filter.sort}
          onChange={(sort) => update({ sort: sort === "overall" ? undefined : sort })}
        />
        <RecordSearch q={filter.q} />
        {filter.q && <CorrectedQuery corrected={loaderData.products.correctedQuery} />}
        <div className="mt-3">
          <InfiniteProducts filter={filter} first={loaderData.products} />
        </div>
      </main>
    </>
  );
}
