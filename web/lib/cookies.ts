// Cookies the page's scripts read and write themselves (document.cookie): the language, the time zone and the
// home-screen tip, which the server reads to render a page in its final state (web/lib/cookies.server.ts),
// and the readable hint that this browser has a session. Parsed and written with the `cookie` package: the
// server's code uses Hono's cookie helpers, which the browser bundle may not carry (Hono is server-only,
// scripts/client-bundle-guard.ts).
import { parseCookie, stringifySetCookie, type SetCookie } from "cookie";

/** The value of the browser's cookie `name` (percent-decoded), or undefined. */
export function browserCookie(name: string): string | undefined {
  return parseCookie(document.cookie)[name];
}

function write(cookie: SetCookie): void {
  document.cookie = stringifySetCookie({ path: "/", sameSite: "lax", ...cookie });
}

/** Sets a preference cookie for the whole site from the browser (Secure on https). */
export function setPreferenceCookie(name: string, value: string, maxAgeSeconds: number): void {
  write({ name, value, maxAge: maxAgeSeconds, secure: window.location.protocol === "https:" });
}

/** Removes a cookie the page's scripts can see, for the whole site. */
export function clearBrowserCookie(name: string): void {
  write({ name, value: "", maxAge: 0 });
}
