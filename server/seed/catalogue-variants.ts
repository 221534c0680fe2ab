/**
 * Options and variants of the demo catalogue (issue 28, decision 25 "Demo data and tests' helpers").
 *
 * The fashion products come in colours and sizes (the sizes their descriptions name), the shoes in colours and
 * shoe sizes, the lipsticks and face powders in shades, one perfume in two bottle sizes. Every product here has
 * exactly one combination sold out, so the demo shows a disabled chip; the biggest clothes sizes cost Rp 5.000
 * more, so cards show price ranges. Products without an entry keep their one default variant.
 *
 * A colour value carries the palette its picture is drawn with (`renderProductArt(kind, palette, 0)`: the drawers
 * paint the body with the first colour). The first colour of a product is the one it is pictured in today, with
 * the product's own palette.
 */
import type { Localized } from "#common/locales.ts";
import { type OptionKind, variantLabel } from "#common/variants.ts";

export type Palette = readonly [string, string, string];

/** A value of an axis: "Hitam" / "Black" / "黑色", or "XL". */
export interface SeedOptionValue {
  name: Localized;
  /** `#rrggbb`, lower case: the chip's colour. Colours only. */
  swatch?: string;
  /** Colours only: the art palette of this colour's picture; its first colour is `swatch`. */
  palette?: Palette;
  /** Extra merchant price in Rupiah of every variant with this value (XXL, the bigger bottle). */
  extra?: number;
}

export interface SeedOptionAxis {
  name: Localized;
  kind: OptionKind;
  values: readonly SeedOptionValue[];
}

export interface SeedVariants {
  axes: readonly SeedOptionAxis[];
  /** Labels of the combinations with no stock, the value names in Indonesian joined by " / ": "Hitam / 44". */
  soldOut: readonly string[];
  /** Stock of each variant that is not sold out; by default the product's stock is shared out. */
  stock?: number;
}

/** One variant of a product, as the seed writes it. */
export interface SeedVariantRow {
  /** The index of the chosen value on each axis, in axis order. */
  values: number[];
  /** "Hitam / 44"; empty for a product without options. */
  labelInd: string;
  merchantPrice: number;
  suggestedPrice: number;
  stock: number;
  sku: string;
}

const L = (ind: string, en: string, zh: string): Localized => ({ ind, en, zh });

// ------------------------------------------------------------------ vocabulary

const colourNames = {
  hitam: L("Hitam", "Black", "黑色"),
  putih: L("Putih", "White", "白色"),
  navy: L("Navy", "Navy", "藏青色"),
  merahMarun: L("Merah Marun", "Maroon", "酒红色"),
  abu: L("Abu-abu", "Grey", "灰色"),
  abuMisty: L("Abu Misty", "Misty Grey", "雾灰色"),
  abuTua: L("Abu Tua", "Charcoal", "深灰色"),
  krem: L("Krem", "Cream", "米色"),
  brokenWhite: L("Broken White", "Off-White", "米白色"),
  hijauBotol: L("Hijau Botol", "Bottle Green", "墨绿色"),
  hijauArmy: L("Hijau Army", "Army Green", "军绿色"),
  hijauEmerald: L("Hijau Emerald", "Emerald", "祖母绿"),
  sage: L("Sage", "Sage", "鼠尾草绿"),
  khaki: L("Khaki", "Khaki", "卡其色"),
  cokelat: L("Cokelat", "Brown", "棕色"),
  mocca: L("Mocca", "Mocha", "摩卡色"),
  biruMuda: L("Biru Muda", "Light Blue", "浅蓝色"),
  merahMuda: L("Merah Muda", "Pink", "浅粉色"),
  pinkPastel: L("Pink Pastel", "Pastel Pink", "粉色"),
  dustyPink: L("Dusty Pink", "Dusty Pink", "脏粉色"),
  lilac: L("Lilac", "Lilac", "丁香紫"),
} as const;

/** A colour (or shade) and the palette its picture is drawn with. */
const colour = (name: Localized, palette: Palette): SeedOptionValue => ({
  name,
  swatch: palette[0],
  palette,
});

const warna = (...values: SeedOptionValue[]): SeedOptionAxis => ({
  name: L("Warna", "Colour", "颜色"),
  kind: "colour",
  values,
});

/** Cosmetics: the same chips, called a shade. */
const shade = (...values: SeedOptionValue[]): SeedOptionAxis => ({
  name: L("Warna", "Shade", "色号"),
  kind: "colour",
  values,
});

/** What the biggest sizes cost more, in Rupiah of merchant price. */
const bigSizeExtra: Readonly<Record<string, number>> = { XXL: 5000, XXXL: 10000 };

/** Clothing sizes, the same in every language; XXL and XXXL cost more. */
const ukuran = (...sizes: string[]): SeedOptionAxis => ({
  name: L("Ukuran", "Size", "尺码"),
  kind: "size",
  values: sizes.map((size) => ({ name: L(size, size, size), extra: bigSizeExtra[size] })),
});

/** Numbered sizes from `from` to `to` (shoes, waists); those from `dearerFrom` on cost `extra` more. */
const numbered = (from: number, to: number, dearerFrom = Infinity, extra = 5000): SeedOptionAxis => ({
  name: L("Ukuran", "Size", "尺码"),
  kind: "size",
  values: Array.from({ length: to - from + 1 }, (_, i) => {
    const size = String(from + i);
    return { name: L(size, size, size), extra: from + i >= dearerFrom ? extra : undefined };
  }),
});

const { hitam, putih, navy } = colourNames;

// ------------------------------------------------------------------ the catalogue's variants

export const seedVariants: Readonly<Record<string, SeedVariants>> = {
  // Men's T-shirts and polos
  "kaos-polos-combed-30s-navy": {
    axes: [
      warna(
        colour(navy, ["#1f3a5f", "#1f3a5f", "#dfe7f0"]),
        colour(hitam, ["#23262b", "#23262b", "#e5e7eb"]),
        colour(putih, ["#f4f4f1", "#e4e6ea", "#dfe7f0"]),
      ),
      ukuran("S", "M", "L", "XL", "XXL"),
    ],
    soldOut: ["Hitam / S"],
  },
  "kaos-oversize-putih-tebal": {
    axes: [
      warna(
        colour(putih, ["#f4f1ea", "#d9d3c7", "#e8ece8"]),
        colour(hitam, ["#26282d", "#45484f", "#e8ece8"]),
        colour(colourNames.krem, ["#e3d3b4", "#b9a98a", "#f1ede4"]),
      ),
      ukuran("M", "L", "XL"),
    ],
    soldOut: ["Krem / M"],
  },
  "polo-shirt-pique-hijau-botol": {
    axes: [
      warna(
        colour(colourNames.hijauBotol, ["#1e5b45", "#e3c46b", "#e6efe9"]),
        colour(navy, ["#1f3a5f", "#e3c46b", "#e3e9f1"]),
        colour(putih, ["#f5f5f2", "#e3c46b", "#e6efe9"]),
      ),
      ukuran("M", "L", "XL", "XXL"),
    ],
    soldOut: ["Navy / XXL"],
  },

  // Men's shirts and batik
  "kemeja-batik-pria-parang-lengan-pendek": {
    axes: [
      warna(
        colour(colourNames.cokelat, ["#5a3418", "#d9a54a", "#f3e9dc"]),
        colour(navy, ["#1f2f52", "#d9a54a", "#e7e3da"]),
        colour(hitam, ["#25221f", "#d9a54a", "#efe9e0"]),
      ),
      ukuran("M", "L", "XL", "XXL", "XXXL"),
    ],
    soldOut: ["Cokelat / XXXL"],
  },
  // Its description names the colour ("biru tua dengan motif emas"): sizes only.
  "kemeja-batik-lengan-panjang-premium": {
    axes: [ukuran("M", "L", "XL", "XXL")],
    soldOut: ["M"],
  },
  "kemeja-flanel-kotak-merah": {
    axes: [
      warna(
        colour(colourNames.merahMarun, ["#a32a2a", "#1f2937", "#f4e1d8"]),
        colour(navy, ["#2a4170", "#b9c3d3", "#e3e9f1"]),
        colour(colourNames.hijauBotol, ["#2d5a45", "#1f2937", "#e6efe9"]),
      ),
      ukuran("M", "L", "XL", "XXL"),
    ],
    soldOut: ["Navy / M"],
  },
  "kemeja-oxford-putih-kerja": {
    axes: [
      warna(
        colour(putih, ["#f5f7fa", "#9db3cf", "#e3e9f1"]),
        colour(colourNames.biruMuda, ["#aac4e0", "#5d7fa8", "#e6edf5"]),
        colour(colourNames.merahMuda, ["#ecc9ce", "#b57f88", "#f5ecee"]),
      ),
      ukuran("S", "M", "L", "XL", "XXL"),
    ],
    soldOut: ["Biru Muda / S"],
  },

  // Men's jackets
  "jaket-bomber-pria-hitam": {
    axes: [
      warna(
        colour(hitam, ["#2b2f36", "#d08a2e", "#e5e7eb"]),
        colour(colourNames.hijauArmy, ["#4b5d3a", "#d08a2e", "#e9ebe0"]),
        colour(navy, ["#1f3a5f", "#d08a2e", "#e3e9f1"]),
      ),
      ukuran("M", "L", "XL", "XXL"),
    ],
    soldOut: ["Hijau Army / XXL"],
  },
  "hoodie-zipper-fleece-abu": {
    axes: [
      warna(
        colour(colourNames.abuMisty, ["#7b8794", "#3e4a57", "#e7eaee"]),
        colour(hitam, ["#2a2d33", "#5b626c", "#e5e7eb"]),
        colour(navy, ["#22365a", "#131f36", "#e3e9f1"]),
      ),
      ukuran("M", "L", "XL", "XXL"),
    ],
    soldOut: ["Hitam / L"],
  },
  "jaket-parasut-windbreaker-army": {
    axes: [
      warna(
        colour(colourNames.hijauArmy, ["#4b5d3a", "#c2b280", "#e9ebe0"]),
        colour(hitam, ["#26292e", "#8a8f98", "#e5e7eb"]),
        colour(navy, ["#1f3a5f", "#c2b280", "#e3e9f1"]),
      ),
      ukuran("L", "XL", "XXL", "XXXL"),
    ],
    soldOut: ["Navy / L"],
  },

  // Men's trousers: waist sizes; the biggest waists cost more.
  "celana-chino-pria-khaki": {
    axes: [
      warna(
        colour(colourNames.khaki, ["#b08d5b", "#6b4f2c", "#f3ece0"]),
        colour(hitam, ["#26282d", "#4b4f57", "#e5e7eb"]),
        colour(navy, ["#1f3a5f", "#14243b", "#e3e9f1"]),
      ),
      numbered(28, 38, 36),
    ],
    soldOut: ["Hitam / 28"],
  },
  "celana-jogger-cargo-hitam": {
    axes: [
      warna(
        colour(hitam, ["#2a2d33", "#5b6270", "#e5e7eb"]),
        colour(colourNames.hijauArmy, ["#4b5d3a", "#2f3a24", "#e9ebe0"]),
        colour(colourNames.khaki, ["#b39a6b", "#6e5a3a", "#f3ece0"]),
      ),
      ukuran("M", "L", "XL", "XXL"),
    ],
    soldOut: ["Khaki / M"],
  },
  "celana-bahan-formal-abu": {
    axes: [
      warna(
        colour(colourNames.abuTua, ["#5a606b", "#2f343c", "#e6e8ec"]),
        colour(hitam, ["#25272c", "#4a4e56", "#e5e7eb"]),
        colour(navy, ["#223457", "#141f36", "#e3e9f1"]),
      ),
      numbered(29, 40, 36),
    ],
    soldOut: ["Navy / 40"],
  },

  // Dresses and gamis
  // One size ("all size fit to L"): colours only.
  "gamis-rayon-polos-sage": {
    axes: [
      warna(
        colour(colourNames.sage, ["#8fa58a", "#e7d7b5", "#eef2ea"]),
        colour(colourNames.mocca, ["#a07e62", "#e7d7b5", "#f2e8df"]),
        colour(hitam, ["#2b2b30", "#c9b99a", "#ebebef"]),
      ),
    ],
    soldOut: ["Mocca"],
  },
  "dress-midi-floral-navy": {
    axes: [
      warna(
        colour(navy, ["#27406b", "#e5b04f", "#e8edf5"]),
        colour(colourNames.hijauBotol, ["#1e5b45", "#e5b04f", "#e6efe9"]),
        colour(colourNames.merahMarun, ["#7a1f2b", "#e5b04f", "#f3e4e8"]),
      ),
      ukuran("S", "M", "L"),
    ],
    soldOut: ["Merah Marun / S"],
  },
  "gamis-ceruty-maroon-pesta": {
    axes: [
      warna(
        colour(colourNames.merahMarun, ["#7a1f3d", "#d4af37", "#f3e4e8"]),
        colour(navy, ["#1f3060", "#d4af37", "#e8edf5"]),
        colour(colourNames.hijauEmerald, ["#146b5a", "#d4af37", "#e3f0ec"]),
      ),
      ukuran("M", "L"),
    ],
    soldOut: ["Navy / L"],
  },

  // Women's tops
  "blouse-wanita-katun-linen-putih": {
    axes: [
      warna(
        colour(colourNames.brokenWhite, ["#f3efe6", "#c9a96e", "#efe8dc"]),
        colour(colourNames.biruMuda, ["#b7cde3", "#7d98b8", "#eaf0f6"]),
        colour(colourNames.sage, ["#a9b8a0", "#c9a96e", "#eef2ea"]),
      ),
      ukuran("S", "M", "L", "XL"),
    ],
    soldOut: ["Sage / XL"],
  },
  // One size ("all size fit to M"): colours only.
  "kaos-wanita-crop-rib-lilac": {
    axes: [
      warna(
        colour(colourNames.lilac, ["#b9a3d6", "#7f66a8", "#f1ecf7"]),
        colour(colourNames.dustyPink, ["#d8a3a8", "#a86d76", "#f7ebec"]),
        colour(hitam, ["#2b2a30", "#5c5866", "#ebebef"]),
      ),
    ],
    soldOut: ["Hitam"],
  },
  // Sogan is the tunic's colour: sizes only.
  "tunik-batik-wanita-sogan": {
    axes: [ukuran("M", "L", "XL", "XXL")],
    soldOut: ["M"],
  },

  // Shoes and sandals
  "sneakers-pria-kanvas-hitam": {
    axes: [
      warna(
        colour(hitam, ["#1f2937", "#ef4444", "#e5e7eb"]),
        colour(navy, ["#1f3a5f", "#ef4444", "#e3e9f1"]),
        colour(colourNames.abu, ["#6b7280", "#ef4444", "#eceef1"]),
      ),
      numbered(39, 44),
    ],
    soldOut: ["Hitam / 44"],
  },
  "sepatu-lari-running-putih": {
    axes: [
      warna(
        colour(putih, ["#f5f5f4", "#0ea5e9", "#e6f0f5"]),
        colour(hitam, ["#23262d", "#f97316", "#e5e7eb"]),
        colour(colourNames.abu, ["#9ca3af", "#0ea5e9", "#eceff3"]),
      ),
      numbered(36, 45),
    ],
    soldOut: ["Putih / 42"],
  },
  "sneakers-wanita-pastel-pink": {
    axes: [
      warna(
        colour(colourNames.pinkPastel, ["#f4c7cf", "#f5f5f5", "#fbeef0"]),
        colour(putih, ["#f5f5f3", "#e2ddd6", "#eef1f4"]),
        colour(colourNames.krem, ["#eadcc4", "#f5f5f5", "#f5efe4"]),
      ),
      numbered(36, 40),
    ],
    soldOut: ["Krem / 36"],
  },
  "sandal-slide-pria-hitam": {
    axes: [
      warna(
        colour(hitam, ["#2a2d33", "#4b5563", "#e5e7eb"]),
        colour(navy, ["#1f3a5f", "#3b4f6e", "#e3e9f1"]),
        colour(colourNames.abu, ["#8a9099", "#5b626c", "#eceef1"]),
      ),
      numbered(39, 44),
    ],
    soldOut: ["Navy / 39"],
  },
  "sandal-wanita-tali-cokelat": {
    axes: [
      warna(
        colour(colourNames.cokelat, ["#d8b48a", "#8b5a2b", "#f5ece2"]),
        colour(hitam, ["#3a3a3e", "#1f1f22", "#ececee"]),
        colour(colourNames.krem, ["#efe3cf", "#c2a27c", "#f7f1e7"]),
      ),
      numbered(36, 41),
    ],
    soldOut: ["Hitam / 41"],
  },

  // Lips: shades
  "lipstik-matte-merah-bata": {
    axes: [
      shade(
        colour(L("Merah Bata", "Brick Red", "砖红色"), ["#b3362d", "#1f1f24", "#f3ded9"]),
        colour(L("Merah Cabai", "Chilli Red", "辣椒红"), ["#c8102e", "#1f1f24", "#f8dfe2"]),
        colour(L("Nude Cokelat", "Nude Brown", "裸棕色"), ["#a0674f", "#1f1f24", "#f3e4dc"]),
      ),
    ],
    soldOut: ["Merah Cabai"],
  },
  "lip-cream-nude-rose": {
    axes: [
      shade(
        colour(L("Nude Rose", "Nude Rose", "裸玫瑰色"), ["#c77b7f", "#e8d9c5", "#f7ece8"]),
        colour(L("Mauve", "Mauve", "豆沙色"), ["#9e6b7a", "#e8d9c5", "#f4eaee"]),
        colour(L("Terakota", "Terracotta", "陶土色"), ["#b8583f", "#e8d9c5", "#f7e9e2"]),
      ),
    ],
    soldOut: ["Terakota"],
  },
  "lip-tint-stain-cherry": {
    axes: [
      shade(
        colour(L("Merah Ceri", "Cherry Red", "樱桃红"), ["#d1344f", "#f2f2f2", "#fbe9ec"]),
        colour(L("Koral", "Coral", "珊瑚色"), ["#f0674f", "#f2f2f2", "#fdece7"]),
        colour(L("Pink Stroberi", "Strawberry Pink", "草莓粉"), ["#e85a86", "#f2f2f2", "#fce8ef"]),
      ),
    ],
    soldOut: ["Koral"],
  },

  // Face make-up: shades (the translucent powder has none)
  "bedak-padat-two-way-cake-natural": {
    axes: [
      shade(
        colour(L("Natural Beige", "Natural Beige", "自然米色"), ["#e2b896", "#2a2a2e", "#f5ebe2"]),
        colour(L("Ivory", "Ivory", "象牙白"), ["#f0d4b9", "#2a2a2e", "#f7efe7"]),
        colour(L("Sawo Matang", "Warm Tan", "小麦色"), ["#c08f68", "#2a2a2e", "#f3e6da"]),
      ),
    ],
    soldOut: ["Ivory"],
  },
  "blush-on-compact-peach": {
    axes: [
      shade(
        colour(L("Peach", "Peach", "蜜桃色"), ["#f08f77", "#e7c9b0", "#fbece6"]),
        colour(L("Rose", "Rose", "玫瑰粉"), ["#e0808f", "#e7c9b0", "#fbe9ec"]),
        colour(L("Koral", "Coral", "珊瑚色"), ["#f26b5b", "#e7c9b0", "#fdeae6"]),
      ),
    ],
    soldOut: ["Rose"],
  },

  // Perfume: two bottles, the bigger one dearer
  "parfum-edp-oud-vanilla": {
    axes: [
      {
        name: L("Isi", "Volume", "容量"),
        kind: "other",
        values: [
          { name: L("30 ml", "30 ml", "30毫升") },
          { name: L("50 ml", "50 ml", "50毫升"), extra: 55000 },
        ],
      },
    ],
    soldOut: ["50 ml"],
  },
};

// ------------------------------------------------------------------ variants of a product

/** The part of a value's Indonesian name that goes into a SKU: "Merah Marun" → "MERAH_MARUN". */
function skuPart(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toUpperCase();
}

/** Rounds a price up to the next Rp 1.000. */
const roundUpToThousand = (rupiah: number): number => Math.ceil(rupiah / 1000) * 1000;

/**
 * Every combination of a product's option values (the first axis outermost), with its prices, stock and SKU.
 * A value's `extra` adds to the merchant price as it is, and to the suggested price scaled by the product's
 * suggested/merchant ratio, rounded up to Rp 1.000. Sold-out labels get no stock; the others share the product's
 * stock (or get `spec.stock` each), at least 1 each. Throws when a sold-out label names no combination.
 */
export function expandVariants(
  product: { key: string; merchantPrice: number; suggestedPrice: number; stock: number },
  spec: SeedVariants,
): SeedVariantRow[] {
  let combinations: number[][] = [[]];
  for (const axis of spec.axes)
    combinations = combinations.flatMap((chosen) => axis.values.map((_, index) => [...chosen, index]));

  const rows = combinations.map((values) => {
    const chosen = values.map((index, axis) => spec.axes[axis]!.values[index]!);
    const extra = chosen.reduce((sum, value) => sum + (value.extra ?? 0), 0);
    const suggestedExtra =
      extra === 0 ? 0 : roundUpToThousand((extra * product.suggestedPrice) / product.merchantPrice);
    return {
      values,
      labelInd: variantLabel(chosen.map((value) => value.name))?.ind ?? "",
      merchantPrice: product.merchantPrice + extra,
      suggestedPrice: product.suggestedPrice + suggestedExtra,
      stock: 0,
      sku: [product.key, ...chosen.map((value) => skuPart(value.name.ind))].join("-").toUpperCase(),
    };
  });

  const labels = new Set(rows.map((row) => row.labelInd));
  for (const label of spec.soldOut)
    if (!labels.has(label)) throw new Error(`${product.key}: the sold-out "${label}" is no combination`);

  const soldOut = new Set(spec.soldOut);
  const inStock = rows.filter((row) => !soldOut.has(row.labelInd));
  const share = Math.floor(product.stock / Math.max(inStock.length, 1));
  const remainder = product.stock - share * inStock.length;
  inStock.forEach((row, i) => {
    row.stock = spec.stock ?? Math.max(1, share + (i < remainder ? 1 : 0));
  });
  return rows;
}
