import type { StoreSummaryView } from "#common/contracts/stores.ts";
import { formatNumber } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";

/** A store's level and rating as shoppers read them: "New store" and "No reviews yet" until earned. */
export function StoreBadges(props: { store: Pick<StoreSummaryView, "level" | "rating"> }) {
  const { t } = useI18n();
  const { level, rating } = props.store;
  return (
    <p className="flex flex-wrap gap-x-3 text-xs text-gray-600 dark:text-gray-400">
      <span>{level > 0 ? t("stores.page.level", { level }) : t("stores.page.newStore")}</span>
      <span>
        {rating === null ? t("stores.page.noRating") : t("stores.page.rating", { rating: rating.toFixed(1) })}
      </span>
    </p>
  );
}

/** The store's figures, every one computed from records. */
export function StoreFigures(props: { store: StoreSummaryView }) {
  const { t, locale } = useI18n();
  const s = props.store;
  const figures = [
    [t("stores.page.products"), s.products],
    [t("stores.page.followers"), s.followers],
    [t("stores.page.visits"), s.visits],
    [t("stores.page.collections"), s.collections],
  ] as const;
  return (
    <dl className="grid grid-cols-4 gap-2 text-center">
      {figures.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs text-gray-600 dark:text-gray-400">{label}</dt>
          <dd className="font-semibold">{formatNumber(value, locale)}</dd>
        </div>
      ))}
    </dl>
  );
}
