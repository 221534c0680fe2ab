import { defaultLocale, isLocale, type Locale } from "#common/locales.ts";

/** The locale named by a `:lang?` route param, or undefined when the param is not a prefixed locale. */
export function localeFromParam(lang: string | undefined): Locale | undefined {
  if (lang === undefined) return defaultLocale;
  return isLocale(lang) && lang !== defaultLocale ? lang : undefined;
}

/** Splits `/en/h5/x` into `en` and `/h5/x`; unprefixed paths are Indonesian. */
export function splitLocalePath(pathname: string): { locale: Locale; rest: string; prefixed: boolean } {
  const match = /^\/(en|zh|ind)(\/.*)?$/.exec(pathname);
  if (match && isLocale(match[1])) return { locale: match[1], rest: match[2] ?? "/", prefixed: true };
  return { locale: defaultLocale, rest: pathname, prefixed: false };
}

/** The path of `rest` (an unprefixed path like `/h5/products/x`) in `locale`. */
export function localizePath(locale: Locale, rest: string): string {
  if (locale === defaultLocale) return rest;
  return rest === "/" ? `/${locale}` : `/${locale}${rest}`;
}

/** The sign-in page, which returns to `back` (a path with its query) afterwards. */
export function signInPath(locale: Locale, back: string): string {
  return `${localizePath(locale, "/h5/signin")}?${new URLSearchParams({ redirect: back })}`;
}
