import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/reviews";
import type { ListedReviewView } from "#common/contracts/reviews.ts";
import { opsReviewViews } from "#common/review-states.ts";
import { LoadMore } from "../../features/catalog/infinite-products.tsx";
import { DecisionDialog } from "../../features/ops/decision-dialog.tsx";
import { statusParam, StatusTabs } from "../../features/ops/ops-ui.tsx";
import { ReviewItem } from "../../features/reviews/review-item.tsx";
import { Stars } from "../../features/reviews/stars.tsx";
import { operatorOnly, serverT, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { modal } from "../../lib/modal.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { QueryBoundary } from "../../lib/queries.tsx";

type Trpc = ReturnType<typeof useTRPC>;

const listQuery = (trpc: Trpc, view: (typeof opsReviewViews)[number]) =>
  trpc.ops.reviews.list.infiniteQueryOptions(
    { view, limit: 20 },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient
      .fetchInfiniteQuery(listQuery(trpc, statusParam(url.searchParams, opsReviewViews)))
      .catch(operatorOnly(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("ops.nav.reviews") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** Reviews as operators see them: all, the low ratings, the hidden ones; hide an abusive one with a reason. */
function OpsReviewsContent() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const view = statusParam(search, opsReviewViews);
  const list = useInfiniteQuery(listQuery(trpc, view));
  const done = (message: string) => () => {
    toast.notify(message, "success");
    void queryClient.invalidateQueries({ queryKey: trpc.ops.reviews.pathKey() });
  };
  const hide = useMutation(
    trpc.ops.reviews.hide.mutationOptions({ onSuccess: done(t("ops.reviews.hidden")) }),
  );
  const show = useMutation(
    trpc.ops.reviews.show.mutationOptions({ onSuccess: done(t("ops.reviews.shown")) }),
  );
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const original = (r: ListedReviewView) => (
    <div className="mt-2 rounded-lg border border-gray-200 p-2 text-sm dark:border-gray-700">
      <p className="font-medium">{t("ops.reviews.original")}</p>
      <Stars rating={r.original.rating} />
      <p className="break-words whitespace-pre-line">{r.original.text}</p>
    </div>
  );
  return (
    <main id="main" className="pb-8">
      <h1 className="px-4 pt-4 text-xl font-bold">{t("ops.nav.reviews")}</h1>
      <StatusTabs
        label={t("ops.filter")}
        statuses={opsReviewViews}
        names={(v) => t(`ops.reviews.tabs.${v}`)}
      />
      {list.data && items.length === 0 && (
        <p className="px-4 py-10 text-center text-gray-600 dark:text-gray-400">{t("ops.empty")}</p>
      )}
      <ul className="grid grid-cols-[minmax(0,1fr)] gap-3 px-3">
        {items.map((r) => (
          <li key={r.id} className="rounded-xl bg-white px-4 py-1 dark:bg-gray-900" data-testid="ops-review">
            <p className="pt-2 text-sm font-medium">
              {r.product} · {r.storeName}
            </p>
            <p className="text-xs text-gray-600 dark:text-gray-400">{r.orderCode}</p>
            <ReviewItem review={r}>
              {r.hidden ? (
                <>
                  {original(r)}
                  <button
                    type="button"
                    className="mt-2 h-10 w-full rounded-full bg-primary-700 font-semibold text-white"
                    onClick={() =>
                      modal.open(DecisionDialog, {
                        title: t("ops.reviews.showTitle"),
                        confirmLabel: t("ops.reviews.show"),
                        onConfirm: () => show.mutate({ id: r.id }),
                      })
                    }
                  >
                    {t("ops.reviews.show")}
                  </button>
                </>
              ) : (
                <button
                  type="button"
                  className="mt-2 h-10 w-full rounded-full border border-red-700 font-semibold text-red-700 dark:border-red-400 dark:text-red-400"
                  onClick={() =>
                    modal.open(DecisionDialog, {
                      title: t("ops.reviews.hideTitle"),
                      body: t("ops.reviews.hideBody"),
                      reasonLabel: t("ops.reason"),
                      confirmLabel: t("ops.reviews.hide"),
                      danger: true,
                      onConfirm: ({ reason }) => hide.mutate({ id: r.id, reason }),
                    })
                  }
                >
                  {t("ops.reviews.hide")}
                </button>
              )}
            </ReviewItem>
          </li>
        ))}
      </ul>
      {items.length > 0 && <LoadMore query={list} endText={t("shell.listEnd")} />}
    </main>
  );
}

export default function OpsReviews({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <OpsReviewsContent />
    </QueryBoundary>
  );
}
