import { useEffect, useRef } from "react";
import type { ListingPageView, ListingSort } from "#common/contracts/catalog.ts";
import { usePages } from "../../lib/api-hooks.ts";
import { callApi } from "../../lib/client.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { ProductCard } from "./product-card.tsx";

export interface ListingFilter {
  categoryId?: number;
  storeId?: string;
  q?: string;
  sort: ListingSort;
}

export const listPageSize = 20;

/** What `LoadMore` needs of an infinite query (TanStack Query's, or `usePages`). */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** The last next page failed: it is not asked again by scrolling, only by the button. */
  isFetchNextPageError?: boolean;
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
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = props.query;
  useEffect(() => {
    const el = sentinel.current;
    // After a failure (its toast said why) the list waits for the button: a sentinel still in view would
    // otherwise ask again at once, and again.
    if (!el || !hasNextPage || isFetchNextPageError) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: "400px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
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

/**
 * A grid of products whose first page came with the page's data (`first`, read by the loader with the same
 * filter and `listPageSize`) and whose next pages load as the shopper scrolls near its end.
 */
export function InfiniteProducts(props: {
  filter: ListingFilter;
  first: ListingPageView;
  emptyText?: string;
}) {
  const { t } = useI18n();
  const { filter } = props;
  const list = usePages(props.first, (cursor) =>
    callApi("listings.list", { ...filter, limit: listPageSize, cursor }),
  );
  const items = list.pages.flatMap((p) => p.items);
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
      <LoadMore query={list} endText={t("catalog.list.end")} />
    </div>
  );
}
