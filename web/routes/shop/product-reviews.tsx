import { useInfiniteQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/product-reviews";
import { LoadMore } from "../../features/catalog/infinite-products.tsx";
import { StatusTabs, statusParam } from "../../features/ops/ops-ui.tsx";
import { RatingLine, ReviewItem } from "../../features/reviews/review-item.tsx";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { rethrowNotFound, serverT, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { QueryBoundary } from "../../lib/queries.tsx";

const filters = ["all", "photos"] as const;
type Trpc = ReturnType<typeof useTRPC>;

const listQuery = (trpc: Trpc, listingId: string, filter: (typeof filters)[number]) =>
  trpc.reviews.forProduct.infiniteQueryOptions(
    { listingId, withPhotos: filter === "photos", limit: 10 },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const filter = statusParam(url.searchParams, filters, "show");
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    Promise.all([
      queryClient.fetchQuery(trpc.listings.get.queryOptions({ id: params.id })),
      queryClient.fetchInfiniteQuery(listQuery(trpc, params.id, filter)),
    ]).catch(rethrowNotFound),
  );
  return { dehydrated, title: serverT(context, locale)("reviews.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** Every review of a product, newest first, or only those with photos. */
function ReviewsContent(props: { id: string }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const [search] = useSearchParams();
  const filter = statusParam(search, filters, "show");
  const list = useInfiniteQuery(listQuery(trpc, props.id, filter));
  const summary = list.data?.pages[0]?.summary;
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      <AppHeader back title={t("reviews.title")} />
      <main id="main" className="pb-8">
        {summary && (
          <section aria-label={t("reviews.summary")} className="bg-white p-4 dark:bg-gray-900">
            <RatingLine summary={summary} />
            <ul className="mt-2 grid gap-0.5 text-sm text-gray-700 dark:text-gray-300">
              {summary.stars.map((count, i) => (
                <li key={i}>{t("reviews.starCount", { count: 5 - i, reviews: count })}</li>
              ))}
            </ul>
          </section>
        )}
        <StatusTabs
          label={t("reviews.filter")}
          statuses={filters}
          param="show"
          names={(f) =>
            f === "photos"
              ? t("reviews.withPhotos", { count: summary?.withPhotos ?? 0 })
              : t("reviews.all", { count: summary?.count ?? 0 })
          }
        />
        <div className="bg-white px-4 dark:bg-gray-900">
          {list.data && items.length === 0 && (
            <p className="py-10 text-center text-gray-600 dark:text-gray-400">{t("stores.page.noRating")}</p>
          )}
          {items.map((r) => (
            <ReviewItem key={r.id} review={r} />
          ))}
        </div>
        {items.length > 0 && <LoadMore query={list} endText={t("shell.listEnd")} />}
      </main>
    </>
  );
}

export default function ProductReviews({ loaderData, params }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <ReviewsContent id={params.id} />
    </QueryBoundary>
  );
}
