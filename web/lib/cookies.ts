// Cookies the page's scripts write themselves (document.cookie): the language, the time zone and the home-screen
// tip, which the server reads (with Hono's cookie helpers, web/lib/cookies.server.ts) to render a page in its
// final state. The page reads no cookie's value: it only asks whether the server's readable flag that this
// browser has a session is set, so it carries no cookie parser (the `cookie` package cost every page 0.2-0.3 KB
// of gzipped JavaScript for that one question). Written as one attribute string: the names and values are the
// shop's own (a language code, a zone name, a flag), checked below.

/** Whether the browser has cookie `name` set to exactly `value` (the cookies the page can see). */
export function browserCookieIs(name: string, value: string): boolean {
  return document.cookie.split("; ").includes(`${name}=${value}`);
}

/** A cookie value as the shop writes it, unencoded (a language code, a zone name, a flag); nothing else fits. */
const cookieValue = /^[\w./-]*$/;

function write(cookie: { name: string; value: string; maxAge: number; secure?: boolean }): void {
  if (!cookieValue.test(cookie.value)) throw new Error(`not a cookie value: ${cookie.value}`);
  document.cookie =
    `${cookie.name}=${cookie.value}; Max-Age=${cookie.maxAge}; Path=/; SameSite=Lax` +
    (cookie.secure ? "; Secure" : "");
}

/** Sets a preference cookie for the whole site from the browser (Secure on https). */
export function setPreferenceCookie(name: string, value: string, maxAgeSeconds: number): void {
  write({ name, value, maxAge: maxAgeSeconds, secure: window.location.protocol === "https:" });
}

/** Removes a cookie the page's scripts can see, for the whole site. */
export function clearBrowserCookie(name: string): void {
  write({ name, value: "", maxAge: 0 });
}
