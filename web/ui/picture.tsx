import type { CSSProperties } from "react";
import { imageMimeTypes, renditionPath, renditionWidths, srcSetOf, type ImageView } from "#common/images.ts";

export interface PictureProps {
  image: ImageView;
  alt: string;
  /**
   * How wide the image is shown, in CSS: a length ("144px", "calc(50vw - 22px)") or media conditions with
   * lengths. The browser picks the smallest rendition that is sharp at that width on its screen.
   */
  sizes: string;
  /** The width and height attributes: the box is reserved before the image arrives (CSS may scale it). */
  width: number;
  height: number;
  /** The likely largest image of the first screen: fetched first (`fetchpriority="high"`), never lazily. */
  lcp?: boolean;
  /** On the first screen: fetched at once. Otherwise it loads when it comes near the screen. */
  eager?: boolean;
  className?: string;
  style?: CSSProperties;
}

/**
 * Every picture of the shop: the renditions of a stored image as `srcset` (in each of its formats, best
 * first, with `<picture>` when there is more than one), `sizes`, reserved dimensions and lazy loading.
 */
export function Picture(props: PictureProps) {
  const { image, sizes } = props;
  const formats = image.formats;
  const fallback = formats.at(-1) ?? "webp";
  // For the rare browser without srcset: a rendition sharp on a 2x screen.
  const fallbackWidth = renditionWidths(image).find((w) => w >= props.width * 2) ?? image.width;
  const img = (
    <img
      src={renditionPath(image.url, image, fallbackWidth, fallback)}
      srcSet={srcSetOf(image, fallback)}
      sizes={sizes}
      width={props.width}
      height={props.height}
      alt={props.alt}
      loading={props.lcp || props.eager ? "eager" : "lazy"}
      fetchPriority={props.lcp ? "high" : undefined}
      decoding={props.lcp ? undefined : "async"}
      className={props.className}
      style={props.style}
    />
  );
  // React preloads the first screen's images from the document head, ahead of the stylesheet; only the LCP
  // image should be: an <img> inside <picture> is never preloaded, so the other first-screen images are wrapped.
  if (formats.length < 2 && (props.lcp || !props.eager)) return img;
  return (
    // `contents`: the <img> is laid out as if it were the parent's own child.
    <picture className="contents">
      {formats.slice(0, -1).map((format) => (
        <source key={format} type={imageMimeTypes[format]} srcSet={srcSetOf(image, format)} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
