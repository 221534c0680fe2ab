import { redirect } from "react-router";
import {
  defaultLocale,
  isLocale,
  localeCookie,
  localeFromAcceptLanguage,
  type Locale,
} from "#common/locales.ts";
import { cookieValue } from "./cookies.server.ts";
import { localizePath, splitLocalePath } from "./locale.ts";

interface NegotiatedLocale {
  /** The page's language: the URL's. */
  locale: Locale;
  /**
   * The language to offer instead, on an Indonesian page, when the browser prefers English or Chinese and
   * the visitor has never chosen a language (docs/decisions/0002-locale-in-the-url.md).
   */
  offer?: Locale;
}

/**
 * The page's locale is the URL's: its prefix, or Indonesian without one; `/ind/...` redirects to the
 * unprefixed page. On an unprefixed URL a visitor who chose English or Chinese (the `pasar_locale` cookie)
 * is sent to that language's page. The browser's Accept-Language never redirects: it only makes an
 * Indonesian page offer the browser's language.
 */
export function negotiateLocale(request: Request, url: URL): NegotiatedLocale {
  const { locale, rest, prefixed } = splitLocalePath(url.pathname);
  if (prefixed) {
    if (locale === defaultLocale) throw redirect(rest + url.search, 301);
    return { locale };
  }
  const chosen = cookieValue(request.headers.get("cookie"), localeCookie.name);
  if (isLocale(chosen)) {
    if (chosen !== defaultLocale) throw redirect(localizePath(chosen, rest) + url.search, 302);
    return { locale: defaultLocale };
  }
  const browser = localeFromAcceptLanguage(request.headers.get("accept-language"));
  return { locale: defaultLocale, offer: browser && browser !== defaultLocale ? browser : undefined };
}
