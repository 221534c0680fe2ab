import { promisify } from "node:util";
import { gzip as gzipCallback } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { isbot } from "isbot";
import { LRUCache } from "lru-cache";
import { freshCookie, sessionCookie, visitorCookie } from "../trpc/context.ts";
import { acceptsGzip } from "./frame.ts";

const gzip = promisify(gzipCallback);

/**
 * A short-lived cache of rendered pages for signed-out visitors (decision 9). A page that every signed-out
 * visitor sees alike is rendered once per `ttlMs` instead of once per request; a request with a session
 * (cookie or `authorization` header) never reads or fills it, so a signed-in shopper always gets a page
 * rendered for them. Browse pages reach it without their session (server/http/shared-pages.ts, decision 27):
 * there signed-in shoppers get the visitors' page. What a page can depend on besides its address is part of the key: the cookies (the
 * language choice, for instance; not the visitor id, which no page reads), `Accept-Language`, and whether
 * the client is a crawler. Only complete 200 HTML answers that set no cookie are kept.
 *
 * A kept page keeps the Content-Security-Policy nonce it was rendered with. That is safe: a nonce protects
 * against markup injected into a render by someone who could not know the nonce, and a kept page is the
 * same bytes as the render it came from.
 */
interface PageCacheOptions {
  ttlMs: number;
  /** Upper bound on the bytes kept (raw and gzip); the least recently used pages go first. */
  maxBytes: number;
  now: () => number;
}

interface Entry {
  status: number;
  headers: [string, string][];
  raw: Uint8Array<ArrayBuffer>;
  gzipped: Uint8Array<ArrayBuffer>;
  expires: number;
}

/** Pages that answer differently per client even when signed out: never kept. */
const personalPath = /\/dev\//;

/**
 * The request's cookies as part of the key, read with Hono's cookie parser (what the pages read too): null
 * when the request carries a session, which is never served from or kept in the cache.
 */
function cookiesForKey(c: Context): string | null {
  const cookies = getCookie(c);
  if (sessionCookie in cookies || freshCookie in cookies) return null;
  const names = Object.keys(cookies)
    .filter((name) => name !== visitorCookie)
    .sort();
  return JSON.stringify(names.map((name) => [name, cookies[name]]));
}

export function pageCache(opts: PageCacheOptions): MiddlewareHandler {
  // lru-cache keeps the pages within `maxBytes`, the least recently used dropped first (a page larger than
  // that is not kept at all). Expiry is the entry's own: lru-cache's TTL would read the same injected clock
  // but takes a start time of 0 for "no TTL", and a monotonic clock may well read 0 (the tests' does).
  const entries = new LRUCache<string, Entry>({
    maxSize: opts.maxBytes,
    sizeCalculation: (entry, key) => entry.raw.byteLength + entry.gzipped.byteLength + key.length,
  });
  const rendering = new Map<string, Promise<void>>();

  const answer = (entry: Entry, gzipOk: boolean) => {
    const headers = new Headers(entry.headers);
    headers.set("vary", "Accept-Encoding");
    if (gzipOk) headers.set("content-encoding", "gzip");
    return new Response(gzipOk ? entry.gzipped : entry.raw, { status: entry.status, headers });
  };

  return async (c, next) => {
    const method = c.req.method;
    if (method !== "GET" || c.req.header("authorization") || personalPath.test(c.req.path)) return next();
    const cookies = cookiesForKey(c);
    if (cookies === null) return next();
    const ua = c.req.header("user-agent");
    const key = `${c.req.url}\n${cookies}\n${c.req.header("accept-language") ?? ""}\n${ua && isbot(ua) ? "bot" : ""}`;
    const gzipOk = acceptsGzip(c.req.header("accept-encoding"));

    const fresh = () => {
      const e = entries.get(key);
      if (e && e.expires > opts.now()) return e;
      if (e) entries.delete(key);
      return undefined;
    };
    let hit = fresh();
    if (!hit && rendering.has(key)) {
      // The same page is being rendered for someone else right now: wait for it rather than render twice.
      await rendering.get(key);
      hit = fresh();
    }
    if (hit) {
      // Reading it made it the most recently used (lru-cache's order).
      c.res = answer(hit, gzipOk);
      return;
    }

    let done!: () => void;
    rendering.set(key, new Promise<void>((resolve) => (done = resolve)));
    try {
      await next();
      const res = c.res;
      if (
        res.status !== 200 ||
        !(res.headers.get("content-type") ?? "").startsWith("text/html") ||
        res.headers.has("set-cookie") ||
        res.headers.has("content-encoding")
      ) {
        return;
      }
      const raw = new Uint8Array(await res.arrayBuffer());
      const entry: Entry = {
        status: res.status,
        headers: [...res.headers].filter(([name]) => name !== "content-length"),
        raw,
        gzipped: new Uint8Array(await gzip(raw)),
        expires: opts.now() + opts.ttlMs,
      };
      entries.set(key, entry);
      c.res = undefined;
      c.res = answer(entry, gzipOk);
    } finally {
      rendering.delete(key);
      done();
    }
  };
}
