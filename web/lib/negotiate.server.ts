import { redirect } from "react-router";
import {
  defaultLocale,
  isLocale,
  localeCookie,
  localeFromAcceptLanguage,
  type Locale,
} from "#common/locales.ts";
import { localizePath, splitLocalePath } from "./locale.ts";

function cookieLocale(header: string | null): Locale | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === localeCookie.name && isLocale(value)) return value;
  }
  return undefined;
}

/**
 * The page's locale: from the URL prefix; on an unprefixed URL from the locale cookie, then from
 * Accept-Language. When the cookie or browser asks for English or Chinese on an unprefixed URL the
 * visitor is redirected to the prefixed page; `/ind/...` redirects to the unprefixed Indonesian page.
 */
export function negotiateLocale(request: Request, url: URL): Locale {
  const { locale, rest, prefixed } = splitLocalePath(url.pathname);
  if (prefixed) {
    if (locale === defaultLocale) throw redirect(rest + url.search, 301);
    return locale;
  }
  const wanted =
    cookieLocale(request.headers.get("cookie")) ??
    localeFromAcceptLanguage(request.headers.get("accept-language")) ??
    defaultLocale;
  if (wanted !== defaultLocale) throw redirect(localizePath(wanted, rest) + url.search, 302);
  return defaultLocale;
}
