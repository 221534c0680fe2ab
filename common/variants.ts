import { locales, type Localized } from "./locales.ts";

/**
 * Product variants (issue 28, decision 25): a supply product has up to two option axes ("Warna",
 * "Ukuran"), and a variant for each combination that exists. A product without options has one variant
 * with no option values, so there is one path.
 */

/** How an axis is picked: colours as swatches or picture chips, sizes and others as text chips. */
export const optionKinds = ["colour", "size", "other"] as const;
export type OptionKind = (typeof optionKinds)[number];

export const maxOptionAxes = 2;
export const maxOptionValues = 20;
export const maxVariants = 100;

/** What a stock-keeping unit may be called: letters, digits, dot, dash and underscore. */
export const skuPattern = /^[A-Za-z0-9._-]{1,64}$/;

/** A colour swatch: `#rrggbb`, lower case. */
export const swatchPattern = /^#[0-9a-f]{6}$/;

/** "Hitam / 42" in every language, or null for a product without options. */
export function variantLabel(values: readonly Localized[]): Localized | null {
  if (values.length === 0) return null;
  const label = {} as Localized;
  for (const locale of locales) label[locale] = values.map((value) => value[locale]).join(" / ");
  return label;
}
