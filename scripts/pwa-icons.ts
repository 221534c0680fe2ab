// Draws the installed app's icons (public/manifest.webmanifest, the service worker's notifications and the
// iPhone's home screen) from the shop's own logo, public/favicon.svg, into public/icons/. They are committed, so
// the build and the server need nothing of this; run it again after changing the logo:
//   node scripts/pwa-icons.ts
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

/** The logo's parts: the green rounded square (`rx`) and the white bag drawn on it (everything after the square). */
function logoParts(svg: string): { open: string; background: string; glyph: string } {
  const match = /^(<svg[^>]*>)(<rect [^>]*\/>)(.*)<\/svg>\s*$/s.exec(svg);
  if (!match) throw new Error("public/favicon.svg is not <svg><rect …/>…</svg>: update scripts/pwa-icons.ts");
  return { open: match[1]!, background: match[2]!, glyph: match[3]! };
}

/**
 * The logo as a full square with the bag shrunk towards the middle: a maskable icon (the launcher cuts its own
 * shape from it and keeps only the middle circle of 80%, https://w3c.github.io/manifest/#icon-masks) and the
 * iPhone's home-screen icon (iOS rounds the corners itself and shows transparency as black).
 */
function fullBleed(svg: string, glyphScale: number): string {
  const { open, background, glyph } = logoParts(svg);
  const square = background.replace(/\s+rx="[^"]*"/, "");
  const offset = 32 * (1 - glyphScale);
  return `${open}${square}<g transform="translate(${offset} ${offset}) scale(${glyphScale})">${glyph}</g></svg>`;
}

/**
 * The bag alone, white on transparent: a notification's badge, which Android shows in the status bar from its
 * alpha channel only (a square of colour would show as a white square).
 */
function badge(svg: string): string {
  const { open, glyph } = logoParts(svg);
  // The bag spans 18-46 by 12-49 of the 64 units (the handle's stroke included): centred and enlarged.
  return `${open}<g transform="translate(32 32) scale(1.4) translate(-32 -30.5)">${glyph}</g></svg>`;
}

/** What is written: file name, edge in pixels and the SVG it is drawn from. */
function icons(svg: string): { file: string; size: number; svg: string }[] {
  return [
    { file: "icon-192.png", size: 192, svg },
    { file: "icon-512.png", size: 512, svg },
    { file: "icon-maskable-512.png", size: 512, svg: fullBleed(svg, 0.9) },
    // At the site's root, where iOS looks for it by itself: the pages need not name it.
    { file: "../apple-touch-icon.png", size: 180, svg: fullBleed(svg, 1) },
    { file: "badge-96.png", size: 96, svg: badge(svg) },
  ];
}

if (import.meta.main) {
  const publicDir = path.resolve(import.meta.dirname, "../public");
  const outDir = path.join(publicDir, "icons");
  await mkdir(outDir, { recursive: true });
  const logo = await readFile(path.join(publicDir, "favicon.svg"), "utf8");
  for (const icon of icons(logo)) {
    const png = await sharp(Buffer.from(icon.svg), { density: 72 * (icon.size / 64) * 1.5 })
      .resize(icon.size, icon.size)
      .png({ compressionLevel: 9, palette: icon.size <= 192, effort: 10 })
      .toBuffer();
    await writeFile(path.join(outDir, icon.file), png);
    console.log(
      `${path.relative(publicDir, path.join(outDir, icon.file))}: ${icon.size} px, ${png.length} bytes`,
    );
  }
}
