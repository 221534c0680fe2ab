// The demo shop's pictures: product art, category icons and store logos, drawn from SVG. Seeding plans them
// (their records, named by the drawing and its size) and writes the shop at once; the files are drawn after,
// by `drawDemoPictures`: on a first start by a job (server/flows/demo-pictures.ts) in a process of its own,
// while the shop already answers, so a newcomer waits seconds, not a minute. Drawing is idempotent: a picture
// whose files are there is not drawn again, so a job that died midway is simply run again.
import sharp from "sharp";
import { renditionPath, renditionWidths, type StoredImage } from "#common/images.ts";
import { drawPlannedImage, imageKinds, plannedImage, type ImageKind } from "../platform/images.ts";
import type { Storage } from "../platform/storage.ts";
import { seedCategories, seedProducts, seedStores } from "./catalogue-data.ts";
import { seedVariants } from "./catalogue-variants.ts";
import { renderCategoryIcon, renderProductArt, renderStoreLogo } from "./product-art.ts";

/** One picture of the demo shop: what it is, what it is drawn from, and its record (planned, not yet drawn). */
interface DemoPicture {
  kind: ImageKind;
  svg: string;
  size: number;
  image: StoredImage;
}

function picture(kind: ImageKind, svg: string, size: number): DemoPicture {
  return { kind, svg, size, image: plannedImage(kind, size, size, `${size}\0${svg}`) };
}

/**
 * Every picture the demo shop shows, with product pictures `size` pixels square: icons and logos at the largest
 * size their pages use, or smaller when the products are.
 */
export function demoPictures(size: number) {
  const iconSize = Math.min(size, imageKinds.categoryIcon.widths.at(-1)!);
  const logoSize = Math.min(size, imageKinds.storeLogo.widths.at(-1)!);
  return {
    icons: seedCategories.map((c) =>
      picture(imageKinds.categoryIcon, renderCategoryIcon(c.icon, c.iconColour), iconSize),
    ),
    /** Three views of each product: its gallery. */
    products: seedProducts.map((product) =>
      [0, 1, 2].map((view) =>
        picture(imageKinds.product, renderProductArt(product.art.kind, product.art.palette, view), size),
      ),
    ),
    logos: seedStores.map((store) =>
      picture(imageKinds.storeLogo, renderStoreLogo(store.initials, store.colour), logoSize),
    ),
    /** A front view per colour of the products that come in colours (the first colour is the gallery's own). */
    colours: seedProducts.map((product) => {
      const axis = seedVariants[product.key]?.axes.find((a) => a.kind === "colour");
      return (axis?.values ?? [])
        .slice(1)
        .map((value) =>
          picture(
            imageKinds.product,
            renderProductArt(product.art.kind, value.palette ?? product.art.palette, 0),
            size,
          ),
        );
    }),
  };
}

export type DemoPictures = ReturnType<typeof demoPictures>;

/** Whether every file of a picture is there (a drawing cut short leaves some). */
async function drawn(storage: Storage, p: DemoPicture): Promise<boolean> {
  for (const width of renditionWidths(p.image)) {
    for (const format of p.image.formats) {
      if ((await storage.read(renditionPath(p.image.key, p.image, width, format))) === undefined)
        return false;
    }
  }
  return true;
}

/**
 * Draws every demo picture whose files are missing, what the home page shows first (the categories' icons, the
 * stores' logos, the products' gallery fronts), a few at a time; answers how many it drew.
 */
export async function drawDemoPictures(storage: Storage, size: number): Promise<number> {
  const all = demoPictures(size);
  // Each file once: a drawing that appears twice (two products with the same art) is one picture.
  const byKey = new Map<string, DemoPicture>();
  for (const p of [
    ...all.icons,
    ...all.logos,
    ...all.products.map((views) => views[0]!),
    ...all.products.flatMap((views) => views.slice(1)),
    ...all.colours.flat(),
  ])
    if (!byKey.has(p.image.key)) byKey.set(p.image.key, p);
  const queue = [...byKey.values()];
  let next = 0;
  let count = 0;
  const worker = async () => {
    while (next < queue.length) {
      const p = queue[next++]!;
      if (await drawn(storage, p)) continue;
      const png = await sharp(Buffer.from(p.svg))
        .resize(p.size, p.size)
        .png({ compressionLevel: 1 })
        .toBuffer();
      await drawPlannedImage(storage, p.kind, p.image, new Uint8Array(png));
      count++;
    }
  };
  // sharp encodes on its own threads: a few pictures at a time keep both cores busy.
  await Promise.all([worker(), worker(), worker(), worker()]);
  return count;
}
