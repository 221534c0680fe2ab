import { useState } from "react";
import type { ImageView } from "#common/images.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { Picture } from "../../ui/picture.tsx";

/** Swipeable images (CSS scroll snapping, no script needed to swipe) with a position indicator. */
export function ProductGallery(props: { images: ImageView[]; name: string }) {
  const { t } = useI18n();
  const [index, setIndex] = useState(0);
  const total = props.images.length;
  if (total === 0) return <div className="aspect-square bg-gray-100 dark:bg-gray-800" />;
  return (
    <section aria-label={t("catalog.product.gallery")} className="relative bg-white dark:bg-gray-800">
      <ul
        // Focusable so keyboard users can scroll the images with the arrow keys.
        tabIndex={0}
        aria-label={t("catalog.product.gallery")}
        className="scrollbar-none flex snap-x snap-mandatory overflow-x-auto"
        onScroll={(e) => {
          const el = e.currentTarget;
          setIndex(Math.round(el.scrollLeft / el.clientWidth));
        }}
      >
        {props.images.map((image, i) => (
          <li key={image.url} className="w-full shrink-0 snap-center">
            <Picture
              image={image}
              alt={`${props.name} — ${t("catalog.product.image", { index: i + 1, total })}`}
              sizes="100vw"
              width={image.width}
              height={image.height}
              lcp={i === 0}
              className="aspect-square w-full object-cover"
            />
          </li>
        ))}
      </ul>
      {total > 1 && (
        <p
          aria-live="polite"
          className="absolute end-3 bottom-3 rounded-full bg-black/60 px-2.5 py-0.5 text-xs font-medium text-white"
        >
          {index + 1}/{total}
        </p>
      )}
    </section>
  );
}
