import type { ImageView } from "#common/images.ts";
import type { OptionKind } from "#common/variants.ts";

/**
 * Choosing a variant on the product page (decision 25, section 5). The address is the state: `?o1=` and
 * `?o2=` name the chosen value of each axis, so a half-made choice can be shared and a complete one names one
 * variant. Options come in position order (as the server sends them): axis `i` is `options[i]`, its address
 * parameter `o{i + 1}`, and `variant.values[i]` its value.
 */

export interface OptionValue {
  id: string;
  name: string;
  /** `#rrggbb`: a colour's dot when no variant of it has a picture. */
  swatch: string | null;
  image: ImageView | null;
}

export interface ProductOption {
  /** 1 or 2. */
  position: number;
  name: string;
  kind: OptionKind;
  values: OptionValue[];
}

/** A variant on sale in this store. */
export interface ProductVariant {
  id: string;
  /** Option value ids in axis order; none for a product without options. */
  values: string[];
  label: string | null;
  price: number;
  suggestedPrice: number;
  stock: number;
  image: ImageView | null;
}

/** The chosen value id of each axis, in axis order; null where none is chosen yet. */
export type Choice = (string | null)[];

/** The choice an address makes; a value the product does not have (unknown, archived) counts as unchosen. */
export function readChoice(options: ProductOption[], params: URLSearchParams): Choice {
  return options.map((option, axis) => {
    const id = params.get(`o${axis + 1}`);
    return option.values.some((value) => value.id === id) ? id : null;
  });
}

/** The variant a complete choice names (a product without options: its one variant), else null. */
export function chosenVariant(variants: ProductVariant[], choice: Choice): ProductVariant | null {
  if (choice.includes(null)) return null;
  return (
    variants.find((v) => v.values.length === choice.length && v.values.every((id, i) => id === choice[i])) ??
    null
  );
}

/**
 * Whether a value cannot be chosen: no variant with it and the other axis's chosen value has stock (with no
 * other choice, none of its variants has stock).
 */
export function isDisabled(
  variants: ProductVariant[],
  choice: Choice,
  axis: number,
  valueId: string,
): boolean {
  const other = choice[1 - axis];
  return !variants.some(
    (v) => v.stock > 0 && v.values[axis] === valueId && (other == null || v.values[1 - axis] === other),
  );
}

/** The first axis still to choose, or null when the choice is complete. */
export function firstUnchosen(options: ProductOption[], choice: Choice): ProductOption | null {
  return options[choice.indexOf(null)] ?? null;
}

/**
 * The address's `search` after choosing `valueId` on `axis`: the other axis and unrelated parameters kept,
 * sorted, so each choice has one address (and one page-cache entry).
 */
export function choiceSearch(params: URLSearchParams, axis: number, valueId: string): string {
  const next = new URLSearchParams(params);
  next.set(`o${axis + 1}`, valueId);
  next.sort();
  return `?${next}`;
}

/** A colour's picture: the first variant of that colour with one, else the value's own, else null. */
export function valuePicture(variants: ProductVariant[], axis: number, value: OptionValue): ImageView | null {
  return variants.find((v) => v.values[axis] === value.id && v.image)?.image ?? value.image;
}

export interface Offer {
  /** The lowest price; the highest is `maxPrice` (equal when every price is the same). */
  price: number;
  maxPrice: number;
  /** The lowest usual price, as cards show it. */
  suggestedPrice: number;
  /** The stock of all of them together. */
  stock: number;
}

/**
 * What the page shows for the variants the choice so far leaves (all of them before any choice, one variant's
 * once complete): their price range and total stock. Null when none is left (a combination not on sale).
 */
export function offerOf(variants: ProductVariant[], choice: Choice): Offer | null {
  const left = variants.filter((v) => choice.every((id, i) => id === null || v.values[i] === id));
  if (left.length === 0) return null;
  const prices = left.map((v) => v.price);
  return {
    price: Math.min(...prices),
    maxPrice: Math.max(...prices),
    suggestedPrice: Math.min(...left.map((v) => v.suggestedPrice)),
    stock: left.reduce((sum, v) => sum + v.stock, 0),
  };
}
