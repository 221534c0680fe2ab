import { localeTags, type Locale } from "./locales.ts";

/** Rupiah are whole units everywhere; this is the one formatter, the same in every language: `Rp 1.234.567`. */
export function formatRupiah(amount: number): string {
  const sign = amount < 0 ? "-" : "";
  const digits = Math.abs(Math.trunc(amount))
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${sign}Rp ${digits}`;
}

/** Whole percent saved when `price` is below `usual`, else 0. */
export function discountPercent(price: number, usual: number): number {
  if (usual <= 0 || price >= usual) return 0;
  return Math.round(((usual - price) / usual) * 100);
}

/** One number format per language, made on first use. */
const numberFormats: Partial<Record<Locale, Intl.NumberFormat>> = {};

/** Numbers as the reader's language writes them (1.234 in Indonesian, 1,234 in English). */
export function formatNumber(value: number, locale: Locale): string {
  return (numberFormats[locale] ??= new Intl.NumberFormat(localeTags[locale])).format(value);
}
