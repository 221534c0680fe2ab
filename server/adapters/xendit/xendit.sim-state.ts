import { randomUUID } from "node:crypto";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { addMs, hour, now } from "../../platform/clock.ts";
import { qrisPayload } from "../../platform/qris.ts";
import { digits } from "../simulator/sim-http.ts";
import type { WebhookQueue } from "../simulator/webhook-queue.ts";
import {
  xenditChannelCodes,
  type CreatePaymentRequestBody,
  type CreateRefundBodySchema,
  type Payment,
  type PaymentRequest,
  type PaymentRequestStatus,
  type Refund,
  type XenditAction,
  type XenditChannelCode,
} from "./xendit.schemas.ts";

/**
 * The Xendit simulator's state: what each channel is (`channelFacts`: amounts, expiry, refunds; its account
 * number, code, QR string or payer's page), the payment requests and refunds it keeps, how they change as Xendit
 * allows (only a pending request is paid, fails, expires or is cancelled; only a paid one is reversed or refunded),
 * and the webhook each change sends.
 */

/** A webhook as Xendit sends it: its event, about which reference and payment request. */
export interface XenditWebhook {
  event: string;
  referenceId: string;
  paymentRequestId: string;
  body: string;
  /** Sent with a wrong `x-callback-token`, as an attacker would. */
  forged: boolean;
}

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
export const pendingStatuses: ReadonlySet<PaymentRequestStatus> = new Set([
  "REQUIRES_ACTION",
  "ACCEPTING_PAYMENTS",
]);

export interface SimPaymentRequest {
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

/** An answer of the API: its HTTP status and JSON body. */
export interface ApiAnswer {
  status: ContentfulStatusCode;
  body: unknown;
}

const iso = (at: Date = now()) => at.toISOString();

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

/** A payment request as `GET /v3/payment_requests/{id}` answers it. */
export const view = (pr: SimPaymentRequest): PaymentRequest => ({
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

/** The payment requests and refunds of one simulator, as its API, its control and its `/sim` page use them. */
export interface XenditState {
  readonly requests: ReadonlyMap<string, SimPaymentRequest>;
  readonly refunds: ReadonlyMap<string, Refund>;
  /** The reference's latest payment request, or an error. */
  latest(referenceId: string): SimPaymentRequest;
  /** The reference's latest payment request, if any. */
  latestOf(referenceId: string): SimPaymentRequest | undefined;
  /** An unpaid payment request past its expiry is expired whenever anyone looks at it. */
  touch(pr: SimPaymentRequest): Promise<void>;
  /** Ends a pending payment request (or reverses a paid one) and sends its webhook; refused from any other state. */
  settle(
    pr: SimPaymentRequest,
    to: "SUCCEEDED" | "FAILED" | "EXPIRED" | "CANCELED" | "REVERSED",
    failureCode?: string,
  ): Promise<void>;
  /** Posts a `payment.capture` for the payment request signed with a wrong token: the attacker's claim. */
  forgeCapture(pr: SimPaymentRequest): Promise<void>;
  createPaymentRequest(body: CreatePaymentRequestBody): ApiAnswer;
  createRefund(body: z.infer<typeof CreateRefundBodySchema>): ApiAnswer;
  /** How the next refunds end (they are answered PENDING first). */
  refundOutcome(outcome: "SUCCEEDED" | "FAILED"): void;
}

export function createXenditState(opts: {
  /** The simulator's own address, for the payer's pages. */
  url: string;
  queue: WebhookQueue<XenditWebhook>;
  /** How long a refund stays PENDING before it ends. */
  refundDelayMs: number;
}): XenditState {
  const requests = new Map<string, SimPaymentRequest>();
  const byReference = new Map<string, string>();
  const refunds = new Map<string, Refund>();
  let refundOutcome: "SUCCEEDED" | "FAILED" = "SUCCEEDED";

  function emit(
    event: string,
    pr: SimPaymentRequest,
    data: Payment | PaymentRequest | Refund,
    forged = false,
  ): Promise<void> {
    const body = JSON.stringify({ event, business_id: businessId, created: iso(), data, api_version: "v3" });
    const webhook = { event, referenceId: pr.referenceId, paymentRequestId: pr.id, body, forged };
    // A forged webhook is the attacker's single try, sent whatever Xendit holds back.
    return opts.queue.send(webhook, forged ? { now: true, once: true } : {});
  }

  function latestOf(referenceId: string): SimPaymentRequest | undefined {
    const id = byReference.get(referenceId);
    return id ? requests.get(id) : undefined;
  }

  function latest(referenceId: string): SimPaymentRequest {
    const pr = latestOf(referenceId);
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

  function createPaymentRequest(body: CreatePaymentRequestBody): ApiAnswer {
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
      const page = `${opts.url}/sim/pay/${id}`;
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

  function createRefund(body: z.infer<typeof CreateRefundBodySchema>): ApiAnswer {
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
    const outcome = refundOutcome;
    void opts.queue.track(opts.queue.sleep(opts.refundDelayMs).then(() => settleRefund(refund, outcome)));
    return { status: 200, body: { ...refund } };
  }

  return {
    requests,
    refunds,
    latest,
    latestOf,
    touch,
    settle,
    // The attacker's claim: this payment went through.
    forgeCapture: (pr) =>
      emit("payment.capture", pr, { ...paymentView(pr, "SUCCEEDED"), status: "SUCCEEDED" }, true),
    createPaymentRequest,
    createRefund,
    refundOutcome(outcome) {
      refundOutcome = outcome;
    },
  };
}
