import sharp from "sharp";

/** A small photo-like PNG: a colour gradient, so it is a real image and not a blank square. */
export async function pngImage(width = 120, height = 90): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = Math.round((255 * x) / width);
      pixels[i + 1] = Math.round((255 * y) / height);
      pixels[i + 2] = 160;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** The same picture as a JPEG. */
export async function jpegImage(width = 120, height = 90): Promise<Buffer> {
  return sharp(await pngImage(width, height))
    .jpeg({ quality: 85 })
    .toBuffer();
}
