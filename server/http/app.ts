import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { getConnInfo } from "@hono/node-server/conninfo";
import { TRPCError } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { bodyLimit } from "hono/body-limit";
import { Hono, type Context as HonoContext, type MiddlewareHandler } from "hono";
import { requestId } from "hono/request-id";
import type { Database } from "../db/client.ts";
import type { Logger } from "../platform/logger.ts";
import type { Metrics } from "../platform/metrics.ts";
import type { Storage } from "../platform/storage.ts";
import { appRouter } from "../trpc/app-router.ts";
import {
  createContextFactory,
  localeFromHeader,
  sessionCookie,
  visitorCookie,
  type SessionCookies,
} from "../trpc/context.ts";
import type { Channels } from "../platform/messaging.ts";
import type { RateLimits } from "../platform/rate-limit.ts";
import { serverTranslator, withRequestLocale } from "../platform/i18n.ts";

/** Renders a page: React Router's request handler with the server's bridge in its context. */
export type PageRenderer = (request: Request, bridge: PageBridge) => Promise<Response>;

/** What server rendering gets from the server: the router and a context builder for this request. */
export interface PageBridge {
  router: typeof appRouter;
  createContext: ReturnType<typeof createContextFactory>;
  requestId: string;
  clientIp: string;
  buildId: string;
  /** The server's translator, for page titles that need no procedure call. */
  translator: typeof serverTranslator;
}

export interface AppDeps {
  database: Database;
  storage: Storage;
  channels: Channels;
  limits: RateLimits;
  uploadsDir: string;
  log: Logger;
  sessionTtlDays: number;
  publicUrl: string;
  production: boolean;
  metrics: Metrics;
  maxBatchSize: number;
  buildId: string;
  /** Built client assets (production); absent in development where Vite serves them. */
  clientDir?: string;
  render: PageRenderer;
}

type AppEnv = { Variables: { requestId: string } };

const immutable = "public, max-age=31536000, immutable";

/** Largest accepted /trpc request body: an avatar photo (5 MB) with room for the form around it. */
const maxRequestBytes = 6 * 1024 * 1024;

/** Whether a browser sent this request from another site (Fetch Metadata, then Origin). */
function isCrossSite(req: Request): boolean {
  const site = req.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return true;
  const origin = req.headers.get("origin");
  if (!origin) return false;
  try {
    return new URL(origin).host !== new URL(req.url).host;
  } catch {
    return true;
  }
}

/** The session cookie: httpOnly so scripts cannot read it, SameSite=Lax, Secure behind https. */
function sessionCookies(headers: Headers, secure: boolean): SessionCookies {
  const base = `${sessionCookie}=%s; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
  return {
    set(token, maxAge) {
      headers.append("set-cookie", `${base.replace("%s", encodeURIComponent(token))}; Max-Age=${maxAge}`);
    },
    clear() {
      headers.append("set-cookie", `${base.replace("%s", "")}; Max-Age=0`);
    },
    setVisitor(id) {
      headers.append(
        "set-cookie",
        `${visitorCookie}=${id}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}; Max-Age=${365 * 86_400}`,
      );
    },
  };
}

/** Sets Cache-Control on successful static responses (serveStatic's own hook runs too late). */
function cacheFor(value: string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set("cache-control", value);
  };
}

function routeKind(p: string): string {
  if (p.startsWith("/trpc")) return "trpc";
  if (p.startsWith("/assets/")) return "assets";
  if (p.startsWith("/uploads/")) return "uploads";
  if (p === "/healthz" || p === "/readyz" || p === "/metrics") return p.slice(1);
  return "page";
}

/** The one HTTP application: pages, /trpc, static files, uploads, health and metrics. */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const createContext = createContextFactory({
    db: deps.database.db,
    storage: deps.storage,
    channels: deps.channels,
    limits: deps.limits,
    log: deps.log,
    sessionTtlDays: deps.sessionTtlDays,
    publicUrl: deps.publicUrl,
    production: deps.production,
  });
  const secureCookies = deps.publicUrl.startsWith("https:");

  app.use(requestId({ headerName: "x-request-id" }));
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    const seconds = (performance.now() - started) / 1000;
    const p = c.req.path;
    deps.metrics.httpDuration.observe(
      { route: routeKind(p), method: c.req.method, status: String(c.res.status) },
      seconds,
    );
    if (!p.startsWith("/assets/") && p !== "/healthz" && p !== "/metrics") {
      deps.log.info(
        {
          requestId: c.get("requestId"),
          method: c.req.method,
          path: p,
          status: c.res.status,
          ms: Math.round(seconds * 1000),
        },
        "request",
      );
    }
  });

  app.onError((error, c) => {
    deps.log.error({ requestId: c.get("requestId"), err: error }, "unhandled error");
    return c.text("Internal Server Error", 500);
  });

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    try {
      await deps.database.ping();
      return c.json({ status: "ready" });
    } catch (error) {
      deps.log.warn({ err: error }, "readiness check failed");
      return c.json({ status: "unavailable" }, 503);
    }
  });
  app.get("/metrics", async (c) => {
    c.header("content-type", deps.metrics.registry.contentType);
    return c.body(await deps.metrics.registry.metrics());
  });
  app.get("/builds/latest.json", (c) => {
    c.header("cache-control", "no-store");
    return c.json({ id: deps.buildId });
  });

  const clientIp = (c: HonoContext) => {
    try {
      return getConnInfo(c).remote.address ?? "unknown";
    } catch {
      return "unknown";
    }
  };

  app.use(
    "/trpc/*",
    bodyLimit({
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
    }),
  );
  app.all("/trpc/*", (c) =>
    withRequestLocale(localeFromHeader(c.req.header("lang") ?? null), () =>
      fetchRequestHandler({
        endpoint: "/trpc",
        req: c.req.raw,
        router: appRouter,
        maxBatchSize: deps.maxBatchSize,
        createContext: ({ req, resHeaders }) => {
          if (req.method !== "GET" && isCrossSite(req)) {
            // A plain form post from another site must not act with the visitor's session cookie.
            throw new TRPCError({ code: "FORBIDDEN", message: "cross-site request" });
          }
          return createContext({
            headers: req.headers,
            requestId: c.get("requestId"),
            clientIp: clientIp(c),
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
          deps.metrics.trpcCalls.inc({ path: procedurePath ?? "unknown", type, outcome: error.code });
        },
        responseMeta() {
          return { headers: new Headers({ "cache-control": "no-store" }) };
        },
      }),
    ),
  );

  app.use("/uploads/*", cacheFor(immutable));
  app.use(
    "/uploads/*",
    serveStatic({
      root: deps.uploadsDir,
      rewriteRequestPath: (p) => p.slice("/uploads".length),
    }),
  );
  app.get("/uploads/*", (c) => c.notFound());

  if (deps.clientDir) {
    const root = path.resolve(deps.clientDir);
    app.use("/assets/*", cacheFor(immutable));
    app.use("/favicon.svg", cacheFor("public, max-age=3600"));
    app.use("/brand/*", cacheFor("public, max-age=3600"));
    app.use(
      "/assets/*",
      serveStatic({
        root,
        precompressed: true,
      }),
    );
    app.get("/assets/*", (c) => c.notFound());
    app.use(
      "*",
      serveStatic({
        root,
        precompressed: true,
      }),
    );
  }

  app.all("*", (c) =>
    deps.render(c.req.raw, {
      router: appRouter,
      createContext,
      requestId: c.get("requestId"),
      clientIp: clientIp(c),
      buildId: deps.buildId,
      translator: serverTranslator,
    }),
  );

  return app;
}
