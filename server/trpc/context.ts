import { createHash, randomBytes } from "node:crypto";
import { parse } from "hono/utils/cookie";
import { defaultLocale, isLocale, type Locale } from "#common/locales.ts";
import type { Translate } from "#common/i18n/i18n.ts";
import type { Db } from "../db/client.ts";
import type { Replicas } from "../db/replicas.ts";
import { resolveSession, type Role } from "../modules/auth/auth.service.ts";
import type { Logger } from "../platform/logger.ts";
import type { Channels } from "../platform/messaging.ts";
import type { CourierGateway } from "../platform/couriers.ts";
import type { PaymentGateway } from "../platform/payments.ts";
import type { RateLimits } from "../platform/rate-limit.ts";
import type { Storage } from "../platform/storage.ts";
import type { StoreCards } from "../modules/catalog/listings.service.ts";
import { createTableCourier } from "../modules/courier/courier.service.ts";
import { getStoreCards } from "../modules/stores/stores.service.ts";
import { serverTranslator } from "../platform/i18n.ts";

export const sessionCookie = "pasar_session";
/** The first-party visitor id: random, httpOnly; how signed-out visitors are counted (decision 7). */
export const visitorCookie = "pasar_visitor";
/**
 * Set for a few seconds on a signed-in browser whose request wrote something (decision 27): while it is there,
 * that browser reads from the primary and never gets a shared page, so it sees its own writes at once.
 */
export const freshCookie = "pasar_fresh";
/** Longer than a usable replica may lag and than a shared page is kept. */
export const freshSeconds = 10;

/** Sets or clears the session cookie on the response (a no-op while rendering pages). */
export interface SessionCookies {
  set(token: string, maxAgeSeconds: number): void;
  clear(): void;
  /** Gives the browser a visitor id (the `pasar_visitor` cookie, kept a year). */
  setVisitor(id: string): void;
}

/** What every procedure receives. Built the same way for HTTP calls and for server rendering. */
export interface Context {
  /** The primary: writes, money, and every read but public browsing's (which `browseProcedure` may move). */
  db: Db;
  /** Streaming replicas for public browse reads, when the shop has any (DATABASE_REPLICA_URLS). */
  replicas?: Replicas;
  /** Whether this request's sender wrote something a moment ago (the `pasar_fresh` cookie): primary only. */
  freshReads: boolean;
  storage: Storage;
  channels: Channels;
  limits: RateLimits;
  lang: Locale;
  t: Translate;
  /** The session token: the `authorization` header (seed section 7), else the session cookie. */
  token: string;
  /** The signed-in user (and the session it signed in with), looked up once on first use. */
  user: () => Promise<{ id: string; role: Role; sessionId: string } | undefined>;
  cookies: SessionCookies;
  requestId: string;
  clientIp: string;
  /** The browser's User-Agent header ("" when none), recorded with a session it signs in (issue 43). */
  userAgent: string;
  /**
   * Identifies a signed-out visitor for counting (store visits, hot keywords): the first-party visitor id
   * from the `pasar_visitor` cookie. A browser without one is given one now and counts as that new visitor:
   * phones behind one carrier or Wi-Fi address are different people even on their first search. A client that
   * drops cookies counts again each time, as one inventing ids does, which is why such counts are also capped
   * per address (`addressKey`).
   */
  visitorKey: () => string;
  /**
   * The client's address, hashed: what a visitor id cannot be trusted for. Visitor ids are free to invent,
   * so counts that must not be inflated from one address (hot keywords, signed-out store visits) also
   * look at this.
   */
  addressKey: () => string;
  log: Logger;
  sessionTtlDays: number;
  publicUrl: string;
  /** The stores' cards for product cards and pages (the catalogue's port to the stores module). */
  storeCards: StoreCards;
  /** Where recharges (and later orders) are paid: the sandbox gateway unless a real one is configured. */
  gateway: PaymentGateway;
  /** Who quotes and carries parcels: the built-in courier unless an aggregator is configured (issue 27). */
  courier: CourierGateway;
  /** Whether this shop keeps a local outbox at all (a plainly local shop, or asked for with LOCAL_OUTBOX). */
  localOutbox: boolean;
  /**
   * Whether the request comes from this machine itself: a loopback socket, no forwarding headers and a
   * loopback `Host` (see server/http/app.ts, isFromThisMachine). A forwarded address never counts.
   */
  fromThisMachine: boolean;
}

export interface ContextDeps {
  db: Db;
  replicas?: Replicas;
  storage: Storage;
  channels: Channels;
  limits: RateLimits;
  log: Logger;
  sessionTtlDays: number;
  publicUrl: string;
  gateway: PaymentGateway;
  /** The built-in courier over `db` when not given. */
  courier?: CourierGateway;
  localOutbox: boolean;
}

interface RequestInfo {
  headers: Headers;
  requestId: string;
  clientIp: string;
  /** A locale already known (from the page URL during server rendering); beats the header. */
  locale?: Locale;
  /** Whether the request comes from this machine itself (absent: it does not). */
  fromThisMachine?: boolean;
  cookies?: SessionCookies;
}

/** Reads the `lang` header (seed section 7) into a supported locale. */
export function localeFromHeader(value: string | null): Locale {
  return isLocale(value) ? value : defaultLocale;
}

/** Longest token worth looking up; ours are far shorter, anything longer names no session. */
const maxTokenLength = 512;

/** The value of cookie `name` in the request, read with Hono's cookie parser (percent-decoded). */
function cookieOf(headers: Headers, name: string): string | undefined {
  const header = headers.get("cookie");
  return header ? parse(header, name)[name] : undefined;
}

/**
 * The token from `authorization` (raw or `Bearer …`), else from the session cookie. A cookie that is not
 * valid percent-encoding (a lone `%`) names no session we issued, and an oversized value none at all: the
 * visitor is signed out, never answered with an error.
 */
function tokenFrom(headers: Headers): string {
  const header = (headers.get("authorization") ?? "").trim().replace(/^Bearer\s+/i, "");
  if (header) return header.length <= maxTokenLength ? header : "";
  const value = cookieOf(headers, sessionCookie);
  return value && value.length <= maxTokenLength ? value : "";
}

const noCookies: SessionCookies = { set() {}, clear() {}, setVisitor() {} };

/** The visitor id from the `pasar_visitor` cookie, if it is one we could have issued. */
function visitorFrom(headers: Headers): string | undefined {
  const value = cookieOf(headers, visitorCookie);
  return value && /^[\w-]{16,64}$/.test(value) ? value : undefined;
}

/** Builds the per-request context from the app's dependencies and one request. */
export function createContextFactory(deps: ContextDeps) {
  const courier = deps.courier ?? createTableCourier(deps.db);
  return (req: RequestInfo): Context => {
    const lang = req.locale ?? localeFromHeader(req.headers.get("lang"));
    const token = tokenFrom(req.headers);
    let user: ReturnType<Context["user"]> | undefined;
    let visitorKey: string | undefined;
    let log: Logger | undefined;
    const addressKey = () =>
      `a:${createHash("sha256").update(req.clientIp).digest("base64url").slice(0, 22)}`;
    return {
      ...deps,
      courier,
      storeCards: (ids) => getStoreCards(deps.db, deps.storage, ids),
      lang,
      t: serverTranslator(lang),
      token,
      user: () => (user ??= token ? resolveSession(deps.db, token) : Promise.resolve(undefined)),
      cookies: req.cookies ?? noCookies,
      requestId: req.requestId,
      clientIp: req.clientIp,
      userAgent: req.headers.get("user-agent") ?? "",
      fromThisMachine: req.fromThisMachine ?? false,
      freshReads: cookieOf(req.headers, freshCookie) !== undefined,
      visitorKey: () => {
        if (visitorKey) return visitorKey;
        const id = visitorFrom(req.headers);
        if (id) return (visitorKey = `v:${id}`);
        const issued = randomBytes(16).toString("base64url");
        (req.cookies ?? noCookies).setVisitor(issued);
        return (visitorKey = `v:${issued}`);
      },
      addressKey,
      // Made on first use: most calls never log, and a child logger costs something on every request.
      get log() {
        return (log ??= deps.log.child({ requestId: req.requestId }));
      },
    };
  };
}
