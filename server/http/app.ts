import { timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import type { PaymentGateway } from "../platform/payments.ts";
import { gatewayRoutes, sandboxUnavailablePage } from "./gateway-routes.ts";
import { courierRoutes } from "./courier-routes.ts";
import { whatsappRoutes } from "./whatsapp-routes.ts";
import type { CourierGateway } from "../platform/couriers.ts";
import { createTableCourier } from "../modules/courier/courier.service.ts";
import { signedInHintCookie } from "#common/session.ts";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { getConnInfo } from "@hono/node-server/conninfo";
import { TRPCError } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { bodyLimit } from "hono/body-limit";
import { generateCookie, getCookie } from "hono/cookie";
import type { CookieOptions } from "hono/utils/cookie";
import { Hono, type Context as HonoContext, type MiddlewareHandler } from "hono";
import { isDatabaseUnavailable, type Database } from "../db/client.ts";
import type { Replicas } from "../db/replicas.ts";
import { isLoopbackAddress } from "../platform/env.ts";
import type { Logger } from "../platform/logger.ts";
import type { Metrics } from "../platform/metrics.ts";
import { safeKey, uploadsUrlPrefix, type Storage } from "../platform/storage.ts";
import { appRouter, createCaller } from "../api/app-router.ts";
import {
  createContextFactory,
  localeFromHeader,
  sessionCookie,
  freshCookie,
  freshSeconds,
  visitorCookie,
  type SessionCookies,
} from "../trpc/context.ts";
import type { Channels } from "../platform/messaging.ts";
import type { RateLimits } from "../platform/rate-limit.ts";
import { serverTranslator, withRequestLocale } from "../platform/i18n.ts";
import { compression, cspFor, frame, newNonce, type FrameEnv } from "./frame.ts";
import { pageCache } from "./page-cache.ts";
import { isSharedPageRequest, withoutSession } from "./shared-pages.ts";
import { chatStreamRoute, type Hub } from "./chat-stream.ts";

/** Renders a page: React Router's request handler with the server's bridge in its context. */
export type PageRenderer = (request: Request, bridge: PageBridge) => Promise<Response>;

/** What server rendering gets from the server: the router and a context builder for this request. */
export interface PageBridge {
  router: typeof appRouter;
  /** A server-side caller of the same procedures (same middleware, authorization and output checks). */
  createCaller: typeof createCaller;
  createContext: ReturnType<typeof createContextFactory>;
  requestId: string;
  clientIp: string;
  /** Whether the request comes from this machine itself (isFromThisMachine). */
  fromThisMachine: boolean;
  buildId: string;
  /** This response's Content-Security-Policy nonce, for the page's inline scripts (absent in development). */
  nonce?: string;
  /** The server's translator, for page titles that need no procedure call. */
  translator: typeof serverTranslator;
  /** Session cookies written into a page response's headers (a form post that signs in). */
  sessionCookies: (headers: Headers) => SessionCookies;
}

interface AppDeps {
  database: Database;
  /** Streaming replicas for public browse reads (DATABASE_REPLICA_URLS); none: the primary reads everything. */
  replicas?: Replicas;
  storage: Storage;
  channels: Channels;
  limits: RateLimits;
  log: Logger;
  sessionTtlDays: number;
  publicUrl: string;
  gateway: PaymentGateway;
  /** Who quotes and carries parcels (the built-in courier over the database when not given). */
  courier?: CourierGateway;
  /** Whether this shop keeps a local outbox (readable only by requests from this machine itself). */
  localOutbox: boolean;
  metrics: Metrics;
  /**
   * A bearer token that lets a Prometheus scraper read `/metrics` from elsewhere; without it only a request
   * from this machine itself may read them.
   */
  metricsToken?: string;
  maxBatchSize: number;
  buildId: string;
  /**
   * How many reverse proxies in front of the server append to X-Forwarded-For. 0: the header is ignored
   * and the socket's address is the client's; N: the address N entries from the right is the client's.
   */
  trustProxyHops?: number;
  /**
   * How long a page rendered for a signed-out visitor is served to other signed-out visitors asking for the
   * same page (see page-cache.ts); 0 or absent renders every request.
   */
  pageCacheMs?: number;
  /** Built client assets (production); absent in development where Vite serves them. */
  clientDir?: string;
  render: PageRenderer;
  /** The chat's live streams (server/http/chat-stream.ts); without it /chat/stream answers 503 and clients poll. */
  chatHub?: Hub;
}

type AppEnv = FrameEnv;

const immutable = "public, max-age=31536000, immutable";

/** At most this many bytes of rendered pages are kept for signed-out visitors. */
const pageCacheBytes = 32 * 1024 * 1024;

/** Largest accepted /trpc request body: an avatar photo (5 MB) with room for the form around it. */
const maxRequestBytes = 6 * 1024 * 1024;

/**
 * Whether a browser sent this request from another site (Fetch Metadata, then Origin). The Origin is
 * compared with PUBLIC_URL, which a reverse proxy cannot rewrite the way it rewrites Host; the request's
 * own address is also accepted, for a server reached directly (development on 127.0.0.1).
 */
export function isCrossSite(req: Request, publicUrl: string): boolean {
  const site = req.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return true;
  const origin = req.headers.get("origin");
  if (!origin) return false;
  try {
    const from = new URL(origin).origin;
    return from !== new URL(publicUrl).origin && from !== new URL(req.url).origin;
  } catch {
    return true;
  }
}

/**
 * The client's address: the socket's, or behind `hops` trusted reverse proxies the entry `hops` from the
 * right of X-Forwarded-For (each proxy appends the address it saw; entries further left are whatever the
 * client claimed). Anything that is not an IP address falls back to the socket's.
 */
export function clientAddress(forwardedFor: string | null, socketAddress: string, hops: number): string {
  if (hops <= 0 || !forwardedFor) return socketAddress;
  const entries = forwardedFor.split(",").map((e) => e.trim());
  const candidate = entries.length >= hops ? entries[entries.length - hops] : undefined;
  return candidate && isIP(candidate) ? candidate : socketAddress;
}

/** Headers a proxy adds: a request carrying any of them came through one, whatever its socket says. */
const forwardingHeaders = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-real-ip", "x-client-ip"];

/**
 * Whether a request comes from this machine itself, with nothing in between: its socket is a loopback
 * address, it carries no forwarding header, and its `Host` names this machine. A reverse proxy on the same
 * host connects from 127.0.0.1 for every visitor, so the socket alone proves nothing; and an address taken
 * from `X-Forwarded-For` is what a client claimed, never counted as loopback.
 */
export function isFromThisMachine(headers: Headers, socketAddress: string): boolean {
  if (!isLoopbackAddress(socketAddress)) return false;
  if (forwardingHeaders.some((name) => headers.has(name))) return false;
  const host = headers.get("host");
  if (!host) return false;
  // host[:port] or [v6]:port, read without building a URL (this runs on every API call from this machine).
  const name = /^(?:\[([\w.:]+)\]|([\w.-]+))(?::\d{1,5})?$/.exec(host);
  if (!name) return false;
  const hostname = (name[1] ?? name[2]!).toLowerCase();
  return hostname === "localhost" || hostname.endsWith(".localhost") || isLoopbackAddress(hostname);
}

/** Compares a presented secret with the expected one in constant time. */
function sameSecret(presented: string, expected: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Every procedure name: a metric label takes only these, so clients cannot mint new label values. */
const procedureNames = new Set(Object.keys(appRouter._def.procedures));

/**
 * The session cookie: httpOnly so scripts cannot read it, SameSite=Lax, Secure behind https. Beside it a
 * readable hint that holds no secret, so a page signed in by a plain form post knows it is signed in. Written
 * by Hono's cookie serializer (the server's one cookie implementation) onto whatever headers the response
 * will carry: tRPC's, or a page's.
 */
function sessionCookies(headers: Headers, secure: boolean): SessionCookies {
  const attributes = { path: "/", sameSite: "Lax", secure } as const;
  const append = (name: string, value: string, options: CookieOptions) =>
    headers.append("set-cookie", generateCookie(name, value, { ...attributes, ...options }));
  return {
    set(token, maxAge) {
      append(sessionCookie, token, { httpOnly: true, maxAge });
      append(signedInHintCookie, "1", { maxAge });
    },
    clear() {
      append(sessionCookie, "", { httpOnly: true, maxAge: 0 });
      append(signedInHintCookie, "", { maxAge: 0 });
    },
    setVisitor(id) {
      append(visitorCookie, id, { httpOnly: true, maxAge: 365 * 86_400 });
    },
  };
}

/**
 * A signed-in browser whose request may have written something reads from the primary, and gets pages rendered
 * for it, for the next few seconds (the `pasar_fresh` cookie): its own writes show at once, whatever replica or
 * shared page another instance has. Visitors' posts (a search recorded, a store visit counted) change nothing
 * they read, and keep the shared pages.
 */
function freshAfterWrites(secure: boolean): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const method = c.req.method;
    if (method === "GET" || method === "HEAD" || c.res.status >= 400) return;
    if (!c.req.header("authorization") && getCookie(c, sessionCookie) === undefined) return;
    // Signing out ends what there was to be fresh for.
    if (c.res.headers.getSetCookie().some((cookie) => cookie.startsWith(`${sessionCookie}=;`))) return;
    c.res.headers.append(
      "set-cookie",
      generateCookie(freshCookie, "1", {
        path: "/",
        sameSite: "Lax",
        secure,
        httpOnly: true,
        maxAge: freshSeconds,
      }),
    );
  };
}

/** Sets Cache-Control on successful static responses (serveStatic's own hook runs too late). */
function cacheFor(value: string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set("cache-control", value);
  };
}

/** The one HTTP application: pages, /trpc, static files, uploads, health and metrics. */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const courier = deps.courier ?? createTableCourier(deps.database.db);
  const createContext = createContextFactory({
    db: deps.database.db,
    replicas: deps.replicas,
    storage: deps.storage,
    channels: deps.channels,
    limits: deps.limits,
    log: deps.log,
    sessionTtlDays: deps.sessionTtlDays,
    publicUrl: deps.publicUrl,
    gateway: deps.gateway,
    courier,
    localOutbox: deps.localOutbox,
  });
  const secureCookies = deps.publicUrl.startsWith("https:");

  app.use(frame({ log: deps.log, metrics: deps.metrics, https: secureCookies, strictCsp: !!deps.clientDir }));
  app.use(compression());
  app.use(freshAfterWrites(secureCookies));

  app.onError((error, c) => {
    // A route outside tRPC and the pages (a gateway notification, the sandbox page) whose database is away:
    // try again later, as /trpc answers too. A gateway retries its notification on anything but 2xx.
    if (isDatabaseUnavailable(error)) {
      deps.log.warn({ requestId: c.get("requestId"), err: error }, "database unavailable");
      c.header("retry-after", "5");
      c.header("cache-control", "no-store");
      if (c.req.path.startsWith("/gateway/sandbox/")) {
        return c.html(sandboxUnavailablePage(c.req.query("lang")), 503);
      }
      return c.text("Service Unavailable", 503);
    }
    deps.log.error({ requestId: c.get("requestId"), err: error }, "unhandled error");
    return c.text("Internal Server Error", 500);
  });

  const socketAddress = (c: HonoContext) => {
    try {
      return getConnInfo(c).remote.address ?? "unknown";
    } catch {
      return "unknown"; // No socket (a request handed to app.fetch directly, as in tests).
    }
  };
  const clientIp = (c: HonoContext) =>
    clientAddress(c.req.header("x-forwarded-for") ?? null, socketAddress(c), deps.trustProxyHops ?? 0);
  const fromThisMachine = (c: HonoContext) => isFromThisMachine(c.req.raw.headers, socketAddress(c));

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    try {
      await deps.database.ping();
      // Replicas are reported, never a reason to be unready: the primary reads for those that are not usable.
      return c.json(
        deps.replicas ? { status: "ready", replicas: deps.replicas.status() } : { status: "ready" },
      );
    } catch (error) {
      deps.log.warn({ err: error }, "readiness check failed");
      return c.json({ status: "unavailable" }, 503);
    }
  });
  app.get("/metrics", async (c) => {
    // Metrics name procedures, traffic and the process's memory: only a scraper that is allowed reads them.
    const token = (c.req.header("authorization") ?? "").replace(/^Bearer\s+/i, "");
    const allowed = deps.metricsToken
      ? sameSecret(token, deps.metricsToken) || fromThisMachine(c)
      : fromThisMachine(c);
    if (!allowed) return c.notFound();
    c.header("cache-control", "no-store");
    c.header("content-type", deps.metrics.registry.contentType);
    return c.body(await deps.metrics.registry.metrics());
  });
  app.get("/builds/latest.json", (c) => {
    c.header("cache-control", "no-store");
    return c.json({ id: deps.buildId });
  });

  gatewayRoutes(app, {
    db: deps.database.db,
    gateway: deps.gateway,
    log: deps.log,
    limits: deps.limits,
    clientIp,
    isCrossSite: (req) => isCrossSite(req, deps.publicUrl),
  });

  courierRoutes(app, { db: deps.database.db, courier, log: deps.log, limits: deps.limits, clientIp });
  whatsappRoutes(app, { db: deps.database.db, log: deps.log, limits: deps.limits, clientIp });

  if (deps.chatHub) {
    chatStreamRoute(app, {
      hub: deps.chatHub,
      createContext,
      clientIp,
      db: deps.database.db,
      storage: deps.storage,
      limits: deps.limits,
      log: deps.log,
    });
  } else {
    app.get("/chat/stream", (c) => {
      c.header("retry-after", "30");
      return c.text("Service Unavailable", 503);
    });
  }

  const limitBody = bodyLimit({
    maxSize: maxRequestBytes,
    onError: (c) => {
      const t = serverTranslator(localeFromHeader(c.req.header("lang") ?? null));
      return c.json(
        {
          error: {
            json: {
              message: t("errors.api.payloadTooLarge"),
              code: -32013,
              data: { code: "PAYLOAD_TOO_LARGE", httpStatus: 413 },
            },
          },
        },
        413,
      );
    },
  });
  // Only requests that can carry a body are checked: looking at a GET's body would cost every query call.
  app.use("/trpc/*", (c, next) =>
    c.req.method === "GET" || c.req.method === "HEAD" ? next() : limitBody(c, next),
  );
  app.all("/trpc/*", (c) =>
    withRequestLocale(localeFromHeader(c.req.header("lang") ?? null), () =>
      fetchRequestHandler({
        endpoint: "/trpc",
        req: c.req.raw,
        router: appRouter,
        maxBatchSize: deps.maxBatchSize,
        createContext: ({ req, resHeaders }) => {
          if (req.method !== "GET" && isCrossSite(req, deps.publicUrl)) {
            // A plain form post from another site must not act with the visitor's session cookie.
            throw new TRPCError({ code: "FORBIDDEN", message: "cross-site request" });
          }
          return createContext({
            headers: req.headers,
            requestId: c.get("requestId"),
            clientIp: clientIp(c),
            fromThisMachine: fromThisMachine(c),
            cookies: sessionCookies(resHeaders, secureCookies),
          });
        },
        onError({ error, path: procedurePath, type }) {
          const log = deps.log.child({ requestId: c.get("requestId") });
          if (error.code === "INTERNAL_SERVER_ERROR") {
            log.error({ err: error.cause ?? error, path: procedurePath }, "procedure failed");
          } else {
            log.debug({ code: error.code, path: procedurePath }, "procedure refused");
          }
          deps.metrics.trpcCalls.inc({
            path: procedurePath && procedureNames.has(procedurePath) ? procedurePath : "unknown",
            type,
            outcome: error.code,
          });
        },
        responseMeta() {
          return { headers: new Headers({ "cache-control": "no-store" }) };
        },
      }),
    ),
  );

  // Uploads are served from wherever the storage keeps them (this disk, or a bucket), at the same URLs.
  app.on(["GET", "HEAD"], "/uploads/*", async (c) => {
    const key = safeKey(c.req.path.slice(uploadsUrlPrefix.length));
    const file = key ? await deps.storage.read(key) : undefined;
    if (!file) return c.notFound();
    c.header("content-type", file.contentType);
    c.header("content-length", String(file.size));
    c.header("cache-control", immutable);
    if (c.req.method === "HEAD") {
      await file.body.cancel();
      return c.body(null, 200);
    }
    return c.body(file.body, 200);
  });

  if (deps.clientDir) {
    const root = path.resolve(deps.clientDir);
    app.use("/assets/*", cacheFor(immutable));
    // The pages name the SVG; browsers ask for /favicon.ico by themselves where nothing names an icon.
    app.use("/favicon.svg", cacheFor("public, max-age=3600"));
    app.use("/favicon.ico", cacheFor("public, max-age=3600"));
    app.use("/brand/*", cacheFor("public, max-age=3600"));
    // The installable app (issue 44): the manifest and its icons change rarely; the service worker (1.5 KB) and its
    // offline page are never taken from the HTTP cache unchecked, so a new version reaches a phone on its next visit.
    app.use("/manifest.webmanifest", cacheFor("public, max-age=3600"));
    app.use("/icons/*", cacheFor("public, max-age=3600"));
    app.use("/apple-touch-icon.png", cacheFor("public, max-age=3600"));
    app.use("/sw.js", cacheFor("no-cache"));
    app.use("/offline.html", cacheFor("no-cache"));
    app.use(
      "/assets/*",
      serveStatic({
        root,
        precompressed: true,
      }),
    );
    app.get("/assets/*", (c) => c.notFound());
    // The other built files (favicons, brand pictures) all have an extension; a page's path has none (its data,
    // React Router's `.data`, is no file either), and looking for it on disk cost every page a few system calls.
    const otherFiles = serveStatic({ root, precompressed: true });
    const mayBeFile = (p: string) => /\.\w+$/.test(p) && !p.endsWith(".data");
    app.use("*", (c, next) => (mayBeFile(c.req.path) ? otherFiles(c, next) : next()));
  }

  // A browse page is rendered as a visitor's, whoever asks (decision 27): nothing personal can reach it, and the
  // page cache serves the same page to everyone.
  app.use("*", async (c, next) => {
    if (isSharedPageRequest(c.req.raw)) c.req.raw = withoutSession(c.req.raw);
    await next();
  });

  if (deps.pageCacheMs) {
    app.use(
      "*",
      pageCache({ ttlMs: deps.pageCacheMs, maxBytes: pageCacheBytes, now: () => performance.now() }),
    );
  }

  app.all("*", async (c) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD" && isCrossSite(c.req.raw, deps.publicUrl)) {
      // A page form (sign-in, sign-up) posted from another site is refused like a cross-site mutation.
      return c.text(
        serverTranslator(localeFromHeader(c.req.header("lang") ?? null))("errors.api.forbidden"),
        403,
      );
    }
    // Each page gets its own nonce for its inline scripts (none in development, where Vite injects scripts).
    const nonce = deps.clientDir ? newNonce() : undefined;
    const res = await deps.render(c.req.raw, {
      router: appRouter,
      createCaller,
      createContext,
      requestId: c.get("requestId"),
      clientIp: clientIp(c),
      fromThisMachine: fromThisMachine(c),
      buildId: deps.buildId,
      nonce,
      translator: serverTranslator,
      sessionCookies: (headers) => sessionCookies(headers, secureCookies),
    });
    res.headers.set("content-security-policy", cspFor(!!deps.clientDir, nonce));
    return res;
  });

  return app;
}
