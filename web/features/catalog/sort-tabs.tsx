import { listingSorts, type ListingSort } from "#common/sorts.ts";
import { useI18n } from "../../lib/i18n.tsx";

const labels = {
  overall: "catalog.list.sortOverall",
  sales: "catalog.list.sortSales",
  priceAsc: "catalog.list.sortPriceAsc",
  priceDesc: "catalog.list.sortPriceDesc",
  newest: "catalog.list.sortNewest",
} as const;

/**
 * The sort choices of a product list, as a row of radio buttons that scrolls sideways. Two things would
 * widen the page instead: a fieldset is at least as wide as its content (hence min-w-0), and a hidden,
 * absolutely placed radio is placed against the page unless its label is `relative`.
 */
export function SortTabs(props: { value: ListingSort; onChange: (sort: ListingSort) => void }) {
  const { t } = useI18n();
  return (
    <fieldset className="min-w-0 bg-white dark:bg-gray-900">
      <legend className="sr-only">{t("catalog.list.sort")}</legend>
      <div className="scrollbar-none flex gap-1 overflow-x-auto px-3 py-2">
        {listingSorts.map((sort) => (
          <label
            key={sort}
            className="relative shrink-0 cursor-pointer rounded-full px-3 py-1.5 text-sm text-gray-700 has-checked:bg-primary-700 has-checked:font-semibold has-checked:text-white dark:text-gray-300"
          >
            <input
              type="radio"
              name="sort"
              value={sort}
              checked={props.value === sort}
              onChange={() => props.onChange(sort)}
              className="sr-only"
            />
            {t(labels[sort])}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function sortFrom(value: string | null): ListingSort {
  return (listingSorts as readonly string[]).includes(value ?? "") ? (value as ListingSort) : "overall";
}
