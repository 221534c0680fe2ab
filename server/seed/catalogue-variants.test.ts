import { describe, expect, it } from "vitest";
import { locales } from "#common/locales.ts";
import {
  maxOptionAxes,
  maxOptionValues,
  maxVariants,
  optionKinds,
  skuPattern,
  swatchPattern,
} from "#common/variants.ts";
import { CAT, seedProducts } from "./catalogue-data.ts";
import { expandVariants, seedVariants, type SeedVariants } from "./catalogue-variants.ts";

const productOf = (key: string) => {
  const product = seedProducts.find((p) => p.key === key);
  if (!product) throw new Error(`no product ${key}`);
  return product;
};
const entries = Object.entries(seedVariants);
const expanded = entries.map(([key, spec]) => ({ key, spec, rows: expandVariants(productOf(key), spec) }));

/** The products that come in options, by the kind of product. */
const expected = {
  fashion: [
    "kaos-polos-combed-30s-navy",
    "kaos-oversize-putih-tebal",
    "polo-shirt-pique-hijau-botol",
    "kemeja-batik-pria-parang-lengan-pendek",
    "kemeja-batik-lengan-panjang-premium",
    "kemeja-flanel-kotak-merah",
    "kemeja-oxford-putih-kerja",
    "jaket-bomber-pria-hitam",
    "hoodie-zipper-fleece-abu",
    "jaket-parasut-windbreaker-army",
    "celana-chino-pria-khaki",
    "celana-jogger-cargo-hitam",
    "celana-bahan-formal-abu",
    "gamis-rayon-polos-sage",
    "dress-midi-floral-navy",
    "gamis-ceruty-maroon-pesta",
    "blouse-wanita-katun-linen-putih",
    "kaos-wanita-crop-rib-lilac",
    "tunik-batik-wanita-sogan",
  ],
  shoes: [
    "sneakers-pria-kanvas-hitam",
    "sepatu-lari-running-putih",
    "sneakers-wanita-pastel-pink",
    "sandal-slide-pria-hitam",
    "sandal-wanita-tali-cokelat",
  ],
  cosmetics: [
    "lipstik-matte-merah-bata",
    "lip-cream-nude-rose",
    "lip-tint-stain-cherry",
    "bedak-padat-two-way-cake-natural",
    "blush-on-compact-peach",
    "parfum-edp-oud-vanilla",
  ],
};

describe("the demo catalogue's variants", () => {
  it("name products of the catalogue", () => {
    const keys = new Set(seedProducts.map((p) => p.key));
    for (const key of Object.keys(seedVariants)) expect(keys, key).toContain(key);
  });

  it("cover the fashion, shoe and cosmetics products, and nothing else", () => {
    expect(Object.keys(seedVariants).sort()).toEqual(Object.values(expected).flat().sort());
    // Every garment and every pair of shoes comes in options; hijabs, bags and the rest keep one variant.
    const clothingAndShoes: number[] = [
      CAT.menTshirt,
      CAT.menShirt,
      CAT.menJacket,
      CAT.menTrousers,
      CAT.dresses,
      CAT.womenTops,
      CAT.shoes,
      CAT.sandals,
    ];
    for (const product of seedProducts.filter((p) => clothingAndShoes.includes(p.categoryId)))
      expect(seedVariants, product.key).toHaveProperty([product.key]);
    const cosmetics: number[] = [CAT.lips, CAT.perfume, CAT.faceMakeup];
    for (const key of Object.keys(seedVariants))
      expect([...clothingAndShoes, ...cosmetics], key).toContain(productOf(key).categoryId);
  });

  it("give the garments sizes, the shoes colours and sizes, the cosmetics shades and the perfume bottles", () => {
    const kinds = (key: string) => seedVariants[key]!.axes.map((axis) => axis.kind);
    // One-size garments come in colours only; the two whose descriptions name their colour in sizes only.
    const oneSize = ["gamis-rayon-polos-sage", "kaos-wanita-crop-rib-lilac"];
    const ownColour = ["kemeja-batik-lengan-panjang-premium", "tunik-batik-wanita-sogan"];
    for (const key of expected.fashion)
      expect(kinds(key), key).toEqual(
        oneSize.includes(key) ? ["colour"] : ownColour.includes(key) ? ["size"] : ["colour", "size"],
      );
    for (const key of expected.shoes) expect(kinds(key), key).toEqual(["colour", "size"]);
    for (const key of expected.cosmetics.filter((k) => k !== "parfum-edp-oud-vanilla"))
      expect(kinds(key), key).toEqual(["colour"]);
    const bottles = seedVariants["parfum-edp-oud-vanilla"]!.axes[0]!.values.map((value) => value.name.ind);
    expect(bottles).toEqual(["30 ml", "50 ml"]);
    // The sizes the descriptions promise.
    const sizes = (key: string) =>
      seedVariants[key]!.axes.find((axis) => axis.kind === "size")!.values.map((value) => value.name.ind);
    expect(sizes("kaos-polos-combed-30s-navy")).toEqual(["S", "M", "L", "XL", "XXL"]);
    expect(sizes("kemeja-batik-pria-parang-lengan-pendek")).toEqual(["M", "L", "XL", "XXL", "XXXL"]);
    expect(sizes("sneakers-pria-kanvas-hitam")).toEqual(["39", "40", "41", "42", "43", "44"]);
    expect(sizes("celana-bahan-formal-abu")).toHaveLength(12);
  });

  it("keep within the limits of a product's options", () => {
    for (const { key, spec, rows } of expanded) {
      expect(spec.axes.length, key).toBeGreaterThanOrEqual(1);
      expect(spec.axes.length, key).toBeLessThanOrEqual(maxOptionAxes);
      for (const axis of spec.axes) {
        expect(optionKinds, key).toContain(axis.kind);
        expect(axis.values.length, key).toBeGreaterThanOrEqual(1);
        expect(axis.values.length, key).toBeLessThanOrEqual(maxOptionValues);
      }
      expect(rows.length, key).toBeLessThanOrEqual(maxVariants);
    }
  });

  it("name every axis and value in every language, each value once on its axis", () => {
    for (const [key, spec] of entries)
      for (const axis of spec.axes) {
        for (const locale of locales) {
          expect(axis.name[locale].trim(), `${key} ${locale}`).not.toBe("");
          const names = axis.values.map((value) => value.name[locale].trim());
          for (const name of names) expect(name, `${key} ${locale}`).not.toBe("");
          expect(new Set(names).size, `${key} ${locale}`).toBe(names.length);
        }
        // Sizes read the same in every language.
        if (axis.kind === "size")
          for (const value of axis.values) {
            expect(value.name.en, key).toBe(value.name.ind);
            expect(value.name.zh, key).toBe(value.name.ind);
          }
      }
  });

  it("give each colour a swatch and its own picture's palette, at most three colours, the first the product's own", () => {
    for (const [key, spec] of entries)
      for (const axis of spec.axes) {
        if (axis.kind !== "colour") {
          for (const value of axis.values) expect(value.swatch ?? value.palette, key).toBeUndefined();
          continue;
        }
        expect(axis.values.length, key).toBeLessThanOrEqual(3);
        for (const value of axis.values) {
          expect(value.swatch, `${key} ${value.name.ind}`).toMatch(swatchPattern);
          expect(value.palette, `${key} ${value.name.ind}`).toHaveLength(3);
          for (const c of value.palette!) expect(c, `${key} ${value.name.ind}`).toMatch(swatchPattern);
          expect(value.palette![0], `${key} ${value.name.ind}`).toBe(value.swatch);
        }
        const palettes = axis.values.map((value) => value.palette!.join());
        expect(new Set(palettes).size, key).toBe(palettes.length);
        expect(axis.values[0]!.palette, key).toEqual(productOf(key).art.palette);
      }
  });

  it("sell out exactly one combination of each product, one that exists", () => {
    for (const { key, spec, rows } of expanded) {
      expect(spec.soldOut, key).toHaveLength(1);
      expect(
        rows.map((row) => row.labelInd),
        key,
      ).toContain(spec.soldOut[0]);
      for (const row of rows)
        if (row.labelInd === spec.soldOut[0]) expect(row.stock, `${key} ${row.labelInd}`).toBe(0);
        else expect(row.stock, `${key} ${row.labelInd}`).toBeGreaterThanOrEqual(1);
      // The product's stock is shared out, not invented.
      expect(
        rows.reduce((sum, row) => sum + row.stock, 0),
        key,
      ).toBe(productOf(key).stock);
    }
  });

  it("give every variant a SKU of its own across the whole catalogue", () => {
    const skus = expanded.flatMap(({ rows }) => rows.map((row) => row.sku));
    for (const sku of skus) expect(sku).toMatch(skuPattern);
    expect(new Set(skus).size).toBe(skus.length);
    expect(skus).toContain("SNEAKERS-PRIA-KANVAS-HITAM-HITAM-44");
    expect(skus).toContain("KEMEJA-FLANEL-KOTAK-MERAH-MERAH_MARUN-XXL");
  });

  it("charge more for XXL, so the cards show a price range", () => {
    for (const { key, spec, rows } of expanded) {
      for (const row of rows)
        expect(row.suggestedPrice, `${key} ${row.labelInd}`).toBeGreaterThanOrEqual(row.merchantPrice);
      const hasExtra = spec.axes.some((axis) => axis.values.some((value) => value.extra));
      const merchantPrices = rows.map((row) => row.merchantPrice);
      const suggestedPrices = rows.map((row) => row.suggestedPrice);
      if (!hasExtra) {
        expect(new Set(merchantPrices).size, key).toBe(1);
        continue;
      }
      expect(Math.min(...merchantPrices), key).toBe(productOf(key).merchantPrice);
      expect(Math.min(...merchantPrices), key).toBeLessThan(Math.max(...merchantPrices));
      expect(Math.min(...suggestedPrices), key).toBeLessThan(Math.max(...suggestedPrices));
    }
    const withXxl = expanded.filter(({ spec }) =>
      spec.axes.some((axis) => axis.values.some((value) => value.name.ind === "XXL")),
    );
    expect(withXxl.length).toBeGreaterThanOrEqual(10);
    for (const { key, rows } of withXxl) {
      const xxl = rows.find((row) => row.labelInd.split(" / ").includes("XXL"))!;
      expect(xxl.merchantPrice, key).toBe(productOf(key).merchantPrice + 5000);
    }
    const perfume = expanded.find(({ key }) => key === "parfum-edp-oud-vanilla")!.rows;
    expect(perfume.map((row) => row.merchantPrice)).toEqual([125000, 180000]);
  });
});

describe("expandVariants", () => {
  const polo = { key: "polo-test", merchantPrice: 68000, suggestedPrice: 95000, stock: 10 };
  const spec: SeedVariants = {
    axes: [
      {
        name: { ind: "Warna", en: "Colour", zh: "颜色" },
        kind: "colour",
        values: [
          { name: { ind: "Hitam", en: "Black", zh: "黑色" }, swatch: "#000000" },
          { name: { ind: "Merah Marun", en: "Maroon", zh: "酒红色" }, swatch: "#7a1f2b" },
        ],
      },
      {
        name: { ind: "Ukuran", en: "Size", zh: "尺码" },
        kind: "size",
        values: [
          { name: { ind: "L", en: "L", zh: "L" } },
          { name: { ind: "XXL", en: "XXL", zh: "XXL" }, extra: 5000 },
        ],
      },
    ],
    soldOut: ["Merah Marun / L"],
  };

  it("makes every combination, the first axis outermost, with labels, prices, stock and SKUs", () => {
    expect(expandVariants(polo, spec)).toEqual([
      {
        values: [0, 0],
        labelInd: "Hitam / L",
        merchantPrice: 68000,
        suggestedPrice: 95000,
        stock: 4,
        sku: "POLO-TEST-HITAM-L",
      },
      // 5000 × 95/68 = 6985, rounded up to Rp 7.000.
      {
        values: [0, 1],
        labelInd: "Hitam / XXL",
        merchantPrice: 73000,
        suggestedPrice: 102000,
        stock: 3,
        sku: "POLO-TEST-HITAM-XXL",
      },
      {
        values: [1, 0],
        labelInd: "Merah Marun / L",
        merchantPrice: 68000,
        suggestedPrice: 95000,
        stock: 0,
        sku: "POLO-TEST-MERAH_MARUN-L",
      },
      {
        values: [1, 1],
        labelInd: "Merah Marun / XXL",
        merchantPrice: 73000,
        suggestedPrice: 102000,
        stock: 3,
        sku: "POLO-TEST-MERAH_MARUN-XXL",
      },
    ]);
  });

  it("gives each variant at least one, or the stock the spec sets", () => {
    expect(expandVariants({ ...polo, stock: 1 }, spec).map((row) => row.stock)).toEqual([1, 1, 0, 1]);
    expect(expandVariants(polo, { ...spec, stock: 25 }).map((row) => row.stock)).toEqual([25, 25, 0, 25]);
  });

  it("refuses a sold-out label that names no combination", () => {
    expect(() => expandVariants(polo, { ...spec, soldOut: ["Putih / L"] })).toThrow(/Putih \/ L/);
  });
});
