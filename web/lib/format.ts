import { localeTags, type Locale } from "#common/locales.ts";

export { formatRupiah, discountPercent } from "#common/money.ts";

/** Numbers as the reader's language writes them (1.234 in Indonesian, 1,234 in English). */
export function formatNumber(value: number, locale: Locale): string {
  return new Intl.NumberFormat(localeTags[locale]).format(value);
}
