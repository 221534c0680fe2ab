import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renditionPath, renditionWidths, srcSetOf, type StoredImage } from "#common/images.ts";
import { imageKinds, imageView, storeImage, UnreadableImageError } from "./images.ts";
import { createLocalStorage, type Storage } from "./storage.ts";

let root: string;
let storage: Storage;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "pasar-images-"));
  storage = createLocalStorage(root);
});
afterEach(() => rm(root, { recursive: true, force: true }));

/** A photo-like picture: a gradient with noise, so it compresses like a photo and not like a flat colour. */
async function photo(width: number, height: number, format: "jpeg" | "png" = "jpeg") {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) {
    const x = Math.floor(i / 3) % width;
    pixels[i] = (Math.round((255 * x) / width) + ((i * 7919) % 23)) & 0xff;
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return new Uint8Array(await (format === "jpeg" ? image.jpeg({ quality: 90 }) : image.png()).toBuffer());
}

/** A decompression bomb: a PNG of a few bytes that declares `width` x `height` pixels. */
function pngDeclaring(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(
    Buffer.concat([
      signature,
      chunk("IHDR", header),
      chunk("IDAT", deflateSync(Buffer.alloc(0))),
      chunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

/** Every rendition file of an image as sharp reads it back. */
async function renditionsOnDisk(image: StoredImage) {
  return Promise.all(
    renditionWidths(image).flatMap((width) =>
      image.formats.map(async (format) => {
        const file = path.join(root, renditionPath(image.key, image, width, format));
        const meta = await sharp(await readFile(file)).metadata();
        return {
          width,
          format,
          actual: [meta.width, meta.height, meta.format],
          bytes: (await stat(file)).size,
        };
      }),
    ),
  );
}

describe("storing an image", () => {
  it("writes a product photo in every width cards and the gallery use, as WebP", async () => {
    const image = await storeImage(storage, imageKinds.product, await photo(1600, 1200));
    expect(image).toMatchObject({
      key: expect.stringMatching(/^products\/[0-9a-f]{32}$/),
      width: 1080,
      height: 810,
      widths: [160, 320, 480, 800],
      formats: ["webp"],
    });
    const files = await renditionsOnDisk(image);
    expect(files.map((f) => f.actual)).toEqual(
      [160, 320, 480, 800, 1080].map((w) => [w, (w * 3) / 4, "webp"]),
    );
    // The small renditions are what make phones fast: a card's is a fraction of the full picture.
    const bytes = (w: number) => files.find((f) => f.width === w)!.bytes;
    expect(bytes(320) * 5).toBeLessThan(bytes(1080));
  });

  it("crops avatars, logos and icons to a centred square and never enlarges a small picture", async () => {
    const avatar = await storeImage(storage, imageKinds.avatar, await photo(300, 200, "png"));
    expect(avatar).toMatchObject({ width: 200, height: 200, widths: [72, 144] });
    for (const file of await renditionsOnDisk(avatar)) {
      expect(file.actual.slice(0, 2)).toEqual([file.width, file.width]);
    }
    const icon = await storeImage(storage, imageKinds.categoryIcon, await photo(40, 40, "png"));
    expect(icon).toMatchObject({ width: 40, height: 40, widths: [] });
    expect(await readdir(path.join(root, "categories"))).toEqual([`${icon.key.split("/")[1]}.webp`]);
  });

  it("turns a photo upright by its EXIF orientation", async () => {
    // A landscape sensor image that the camera marks as rotated 90°: it is shown, and stored, as portrait.
    const sideways = await sharp(await photo(400, 300))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const image = await storeImage(storage, imageKinds.product, new Uint8Array(sideways));
    expect([image.width, image.height]).toEqual([300, 400]);
  });

  it("stores the same picture once: same key, no new files", async () => {
    const bytes = await photo(500, 500);
    const first = await storeImage(storage, imageKinds.storeLogo, bytes);
    const before = await readdir(path.join(root, "stores"));
    const second = await storeImage(storage, imageKinds.storeLogo, bytes);
    expect(second).toEqual(first);
    expect(await readdir(path.join(root, "stores"))).toEqual(before);
    // A different kind of the same picture is made differently, so it is named differently.
    const asAvatar = await storeImage(storage, imageKinds.avatar, bytes);
    expect(asAvatar.key.split("/")[1]).not.toBe(first.key.split("/")[1]);
  });

  it("refuses bytes that are not a readable image, and stores nothing", async () => {
    await expect(
      storeImage(storage, imageKinds.avatar, new TextEncoder().encode("not an image")),
    ).rejects.toBeInstanceOf(UnreadableImageError);
    await expect(
      storeImage(storage, imageKinds.avatar, pngDeclaring(100_000, 100_000)),
    ).rejects.toBeInstanceOf(UnreadableImageError);
    expect(await readdir(root)).toEqual([]);
  });
});

describe("an image's view", () => {
  it("names every rendition by URL, and its srcset lists them with their widths", async () => {
    const image = await storeImage(storage, imageKinds.product, await photo(800, 600));
    const view = imageView(storage, image);
    const base = `/uploads/${image.key}`;
    expect(view).toEqual({
      url: base,
      width: 800,
      height: 600,
      widths: [160, 320, 480],
      formats: ["webp"],
    });
    expect(srcSetOf(view, "webp")).toBe(
      `${base}-160.webp 160w, ${base}-320.webp 320w, ${base}-480.webp 480w, ${base}.webp 800w`,
    );
    expect(imageView(storage, null)).toBeNull();
  });
});
