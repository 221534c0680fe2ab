/** The interface languages. `ind` is the default and has no URL prefix. */
export const locales = ["ind", "en", "zh"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "ind";

/** A text in every interface language. */
export type Localized = Record<Locale, string>;

/** BCP 47 tags for `Intl` and the html `lang` attribute. */
export const localeTags: Record<Locale, string> = { ind: "id-ID", en: "en-US", zh: "zh-CN" };

/** Locale cookie name and lifetime (seed: 365 days). */
export const localeCookie = { name: "pasar_locale", maxAgeSeconds: 365 * 24 * 60 * 60 } as const;

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** Reads a locale from a loose value (`id`, `id-ID`, `zh-CN`, `en-GB`, `ind`), or undefined. */
function toLocale(value: string | null | undefined): Locale | undefined {
  if (!value) return undefined;
  const v = value.trim().toLowerCase();
  if (isLocale(v)) return v;
  const base = v.split(/[-_]/)[0];
  if (base === "id" || base === "in") return "ind";
  if (base === "en") return "en";
  if (base === "zh") return "zh";
  return undefined;
}

/** Picks the best supported locale from an Accept-Language header, honouring q-values. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag, q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const r of ranked) {
    const locale = toLocale(r.tag);
    if (locale) return locale;
  }
  return undefined;
}

/** The text of `value` in `locale`, falling back to the default locale. */
export function localize(value: Localized, locale: Locale): string {
  return value[locale] || value[defaultLocale];
}

/** Each language's name in its own words (the language picker, forms with a field per language). */
export const localeNames: Record<Locale, string> = { ind: "Bahasa Indonesia", en: "English", zh: "中文" };
