// Writes public/favicon.ico from public/favicon.svg: what browsers fetch by themselves where no page names an icon
// (an image or a JSON answer opened in a tab, the sandbox gateway's page) and what older tools and crawlers ask
// for. An ICO file may hold PNG images, so sharp's PNGs go in as they are.
// Run after changing the SVG: node scripts/favicon-ico.ts
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

/** The edges in the file: the browser tab (16 and 32 at 1x and 2x) and Windows' shortcuts (48). */
const icoSizes = [16, 32, 48] as const;

/** An ICO file holding one PNG per entry (`width` and `height` up to 256). */
function icoFrom(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(images.length, 4);
  const directory = Buffer.alloc(16 * images.length);
  let offset = header.length + directory.length;
  images.forEach(({ size, png }, i) => {
    const entry = i * 16;
    directory.writeUInt8(size % 256, entry); // 0 means 256
    directory.writeUInt8(size % 256, entry + 1);
    directory.writeUInt8(0, entry + 2); // no palette
    directory.writeUInt8(0, entry + 3); // reserved
    directory.writeUInt16LE(1, entry + 4); // colour planes
    directory.writeUInt16LE(32, entry + 6); // bits per pixel
    directory.writeUInt32LE(png.length, entry + 8);
    directory.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, directory, ...images.map((image) => image.png)]);
}

/** The ICO of an SVG at every size of `icoSizes`. */
async function icoFromSvg(svg: Buffer): Promise<Buffer> {
  const images = await Promise.all(
    icoSizes.map(async (size) => ({
      size,
      png: await sharp(svg, { density: 300 }).resize(size, size).png({ compressionLevel: 9 }).toBuffer(),
    })),
  );
  return icoFrom(images);
}

if (import.meta.main) {
  const publicDir = path.resolve(import.meta.dirname, "../public");
  const ico = await icoFromSvg(await readFile(path.join(publicDir, "favicon.svg")));
  await writeFile(path.join(publicDir, "favicon.ico"), ico);
  console.log(`public/favicon.ico: ${icoSizes.join(", ")} px, ${ico.length} bytes`);
}
