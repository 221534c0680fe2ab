/**
 * One way to describe an image and its variants, shared by the server (which writes the files) and the web
 * app (which builds `srcset` from them). An image is a base (a storage key on the server, a URL path in
 * views) plus the widths it was rendered at, in each of its formats:
 *
 * - `${base}.${format}` is the image at its full stored size (`width` x `height`);
 * - `${base}-${w}.${format}` is each smaller width `w` of `widths`, in the same proportions.
 *
 * Formats are listed best first; the last is one every browser shows. Kept free of zod: the browser
 * imports it (the view's schema is in `contracts/image.ts`).
 */
export const imageFormats = ["avif", "webp"] as const;
export type ImageFormat = (typeof imageFormats)[number];

export const imageMimeTypes: Record<ImageFormat, string> = { avif: "image/avif", webp: "image/webp" };

interface Renditions {
  width: number;
  height: number;
  /** The smaller widths rendered besides the full size, ascending. */
  widths: number[];
  formats: ImageFormat[];
}

/** An image as the database keeps it: `key` is the storage key of its files, without extension. */
export interface StoredImage extends Renditions {
  key: string;
}

/** An image as views carry it: `url` is the base URL of its files, without extension. */
export interface ImageView extends Renditions {
  url: string;
}

/** Every rendered width of an image, smallest first, the full size last. */
export function renditionWidths(image: Pick<Renditions, "width" | "widths">): number[] {
  return [...image.widths.filter((w) => w < image.width), image.width];
}

/** The file of one rendition; `base` is a storage key or a URL path. */
export function renditionPath(
  base: string,
  image: Pick<Renditions, "width">,
  width: number,
  format: ImageFormat,
): string {
  return width >= image.width ? `${base}.${format}` : `${base}-${width}.${format}`;
}

/** The `srcset` of an image in one of its formats. */
export function srcSetOf(image: ImageView, format: ImageFormat): string {
  return renditionWidths(image)
    .map((w) => `${renditionPath(image.url, image, w, format)} ${w}w`)
    .join(", ");
}
