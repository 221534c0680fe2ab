import { localeTags, type Locale } from "#common/locales.ts";

/**
 * A number in short form for chart axes (1,2 jt; 1.2M; 120万). Apart from web/lib/format.ts so the pages
 * without a chart, which share that module's chunk, do not carry it.
 */
export function formatCompact(value: number, locale: Locale): string {
  return new Intl.NumberFormat(localeTags[locale], { notation: "compact", maximumFractionDigits: 1 }).format(
    value,
  );
}
