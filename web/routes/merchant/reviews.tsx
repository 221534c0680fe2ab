import { useId, useState } from "react";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/reviews";
import type { ListedReviewView } from "#common/contracts/reviews.ts";
import { replyTextMax, reviewViews } from "#common/review-states.ts";
import { LoadMore } from "../../features/catalog/infinite-products.tsx";
import { StatusTabs, statusParam } from "../../features/ops/ops-ui.tsx";
import { ReviewItem } from "../../features/reviews/review-item.tsx";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { merchantOnly, serverT, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { modal } from "../../lib/modal.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { DialogActions } from "../../ui/confirm-dialog.tsx";
import { QueryBoundary } from "../../lib/queries.tsx";

const views = reviewViews;
type Trpc = ReturnType<typeof useTRPC>;

const listQuery = (trpc: Trpc, view: (typeof views)[number]) =>
  trpc.merchantReviews.list.infiniteQueryOptions(
    { view, limit: 20 },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient
      .fetchInfiniteQuery(listQuery(trpc, statusParam(url.searchParams, views, "view")))
      .catch(merchantOnly(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("reviews.merchant.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** The store's reply to a review: written, or reworded, in a dialog. */
function ReplyDialog(props: { review: ListedReviewView; onSend: (reply: string) => void }) {
  const { t } = useI18n();
  const id = useId();
  const [reply, setReply] = useState(props.review.reply?.text ?? "");
  const [error, setError] = useState<string>();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!reply.trim()) return setError(t("errors.reviews.replyEmpty"));
    props.onSend(reply.trim());
    modal.close();
  };
  return (
    <form onSubmit={submit} noValidate className="p-5">
      <h2 className="text-lg font-semibold">{t("reviews.merchant.replyTitle")}</h2>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{props.review.product}</p>
      <label htmlFor={id} className="mt-3 block text-sm font-medium">
        {t("reviews.merchant.replyLabel")}
      </label>
      <textarea
        id={id}
        value={reply}
        onChange={(e) => {
          setReply(e.target.value);
          setError(undefined);
        }}
        maxLength={replyTextMax}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="mt-1 w-full rounded-lg border border-gray-300 bg-white p-2 dark:border-gray-600 dark:bg-gray-800"
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <DialogActions cancelLabel={t("catalog.search.cancel")} confirmLabel={t("reviews.merchant.send")} />
    </form>
  );
}

/** The store's reviews, newest first (or those waiting for a reply), each answerable. */
function StoreReviewsContent() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const view = statusParam(search, views, "view");
  const list = useInfiniteQuery(listQuery(trpc, view));
  const reply = useMutation(
    trpc.merchantReviews.reply.mutationOptions({
      onSuccess: () => {
        toast.notify(t("reviews.merchant.sent"), "success");
        void queryClient.invalidateQueries({ queryKey: trpc.merchantReviews.pathKey() });
      },
    }),
  );
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      <AppHeader back title={t("reviews.merchant.title")} />
      <main id="main" className="pb-8">
        <StatusTabs
          label={t("reviews.filter")}
          statuses={views}
          param="view"
          names={(v) => t(`reviews.merchant.views.${v}`)}
        />
        {list.data && items.length === 0 && (
          <p className="px-4 py-10 text-center text-gray-600 dark:text-gray-400">
            {t("stores.page.noRating")}
          </p>
        )}
        <ul className="grid grid-cols-[minmax(0,1fr)] gap-2 px-3">
          {items.map((r) => (
            <li key={r.id} className="rounded-xl bg-white px-4 py-1 dark:bg-gray-900">
              <p className="pt-2 text-sm font-medium">{r.product}</p>
              <p className="text-xs text-gray-600 dark:text-gray-400">{r.orderCode}</p>
              <ReviewItem review={r}>
                {!r.hidden && (
                  <button
                    type="button"
                    className="mt-2 h-10 rounded-full border border-primary-700 px-4 text-sm font-semibold text-primary-800 dark:border-primary-400 dark:text-primary-300"
                    onClick={() =>
                      modal.open(ReplyDialog, {
                        review: r,
                        onSend: (text: string) => reply.mutate({ id: r.id, reply: text }),
                      })
                    }
                  >
                    {r.reply ? t("reviews.merchant.editReply") : t("reviews.merchant.reply")}
                  </button>
                )}
              </ReviewItem>
            </li>
          ))}
        </ul>
        {items.length > 0 && <LoadMore query={list} endText={t("shell.listEnd")} />}
      </main>
    </>
  );
}

export default function MerchantReviews({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <StoreReviewsContent />
    </QueryBoundary>
  );
}
