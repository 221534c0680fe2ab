import { useLocation, useNavigate } from "react-router";
import { localeCookie, type Locale } from "#common/locales.ts";
import { loadCatalogue } from "../../lib/catalogue.ts";
import { setPreferenceCookie } from "../../lib/cookies.ts";
import { localizePath, splitLocalePath } from "../../lib/locale.ts";

/** Remembers a language the visitor chose (decision 2: unprefixed pages follow it). */
export function rememberLanguage(locale: Locale): void {
  setPreferenceCookie(localeCookie.name, locale, localeCookie.maxAgeSeconds);
}

/** A language the visitor is switching to: remembered, and its messages loaded alongside the page's data. */
export function chooseLanguage(locale: Locale): void {
  rememberLanguage(locale);
  void loadCatalogue(locale);
}

/** The current page in another language: same path, query and fragment. */
export function usePathIn(): (locale: Locale) => string {
  const location = useLocation();
  return (locale) =>
    localizePath(locale, splitLocalePath(location.pathname).rest) + location.search + location.hash;
}

/** Switches to another language, remembered, on the same page. */
export function useSwitchLanguage(): (locale: Locale) => void {
  const navigate = useNavigate();
  const pathIn = usePathIn();
  return (locale) => {
    chooseLanguage(locale);
    // The same page in another language replaces this entry: Back should not switch the language back.
    void navigate(pathIn(locale), { replace: true });
  };
}
