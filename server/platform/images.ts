import { createHash } from "node:crypto";
import type * as SharpModule from "sharp";
import type { AvifOptions, OutputInfo, WebpOptions } from "sharp";
import {
  renditionPath,
  renditionWidths,
  type ImageFormat,
  type ImageView,
  type StoredImage,
} from "#common/images.ts";
import type { MessageKey } from "#common/i18n/messages.ts";
import { DomainError } from "./errors.ts";
import type { Logger } from "./logger.ts";
import type { Storage } from "./storage.ts";

/**
 * sharp (libvips) loads on the first image a request stores: most processes of the shop never store one, and
 * loading it maps about 6 MB of native code and starts libvips's threads.
 */
let sharpModule: Promise<typeof SharpModule> | undefined;
async function loadSharp() {
  sharpModule ??= import("sharp");
  return (await sharpModule).default;
}

/**
 * Every image that enters the shop (a seeded picture, an upload) goes through `storeImage`: it is decoded once,
 * turned upright, cropped if its kind is square, and written in each width its pages show it at, in each
 * format. The database keeps the `StoredImage` it returns; views carry `imageView(...)`, from which the web
 * app builds `srcset` (common/images.ts names the files).
 */
export interface ImageKind {
  folder: string;
  /**
   * The widths to render, ascending, in device pixels: the CSS widths the pages show this kind at, times
   * the pixel ratios of the phones that view them. The largest also caps the full size.
   */
  widths: readonly number[];
  /** Cropped to a centred square (avatars, logos, icons) instead of keeping the proportions. */
  square: boolean;
}

export const imageKinds = {
  /**
   * Product cards are 144 CSS px wide in rows, about 175 in two-column grids and 72 in lists; the gallery is
   * the width of the screen (390 px is 1024 device pixels on a 2.6x phone).
   */
  product: { folder: "products", widths: [160, 320, 480, 800, 1080], square: false },
  /** 40 px in the home page's tabs, 56 px on the category page. */
  categoryIcon: { folder: "categories", widths: [56, 112, 168], square: true },
  /** 48 px in lists and on product pages, 64 px on the store's page. */
  storeLogo: { folder: "stores", widths: [64, 128, 192], square: true },
  /** 72 px on the account page. */
  avatar: { folder: "avatars", widths: [72, 144, 216], square: true },
  /** Shoppers' photos of what they bought (reviews, after-sales requests): 72 px thumbnails, opened full width. */
  shopperPhoto: { folder: "photos", widths: [80, 160, 240, 800, 1080], square: false },
} as const satisfies Record<string, ImageKind>;

/**
 * Formats written, best first (a stored image records its own, so adding one later needs no migration).
 * WebP only: every browser the shop supports shows it. AVIF was measured (docs/decisions/0009): 30-45%
 * smaller at the same quality, but at sharp's effort 2 it took five times WebP's CPU time for the demo
 * catalogue's 800 px pictures (252 s against 51 s) and effort 4 eighteen times, for about 40 KB less on a
 * home page that loads 140 KB of images.
 */
const formats: readonly ImageFormat[] = ["webp"];

const encodings = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 80 },
} satisfies Record<ImageFormat, AvifOptions | WebpOptions>;

/** Bigger inputs are refused before they are decoded (a decompression bomb is a few KB). */
const maxInputPixels = 40_000_000;

/** The bytes are not an image sharp can read (or too big a one). */
export class UnreadableImageError extends Error {
  constructor(cause: unknown) {
    super("unreadable image", { cause });
  }
}

/** The full stored size of an image `width` x `height` (upright) for a kind: never enlarged. */
function fullSize(kind: ImageKind, width: number, height: number) {
  const cap = kind.widths.at(-1)!;
  if (kind.square) {
    const side = Math.min(cap, width, height);
    return { width: side, height: side };
  }
  // Very tall pictures are capped at twice the cap in height.
  const scale = Math.min(1, cap / width, (2 * cap) / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * What a service is given to store as an image: its bytes (any common format), or an image already stored, or
 * planned and drawn by whoever planned it (`plannedImage`: the demo seed's pictures), which is kept as it is.
 */
export type ImageInput = Uint8Array | StoredImage;

/** The name of an image's files: a hash of how they are made and of what they are made from. */
function imageKey(kind: ImageKind, source: Uint8Array | string): string {
  const hash = createHash("sha256")
    .update(JSON.stringify({ kind, formats, encodings }))
    .update(source)
    .digest("hex")
    .slice(0, 32);
  return `${kind.folder}/${hash}`;
}

/** The record of an image `width` x `height` (its full stored size) with files named `key`. */
function storedImage(kind: ImageKind, key: string, width: number, height: number): StoredImage {
  return { key, width, height, widths: kind.widths.filter((w) => w < width), formats: [...formats] };
}

/** Writes every width and format of an image from its pixels at full size. */
async function writeRenditions(
  storage: Storage,
  image: StoredImage,
  pixels: { data: Buffer; info: OutputInfo },
): Promise<void> {
  const sharp = await loadSharp();
  const { width, height, channels } = pixels.info;
  await Promise.all(
    renditionWidths(image).flatMap((w) =>
      formats.map(async (format) => {
        const encoded = await sharp(pixels.data, { raw: { width, height, channels } })
          .resize(w)
          .toFormat(format, encodings[format])
          .toBuffer();
        await storage.write(renditionPath(image.key, image, w, format), new Uint8Array(encoded));
      }),
    ),
  );
}

/** Decodes an image, turned upright and cropped or scaled to its kind's full size. */
async function fullSizePixels(kind: ImageKind, bytes: Uint8Array) {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(bytes, { limitInputPixels: maxInputPixels }).metadata();
    const size = fullSize(kind, meta.autoOrient.width, meta.autoOrient.height);
    return await sharp(bytes, { limitInputPixels: maxInputPixels, autoOrient: true })
      .resize(size.width, size.height, { fit: "cover" })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new UnreadableImageError(error);
  }
}

/**
 * Stores an image of a kind in every width and format; returns what to keep in the database. Files are named
 * by a hash of the input and of how they are made, so storing the same picture twice writes nothing new and
 * every URL can be cached forever. Throws `UnreadableImageError` for bytes that are not a readable image.
 * An image already stored (or planned) is answered as it is.
 */
export async function storeImage(storage: Storage, kind: ImageKind, input: ImageInput): Promise<StoredImage> {
  if (!(input instanceof Uint8Array)) return input;
  const pixels = await fullSizePixels(kind, input);
  const image = storedImage(kind, imageKey(kind, input), pixels.info.width, pixels.info.height);
  await writeRenditions(storage, image, pixels);
  return image;
}

/**
 * The record of an image whose files are drawn later by whoever plans it (the demo seed draws its pictures after
 * the shop is written): `width` x `height` before its kind's cap, named by `source`, what it will be drawn from,
 * so the same drawing planned twice has the same files. `drawPlannedImage` writes them.
 */
export function plannedImage(kind: ImageKind, width: number, height: number, source: string): StoredImage {
  const size = fullSize(kind, width, height);
  return storedImage(kind, imageKey(kind, `planned\0${source}`), size.width, size.height);
}

/** Writes the files of a planned image from its drawing (any common format, of the size it was planned at). */
export async function drawPlannedImage(
  storage: Storage,
  kind: ImageKind,
  image: StoredImage,
  bytes: Uint8Array,
): Promise<void> {
  const pixels = await fullSizePixels(kind, bytes);
  if (pixels.info.width !== image.width || pixels.info.height !== image.height) {
    throw new Error(`${image.key} was planned at ${image.width}x${image.height}, drawn at another size`);
  }
  await writeRenditions(storage, image, pixels);
}

/** What views carry for a stored image: its files' base URL instead of its storage key. */
export function imageView(storage: Storage, image: StoredImage): ImageView;
export function imageView(storage: Storage, image: StoredImage | null): ImageView | null;
export function imageView(storage: Storage, image: StoredImage | null): ImageView | null {
  if (!image) return null;
  const { key, ...renditions } = image;
  return { url: storage.url(key), ...renditions };
}

/** The largest image file accepted from a form (a phone photo). */
const uploadMaxBytes = 5 * 1024 * 1024;

/**
 * Stores an image a person uploaded: refused with a translated message when the file is empty, larger than
 * `uploadMaxBytes` or not a readable image (nothing is written then).
 */
export async function storeUpload(
  deps: { storage: Storage; log: Logger },
  kind: ImageKind,
  file: Blob,
  messages: { invalid: MessageKey; tooLarge: MessageKey } = {
    invalid: "errors.image.invalid",
    tooLarge: "errors.image.tooLarge",
  },
): Promise<StoredImage> {
  if (file.size === 0) throw new DomainError("bad_request", messages.invalid);
  if (file.size > uploadMaxBytes) throw new DomainError("bad_request", messages.tooLarge);
  try {
    return await storeImage(deps.storage, kind, new Uint8Array(await file.arrayBuffer()));
  } catch (error) {
    if (!(error instanceof UnreadableImageError)) throw error;
    deps.log.info({ err: error.cause }, "upload is not a readable image");
    throw new DomainError("bad_request", messages.invalid);
  }
}

/** The site's logo in the two sizes pages use: the logo and share image, and the browser tab's icon. */
const siteLogoSizes = { logo: 512, icon: 192 } as const;

/**
 * Stores the site logo an operator uploaded, cropped to a centred square: a PNG of up to 512 px (the logo and
 * the share image link previews show) and one of up to 192 px (the favicon). PNG rather than WebP, because
 * browsers' tabs, home screens and link previews all read it. Refused like `storeUpload` (nothing written).
 * Answers the files' URL paths.
 */
export async function storeSiteLogo(
  deps: { storage: Storage; log: Logger },
  file: Blob,
): Promise<{ logo: string; favicon: string }> {
  if (file.size === 0) throw new DomainError("bad_request", "errors.image.invalid");
  if (file.size > uploadMaxBytes) throw new DomainError("bad_request", "errors.image.tooLarge");
  const sharp = await loadSharp();
  const bytes = new Uint8Array(await file.arrayBuffer());
  const hash = createHash("sha256")
    .update(JSON.stringify(siteLogoSizes))
    .update(bytes)
    .digest("hex")
    .slice(0, 32);
  const key = `site/${hash}`;
  let sides: { logo: Buffer; icon: Buffer };
  try {
    const meta = await sharp(bytes, { limitInputPixels: maxInputPixels }).metadata();
    const side = Math.min(siteLogoSizes.logo, meta.autoOrient.width, meta.autoOrient.height);
    const square = (edge: number) =>
      sharp(bytes, { limitInputPixels: maxInputPixels, autoOrient: true })
        .resize(edge, edge, { fit: "cover" })
        .png({ compressionLevel: 9 })
        .toBuffer();
    sides = { logo: await square(side), icon: await square(Math.min(side, siteLogoSizes.icon)) };
  } catch (error) {
    deps.log.info({ err: error }, "site logo is not a readable image");
    throw new DomainError("bad_request", "errors.image.invalid");
  }
  await Promise.all([
    deps.storage.write(`${key}.png`, new Uint8Array(sides.logo)),
    deps.storage.write(`${key}-icon.png`, new Uint8Array(sides.icon)),
  ]);
  return { logo: deps.storage.url(`${key}.png`), favicon: deps.storage.url(`${key}-icon.png`) };
}
