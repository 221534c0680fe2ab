import { useSearchParams } from "react-router";
import type { Route } from "./+types/product-reviews";
import { LoadMore } from "../../features/catalog/infinite-products.tsx";
import { StatusTabs, statusParam } from "../../features/ops/ops-ui.tsx";
import { RatingLine, ReviewItem } from "../../features/reviews/review-item.tsx";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { callServerApi, rethrowNotFound, serverT } from "../../lib/api.server.ts";
import { usePages } from "../../lib/api-hooks.ts";
import { callApi } from "../../lib/client.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";

const filters = ["all", "photos"] as const;

const listInput = (listingId: string, filter: (typeof filters)[number]) => ({
  listingId,
  withPhotos: filter === "photos",
  limit: 10,
});

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const filter = statusParam(url.searchParams, filters, "show");
  const reviews = await callServerApi({ request, context }, locale, (api) =>
    // Reviews of a product that does not exist are the 404 page.
    Promise.all([api.listings.get({ id: params.id }), api.reviews.forProduct(listInput(params.id, filter))])
      .then(([, first]) => first)
      .catch(rethrowNotFound),
  );
  return { reviews, title: serverT(context, locale)("reviews.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** Every review of a product, newest first, or only those with photos. */
export default function ProductReviews({ loaderData, params }: Route.ComponentProps) {
  const { t } = useI18n();
  const [search] = useSearchParams();
  const filter = statusParam(search, filters, "show");
  const list = usePages(loaderData.reviews, (cursor) =>
    callApi("reviews.forProduct", { ...listInput(params.id, filter), cursor }),
  );
  const summary = loaderData.reviews.summary;
  const items = list.pages.flatMap((p) => p.items);
  return (
    <>
      <AppHeader back title={t("reviews.title")} />
      <main id="main" className="pb-8">
        <section aria-label={t("reviews.summary")} className="bg-white p-4 dark:bg-gray-900">
          <RatingLine summary={summary} />
          <ul className="mt-2 grid gap-0.5 text-sm text-gray-700 dark:text-gray-300">
            {summary.stars.map((count, i) => (
              <li key={i}>{t("reviews.starCount", { count: 5 - i, reviews: count })}</li>
            ))}
          </ul>
        </section>
        <StatusTabs
          label={t("reviews.filter")}
          statuses={filters}
          param="show"
          names={(f) =>
            f === "photos"
              ? t("reviews.withPhotos", { count: summary.withPhotos })
              : t("reviews.all", { count: summary.count })
          }
        />
        <div className="bg-white px-4 dark:bg-gray-900">
          {items.length === 0 && (
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
