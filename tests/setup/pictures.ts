import sharp from "sharp";

/** A small picture with some detail (a gradient with noise), as JPEG or PNG bytes. */
export async function picture(width: number, height: number, format: "jpeg" | "png" = "png") {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (((i / 3) % width) + ((i * 7919) % 29)) & 0xff;
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return new Uint8Array(await (format === "jpeg" ? image.jpeg() : image.png()).toBuffer());
}
