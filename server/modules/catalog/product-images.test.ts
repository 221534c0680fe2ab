import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renditionPath, renditionWidths, type ImageView } from "#common/images.ts";
import { callerFor } from "../../../tests/setup/caller.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { createAccount } from "../auth/auth.service.ts";
import { createStore } from "../stores/stores.service.ts";
import { createCategory } from "./categories.service.ts";
import { listInStore } from "./merchant-listings.service.ts";
import { createSupplyProduct } from "./supply.service.ts";
import { picture } from "../../../tests/setup/pictures.ts";

let database: TestDatabase;
let listingId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  const { db, storage } = database;
  await createCategory(db, storage, {
    id: 7001,
    parentId: null,
    sort: 0,
    name: { ind: "Kamera", en: "Cameras", zh: "相机" },
    icon: await picture(160, 160, "png"),
  });
  const ownerId = await createAccount(db, {
    email: "toko@example.id",
    password: "rahasia-123",
    role: "merchant",
  });
  const storeId = await createStore(db, storage, {
    ownerId,
    name: "Toko Foto",
    intro: "Kamera bekas",
    logo: await picture(256, 256, "png"),
  });
  const supplyProductId = await createSupplyProduct(db, storage, {
    categoryId: 7001,
    name: { ind: "Kamera Saku", en: "Pocket Camera", zh: "口袋相机" },
    description: { ind: "Kecil.", en: "Small.", zh: "小。" },
    merchantPrice: 900_000,
    suggestedPrice: 1_200_000,
    stock: 3,
    boutique: true,
    // A big landscape photo and a smaller portrait one.
    images: [await picture(1600, 1200, "jpeg"), await picture(600, 900, "jpeg")],
  });
  listingId = await listInStore(db, { storeId, supplyProductId, price: 1_100_000 });
});
afterAll(() => database.destroy());

/** A photo-like picture (a gradient with grain). */
/** The width, height and format of every rendition the view names, read from the stored files. */
async function filesOf(view: ImageView) {
  const prefix = "/uploads/";
  expect(view.url.startsWith(prefix)).toBe(true);
  return Promise.all(
    renditionWidths(view).flatMap((width) =>
      view.formats.map(async (format) => {
        const key = renditionPath(view.url.slice(prefix.length), view, width, format);
        const meta = await sharp(await readFile(path.join(database.uploadsDir, key))).metadata();
        return [meta.width, meta.height, meta.format];
      }),
    ),
  );
}

describe("product images", () => {
  it("are stored in the widths cards and the gallery use, as WebP, and read back as stored", async () => {
    const product = await callerFor(database).listings.get({ id: listingId });
    const [photo, portrait] = product.images;
    expect(photo).toMatchObject({
      width: 1080,
      height: 810,
      widths: [160, 320, 480, 800],
      formats: ["webp"],
    });
    expect(await filesOf(photo!)).toEqual([160, 320, 480, 800, 1080].map((w) => [w, (w * 3) / 4, "webp"]));
    // Never enlarged: the 600 px portrait keeps its size and proportions.
    expect(portrait).toMatchObject({ width: 600, height: 900, widths: [160, 320, 480] });
    expect(await filesOf(portrait!)).toContainEqual([320, 480, "webp"]);
  });

  it("give product cards the gallery's first image, with its renditions", async () => {
    const product = await callerFor(database).listings.get({ id: listingId });
    const home = await callerFor(database).catalog.home();
    const card = [...home.hot, ...home.fresh, ...home.boutique].find((c) => c.id === listingId);
    expect(card?.image).toEqual(product.images[0]);
    const list = await callerFor(database).listings.list({ categoryId: 7001 });
    expect(list.items[0]?.image).toEqual(product.images[0]);
  });

  it("come with square category icons and store logos in the sizes their pages show", async () => {
    const home = await callerFor(database).catalog.home();
    const icon = home.categories.find((c) => c.id === 7001)!.icon!;
    expect(icon).toMatchObject({ width: 160, height: 160, widths: [56, 112] });
    expect(await filesOf(icon)).toContainEqual([56, 56, "webp"]);
    const { store } = await callerFor(database).listings.get({ id: listingId });
    expect(store.logo).toMatchObject({ width: 192, height: 192, widths: [64, 128] });
    expect(await filesOf(store.logo!)).toContainEqual([128, 128, "webp"]);
  });
});
