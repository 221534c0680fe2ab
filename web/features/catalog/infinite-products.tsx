import { useEffect, useRef } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import type { ListingSort } from "#common/contracts/catalog.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { ProductCard } from "./product-card.tsx";

export interface ListingFilter {
  categoryId?: number;
  storeId?: string;
  q?: string;
  sort: ListingSort;
}

export const listPageSize = 20;

/** The query options of a product list; loaders prefetch the first page with the same key. */
export function useListingQuery(filter: ListingFilter) {
  const trpc = useTRPC();
  return trpc.listings.list.infiniteQueryOptions(
    { ...filter, limit: listPageSize },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );
}

/** What `LoadMore` needs of an infinite query. */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The end of a list that loads more: the next page loads as the shopper scrolls near it (or presses
 * "Load more"), and once everything is shown it says so with `endText`, which names what the list holds
 * (products, orders, or `shell.listEnd` for anything).
 */
export function LoadMore(props: { query: PagedQuery; endText: string }) {
  const { t } = useI18n();
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = props.query;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: "400px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return (
    <div ref={sentinel} className="py-6 text-center text-sm text-gray-600 dark:text-gray-400">
      {hasNextPage ? (
        <button
          type="button"
          onClick={() => void fetchNextPage()}
          disabled={isFetchingNextPage}
          className="rounded-full border border-gray-300 px-4 py-2 dark:border-gray-600"
        >
          {isFetchingNextPage ? t("shell.loading") : t("catalog.list.loadMore")}
        </button>
      ) : (
        props.endText
      )}
    </div>
  );
}

/** A grid of products that loads the next page as the shopper scrolls near its end. */
export function InfiniteProducts(props: { filter: ListingFilter; emptyText?: string }) {
  const { t } = useI18n();
  const query = useInfiniteQuery(useListingQuery(props.filter));

  if (query.isPending) {
    return (
      <div className="grid grid-cols-2 gap-3 px-4" aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="aspect-[3/4] animate-pulse rounded-xl bg-gray-200 dark:bg-gray-800" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="px-4 py-8 text-center">
        <p className="text-red-700 dark:text-red-400">{t("catalog.list.error")}</p>
        <button
          type="button"
          onClick={() => void query.refetch()}
          className="mt-3 rounded-full border border-gray-300 px-4 py-2 text-sm dark:border-gray-600"
        >
          {t("catalog.list.retry")}
        </button>
      </div>
    );
  }
  const items = query.data.pages.flatMap((p) => p.items);
  if (items.length === 0) {
    return (
      <p className="px-4 py-10 text-center text-gray-600 dark:text-gray-400">
        {props.emptyText ?? t("catalog.list.empty")}
      </p>
    );
  }
  return (
    <div className="px-4">
      {/* The cards' names are h3s: this level-2 heading keeps the page's outline without skipping a level. */}
      <h2 className="sr-only">{t("catalog.list.title")}</h2>
      <ul className="grid grid-cols-2 gap-3" data-testid="product-grid">
        {items.map((p, i) => (
          <li key={p.id}>
            <ProductCard product={p} layout="grid" lcp={i < 2} eager={i < 4} />
          </li>
        ))}
      </ul>
      <LoadMore query={query} endText={t("catalog.list.end")} />
    </div>
  );
}
