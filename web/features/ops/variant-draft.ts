// The operator's options and variants of a supply product as the form edits them (decision 25, section 3): up to
// two axes with their values in every language, and a row per combination. Pure functions, so the cross product,
// the SKUs and the checks are tested without a page (variant-draft.test.ts).
import type { SupplyOpsItem, SupplyVariantsInput } from "#common/contracts/supply.ts";
import type { Translate } from "#common/i18n/i18n.ts";
import { locales, localize, type Locale, type Localized } from "#common/locales.ts";
import { maxParcelCm, maxParcelGrams } from "#common/parcel.ts";
import {
  maxOptionAxes,
  maxOptionValues,
  maxVariants,
  skuPattern,
  type OptionKind,
} from "#common/variants.ts";
import type { FieldErrors } from "../auth/form.tsx";

export interface ValueDraft {
  /** The value's id when it is saved, else a key made in the form. */
  key: string;
  id?: string;
  name: Localized;
  swatch: string | null;
}

export interface AxisDraft {
  key: string;
  /** The position the axis was saved at (1 or 2), or null for a new one: saved value ids belong to it. */
  saved: number | null;
  name: Localized;
  kind: OptionKind;
  /** One name for every language (sizes: "42", "XL"). */
  same: boolean;
  values: ValueDraft[];
}

/** What a variant is priced and packed at; blank fields are null until typed. */
export interface RowFields {
  sku: string;
  merchantPrice: number | null;
  suggestedPrice: number | null;
  weightGrams: number | null;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
}

export interface RowDraft extends RowFields {
  /** The variant's id when it exists; a new row has none. */
  id?: string;
  /** Value keys, one per axis, in axis order. */
  values: string[];
  /** The stock a saved variant holds (changed through the stock dialog), or the initial stock of a new row. */
  stock: number | null;
}

export interface VariantDraft {
  axes: AxisDraft[];
  rows: RowDraft[];
}

const blank: Localized = { ind: "", en: "", zh: "" };

let nextKey = 0;
/** A key for an axis or value made in the form. */
export const newKey = () => `new${++nextKey}`;

/** The names each kind is usually given, filled in when a new axis gets its kind (the operator may change them). */
export const kindNames: Record<OptionKind, Localized> = {
  colour: { ind: "Warna", en: "Colour", zh: "颜色" },
  size: { ind: "Ukuran", en: "Size", zh: "尺码" },
  other: { ind: "", en: "", zh: "" },
};

export const emptyAxis = (): AxisDraft => ({
  key: newKey(),
  saved: null,
  name: blank,
  kind: "other",
  same: false,
  values: [emptyValue()],
});

export const emptyValue = (): ValueDraft => ({ key: newKey(), name: blank, swatch: null });

const sameEverywhere = (name: Localized) => name.en === name.ind && name.zh === name.ind;

/**
 * The product's options and variants as saved. Axes and values no variant uses any more are left out: the server
 * keeps them (variants and orders name values), but they are not part of what is sold.
 */
export function draftOf(product: SupplyOpsItem): VariantDraft {
  const rows = product.variantRows;
  const axes: AxisDraft[] = [];
  for (const [index, option] of product.options.entries()) {
    const used = option.values.filter((v) => rows.some((r) => r.values[index] === v.id));
    if (used.length === 0) break;
    axes.push({
      key: `axis${option.position}`,
      saved: option.position,
      name: option.name,
      kind: option.kind,
      same: used.every((v) => sameEverywhere(v.name)),
      values: used.map((v) => ({ key: v.id, id: v.id, name: v.name, swatch: v.swatch })),
    });
  }
  return {
    axes,
    rows: rows.map((r) => ({
      id: r.id,
      values: r.values.slice(0, axes.length),
      sku: r.sku,
      merchantPrice: r.merchantPrice,
      suggestedPrice: r.suggestedPrice,
      weightGrams: r.weightGrams,
      lengthCm: r.lengthCm,
      widthCm: r.widthCm,
      heightCm: r.heightCm,
      stock: r.stock,
    })),
  };
}

/** What a product's SKUs start with: its one variant's SKU before it had options, else its id in capitals. */
export function skuBase(product: SupplyOpsItem): string {
  const single = product.options.length === 0 && product.variantRows.length === 1;
  return (single ? product.variantRows[0]!.sku : product.id.toUpperCase()).slice(0, 40);
}

/** A value's part of a SKU: its Indonesian (else English) name in capital letters and digits, else its number. */
function skuPart(value: ValueDraft, index: number): string {
  for (const name of [value.name.ind, value.name.en]) {
    const part = name
      .normalize("NFKD")
      .replace(/[^A-Za-z0-9]/g, "")
      .toUpperCase()
      .slice(0, 12);
    if (part) return part;
  }
  return String(index + 1);
}

/** `<PRODUCT>-<VALUES>`: "SUP_0M3X…-HITAM-42", at most 64 characters. */
export function skuFor(base: string, axes: readonly AxisDraft[], keys: readonly string[]): string {
  const parts = keys.map((key, axis) => {
    const values = axes[axis]!.values;
    const index = values.findIndex((v) => v.key === key);
    return skuPart(values[index]!, index);
  });
  return [base, ...parts].join("-").slice(0, 64);
}

/** Every combination of the axes' values, as value keys in axis order (one empty combination for no axes). */
export function combinations(axes: readonly AxisDraft[]): string[][] {
  return axes.reduce<string[][]>(
    (combos, axis) => combos.flatMap((c) => axis.values.map((v) => [...c, v.key])),
    [[]],
  );
}

const sameValues = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((k, i) => k === b[i]);

/**
 * The rows for every combination: a row whose values are still a combination is kept with what it holds (a saved
 * variant removed earlier in the form comes back from `removed`); a new combination gets a row priced and packed
 * like `template`, with its SKU and no stock yet.
 */
export function generateRows(
  axes: readonly AxisDraft[],
  rows: readonly RowDraft[],
  removed: readonly RowDraft[],
  template: RowFields,
  base: string,
): RowDraft[] {
  return combinations(axes).map((values) => {
    const kept = [...rows, ...removed].find((r) => sameValues(r.values, values));
    if (kept) return kept;
    // Only the template's prices and packed size: never its id or stock (it may be a saved variant).
    const { merchantPrice, suggestedPrice, weightGrams, lengthCm, widthCm, heightCm } = template;
    return {
      values,
      sku: skuFor(base, axes, values),
      merchantPrice,
      suggestedPrice,
      weightGrams,
      lengthCm,
      widthCm,
      heightCm,
      stock: null,
    };
  });
}

/** Whether a row's values are still one value of each axis (else the combinations must be made again). */
export function fits(axes: readonly AxisDraft[], row: RowDraft): boolean {
  return (
    row.values.length === axes.length &&
    row.values.every((key, i) => axes[i]!.values.some((v) => v.key === key))
  );
}

/** "Hitam / 42" in the reader's language; null for a variant of a product without options. */
export function rowLabel(axes: readonly AxisDraft[], row: RowDraft, locale: Locale): string | null {
  if (row.values.length === 0) return null;
  return row.values
    .map((key, i) => {
      const value = axes[i]?.values.find((v) => v.key === key);
      return value ? localize(value.name, locale) || "…" : "…";
    })
    .join(" / ");
}

/** The saved variants the draft leaves out: saving archives them. */
export function archivedRows(saved: readonly RowDraft[], rows: readonly RowDraft[]): RowDraft[] {
  return saved.filter((s) => s.id && !rows.some((r) => r.id === s.id));
}

const within = (value: number | null, max: number) => value !== null && value >= 1 && value <= max;
const sides = ["lengthCm", "widthCm", "heightCm"] as const;

/**
 * The same checks as the server's schema (`SupplyVariantsInputSchema`), as message keys by field path
 * (`axes.0.name.ind`, `axes.1.values.2.name.en`, `rows.3.sku`), with `variants` for the section as a whole.
 */
export function checkDraft(draft: VariantDraft): FieldErrors {
  const errors: FieldErrors = {};
  if (draft.axes.length > maxOptionAxes) errors.variants = "errors.supply.variantAxes";
  draft.axes.forEach((axis, a) => {
    for (const l of locales) if (!axis.name[l].trim()) errors[`axes.${a}.name.${l}`] = "errors.supply.name";
    if (axis.values.length < 1 || axis.values.length > maxOptionValues)
      errors[`axes.${a}.values`] = "errors.supply.variantValues";
    const seen = new Set<string>();
    axis.values.forEach((value, v) => {
      for (const l of locales)
        if (!value.name[l].trim()) errors[`axes.${a}.values.${v}.name.${l}`] = "errors.supply.name";
      const name = value.name.ind.trim().toLowerCase();
      if (name && seen.has(name))
        errors[`axes.${a}.values.${v}.name.ind`] = "errors.supply.variantValueTwice";
      seen.add(name);
    });
  });
  if (draft.rows.length === 0) errors.variants = "errors.supply.variantsNone";
  else if (draft.rows.length > maxVariants) errors.variants = "errors.supply.variantsTooMany";
  const skus = new Set<string>();
  draft.rows.forEach((row, r) => {
    if (!fits(draft.axes, row)) errors.variants = "errors.supply.variantsStale";
    const sku = row.sku.trim();
    if (!skuPattern.test(sku)) errors[`rows.${r}.sku`] = "errors.supply.sku";
    else if (skus.has(sku.toUpperCase())) errors[`rows.${r}.sku`] = "errors.supply.skuTaken";
    skus.add(sku.toUpperCase());
    if (!row.merchantPrice) errors[`rows.${r}.merchantPrice`] = "errors.supply.price";
    if (!row.suggestedPrice) errors[`rows.${r}.suggestedPrice`] = "errors.supply.price";
    else if (row.merchantPrice && row.suggestedPrice < row.merchantPrice)
      errors[`rows.${r}.suggestedPrice`] = "errors.supply.suggestedBelowCost";
    if (!within(row.weightGrams, maxParcelGrams)) errors[`rows.${r}.weightGrams`] = "errors.supply.weight";
    for (const side of sides)
      if (!within(row[side], maxParcelCm)) errors[`rows.${r}.${side}`] = "errors.supply.size";
    if (!row.id && row.stock !== null && row.stock > 1_000_000)
      errors[`rows.${r}.stock`] = "errors.supply.stock";
  });
  return errors;
}

/** The draft as `ops.catalog.saveVariants` takes it (after `checkDraft` found nothing). */
export function variantsInput(id: string, draft: VariantDraft): SupplyVariantsInput {
  const text = (name: Localized, same: boolean): Localized =>
    same
      ? { ind: name.ind.trim(), en: name.ind.trim(), zh: name.ind.trim() }
      : { ind: name.ind.trim(), en: name.en.trim(), zh: name.zh.trim() };
  return {
    id,
    axes: draft.axes.map((axis, a) => ({
      name: text(axis.name, false),
      kind: axis.kind,
      values: axis.values.map((v) => ({
        // A saved value belongs to the axis saved at this position; moved to another position it is a new value.
        ...(v.id && axis.saved === a + 1 ? { id: v.id } : {}),
        name: text(v.name, axis.same),
        swatch: axis.kind === "colour" ? v.swatch : null,
      })),
    })),
    variants: draft.rows.map((row) => ({
      values: row.values.map((key, a) => draft.axes[a]!.values.findIndex((v) => v.key === key)),
      sku: row.sku.trim(),
      merchantPrice: row.merchantPrice!,
      suggestedPrice: row.suggestedPrice!,
      weightGrams: row.weightGrams!,
      lengthCm: row.lengthCm!,
      widthCm: row.widthCm!,
      heightCm: row.heightCm!,
      ...(row.id ? {} : { stock: row.stock ?? 0 }),
    })),
  };
}

/**
 * What saving the variants did beyond saving them, for the toast: store prices taken off sale below a raised cost,
 * and cart lines of archived variants taken out of shoppers' carts (each said only when there were some).
 */
export function savedNotes(t: Translate, answer: { delisted: number; removedFromCarts: number }): string[] {
  const notes: string[] = [];
  if (answer.delisted > 0) notes.push(t("ops.catalog.variants.delisted", { count: answer.delisted }));
  if (answer.removedFromCarts > 0)
    notes.push(t("ops.catalog.variants.removedFromCarts", { count: answer.removedFromCarts }));
  return notes;
}
