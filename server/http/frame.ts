import { randomBytes, randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { gzip as gzipCallback, gzipSync } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "../platform/logger.ts";
import type { Metrics } from "../platform/metrics.ts";

/**
 * The work every request shares, done once and cheaply: a request id, the security headers, the duration
 * metric and the request log line. One middleware instead of four, because every layer of a Hono middleware
 * chain that touches the response costs a little on every call, and a trivial API call is nothing but
 * those layers (measured with `npm run bench`).
 */

export type FrameEnv = { Variables: { requestId: string } };

/** The Content-Security-Policy of the built app: scripts only from this site or with this page's nonce. */
function contentSecurityPolicy(nonce: string | undefined): string {
  return [
    "default-src 'self'",
    `script-src 'self'${nonce ? ` 'nonce-${nonce}'` : ""}`,
    // React style props and the theme script set inline styles.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** A fresh nonce for one page response's inline scripts. */
export const newNonce = () => randomBytes(16).toString("base64");

/**
 * The policy for a page rendered with `nonce`, or for anything else (API answers, files) without one. In
 * development Vite injects its own scripts and a websocket, so only framing is forbidden there.
 */
export function cspFor(strict: boolean, nonce?: string): string {
  return strict ? contentSecurityPolicy(nonce) : "frame-ancestors 'none'";
}

/** No page may be framed (clickjacking), sniffed into another type, or leak full URLs to other sites. */
function securityHeaders(https: boolean): [string, string][] {
  return [
    ["cross-origin-opener-policy", "same-origin"],
    ["cross-origin-resource-policy", "same-origin"],
    ["origin-agent-cluster", "?1"],
    ["referrer-policy", "strict-origin-when-cross-origin"],
    ...(https
      ? [["strict-transport-security", "max-age=15552000; includeSubDomains"] as [string, string]]
      : []),
    ["x-content-type-options", "nosniff"],
    ["x-dns-prefetch-control", "off"],
    ["x-download-options", "noopen"],
    ["x-frame-options", "DENY"],
    ["x-permitted-cross-domain-policies", "none"],
    ["x-xss-protection", "0"],
  ];
}

function routeKind(p: string): string {
  if (p.startsWith("/trpc")) return "trpc";
  if (p.startsWith("/assets/")) return "assets";
  if (p.startsWith("/uploads/")) return "uploads";
  if (p === "/healthz" || p === "/readyz" || p === "/metrics") return p.slice(1);
  return "page";
}

const httpMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** At most this much of a client-sent path reaches a log line. */
const maxLoggedPath = 200;
/** A request id a client (or proxy) may hand us; anything else is replaced by our own. */
const acceptableRequestId = /^[\w\-.]{1,255}$/;

export function frame(opts: {
  log: Logger;
  metrics: Metrics;
  https: boolean;
  /** Whether the built app's strict Content-Security-Policy applies (not in development). */
  strictCsp: boolean;
}): MiddlewareHandler<FrameEnv> {
  const headers = securityHeaders(opts.https);
  const defaultCsp = cspFor(opts.strictCsp);
  return async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header("x-request-id");
    const id = incoming && acceptableRequestId.test(incoming) ? incoming : randomUUID();
    c.set("requestId", id);
    await next();
    const res = c.res.headers;
    for (const [name, value] of headers) res.set(name, value);
    // A page sets its own policy with its nonce; everything else gets the policy without one.
    if (!res.has("content-security-policy")) res.set("content-security-policy", defaultCsp);
    res.set("x-request-id", id);

    const seconds = (performance.now() - started) / 1000;
    const p = c.req.path;
    const status = c.res.status;
    opts.metrics.httpDuration.observe(
      {
        route: routeKind(p),
        method: httpMethods.has(c.req.method) ? c.req.method : "OTHER",
        status: String(status),
      },
      seconds,
    );
    if (
      opts.log.isLevelEnabled("info") &&
      !p.startsWith("/assets/") &&
      p !== "/healthz" &&
      p !== "/metrics"
    ) {
      opts.log.info(
        {
          requestId: id,
          method: c.req.method,
          path: p.length > maxLoggedPath ? `${p.slice(0, maxLoggedPath)}…` : p,
          status,
          ms: Math.round(seconds * 1000),
        },
        "request",
      );
    }
  };
}

const gzip = promisify(gzipCallback);

/** Answers smaller than this are sent as they are: compressing them saves nothing on the wire. */
const compressFrom = 1024;
/**
 * Answers up to this size are compressed on the spot: for a few kilobytes that costs a third of the CPU of
 * handing the work to the thread pool (measured: 90 against 236 µs for a 5 KB product list).
 */
const compressInlineUpTo = 64 * 1024;

/** Whether the client takes gzip (absent, or q=0, means no). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  for (const part of header.split(",")) {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    if (coding !== "gzip" && coding !== "*") continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}

/**
 * Pages and API answers are compressed for clients that accept it (a page's HTML shrinks about fivefold on
 * a slow mobile network). Both are whole when they arrive here (pages are rendered completely before they
 * are sent, see web/entry.server.tsx), so each is compressed in one go, and only when it is big enough to
 * gain. Static files come precompressed and images are not compressible, so both pass through untouched.
 */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get("content-type") ?? "";
    const json = type.startsWith("application/json");
    if (
      (!json && !type.startsWith("text/html")) ||
      c.req.method === "HEAD" ||
      res.status === 204 ||
      res.headers.has("content-encoding")
    ) {
      return;
    }
    const vary = res.headers.get("vary");
    res.headers.set("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    if (!acceptsGzip(c.req.header("accept-encoding"))) return;
    const body = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    c.res = undefined;
    if (body.byteLength < compressFrom) {
      c.res = new Response(body, { status: res.status, headers });
      return;
    }
    headers.set("content-encoding", "gzip");
    headers.delete("content-length");
    const zipped = body.byteLength <= compressInlineUpTo ? gzipSync(body) : await gzip(body);
    c.res = new Response(new Uint8Array(zipped.buffer, zipped.byteOffset, zipped.byteLength), {
      status: res.status,
      headers,
    });
  };
}
