import { describe, expect, it } from "vitest";
import { createTranslator } from "#common/i18n/i18n.ts";
import en from "#common/i18n/messages/en.json";
import ind from "#common/i18n/messages/ind.json";
import type { Messages } from "#common/i18n/messages.ts";
// The server's schema, to prove the form's input agrees with it (a test, never in a page's JavaScript).
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { SupplyVariantsInputSchema, type SupplyOpsItem } from "#common/contracts/supply.ts";
import {
  archivedRows,
  checkDraft,
  draftOf,
  generateRows,
  rowLabel,
  savedNotes,
  skuBase,
  variantsInput,
  type AxisDraft,
  type RowFields,
} from "./variant-draft.ts";

const same = (name: string) => ({ ind: name, en: name, zh: name });
const packed = { weightGrams: 400, lengthCm: 30, widthCm: 20, heightCm: 5 };

/** A T-shirt saved with Warna (Hitam, Putih) × Ukuran (M, L), Putih / L archived, and 3 of Hitam / M. */
function tShirt(): SupplyOpsItem {
  const row = (id: string, values: string[], sku: string, stock: number) => ({
    id,
    values,
    sku,
    merchantPrice: 40_000,
    suggestedPrice: 55_000,
    stock,
    ...packed,
    image: null,
  });
  return {
    id: "sup_0abc",
    categoryId: 1,
    name: { ind: "Kaos", en: "T-shirt", zh: "T恤" },
    description: same("Katun"),
    merchantPrice: 40_000,
    suggestedPrice: 55_000,
    stock: 3,
    variants: 3,
    boutique: false,
    ...packed,
    status: "active",
    images: [],
    options: [
      {
        position: 1,
        name: { ind: "Warna", en: "Colour", zh: "颜色" },
        kind: "colour",
        values: [
          { id: "opv_hitam", name: { ind: "Hitam", en: "Black", zh: "黑色" }, swatch: "#000000" },
          { id: "opv_putih", name: { ind: "Putih", en: "White", zh: "白色" }, swatch: "#ffffff" },
          // No variant uses it any more: not part of what is sold.
          { id: "opv_merah", name: { ind: "Merah", en: "Red", zh: "红色" }, swatch: null },
        ],
      },
      {
        position: 2,
        name: { ind: "Ukuran", en: "Size", zh: "尺码" },
        kind: "size",
        values: [
          { id: "opv_m", name: same("M"), swatch: null },
          { id: "opv_l", name: same("L"), swatch: null },
        ],
      },
    ],
    variantRows: [
      row("var_1", ["opv_hitam", "opv_m"], "KAOS-HITAM-M", 3),
      row("var_2", ["opv_hitam", "opv_l"], "KAOS-HITAM-L", 0),
      row("var_3", ["opv_putih", "opv_m"], "KAOS-PUTIH-M", 0),
    ],
    listings: 0,
    updatedAt: new Date(),
  };
}

const template: RowFields = { sku: "", merchantPrice: 45_000, suggestedPrice: 60_000, ...packed };

describe("the operator's options and variants", () => {
  it("reads the saved axes, leaving out values no variant uses, and sizes as the same in every language", () => {
    const draft = draftOf(tShirt());
    expect(draft.axes.map((a) => [a.kind, a.same, a.values.map((v) => v.name.ind)])).toEqual([
      ["colour", false, ["Hitam", "Putih"]],
      ["size", true, ["M", "L"]],
    ]);
    expect(draft.rows.map((r) => rowLabel(draft.axes, r, "zh"))).toEqual([
      "黑色 / M",
      "黑色 / L",
      "白色 / M",
    ]);
  });

  it("generates every combination, keeping the rows that still exist with their values and stock", () => {
    const product = tShirt();
    const draft = draftOf(product);
    const edited = draft.rows.map((r) => (r.id === "var_2" ? { ...r, merchantPrice: 42_000 } : r));
    // Priced like the first variant (as the form does): its prices and size, never its id or stock.
    const rows = generateRows(
      draft.axes,
      edited,
      draft.rows,
      { ...edited[0]!, merchantPrice: 45_000 },
      skuBase(product),
    );
    expect(rows.map((r) => [rowLabel(draft.axes, r, "ind"), r.id, r.sku, r.merchantPrice, r.stock])).toEqual([
      ["Hitam / M", "var_1", "KAOS-HITAM-M", 40_000, 3],
      ["Hitam / L", "var_2", "KAOS-HITAM-L", 42_000, 0],
      ["Putih / M", "var_3", "KAOS-PUTIH-M", 40_000, 0],
      // The new combination: priced and packed like the template, its SKU `<PRODUCT>-<VALUES>`, no stock yet.
      ["Putih / L", undefined, "SUP_0ABC-PUTIH-L", 45_000, null],
    ]);
  });

  it("drops the combinations of a removed value, brings a removed saved variant back, and says which are archived", () => {
    const product = tShirt();
    const draft = draftOf(product);
    const axes: AxisDraft[] = [
      { ...draft.axes[0]!, values: draft.axes[0]!.values.slice(0, 1) },
      draft.axes[1]!,
    ];
    const removed = draft.rows.filter((r) => r.id !== "var_2");
    const rows = generateRows(axes, removed, draft.rows, template, skuBase(product));
    expect(rows.map((r) => r.id)).toEqual(["var_1", "var_2"]);
    expect(archivedRows(draft.rows, rows).map((r) => r.id)).toEqual(["var_3"]);
  });

  it("prefixes new SKUs with the one variant's SKU of a product without options, in letters and digits", () => {
    const product = { ...tShirt(), options: [], variantRows: [tShirt().variantRows[0]!] };
    product.variantRows[0] = { ...product.variantRows[0]!, values: [], sku: "KAOS-01" };
    const axis: AxisDraft = {
      key: "a",
      saved: null,
      name: { ind: "Warna", en: "Colour", zh: "颜色" },
      kind: "colour",
      same: false,
      values: [
        { key: "v1", name: { ind: "Merah Muda", en: "Pink", zh: "粉色" }, swatch: null },
        { key: "v2", name: { ind: "", en: "", zh: "米色" }, swatch: null },
      ],
    };
    const rows = generateRows([axis], [], [], template, skuBase(product));
    expect(rows.map((r) => r.sku)).toEqual(["KAOS-01-MERAHMUDA", "KAOS-01-2"]);
  });

  it("checks what the server checks, by field, and builds an input the server's schema accepts", () => {
    const product = tShirt();
    const draft = draftOf(product);
    const rows = generateRows(draft.axes, draft.rows, draft.rows, template, skuBase(product));
    const bad = {
      axes: draft.axes,
      rows: rows.map((r, i) =>
        i === 1
          ? { ...r, sku: "KAOS-HITAM-M", suggestedPrice: 1_000 }
          : i === 3
            ? { ...r, weightGrams: null }
            : r,
      ),
    };
    expect(checkDraft(bad)).toEqual({
      "rows.1.sku": "errors.supply.skuTaken",
      "rows.1.suggestedPrice": "errors.supply.suggestedBelowCost",
      "rows.3.weightGrams": "errors.supply.weight",
    });
    const good = { axes: draft.axes, rows: rows.map((r) => ({ ...r, stock: r.id ? r.stock : 7 })) };
    expect(checkDraft(good)).toEqual({});
    const input = variantsInput(product.id, good);
    expect(SupplyVariantsInputSchema.safeParse(input).success).toBe(true);
    expect(input.axes[0]!.values.map((v) => v.id)).toEqual(["opv_hitam", "opv_putih"]);
    expect(input.variants.map((v) => [v.values, v.stock])).toEqual([
      [[0, 0], undefined],
      [[0, 1], undefined],
      [[1, 0], undefined],
      [[1, 1], 7],
    ]);
  });

  it("asks for the combinations again once the axes changed, and sends a moved axis's values as new", () => {
    const product = tShirt();
    const draft = draftOf(product);
    const axes = [draft.axes[1]!];
    expect(checkDraft({ axes, rows: draft.rows }).variants).toBe("errors.supply.variantsStale");
    const rows = generateRows(axes, draft.rows, draft.rows, template, skuBase(product));
    expect(rows.map((r) => [r.id, r.sku])).toEqual([
      [undefined, "SUP_0ABC-M"],
      [undefined, "SUP_0ABC-L"],
    ]);
    const input = variantsInput(product.id, { axes, rows });
    expect(input.axes[0]!.values.map((v) => v.id)).toEqual([undefined, undefined]);
    expect(input.axes[0]!.values.map((v) => v.swatch)).toEqual([null, null]);
  });

  it("says what saving took off sale and out of carts, counted, and nothing when there was none", () => {
    const english = createTranslator("en", en as Messages);
    expect(savedNotes(english, { delisted: 0, removedFromCarts: 0 })).toEqual([]);
    expect(savedNotes(english, { delisted: 1, removedFromCarts: 3 })).toEqual([
      "1 store's price below the new merchant price was taken off sale.",
      "3 items of archived variants were taken out of shoppers' carts.",
    ]);
    expect(savedNotes(createTranslator("ind", ind), { delisted: 0, removedFromCarts: 1 })).toEqual([
      "1 barang dari varian yang diarsipkan dikeluarkan dari keranjang pembeli.",
    ]);
  });
});
