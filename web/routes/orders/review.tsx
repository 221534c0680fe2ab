import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/review";
import type { OrderReviewsView } from "#common/contracts/reviews.ts";
import { reviewPhotosMax, reviewTextMax } from "#common/review-states.ts";
import { TextAreaField } from "../../features/merchant/store-fields.tsx";
import { PhotoPicker, StarInput } from "../../features/reviews/review-form.tsx";
import { ReviewItem } from "../../features/reviews/review-item.tsx";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { rethrowNotFound, serverT, signInOnUnauthorized, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { buttonRow, Card, rowButton } from "../../ui/card.tsx";
import { Thumbnail } from "../../ui/thumbnail.tsx";
import { QueryBoundary } from "../../lib/queries.tsx";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const orderId = url.searchParams.get("id") ?? "";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient
      .fetchQuery(trpc.reviews.forOrder.queryOptions({ orderId }))
      .catch(signInOnUnauthorized(url, locale))
      .catch(rethrowNotFound),
  );
  return { dehydrated, title: serverT(context, locale)("reviews.write.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

type Item = OrderReviewsView["items"][number];

function useRefresh() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: trpc.reviews.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.orders.pathKey() });
  };
}

/** Stars and text, with the checks the server makes; used to write a review and to change one. */
function ReviewFields(props: {
  rating: number;
  text: string;
  onRating: (n: number) => void;
  onText: (s: string) => void;
  errors: { rating?: string; text?: string };
}) {
  const { t } = useI18n();
  return (
    <>
      <StarInput value={props.rating} onChange={props.onRating} error={props.errors.rating} />
      <TextAreaField
        label={t("reviews.write.text")}
        name="text"
        value={props.text}
        max={reviewTextMax}
        onChange={props.onText}
        error={props.errors.text}
      />
    </>
  );
}

function checkFields(rating: number, text: string, t: ReturnType<typeof useI18n>["t"]) {
  return {
    rating: rating < 1 || rating > 5 ? t("errors.reviews.rating") : undefined,
    text: text.trim().length > reviewTextMax ? t("errors.reviews.textLong") : undefined,
  };
}

function WriteReview(props: { orderId: string; item: Item }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const refresh = useRefresh();
  const [rating, setRating] = useState(0);
  const [text, setText] = useState("");
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<{ rating?: string; text?: string }>({});
  const write = useMutation(
    trpc.reviews.write.mutationOptions({
      onSuccess: () => {
        toast.notify(t("reviews.write.thanks"), "success");
        refresh();
      },
    }),
  );
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = checkFields(rating, text, t);
    setErrors(found);
    if (found.rating || found.text) return;
    const form = new FormData();
    form.set("orderId", props.orderId);
    form.set("variantId", props.item.variantId);
    form.set("rating", String(rating));
    form.set("text", text);
    for (const photo of photos) form.append("photos", photo);
    write.mutate(form);
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t("reviews.write.formFor", { name: props.item.name })}>
      <ReviewFields
        rating={rating}
        text={text}
        onRating={(n) => {
          setRating(n);
          setErrors((x) => ({ ...x, rating: undefined }));
        }}
        onText={setText}
        errors={errors}
      />
      <PhotoPicker files={photos} onChange={setPhotos} max={reviewPhotosMax} />
      <button
        type="submit"
        disabled={write.isPending}
        className="mt-4 h-11 w-full rounded-full bg-primary-700 font-semibold text-white disabled:opacity-60"
      >
        {t("reviews.write.submit")}
      </button>
    </form>
  );
}

function EditReview(props: { item: Item & { review: NonNullable<Item["review"]> }; onDone: () => void }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const refresh = useRefresh();
  const [rating, setRating] = useState(props.item.review.rating ?? 0);
  const [text, setText] = useState(props.item.review.text);
  const [errors, setErrors] = useState<{ rating?: string; text?: string }>({});
  const edit = useMutation(
    trpc.reviews.edit.mutationOptions({
      onSuccess: () => {
        toast.notify(t("reviews.write.saved"), "success");
        refresh();
        props.onDone();
      },
    }),
  );
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = checkFields(rating, text, t);
    setErrors(found);
    if (found.rating || found.text) return;
    edit.mutate({ id: props.item.review.id, rating, text });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t("reviews.write.editFor", { name: props.item.name })}>
      <ReviewFields rating={rating} text={text} onRating={setRating} onText={setText} errors={errors} />
      <div className={`mt-3 ${buttonRow}`}>
        <button
          type="button"
          onClick={props.onDone}
          className={`${rowButton} min-h-11 border border-gray-300 font-semibold dark:border-gray-600`}
        >
          {t("catalog.search.cancel")}
        </button>
        <button
          type="submit"
          disabled={edit.isPending}
          className={`${rowButton} min-h-11 bg-primary-700 font-semibold text-white disabled:opacity-60`}
        >
          {t("reviews.write.save")}
        </button>
      </div>
    </form>
  );
}

function ItemReview(props: { orderId: string; open: boolean; item: Item }) {
  const { t } = useI18n();
  const [editing, setEditing] = useState(false);
  const { item } = props;
  const headingId = `item-${item.variantId}`;
  return (
    <Card labelledBy={headingId}>
      <div className="flex items-center gap-3">
        <Thumbnail image={item.image} />
        <h2 id={headingId} className="line-clamp-2 text-sm font-medium">
          {item.name}
          {item.variantLabel && (
            <span className="block text-xs font-normal text-gray-600 dark:text-gray-400">
              {t("orders.item.variant", { variant: item.variantLabel })}
            </span>
          )}
        </h2>
      </div>
      {item.review ? (
        editing ? (
          <EditReview item={{ ...item, review: item.review }} onDone={() => setEditing(false)} />
        ) : (
          <ReviewItem review={item.review}>
            {!item.review.hidden && (
              <button
                type="button"
                onClick={() => setEditing(true)}
                className="mt-2 h-10 rounded-full border border-gray-300 px-4 text-sm font-medium dark:border-gray-600"
              >
                {t("reviews.write.edit")}
              </button>
            )}
          </ReviewItem>
        )
      ) : props.open ? (
        <WriteReview orderId={props.orderId} item={item} />
      ) : (
        <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">{t("errors.reviews.notCompleted")}</p>
      )}
    </Card>
  );
}

/** The shopper reviews each item of a received order: stars, text, up to three photos; later, changes it. */
function ReviewContent() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const [search] = useSearchParams();
  const orderId = search.get("id") ?? "";
  const page = useQuery(trpc.reviews.forOrder.queryOptions({ orderId })).data;
  if (!page) return null;
  return (
    <>
      <AppHeader back title={t("reviews.write.title")} />
      <main id="main" className="pb-8">
        <p className="px-4 pt-3 text-sm text-gray-700 dark:text-gray-300">
          {t("reviews.write.note", { code: page.code })}
        </p>
        {page.items.map((item) => (
          <ItemReview key={item.variantId} orderId={page.orderId} open={page.open} item={item} />
        ))}
      </main>
    </>
  );
}

export default function Review({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <ReviewContent />
    </QueryBoundary>
  );
}
