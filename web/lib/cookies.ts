// Cookies the page's scripts read and write themselves (document.cookie): the language, the time zone and the
// home-screen tip, which the server reads to render a page in its final state (web/lib/cookies.server.ts),
// and the readable hint that this browser has a session. Parsed with the `cookie` package (the server's code uses
// Hono's cookie helpers, which the browser bundle may not carry: Hono is server-only,
// scripts/client-bundle-guard.ts). Written as the one attribute string below: the names and values are the
// shop's own (a language code, a zone name, a flag), and the package's full Set-Cookie writer, with its
// validation of every attribute, cost every page 1.5 KB of JavaScript for it.
import { parseCookie } from "cookie";

/** The value of the browser's cookie `name` (percent-decoded), or undefined. */
export function browserCookie(name: string): string | undefined {
  return parseCookie(document.cookie)[name];
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
