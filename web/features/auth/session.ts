import { localizePath } from "../../lib/locale.ts";
import type { Locale } from "#common/locales.ts";

/** Where to go after signing in: the `redirect` query if it is a path on this site, else the account page. */
export function afterSignIn(search: URLSearchParams, locale: Locale): string {
  const target = search.get("redirect");
  if (target && target.startsWith("/") && !target.startsWith("//") && !target.startsWith("/\\"))
    return target;
  return localizePath(locale, "/h5/account");
}
