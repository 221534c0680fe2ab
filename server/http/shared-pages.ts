import { parse } from "hono/utils/cookie";
import { signedInHintCookie } from "#common/session.ts";
import { freshCookie, sessionCookie } from "../trpc/context.ts";

/**
 * The browse pages (decision 27): home, categories, product lists, products and their reviews, the shop street,
 * a store's page and the FAQ, in every language, and their data requests (`.data`). What they show is the same for
 * everyone in a language; what is personal on them (the cart and chat badges, following, collecting, the "my
 * collection" row) comes after hydration. `/h5/merchant/shop/manage` is the merchant's own page, not a store's.
 */
const sharedPath =
  /^\/(?:(?:en|zh)\/)?h5(?:\/(?:category|products\/list|products\/[^/.]+(?:\/reviews)?|merchant\/street|merchant\/shop\/(?!manage(?:\.data)?$)[^/.]+|question))?\/?(?:\.data)?$/;

/** Whether a request names a browse page (or its data), whoever asks. */
export function isBrowsePath(pathname: string): boolean {
  return sharedPath.test(pathname);
}

/** Whether a Cookie header carries cookie `name` (read with Hono's cookie parser, as the pages read them). */
function hasCookie(header: string | null, name: string): boolean {
  return header !== null && parse(header, name)[name] !== undefined;
}

/**
 * Whether a page request is answered with the page every visitor gets: a GET of a browse page, unless its
 * browser wrote something a moment ago (the fresh cookie: it must see its own writes at once).
 */
export function isSharedPageRequest(req: Request): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (hasCookie(req.headers.get("cookie"), freshCookie)) return false;
  return isBrowsePath(new URL(req.url).pathname);
}

/** Cookies that say who is signed in. */
const sessionCookieNames: ReadonlySet<string> = new Set([sessionCookie, signedInHintCookie]);

/**
 * The request as a signed-out visitor would send it: no session cookie, no hint, no `authorization`. A shared page
 * is rendered from this, so nothing personal can reach a page that is served to others.
 */
export function withoutSession(req: Request): Request {
  const headers = new Headers(req.headers);
  headers.delete("authorization");
  const cookie = headers.get("cookie");
  if (cookie !== null) {
    const kept = cookie
      .split(";")
      .map((part) => part.trim())
      .filter((part) => part !== "" && !sessionCookieNames.has(part.slice(0, part.indexOf("=") >>> 0)));
    if (kept.length > 0) headers.set("cookie", kept.join("; "));
    else headers.delete("cookie");
  }
  return new Request(req.url, { method: req.method, headers, signal: req.signal });
}
