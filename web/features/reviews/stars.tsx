import { Star } from "lucide-react";
import { useI18n } from "../../lib/i18n.tsx";

/** A rating as five stars, read out as "4 of 5 stars". */
export function Stars(props: { rating: number; size?: "sm" | "md" }) {
  const { t } = useI18n();
  const size = props.size === "md" ? "size-5" : "size-4";
  return (
    <span
      role="img"
      aria-label={t("reviews.starsOf", { rating: props.rating })}
      className="inline-flex gap-0.5"
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={`${size} ${
            n <= Math.round(props.rating)
              ? "fill-amber-400 text-amber-500"
              : "fill-transparent text-gray-400 dark:text-gray-500"
          }`}
        />
      ))}
    </span>
  );
}
