import type { RatingSummary, ReviewView } from "#common/contracts/reviews.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { formatDateTime, useTimeZone } from "../../lib/time-zone.ts";
import { Avatar } from "../../ui/avatar.tsx";
import { PhotoStrip } from "../../ui/photo-strip.tsx";
import { Stars } from "./stars.tsx";

/** One review: who (masked), stars, when, text, photos, the store's reply; or that it was hidden. */
export function ReviewItem(props: { review: ReviewView; children?: React.ReactNode }) {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const { review } = props;
  return (
    <article
      className="border-b border-gray-100 py-3 last:border-0 dark:border-gray-800"
      data-testid="review"
    >
      <div className="flex items-center gap-2">
        <Avatar image={review.avatar} alt="" name={review.reviewer} size={32} />
        <p className="min-w-0 flex-1 truncate text-sm font-medium">{review.reviewer}</p>
        <time
          className="shrink-0 text-xs text-gray-600 dark:text-gray-400"
          dateTime={review.createdAt.toISOString()}
        >
          {formatDateTime(review.createdAt, locale, zone)}
        </time>
      </div>
      {review.hidden ? (
        <p className="mt-2 rounded-lg bg-gray-100 p-2 text-sm text-gray-700 dark:bg-gray-800 dark:text-gray-300">
          {t("reviews.hidden", { reason: review.hidden.reason })}
        </p>
      ) : (
        <>
          {review.rating !== null && (
            <p className="mt-1">
              <Stars rating={review.rating} />
            </p>
          )}
          {review.variantLabel && (
            <p className="mt-0.5 text-xs text-gray-600 dark:text-gray-400">
              {t("orders.item.variant", { variant: review.variantLabel })}
            </p>
          )}
          {review.text && <p className="mt-1 text-sm break-words whitespace-pre-line">{review.text}</p>}
          {review.editedAt && (
            <p className="text-xs text-gray-600 dark:text-gray-400">{t("reviews.edited")}</p>
          )}
          <PhotoStrip images={review.images} label={t("reviews.photo")} />
          {review.reply && (
            <div className="mt-2 rounded-lg bg-gray-50 p-2 text-sm dark:bg-gray-800">
              <p className="font-medium">{t("reviews.reply")}</p>
              <p className="break-words whitespace-pre-line">{review.reply.text}</p>
            </div>
          )}
        </>
      )}
      {props.children}
    </article>
  );
}

/** A product's rating: the average in large, stars, how many reviews. */
export function RatingLine(props: { summary: RatingSummary }) {
  const { t } = useI18n();
  const { summary } = props;
  if (summary.average === null) {
    return <p className="text-sm text-gray-600 dark:text-gray-400">{t("stores.page.noRating")}</p>;
  }
  return (
    <p className="flex items-center gap-2">
      <span className="text-2xl font-bold tabular-nums">{summary.average.toFixed(1)}</span>
      <Stars rating={summary.average} size="md" />
      <span className="text-sm text-gray-600 dark:text-gray-400">
        {t("reviews.count", { count: summary.count })}
      </span>
    </p>
  );
}
