import { Store } from "lucide-react";
import { Link } from "react-router";
import type { ProductCardView } from "#common/contracts/catalog.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localizePath } from "../../lib/locale.ts";
import { Picture } from "../../ui/picture.tsx";
import { Price } from "./price.tsx";

/** How wide a card's image is: 144 px in a sideways row (w-36), half the screen in a two-column grid (px-4, gap-3). */
const imageSizes = { row: "144px", grid: "calc(50vw - 22px)" } as const;

/**
 * A listing as a tile: image, name, price and the store selling it, linking to the product page. `lcp`
 * marks the card whose image is likely the largest of the first screen, `eager` one on the first screen.
 */
export function ProductCard(props: {
  product: ProductCardView;
  layout: keyof typeof imageSizes;
  lcp?: boolean;
  eager?: boolean;
  className?: string;
}) {
  const { locale } = useI18n();
  const p = props.product;
  return (
    <Link
      to={localizePath(locale, `/h5/products/${p.id}`)}
      className={`block overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200 dark:bg-gray-800 dark:ring-gray-700 ${props.className ?? ""}`}
    >
      {p.image ? (
        <Picture
          image={p.image}
          alt=""
          sizes={imageSizes[props.layout]}
          width={144}
          height={144}
          lcp={props.lcp}
          eager={props.eager}
          className="aspect-square w-full bg-gray-100 object-cover dark:bg-gray-700"
        />
      ) : (
        <div className="aspect-square w-full bg-gray-100 dark:bg-gray-700" />
      )}
      <div className="p-2">
        <h3 className="line-clamp-2 min-h-10 text-sm leading-5">{p.name}</h3>
        <div className="mt-1">
          <Price price={p.price} max={p.maxPrice} usual={p.suggestedPrice} />
        </div>
        <p className="mt-1 flex items-center gap-1 text-xs text-gray-600 dark:text-gray-400">
          <Store className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="truncate" data-testid="card-store">
            {p.storeName}
          </span>
        </p>
      </div>
    </Link>
  );
}

/** A titled row of cards that scrolls sideways; `lcp` when it opens the page (its first cards are the largest images). */
export function ProductRow(props: { title: string; products: ProductCardView[]; id: string; lcp?: boolean }) {
  if (props.products.length === 0) return null;
  return (
    <section aria-labelledby={props.id} className="mt-4">
      <h2 id={props.id} className="px-4 text-base font-semibold">
        {props.title}
      </h2>
      <ul className="scrollbar-none mt-2 flex snap-x gap-3 overflow-x-auto px-4 pb-1">
        {props.products.map((p, i) => (
          <li key={p.id} className="w-36 shrink-0 snap-start">
            <ProductCard product={p} layout="row" lcp={props.lcp && i < 2} eager={i < 3} />
          </li>
        ))}
      </ul>
    </section>
  );
}
