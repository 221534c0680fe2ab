import { createHash, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Hono, type Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { formatRupiah } from "#common/money.ts";
import { addMs, hour, now } from "../../platform/clock.ts";
import { qrisPayload } from "../../platform/qris.ts";
import {
  CreatePaymentRequestBodySchema,
  CreateRefundBodySchema,
  SimulatePaymentBodySchema,
  xenditApiVersion,
  xenditCallbackTokenHeader,
  xenditChannelCodes,
  type CreatePaymentRequestBody,
  type Payment,
  type PaymentRequest,
  type PaymentRequestStatus,
  type PaymentStatus,
  type Refund,
  type XenditAction,
  type XenditChannelCode,
} from "./xendit.schemas.ts";

/**
 * A local Xendit (Payments API v3) for tests, Playwright and people: the endpoints the adapter calls, answering
 * as the documentation describes (Basic auth, `api-version`, `idempotency-key` replays, the documented error
 * codes), and the webhooks Xendit sends with the `x-callback-token` header, retried while the shop does not
 * answer 2xx. Its `control` (and the POST routes under `/sim`) makes Xendit's bad days happen on purpose:
 * duplicate, late, reordered, forged and reversed webhooks. State is in memory.
 */

interface ChannelFacts {
  kind: "qris" | "va" | "ewallet" | "retail";
  min: number;
  max: number;
  /** The channel page's "Refund" and "Partial Refund" rows. */
  refund: "partial" | "full" | "none";
  /** "Set Expiry ✓": the request's `expires_at` counts; otherwise the channel's own expiry does. */
  setExpiry: boolean;
  /** "Payment Request Expiry (hours)", or the simulator's 24 hours where the page says "-". */
  expiryHours: number;
}

/** From each channel's page on docs.xendit.co ("Features"); ShopeePay's amounts are IDR's, from Xendit's checkout. */
const channelFacts: Record<XenditChannelCode, ChannelFacts> = {
  QRIS: { kind: "qris", min: 1, max: 10_000_000, refund: "partial", setExpiry: false, expiryHours: 48 },
  BCA_VIRTUAL_ACCOUNT: {
    kind: "va",
    min: 10_000,
    max: 50_000_000,
    refund: "none",
    setExpiry: true,
    expiryHours: 24,
  },
  BNI_VIRTUAL_ACCOUNT: {
    kind: "va",
    min: 1,
    max: 50_000_000_000,
    refund: "none",
    setExpiry: true,
    expiryHours: 24,
  },
  BRI_VIRTUAL_ACCOUNT: {
    kind: "va",
    min: 1,
    max: 20_000_000_000,
    refund: "none",
    setExpiry: true,
    expiryHours: 24,
  },
  MANDIRI_VIRTUAL_ACCOUNT: {
    kind: "va",
    min: 1,
    max: 50_000_000_000,
    refund: "none",
    setExpiry: true,
    expiryHours: 24,
  },
  PERMATA_VIRTUAL_ACCOUNT: {
    kind: "va",
    min: 1,
    max: 9_999_999_999,
    refund: "none",
    setExpiry: true,
    expiryHours: 24,
  },
  // GoPay's page gives its channel code and its flow (a redirect to the GoPay app, since January 2026 paid in
  // the app only); its amount, refund and expiry rows were not read: DANA's amounts, no refund by API (the
  // shop keeps such refunds in the wallet) and OVO's 15 minutes here.
  GOPAY: { kind: "ewallet", min: 100, max: 20_000_000, refund: "none", setExpiry: false, expiryHours: 0.25 },
  OVO: { kind: "ewallet", min: 100, max: 20_000_000, refund: "none", setExpiry: false, expiryHours: 0.25 },
  DANA: { kind: "ewallet", min: 100, max: 20_000_000, refund: "partial", setExpiry: false, expiryHours: 24 },
  SHOPEEPAY: {
    kind: "ewallet",
    min: 1,
    max: 20_000_000,
    refund: "partial",
    setExpiry: false,
    expiryHours: 0.25,
  },
  LINKAJA: { kind: "ewallet", min: 100, max: 10_000_000, refund: "full", setExpiry: false, expiryHours: 0.5 },
  ALFAMART: { kind: "retail", min: 10_000, max: 5_000_000, refund: "none", setExpiry: true, expiryHours: 48 },
  INDOMARET: {
    kind: "retail",
    min: 10_000,
    max: 5_000_000,
    refund: "none",
    setExpiry: true,
    expiryHours: 48,
  },
};

/**
 * Virtual account prefixes. Mandiri's 88608 is Xendit's company code on its channel page; the others only look
 * like the numbers in Xendit's examples and guides.
 */
const vaPrefixes: Partial<Record<XenditChannelCode, string>> = {
  BCA_VIRTUAL_ACCOUNT: "10766",
  BNI_VIRTUAL_ACCOUNT: "8808",
  BRI_VIRTUAL_ACCOUNT: "26215",
  MANDIRI_VIRTUAL_ACCOUNT: "88608",
  PERMATA_VIRTUAL_ACCOUNT: "7293",
};

const businessId = "5f27a14a9bf05c73dd040bc8";
const pendingStatuses: ReadonlySet<PaymentRequestStatus> = new Set(["REQUIRES_ACTION", "ACCEPTING_PAYMENTS"]);

interface SimPaymentRequest {
  id: string;
  referenceId: string;
  channel: XenditChannelCode;
  amount: number;
  currency: string;
  country: string;
  description: string | undefined;
  metadata: Record<string, string> | undefined;
  properties: CreatePaymentRequestBody["channel_properties"] & { expires_at: string };
  actions: XenditAction[];
  status: PaymentRequestStatus;
  failureCode: string | null;
  paymentId: string | null;
  captureId: string | null;
  settledAt: string | null;
  created: string;
  updated: string;
}

/** A webhook the simulator sent (or holds), with every answer the shop gave. */
export interface SimNotification {
  seq: number;
  event: string;
  referenceId: string;
  paymentRequestId: string;
  body: string;
  /** Sent with a wrong `x-callback-token`, as an attacker would. */
  forged: boolean;
  answers: { at: string; status?: number; body?: string; error?: string }[];
  delivered: boolean;
}

/** What tests, Playwright and the `/sim` routes make happen at Xendit. */
export interface XenditSimulatorControl {
  /** The payer pays the reference's latest payment request (from a pending status only): `payment.capture`. */
  pay(referenceId: string): Promise<void>;
  /** Its expiry passes unpaid: `payment_request.expiry`. */
  expire(referenceId: string): Promise<void>;
  /** The channel declines it: `payment.failure` with a failure code. */
  fail(referenceId: string, failureCode?: string): Promise<void>;
  /** A succeeded payment turns back (not documented by v3; see fixtures/README.md): `payment.reversal`. */
  reverse(referenceId: string): Promise<void>;
  /** Sends the reference's last webhook again, `times` more times: duplicates. */
  resend(referenceId: string, times?: number): Promise<void>;
  /** Keeps webhooks instead of sending them, until `release`. */
  hold(): void;
  /** Sends the held webhooks one by one, in order or newest first (reordered). */
  release(opts?: { reverse?: boolean }): Promise<void>;
  /** Waits this long before each delivery: late webhooks. 0 turns it off. */
  delay(ms: number): void;
  /** Posts a `payment.capture` for the reference signed with a wrong token. */
  sendForged(referenceId: string): Promise<void>;
  /**
   * Posts the reference's last webhook again as another event and status, with the real callback token, as
   * someone who captured one (token and all) could: the token is static and signs nothing of the body.
   * Xendit's own state does not change.
   */
  replayAltered(referenceId: string, event: string, status: PaymentStatus): Promise<void>;
  /** How the next refunds end (they are answered PENDING first, as Xendit does). */
  refundOutcome(outcome: "SUCCEEDED" | "FAILED"): void;
  /** Resolves when no delivery, retry or refund is under way. */
  idle(): Promise<void>;
  /** The reference's latest payment request, as `GET /v3/payment_requests/{id}` answers it. */
  paymentRequest(referenceId: string): PaymentRequest | undefined;
  /** Every webhook sent or held, oldest first. */
  readonly notifications: readonly SimNotification[];
}

/** A running simulator: its base URL (the adapter's `baseUrl`), how to stop it, and its control. */
export interface XenditSimulator {
  url: string;
  close(): Promise<void>;
  control: XenditSimulatorControl;
}

/** Starts the simulator on 127.0.0.1 (a free port unless `port` is given). */
export async function startXenditSimulator(opts: {
  secretKey: string;
  callbackToken: string;
  /** The shop's webhook URL, as set in Xendit's dashboard. */
  notifyUrl: string;
  port?: number;
  /** Pauses between redeliveries of a webhook the shop did not take (Xendit: 15 min up to 24 h, 6 times). */
  retryDelaysMs?: number[];
  /** How long a refund stays PENDING before it ends. */
  refundDelayMs?: number;
}): Promise<XenditSimulator> {
  const retryDelaysMs = opts.retryDelaysMs ?? [200, 1000, 3000];
  const refundDelayMs = opts.refundDelayMs ?? 20;
  const closing = new AbortController();
  const requests = new Map<string, SimPaymentRequest>();
  const byReference = new Map<string, string>();
  const refunds = new Map<string, Refund>();
  const idempotent = new Map<string, { hash: string; status: ContentfulStatusCode; body: string }>();
  const notifications: SimNotification[] = [];
  let held: SimNotification[] | null = null;
  let delayMs = 0;
  let nextRefundOutcome: "SUCCEEDED" | "FAILED" = "SUCCEEDED";
  let url = "";
  const inflight = new Set<Promise<unknown>>();

  const track = <T>(work: Promise<T>): Promise<T> => {
    inflight.add(work);
    work.then(
      () => inflight.delete(work),
      () => inflight.delete(work),
    );
    return work;
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (ms <= 0 || closing.signal.aborted) return resolve();
      const timer = setTimeout(resolve, ms);
      closing.signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
    });
  const iso = (at: Date = now()) => at.toISOString();
  const digits = (count: number) => Array.from({ length: count }, () => randomInt(10)).join("");

  // ---- webhooks -------------------------------------------------------------------------------------------

  async function deliver(n: SimNotification): Promise<void> {
    await sleep(delayMs);
    // Xendit retries what the shop did not take; a forged webhook is the attacker's single try.
    const tries = n.forged ? 1 : 1 + retryDelaysMs.length;
    for (let attempt = 0; attempt < tries && !closing.signal.aborted; attempt++) {
      if (attempt > 0) await sleep(retryDelaysMs[attempt - 1]!);
      if (closing.signal.aborted) return;
      try {
        const response = await fetch(opts.notifyUrl, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            [xenditCallbackTokenHeader]: n.forged ? `forged-${randomUUID()}` : opts.callbackToken,
          },
          body: n.body,
          signal: AbortSignal.timeout(5000),
        });
        n.answers.push({ at: iso(), status: response.status, body: (await response.text()).slice(0, 500) });
        if (response.ok) {
          n.delivered = true;
          return;
        }
      } catch (error) {
        n.answers.push({ at: iso(), error: error instanceof Error ? error.message : String(error) });
      }
    }
  }

  function emit(
    event: string,
    pr: SimPaymentRequest,
    data: Payment | PaymentRequest | Refund,
    forged = false,
  ): Promise<void> {
    const body = JSON.stringify({ event, business_id: businessId, created: iso(), data, api_version: "v3" });
    const n: SimNotification = {
      seq: notifications.length + 1,
      event,
      referenceId: pr.referenceId,
      paymentRequestId: pr.id,
      body,
      forged,
      answers: [],
      delivered: false,
    };
    notifications.push(n);
    if (held && !forged) {
      held.push(n);
      return Promise.resolve();
    }
    return track(deliver(n));
  }

  // ---- objects as Xendit shows them ------------------------------------------------------------------------

  const view = (pr: SimPaymentRequest): PaymentRequest => ({
    business_id: businessId,
    reference_id: pr.referenceId,
    payment_request_id: pr.id,
    ...(pr.paymentId ? { latest_payment_id: pr.paymentId } : {}),
    type: "PAY",
    country: pr.country,
    currency: pr.currency,
    request_amount: pr.amount,
    capture_method: "AUTOMATIC",
    channel_code: pr.channel,
    channel_properties: { ...pr.properties },
    actions: pr.actions,
    status: pr.status,
    ...(pr.failureCode ? { failure_code: pr.failureCode } : {}),
    ...(pr.description ? { description: pr.description } : {}),
    ...(pr.metadata ? { metadata: pr.metadata } : {}),
    created: pr.created,
    updated: pr.updated,
  });

  const paymentView = (pr: SimPaymentRequest, status: Payment["status"]): Payment => ({
    payment_id: pr.paymentId ?? `py-${randomUUID()}`,
    business_id: businessId,
    reference_id: pr.referenceId,
    payment_request_id: pr.id,
    type: "PAY",
    country: pr.country,
    currency: pr.currency,
    request_amount: pr.amount,
    capture_method: "AUTOMATIC",
    channel_code: pr.channel,
    channel_properties: { ...pr.properties },
    status,
    ...(status === "SUCCEEDED" || status === "REVERSED"
      ? {
          captures: [
            {
              capture_id: pr.captureId ?? undefined,
              capture_amount: pr.amount,
              capture_timestamp: pr.settledAt ?? iso(),
            },
          ],
          payment_details: { issuer_name: pr.channel.replace(/_VIRTUAL_ACCOUNT$/, "") },
        }
      : {}),
    ...(pr.failureCode ? { failure_code: pr.failureCode } : {}),
    ...(pr.description ? { description: pr.description } : {}),
    ...(pr.metadata ? { metadata: pr.metadata } : {}),
    created: pr.created,
    updated: pr.updated,
  });

  // ---- state changes, as Xendit allows them ---------------------------------------------------------------

  function latest(referenceId: string): SimPaymentRequest {
    const id = byReference.get(referenceId);
    const pr = id ? requests.get(id) : undefined;
    if (!pr) throw new Error(`the Xendit simulator has no payment request for reference ${referenceId}`);
    return pr;
  }

  /** An unpaid payment request past its expiry is expired whenever anyone looks at it. */
  function touch(pr: SimPaymentRequest): Promise<void> {
    if (pendingStatuses.has(pr.status) && Date.parse(pr.properties.expires_at) <= now().getTime()) {
      return settle(pr, "EXPIRED");
    }
    return Promise.resolve();
  }

  function settle(
    pr: SimPaymentRequest,
    to: "SUCCEEDED" | "FAILED" | "EXPIRED" | "CANCELED" | "REVERSED",
    failureCode?: string,
  ): Promise<void> {
    const from = pr.status;
    const allowed = to === "REVERSED" ? from === "SUCCEEDED" : pendingStatuses.has(from);
    if (!allowed) {
      return Promise.reject(new Error(`payment request ${pr.id} is ${from}: it cannot become ${to}`));
    }
    pr.status = to;
    pr.updated = iso();
    if (to === "SUCCEEDED" || to === "FAILED") {
      pr.paymentId = `py-${randomUUID()}`;
      pr.settledAt = pr.updated;
    }
    if (to === "SUCCEEDED") pr.captureId = `cptr-${randomUUID()}`;
    if (to === "FAILED") pr.failureCode = failureCode ?? "USER_DECLINED_PAYMENT";
    if (to === "EXPIRED") pr.failureCode = "PAYMENT_REQUEST_EXPIRED";
    switch (to) {
      case "SUCCEEDED":
        return emit("payment.capture", pr, paymentView(pr, "SUCCEEDED"));
      case "FAILED":
        return emit("payment.failure", pr, paymentView(pr, "FAILED"));
      case "EXPIRED":
        return emit("payment_request.expiry", pr, view(pr));
      case "REVERSED":
        return emit("payment.reversal", pr, paymentView(pr, "REVERSED"));
      case "CANCELED":
        // v3 documents no webhook for a cancelled payment request: the cancel call's answer is the news.
        return Promise.resolve();
    }
  }

  async function settleRefund(refund: Refund, outcome: "SUCCEEDED" | "FAILED") {
    refund.status = outcome;
    refund.updated = iso();
    if (outcome === "FAILED") refund.failure_code = "REFUND_FAILED";
    const pr = requests.get(refund.payment_request_id ?? "");
    if (pr) await emit(outcome === "SUCCEEDED" ? "refund.succeeded" : "refund.failed", pr, { ...refund });
  }

  // ---- the API --------------------------------------------------------------------------------------------

  const app = new Hono();
  const apiError = (c: Context, status: ContentfulStatusCode, errorCode: string, message: string) =>
    c.json({ error_code: errorCode, message }, status);

  const keyDigest = createHash("sha256").update(`${opts.secretKey}:`).digest();
  const authorized = (header: string | undefined) => {
    const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? "");
    if (!match) return false;
    const given = createHash("sha256").update(Buffer.from(match[1]!, "base64").toString("utf8")).digest();
    return timingSafeEqual(given, keyDigest);
  };

  for (const prefix of ["/v3/*", "/refunds", "/refunds/*"]) {
    app.use(prefix, async (c, next) => {
      if (!authorized(c.req.header("authorization"))) {
        return apiError(c, 401, "INVALID_API_KEY", "API key is invalid");
      }
      const version = c.req.header("api-version");
      if (c.req.path.startsWith("/v3/") && version !== undefined && version !== xenditApiVersion) {
        return apiError(c, 400, "API_VALIDATION_ERROR", `api-version must be ${xenditApiVersion}`);
      }
      await next();
    });
  }

  async function jsonBody(c: Context): Promise<{ ok: true; value: unknown; text: string } | { ok: false }> {
    const text = await c.req.text();
    try {
      return { ok: true, value: text ? JSON.parse(text) : {}, text };
    } catch {
      return { ok: false };
    }
  }

  /**
   * Replays the first answer to an `idempotency-key` (same method and path, same body); the same key with another
   * body is the v3 OpenAPI's 409 "Duplication is not allowed".
   */
  async function withIdempotency(
    c: Context,
    text: string,
    work: () => Promise<{ status: ContentfulStatusCode; body: unknown }>,
  ): Promise<Response> {
    const key = c.req.header("idempotency-key");
    const hash = createHash("sha256").update(text).digest("hex");
    const slot = key ? `${c.req.method} ${c.req.path} ${key}` : null;
    const stored = slot ? idempotent.get(slot) : undefined;
    if (stored) {
      if (stored.hash !== hash) {
        return apiError(
          c,
          409,
          "DUPLICATE_ERROR",
          `idempotency-key ${key} was already used with another request`,
        );
      }
      return c.body(stored.body, stored.status, { "content-type": "application/json" });
    }
    const result = await work();
    const body = JSON.stringify(result.body);
    // Only what the request made is remembered; a refused request may be corrected and sent again.
    if (slot && result.status < 300) idempotent.set(slot, { hash, status: result.status, body });
    return c.body(body, result.status, { "content-type": "application/json" });
  }

  const validation = (error: z.ZodError) => ({
    status: 400 as const,
    body: { error_code: "API_VALIDATION_ERROR", message: z.prettifyError(error).replace(/\n/g, "; ") },
  });
  const invalid = (message: string) => ({
    status: 400 as const,
    body: { error_code: "INVALID_VALUE_ERROR", message },
  });
  const isReturnUrl = (value: string | undefined) => {
    if (!value || !URL.canParse(value)) return false;
    const u = new URL(value);
    // "must be HTTPS"; plain http is let through for loopback only, so a shop on a laptop can be sent back.
    return (
      u.protocol === "https:" ||
      (u.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(u.hostname))
    );
  };

  function createPaymentRequest(body: CreatePaymentRequestBody): {
    status: ContentfulStatusCode;
    body: unknown;
  } {
    if (!(xenditChannelCodes as readonly string[]).includes(body.channel_code)) {
      return invalid(`channel_code ${body.channel_code} is not activated for this business`);
    }
    const channel = body.channel_code as XenditChannelCode;
    const facts = channelFacts[channel];
    if (body.country !== "ID" || body.currency !== "IDR") {
      return invalid(`${channel} takes country ID and currency IDR`);
    }
    if (!Number.isInteger(body.request_amount)) return invalid("IDR amounts have no decimals");
    if (body.request_amount < facts.min || body.request_amount > facts.max) {
      return invalid(`request_amount for ${channel} must be between ${facts.min} and ${facts.max}`);
    }
    if (body.capture_method === "MANUAL") return invalid(`${channel} does not support MANUAL capture`);
    const props = body.channel_properties;
    if (channel === "OVO" && !props.account_mobile_number) {
      return {
        status: 400,
        body: {
          error_code: "API_VALIDATION_ERROR",
          message: "channel_properties.account_mobile_number is required",
        },
      };
    }
    if (facts.kind === "ewallet" && channel !== "OVO") {
      if (!isReturnUrl(props.success_return_url) || !isReturnUrl(props.failure_return_url)) {
        return {
          status: 400,
          body: {
            error_code: "API_VALIDATION_ERROR",
            message: "channel_properties.success_return_url and failure_return_url must be HTTPS URLs",
          },
        };
      }
    }
    const created = now();
    let expiresAt = addMs(created, facts.expiryHours * hour);
    if (facts.setExpiry && props.expires_at) {
      expiresAt = new Date(props.expires_at);
      if (expiresAt.getTime() <= created.getTime())
        return invalid("channel_properties.expires_at must be in the future");
    }
    const id = `pr-${randomUUID()}`;
    const actions: XenditAction[] = [];
    if (facts.kind === "qris") {
      const qrString = qrisPayload({
        merchantName: "PASAR SIMULATOR",
        city: "JAKARTA",
        acquirer: "ID.CO.XENDIT.WWW",
        amount: body.request_amount,
        reference: body.reference_id,
      });
      actions.push({ type: "PRESENT_TO_CUSTOMER", descriptor: "QR_STRING", value: qrString });
    } else if (facts.kind === "va") {
      const prefix = vaPrefixes[channel] ?? "9";
      actions.push({
        type: "PRESENT_TO_CUSTOMER",
        descriptor: "VIRTUAL_ACCOUNT_NUMBER",
        value: prefix + digits((channel === "BNI_VIRTUAL_ACCOUNT" ? 16 : 13) - prefix.length),
      });
    } else if (facts.kind === "retail") {
      actions.push({ type: "PRESENT_TO_CUSTOMER", descriptor: "PAYMENT_CODE", value: `TEST${digits(8)}` });
    } else if (channel !== "OVO") {
      // The payer approves on Xendit's side: this simulator's own page stands in for DANA's, ShopeePay's,
      // LinkAja's and GoPay's.
      const page = `${url}/sim/pay/${id}`;
      actions.push({ type: "REDIRECT_CUSTOMER", descriptor: "WEB_URL", value: page });
      // LinkAja's page: "Mobile Support: MOBILE WEB URL"; DANA and ShopeePay open their app by a deeplink.
      if (channel !== "LINKAJA") {
        actions.push({ type: "REDIRECT_CUSTOMER", descriptor: "DEEPLINK_URL", value: `${page}?via=app` });
      }
    }
    // OVO: "PUSH NOTIFICATION" to the number given; nothing for the merchant to show.
    const pr: SimPaymentRequest = {
      id,
      referenceId: body.reference_id,
      channel,
      amount: body.request_amount,
      currency: body.currency,
      country: body.country,
      description: body.description,
      metadata: body.metadata,
      properties: { ...props, expires_at: iso(expiresAt) },
      actions,
      status: "REQUIRES_ACTION",
      failureCode: null,
      paymentId: null,
      captureId: null,
      settledAt: null,
      created: iso(created),
      updated: iso(created),
    };
    requests.set(id, pr);
    byReference.set(pr.referenceId, id);
    return { status: 201, body: view(pr) };
  }

  app.post("/v3/payment_requests", async (c) => {
    const parsed = await jsonBody(c);
    if (!parsed.ok) return apiError(c, 400, "API_VALIDATION_ERROR", "the body is not JSON");
    return withIdempotency(c, parsed.text, async () => {
      const body = CreatePaymentRequestBodySchema.safeParse(parsed.value);
      return body.success ? createPaymentRequest(body.data) : validation(body.error);
    });
  });

  app.get("/v3/payment_requests/:id", async (c) => {
    const pr = requests.get(c.req.param("id"));
    if (!pr) return apiError(c, 404, "DATA_NOT_FOUND", "payment request not found");
    void track(touch(pr));
    return c.json(view(pr));
  });

  app.post("/v3/payment_requests/:id/cancel", async (c) => {
    const pr = requests.get(c.req.param("id"));
    if (!pr) return apiError(c, 404, "DATA_NOT_FOUND", "payment request not found");
    void track(touch(pr));
    if (!pendingStatuses.has(pr.status)) {
      return apiError(c, 400, "INACTIVE_PAYMENT_REQUEST", `payment request is already ${pr.status}`);
    }
    await settle(pr, "CANCELED");
    return c.json(view(pr));
  });

  app.post("/v3/payment_requests/:id/simulate", async (c) => {
    const pr = requests.get(c.req.param("id"));
    if (!pr) return apiError(c, 404, "DATA_NOT_FOUND", "payment request not found");
    const parsed = await jsonBody(c);
    const body = SimulatePaymentBodySchema.safeParse(parsed.ok ? parsed.value : undefined);
    if (!body.success) return apiError(c, 400, "API_VALIDATION_ERROR", z.prettifyError(body.error));
    void track(touch(pr));
    if (!pendingStatuses.has(pr.status)) {
      return apiError(c, 400, "INACTIVE_PAYMENT_REQUEST", `payment request is already ${pr.status}`);
    }
    if (body.data.amount !== undefined && body.data.amount !== pr.amount) {
      return apiError(c, 400, "INVALID_VALUE_ERROR", `amount must be ${pr.amount}`);
    }
    // "Status of a simulation will always be PENDING": the outcome comes by webhook.
    void track(settle(pr, "SUCCEEDED").catch(() => undefined));
    return c.json({
      status: "PENDING",
      message:
        "A simulated payment for the specified payment request id is being processed. You will be informed of the result via a webhook.",
    });
  });

  function createRefund(body: z.infer<typeof CreateRefundBodySchema>): {
    status: ContentfulStatusCode;
    body: unknown;
  } {
    const pr = requests.get(body.payment_request_id);
    if (!pr)
      return { status: 404, body: { error_code: "DATA_NOT_FOUND", message: "payment request not found" } };
    const facts = channelFacts[pr.channel];
    if (facts.refund === "none") {
      return {
        status: 403,
        body: { error_code: "REFUND_NOT_SUPPORTED", message: `refunds are not available for ${pr.channel}` },
      };
    }
    if (pr.status !== "SUCCEEDED") {
      return {
        status: 400,
        body: { error_code: "INELIGIBLE_TRANSACTION_STATUS", message: `payment request is ${pr.status}` },
      };
    }
    if (body.currency !== undefined && body.currency !== pr.currency)
      return invalid(`currency must be ${pr.currency}`);
    const mine = [...refunds.values()].filter((r) => r.payment_request_id === pr.id);
    if (mine.some((r) => r.status === "PENDING")) {
      return {
        status: 400,
        body: {
          error_code: "REFUND_IN_PROGRESS",
          message: "Please wait for the pending refund request to be completed before initiating a new one.",
        },
      };
    }
    const remaining =
      pr.amount - mine.filter((r) => r.status === "SUCCEEDED").reduce((sum, r) => sum + r.amount, 0);
    const amount = body.amount ?? remaining;
    if (!Number.isInteger(amount)) return invalid("IDR amounts have no decimals");
    if (amount > remaining || amount <= 0) {
      return {
        status: 400,
        body: { error_code: "REFUND_AMOUNT_EXCEEDED", message: `at most ${remaining} can still be refunded` },
      };
    }
    if (facts.refund === "full" && amount !== pr.amount) {
      return {
        status: 403,
        body: {
          error_code: "PARTIAL_REFUND_NOT_SUPPORTED",
          message: `${pr.channel} refunds only the whole amount`,
        },
      };
    }
    const at = iso();
    const refund: Refund = {
      id: `rfd-${randomUUID()}`,
      payment_request_id: pr.id,
      payment_id: pr.paymentId,
      invoice_id: null,
      payment_method_type: facts.kind === "ewallet" ? "EWALLET" : null,
      reference_id: body.reference_id ?? null,
      channel_code: pr.channel,
      currency: pr.currency,
      amount,
      status: "PENDING",
      reason: body.reason,
      failure_code: null,
      refund_fee_amount: null,
      metadata: body.metadata ?? null,
      created: at,
      updated: at,
    };
    refunds.set(refund.id, refund);
    const outcome = nextRefundOutcome;
    void track(sleep(refundDelayMs).then(() => settleRefund(refund, outcome)));
    return { status: 200, body: { ...refund } };
  }

  app.post("/refunds", async (c) => {
    const parsed = await jsonBody(c);
    if (!parsed.ok) return apiError(c, 400, "API_VALIDATION_ERROR", "the body is not JSON");
    return withIdempotency(c, parsed.text, async () => {
      const body = CreateRefundBodySchema.safeParse(parsed.value);
      return body.success ? createRefund(body.data) : validation(body.error);
    });
  });

  app.get("/refunds", (c) => {
    const prId = c.req.query("payment_request_id");
    const limit = Math.min(Math.max(Number(c.req.query("limit") ?? 10) || 10, 1), 100);
    const afterId = c.req.query("after_id");
    let list = [...refunds.values()].filter((r) => !prId || r.payment_request_id === prId);
    if (afterId) list = list.slice(list.findIndex((r) => r.id === afterId) + 1);
    return c.json({ data: list.slice(0, limit), has_more: list.length > limit });
  });

  app.get("/refunds/:id", (c) => {
    const refund = refunds.get(c.req.param("id"));
    return refund ? c.json(refund) : apiError(c, 404, "DATA_NOT_FOUND", "refund not found");
  });

  // ---- for people and Playwright ----------------------------------------------------------------------------

  const control: XenditSimulatorControl = {
    async pay(referenceId) {
      const pr = latest(referenceId);
      await touch(pr);
      await settle(pr, "SUCCEEDED");
    },
    async expire(referenceId) {
      const pr = latest(referenceId);
      await settle(pr, "EXPIRED");
    },
    async fail(referenceId, failureCode) {
      const pr = latest(referenceId);
      await touch(pr);
      await settle(pr, "FAILED", failureCode);
    },
    async reverse(referenceId) {
      await settle(latest(referenceId), "REVERSED");
    },
    async resend(referenceId, times = 1) {
      const last = notifications.findLast((n) => n.referenceId === referenceId && !n.forged);
      if (!last) throw new Error(`the Xendit simulator sent nothing for reference ${referenceId}`);
      for (let i = 0; i < times; i++) {
        const copy: SimNotification = {
          ...last,
          seq: notifications.length + 1,
          answers: [],
          delivered: false,
        };
        notifications.push(copy);
        if (held) held.push(copy);
        else await track(deliver(copy));
      }
    },
    hold() {
      held ??= [];
    },
    async release(options) {
      const queue = held ?? [];
      held = null;
      for (const n of options?.reverse ? [...queue].reverse() : queue) await track(deliver(n));
    },
    delay(ms) {
      delayMs = Math.max(0, ms);
    },
    async sendForged(referenceId) {
      const pr = latest(referenceId);
      // The attacker's claim: this payment went through.
      await emit("payment.capture", pr, { ...paymentView(pr, "SUCCEEDED"), status: "SUCCEEDED" }, true);
    },
    async replayAltered(referenceId, event, status) {
      const last = notifications.findLast((n) => n.referenceId === referenceId && !n.forged);
      if (!last) throw new Error(`the Xendit simulator sent nothing for reference ${referenceId}`);
      const body = JSON.parse(last.body) as { event: string; data: { status: string } };
      body.event = event;
      body.data.status = status;
      const copy: SimNotification = {
        ...last,
        seq: notifications.length + 1,
        event,
        body: JSON.stringify(body),
        answers: [],
        delivered: false,
      };
      notifications.push(copy);
      await track(deliver(copy));
    },
    refundOutcome(outcome) {
      nextRefundOutcome = outcome;
    },
    async idle() {
      while (inflight.size > 0) await Promise.allSettled([...inflight]);
    },
    paymentRequest(referenceId) {
      const id = byReference.get(referenceId);
      const pr = id ? requests.get(id) : undefined;
      return pr ? view(pr) : undefined;
    },
    get notifications() {
      return notifications;
    },
  };

  const escapeHtml = (s: string) =>
    s.replace(
      /[&<>"']/g,
      (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
    );
  const page = (title: string, body: string) =>
    `<!doctype html><html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
    `<title>${escapeHtml(title)}</title><style>body{font:16px system-ui;margin:1.5rem;max-width:48rem}` +
    `table{border-collapse:collapse}td,th{padding:.3rem .6rem;border-bottom:1px solid #ddd;text-align:left}` +
    `button{font:inherit;padding:.4rem .9rem;margin:.2rem}</style></head><body>${body}</body></html>`;

  app.get("/sim", (c) => {
    const rows = [...requests.values()]
      .reverse()
      .map((pr) => {
        const ref = encodeURIComponent(pr.referenceId);
        const pending = pendingStatuses.has(pr.status);
        const button = (action: string, label: string) =>
          `<form method="post" action="/sim/payments/${ref}/${action}" style="display:inline"><button>${label}</button></form>`;
        return (
          `<tr><td><a href="/sim/pay/${pr.id}">${escapeHtml(pr.referenceId)}</a></td><td>${pr.channel}</td>` +
          `<td>${escapeHtml(formatRupiah(pr.amount))}</td><td>${pr.status}</td><td>` +
          (pending
            ? button("pay", "Bayar") + button("fail", "Gagal") + button("expire", "Kedaluwarsa")
            : "") +
          (pr.status === "SUCCEEDED" ? button("reverse", "Reverse") : "") +
          `</td></tr>`
        );
      })
      .join("");
    return c.html(
      page(
        "Xendit simulator",
        `<h1>Xendit simulator</h1><p>Webhooks go to ${escapeHtml(opts.notifyUrl)}.</p>` +
          `<table><tr><th>Reference</th><th>Channel</th><th>Amount</th><th>Status</th><th></th></tr>${rows}</table>`,
      ),
    );
  });

  app.get("/sim/pay/:id", async (c) => {
    const pr = requests.get(c.req.param("id"));
    if (!pr) return c.html(page("Xendit", "<p>Pembayaran tidak ditemukan.</p>"), 404);
    await touch(pr).catch(() => undefined);
    const form = pendingStatuses.has(pr.status)
      ? `<form method="post"><button name="action" value="pay">Bayar</button>` +
        `<button name="action" value="fail">Batal</button></form>`
      : `<p>Status: ${pr.status}</p>`;
    return c.html(
      page(
        `${pr.channel} · Xendit`,
        `<h1>${escapeHtml(pr.channel)}</h1><p>${escapeHtml(pr.description ?? pr.referenceId)}</p>` +
          `<p><strong>${escapeHtml(formatRupiah(pr.amount))}</strong></p>${form}`,
      ),
    );
  });

  app.post("/sim/pay/:id", async (c) => {
    const pr = requests.get(c.req.param("id"));
    if (!pr) return c.html(page("Xendit", "<p>Pembayaran tidak ditemukan.</p>"), 404);
    const form = await c.req.parseBody();
    const paying = form["action"] !== "fail";
    await touch(pr).catch(() => undefined);
    try {
      await settle(pr, paying ? "SUCCEEDED" : "FAILED", paying ? undefined : "USER_DECLINED_PAYMENT");
    } catch {
      // Already settled (a second press): the payer is sent back all the same.
    }
    const back =
      pr.status === "SUCCEEDED" ? pr.properties.success_return_url : pr.properties.failure_return_url;
    return c.redirect(back ?? `/sim/pay/${pr.id}`, 303);
  });

  /** Control routes answer JSON, or send a person's form back to the list. */
  const controlled = (c: Context, work: () => Promise<void> | void) =>
    Promise.resolve()
      .then(work)
      .then(
        () =>
          (c.req.header("accept") ?? "").includes("text/html")
            ? c.redirect("/sim", 303)
            : c.json({ ok: true }),
        (error: unknown) =>
          c.json({ ok: false, error: error instanceof Error ? error.message : String(error) }, 409),
      );

  app.post("/sim/payments/:ref/:action", (c) => {
    const ref = c.req.param("ref");
    const action = c.req.param("action");
    switch (action) {
      case "pay":
        return controlled(c, () => control.pay(ref));
      case "expire":
        return controlled(c, () => control.expire(ref));
      case "fail":
        return controlled(c, () => control.fail(ref, c.req.query("failure_code")));
      case "reverse":
        return controlled(c, () => control.reverse(ref));
      case "resend":
        return controlled(c, () => control.resend(ref, Number(c.req.query("times") ?? 1) || 1));
      case "forged":
        return controlled(c, () => control.sendForged(ref));
      default:
        return c.json({ ok: false, error: `no action ${action}` }, 404);
    }
  });
  app.post("/sim/hold", (c) => controlled(c, () => control.hold()));
  app.post("/sim/release", (c) =>
    controlled(c, () => control.release({ reverse: c.req.query("reverse") === "1" })),
  );
  app.post("/sim/delay", (c) => controlled(c, () => control.delay(Number(c.req.query("ms") ?? 0) || 0)));
  app.post("/sim/refund-outcome", (c) =>
    controlled(c, () => control.refundOutcome(c.req.query("outcome") === "FAILED" ? "FAILED" : "SUCCEEDED")),
  );
  app.get("/sim/notifications", (c) => c.json(notifications));

  const server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", resolve);
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    control,
    close: () => {
      closing.abort();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
