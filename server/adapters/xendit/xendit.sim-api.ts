import { createHash, timingSafeEqual } from "node:crypto";
import type { Context, Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { jsonBody } from "../simulator/sim-http.ts";
import {
  CreatePaymentRequestBodySchema,
  CreateRefundBodySchema,
  SimulatePaymentBodySchema,
  xenditApiVersion,
} from "./xendit.schemas.ts";
import {
  pendingStatuses,
  view,
  type ApiAnswer,
  type XenditState,
  type XenditWebhook,
} from "./xendit.sim-state.ts";
import type { WebhookQueue } from "../simulator/webhook-queue.ts";

/**
 * The Xendit simulator's API: the Payments API v3 endpoints the adapter calls (`/v3/payment_requests`, `/refunds`),
 * answering as the documentation describes: Basic auth with the secret key, `api-version`, `idempotency-key`
 * replays, the documented error codes.
 */

const apiError = (c: Context, status: ContentfulStatusCode, errorCode: string, message: string) =>
  c.json({ error_code: errorCode, message }, status);

const validation = (error: z.ZodError) => ({
  status: 400 as const,
  body: { error_code: "API_VALIDATION_ERROR", message: z.prettifyError(error).replace(/\n/g, "; ") },
});

/** Adds the `/v3/…` and `/refunds` routes to the simulator's app. */
export function xenditApi(opts: {
  app: Hono;
  secretKey: string;
  state: XenditState;
  /** The simulator's work under way: a look that expires a payment request sends a webhook. */
  queue: WebhookQueue<XenditWebhook>;
}): void {
  const { app, state } = opts;
  const idempotent = new Map<string, { hash: string; status: ContentfulStatusCode; body: string }>();

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

  /**
   * Replays the first answer to an `idempotency-key` (same method and path, same body); the same key with another
   * body is the v3 OpenAPI's 409 "Duplication is not allowed".
   */
  async function withIdempotency(
    c: Context,
    text: string,
    work: () => Promise<ApiAnswer>,
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

  /** A POST that makes something: its JSON body checked by `schema`, then made once per `idempotency-key`. */
  async function making<B>(c: Context, schema: z.ZodType<B>, make: (body: B) => ApiAnswer) {
    const parsed = await jsonBody(c);
    if (!parsed.ok) return apiError(c, 400, "API_VALIDATION_ERROR", "the body is not JSON");
    return withIdempotency(c, parsed.text, async () => {
      const body = schema.safeParse(parsed.value);
      return body.success ? make(body.data) : validation(body.error);
    });
  }

  app.post("/v3/payment_requests", (c) =>
    making(c, CreatePaymentRequestBodySchema, state.createPaymentRequest),
  );

  app.get("/v3/payment_requests/:id", async (c) => {
    const pr = state.requests.get(c.req.param("id"));
    if (!pr) return apiError(c, 404, "DATA_NOT_FOUND", "payment request not found");
    void opts.queue.track(state.touch(pr));
    return c.json(view(pr));
  });

  app.post("/v3/payment_requests/:id/cancel", async (c) => {
    const pr = state.requests.get(c.req.param("id"));
    if (!pr) return apiError(c, 404, "DATA_NOT_FOUND", "payment request not found");
    void opts.queue.track(state.touch(pr));
    if (!pendingStatuses.has(pr.status)) {
      return apiError(c, 400, "INACTIVE_PAYMENT_REQUEST", `payment request is already ${pr.status}`);
    }
    await state.settle(pr, "CANCELED");
    return c.json(view(pr));
  });

  app.post("/v3/payment_requests/:id/simulate", async (c) => {
    const pr = state.requests.get(c.req.param("id"));
    if (!pr) return apiError(c, 404, "DATA_NOT_FOUND", "payment request not found");
    const parsed = await jsonBody(c);
    const body = SimulatePaymentBodySchema.safeParse(parsed.ok ? parsed.value : undefined);
    if (!body.success) return apiError(c, 400, "API_VALIDATION_ERROR", z.prettifyError(body.error));
    void opts.queue.track(state.touch(pr));
    if (!pendingStatuses.has(pr.status)) {
      return apiError(c, 400, "INACTIVE_PAYMENT_REQUEST", `payment request is already ${pr.status}`);
    }
    if (body.data.amount !== undefined && body.data.amount !== pr.amount) {
      return apiError(c, 400, "INVALID_VALUE_ERROR", `amount must be ${pr.amount}`);
    }
    // "Status of a simulation will always be PENDING": the outcome comes by webhook.
    void opts.queue.track(state.settle(pr, "SUCCEEDED").catch(() => undefined));
    return c.json({
      status: "PENDING",
      message:
        "A simulated payment for the specified payment request id is being processed. You will be informed of the result via a webhook.",
    });
  });

  app.post("/refunds", (c) => making(c, CreateRefundBodySchema, state.createRefund));

  app.get("/refunds", (c) => {
    const prId = c.req.query("payment_request_id");
    const limit = Math.min(Math.max(Number(c.req.query("limit") ?? 10) || 10, 1), 100);
    const afterId = c.req.query("after_id");
    let list = [...state.refunds.values()].filter((r) => !prId || r.payment_request_id === prId);
    if (afterId) list = list.slice(list.findIndex((r) => r.id === afterId) + 1);
    return c.json({ data: list.slice(0, limit), has_more: list.length > limit });
  });

  app.get("/refunds/:id", (c) => {
    const refund = state.refunds.get(c.req.param("id"));
    return refund ? c.json(refund) : apiError(c, 404, "DATA_NOT_FOUND", "refund not found");
  });
}
