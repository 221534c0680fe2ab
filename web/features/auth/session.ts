import { localizePath } from "../../lib/locale.ts";
import type { Locale } from "#common/locales.ts";

/** A base no page is served from: only what resolves against it to this same origin is a path of ours. */
const here = "http://pasar.invalid";

/**
 * Where to go after signing in: the `redirect` query if it is a path on this site, else the account page.
 * The path is read as a browser would read it (the URL parser drops tabs and line breaks and takes `\` for
 * `/`, so `/<TAB>/evil.example` is another site) and sent back serialized: percent-encoded, so a Chinese
 * search or a CR/LF can go into a `Location` header, never break it.
 */
export function afterSignIn(search: URLSearchParams, locale: Locale): string {
  const target = search.get("redirect");
  const fallback = localizePath(locale, "/h5/account");
  if (!target || !target.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(target, here);
  } catch {
    return fallback;
  }
  // Another origin, or a path a browser would read as one (`//host` after `/./` is resolved).
  if (url.origin !== here || url.pathname.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
