import type { ReactNode } from "react";
import { Link } from "react-router";
import { Trash2 } from "lucide-react";
import type { TimedCardsView } from "#common/contracts/browsing.ts";
import { LoadMore, type PagedQuery } from "../catalog/infinite-products.tsx";
import { formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localizePath } from "../../lib/locale.ts";
import { Picture } from "../../ui/picture.tsx";

/** About this many 72 px rows fill a phone's first screen. */
const firstScreenRows = 8;

/** The pages of a collection or footprint list, as an infinite query holds them. */
interface TimedListQuery extends PagedQuery {
  data: { pages: TimedCardsView[] } | undefined;
}

/**
 * The body of the collection and footprint pages: their products, loading more as the shopper scrolls,
 * or, when there are none, a line saying so and a way back to the shop.
 */
export function InfiniteTimedList(props: {
  query: TimedListQuery;
  emptyText: string;
  removeLabel: (name: string) => string;
  onRemove: (listingId: string) => void;
  heading?: (at: Date) => string;
}) {
  const { t, locale } = useI18n();
  const { data } = props.query;
  if (!data) return null;
  const items = data.pages.flatMap((p) => p.items);
  if (items.length === 0) {
    return (
      <EmptyState text={props.emptyText}>
        <Link
          to={localizePath(locale, "/h5")}
          className="mt-4 inline-block font-semibold text-primary-800 underline dark:text-primary-300"
        >
          {t("browsing.browseShop")}
        </Link>
      </EmptyState>
    );
  }
  return (
    <>
      <TimedList
        items={items}
        heading={props.heading}
        removeLabel={props.removeLabel}
        onRemove={props.onRemove}
      />
      <LoadMore query={props.query} endText={t("catalog.list.end")} />
    </>
  );
}

/** A list of products with a remove button each, optionally under day headings. */
function TimedList(props: {
  items: TimedCardsView["items"];
  removeLabel: (name: string) => string;
  onRemove: (listingId: string) => void;
  heading?: (at: Date) => string;
}) {
  const { locale } = useI18n();
  const groups: {
    title: string | undefined;
    items: (TimedCardsView["items"][number] & { row: number })[];
  }[] = [];
  for (const [row, entry] of props.items.entries()) {
    const item = { ...entry, row };
    const title = props.heading?.(item.at);
    const last = groups.at(-1);
    if (last && last.title === title) last.items.push(item);
    else groups.push({ title, items: [item] });
  }
  return (
    <div className="grid gap-4">
      {groups.map((group, i) => (
        <section key={`${group.title ?? ""}-${i}`} aria-label={group.title}>
          {group.title && (
            <h2 className="px-4 text-sm font-semibold text-gray-700 dark:text-gray-300">{group.title}</h2>
          )}
          <ul className="mt-2 grid grid-cols-[minmax(0,1fr)] gap-2 px-4">
            {group.items.map(({ product, row }) => (
              <li
                key={product.id}
                className="flex items-center gap-3 rounded-xl bg-white p-2 shadow-sm ring-1 ring-gray-200 dark:bg-gray-800 dark:ring-gray-700"
              >
                <Link
                  to={localizePath(locale, `/h5/products/${product.id}`)}
                  className="flex min-w-0 flex-1 items-center gap-3"
                >
                  {product.image && (
                    <Picture
                      image={product.image}
                      alt=""
                      sizes="72px"
                      width={72}
                      height={72}
                      eager={row < firstScreenRows}
                      className="size-18 rounded-lg object-cover"
                    />
                  )}
                  <span className="min-w-0">
                    <span className="line-clamp-2 text-sm">{product.name}</span>
                    <span className="mt-1 block font-semibold text-primary-700 dark:text-primary-400">
                      {formatRupiah(product.price)}
                    </span>
                  </span>
                </Link>
                <button
                  type="button"
                  onClick={() => props.onRemove(product.id)}
                  aria-label={props.removeLabel(product.name)}
                  className="rounded-full p-2 text-gray-600 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-700"
                >
                  <Trash2 className="size-5" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function EmptyState(props: { text: string; children?: ReactNode }) {
  return (
    <div className="px-6 py-16 text-center text-gray-600 dark:text-gray-400">
      <p>{props.text}</p>
      {props.children}
    </div>
  );
}
