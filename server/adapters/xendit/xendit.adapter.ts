import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { callJson } from "../http-json.ts";
import {
  channelKinds,
  paymentChannels,
  type PaymentAction,
  type PaymentChannel,
} from "#common/payment-channels.ts";
import {
  PaymentProviderError,
  type CreatePaymentInput,
  type PaymentGateway,
  type ProviderEvent,
  type ProviderPayment,
  type ProviderPaymentStatus,
  type ProviderRef,
  type ProviderRefund,
  type ProviderStatus,
} from "../../platform/payments.ts";
import {
  ErrorBodySchema,
  PaymentRequestSchema,
  PaymentRequestWebhookSchema,
  PaymentWebhookSchema,
  RefundListSchema,
  RefundSchema,
  RefundWebhookSchema,
  WebhookEnvelopeSchema,
  refundReasons,
  xenditApiVersion,
  xenditCallbackTokenHeader,
  type CreatePaymentRequestBody,
  type CreateRefundBody,
  type PaymentRequest,
  type PaymentRequestStatus,
  type PaymentStatus,
  type Refund,
  type RefundReason,
  type XenditAction,
  type XenditChannelCode,
} from "./xendit.schemas.ts";

/**
 * Xendit Payments API v3 as a `PaymentGateway` (docs.xendit.co/apidocs, api-version 2024-11-11): a thin typed
 * client over `fetch`. The shop's attempt id is the payment request's `reference_id` and its `idempotency-key`;
 * Xendit's `payment_request_id` (`pr-…`) is the provider payment id. Xendit notifies the webhook URL set in its
 * dashboard (not one per request), signed only by the account's static `x-callback-token`.
 */

/** Our channels in the order of common/payment-channels.ts, by Xendit's channel code (all 13 exist in v3). */
const channelCodes: Record<PaymentChannel, XenditChannelCode> = {
  qris: "QRIS",
  va_bca: "BCA_VIRTUAL_ACCOUNT",
  va_bni: "BNI_VIRTUAL_ACCOUNT",
  va_bri: "BRI_VIRTUAL_ACCOUNT",
  va_mandiri: "MANDIRI_VIRTUAL_ACCOUNT",
  va_permata: "PERMATA_VIRTUAL_ACCOUNT",
  gopay: "GOPAY",
  ovo: "OVO",
  dana: "DANA",
  shopeepay: "SHOPEEPAY",
  linkaja: "LINKAJA",
  alfamart: "ALFAMART",
  indomaret: "INDOMARET",
};

const vaBanks = {
  va_bca: "bca",
  va_bni: "bni",
  va_bri: "bri",
  va_mandiri: "mandiri",
  va_permata: "permata",
} as const satisfies Partial<Record<PaymentChannel, string>>;

/**
 * Channels refunded through `POST /refunds`, from each channel page's "Refund" row: QRIS, DANA, ShopeePay and
 * LinkAja say ✓. OVO says "Only for Merchant Initiated Transaction" (tokenized payments), which a one-off
 * checkout payment is not; virtual accounts and retail outlets say "-". GoPay's row was not read (issue 40):
 * until it is, its refunds stay in the wallet, which is never wrong.
 */
const refundableChannels: ReadonlySet<PaymentChannel> = new Set(["qris", "dana", "shopeepay", "linkaja"]);

const statuses: Record<PaymentRequestStatus | PaymentStatus, ProviderStatus> = {
  REQUIRES_ACTION: "pending",
  ACCEPTING_PAYMENTS: "pending",
  PENDING: "pending",
  // Only a MANUAL capture stops at AUTHORIZED; the shop captures automatically, so money is not taken yet.
  AUTHORIZED: "pending",
  SUCCEEDED: "paid",
  FAILED: "failed",
  EXPIRED: "expired",
  CANCELED: "cancelled",
  REVERSED: "reversed",
};

/** Metadata key carrying the shop's attempt id on a refund: refund webhooks do not echo the payment's reference. */
export const refundAttemptMetadataKey = "attempt_id";

/** Where Xendit is and the account's secrets. */
export interface XenditGatewayOptions {
  /** `https://api.xendit.co`, or the simulator's URL. */
  baseUrl: string;
  /** The secret API key (`xnd_development_…` / `xnd_production_…`), sent as Basic auth user with no password. */
  secretKey: string;
  /** The webhook verification token of the dashboard's Webhooks settings. */
  callbackToken: string;
  fetch?: typeof fetch;
  /** How long one call may take before it counts as Xendit being away (retryable). */
  timeoutMs?: number;
}

type Answer =
  | { ok: true; status: number; json: unknown }
  | { ok: false; status: number; errorCode: string; message: string };

/** Creates the Xendit gateway. */
export function createXenditGateway(opts: XenditGatewayOptions): PaymentGateway {
  const send = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const baseUrl = opts.baseUrl.replace(/\/+$/, "");
  const authorization = `Basic ${Buffer.from(`${opts.secretKey}:`).toString("base64")}`;

  // An answer or a network error may echo what was sent; the key never reaches a message or a log.
  const scrub = (text: string) =>
    opts.secretKey
      ? text.replaceAll(opts.secretKey, "[secret key]").replaceAll(authorization, "[auth]")
      : text;

  async function call(
    method: "GET" | "POST",
    path: string,
    options: { body?: unknown; idempotencyKey?: string; apiVersion?: boolean } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { authorization, accept: "application/json" };
    if (options.apiVersion) headers["api-version"] = xenditApiVersion;
    if (options.idempotencyKey) headers["idempotency-key"] = options.idempotencyKey;
    const answer = await callJson(
      send,
      `${baseUrl}${path}`,
      { method, headers, body: options.body },
      timeoutMs,
    );
    if (!answer.ok) throw new PaymentProviderError(scrub(`Xendit ${method} ${path} ${answer.failed}`), true);
    const { status, text, json } = answer;
    if (status >= 200 && status < 300) return { ok: true, status, json };
    const error = ErrorBodySchema.safeParse(json);
    return {
      ok: false,
      status,
      errorCode: error.success ? error.data.error_code : "UNKNOWN_ERROR",
      message: error.success ? error.data.message : text.slice(0, 200),
    };
  }

  /** Xendit refused: 5xx (and 429, rate limiting) may pass if asked again later, any other 4xx will not. */
  function refused(
    method: string,
    path: string,
    answer: Extract<Answer, { ok: false }>,
  ): PaymentProviderError {
    const retryable = answer.status >= 500 || answer.status === 429;
    return new PaymentProviderError(
      scrub(`Xendit ${method} ${path} answered ${answer.status} ${answer.errorCode}: ${answer.message}`),
      retryable,
      answer.status,
    );
  }

  function read<T>(schema: z.ZodType<T>, json: unknown, what: string): T {
    const parsed = schema.safeParse(json);
    if (parsed.success) return parsed.data;
    throw new PaymentProviderError(
      `Xendit's answer to ${what} is not what its documentation describes: ${z.prettifyError(parsed.error).slice(0, 500)}`,
      false,
    );
  }

  async function getPaymentRequest(id: string): Promise<PaymentRequest | null> {
    const path = `/v3/payment_requests/${encodeURIComponent(id)}`;
    const answer = await call("GET", path, { apiVersion: true });
    if (!answer.ok && answer.status === 404) return null;
    if (!answer.ok) throw refused("GET", path, answer);
    return read(PaymentRequestSchema, answer.json, "get payment request");
  }

  /** Every refund of a payment request. */
  async function refundsOf(paymentRequestId: string): Promise<Refund[]> {
    const refunds: Refund[] = [];
    let afterId: string | undefined;
    // A payment is refunded a handful of times at most; the bound only guards against a list that never ends.
    for (let page = 0; page < 20; page++) {
      const query = new URLSearchParams({ payment_request_id: paymentRequestId, limit: "50" });
      if (afterId) query.set("after_id", afterId);
      const path = `/refunds?${query}`;
      const answer = await call("GET", path);
      if (!answer.ok) throw refused("GET", path, answer);
      const list = read(RefundListSchema, answer.json, "list refunds");
      refunds.push(...list.data);
      if (!list.has_more || list.data.length === 0) break;
      afterId = list.data.at(-1)!.id;
    }
    return refunds;
  }

  /** What has been returned so far: the sum of the payment request's succeeded refunds. */
  async function refundedSoFar(paymentRequestId: string): Promise<number> {
    const refunds = await refundsOf(paymentRequestId);
    return refunds.reduce((sum, r) => sum + (r.status === "SUCCEEDED" ? r.amount : 0), 0);
  }

  async function statusOf(ref: ProviderRef, pr: PaymentRequest | null): Promise<ProviderPaymentStatus> {
    if (!pr)
      return { providerPaymentId: ref.providerPaymentId, status: "unknown", amount: null, refunded: 0 };
    if (pr.reference_id !== undefined && pr.reference_id !== ref.attemptId) {
      throw new PaymentProviderError(
        `Xendit payment request ${pr.payment_request_id} belongs to reference ${pr.reference_id}, not to attempt ${ref.attemptId}`,
        false,
      );
    }
    const amount = pr.request_amount ?? null;
    if (amount !== null && !Number.isInteger(amount)) {
      throw new PaymentProviderError(`Xendit reports a fractional rupiah amount (${amount})`, false);
    }
    let status = statuses[pr.status];
    const refunded =
      pr.status === "SUCCEEDED" || pr.status === "REVERSED" ? await refundedSoFar(pr.payment_request_id) : 0;
    // v3 has no REFUNDED status: a succeeded payment whose refunds reach its amount is refunded for the shop.
    if (status === "paid" && amount !== null && refunded >= amount) status = "refunded";
    return { providerPaymentId: pr.payment_request_id, status, amount, refunded };
  }

  const tokenDigest = createHash("sha256").update(opts.callbackToken).digest();
  /** Compares digests, so tokens of any length compare in the same time without throwing. */
  const genuine = (token: string | null) =>
    token !== null &&
    opts.callbackToken.length > 0 &&
    timingSafeEqual(createHash("sha256").update(token).digest(), tokenDigest);

  return {
    provider: "xendit",
    channels: paymentChannels,

    refundable(channel) {
      return refundableChannels.has(channel);
    },

    async createPayment(input) {
      if (!Number.isInteger(input.amount) || input.amount <= 0) {
        throw new PaymentProviderError(
          `a Xendit payment is a positive whole rupiah amount, not ${input.amount}`,
          false,
        );
      }
      const body = createBody(input);
      const path = "/v3/payment_requests";
      // The attempt id is the idempotency key: asked again (a retry after a timeout), Xendit answers the payment
      // request it made the first time instead of a second one.
      const answer = await call("POST", path, { body, idempotencyKey: input.attemptId, apiVersion: true });
      if (!answer.ok) {
        if (answer.status === 409) {
          // v3 documents no lookup of a payment request by reference_id, so the existing one cannot be read
          // here; with the attempt id as idempotency key a 409 means this attempt was opened with other details.
          throw new PaymentProviderError(
            scrub(
              `Xendit already has attempt ${input.attemptId} with other details (${answer.errorCode}: ${answer.message}); ` +
                "an attempt's payment is opened once, with the same amount, channel and expiry",
            ),
            false,
            409,
          );
        }
        throw refused("POST", path, answer);
      }
      const pr = read(PaymentRequestSchema, answer.json, "create payment request");
      if (pr.reference_id !== undefined && pr.reference_id !== input.attemptId) {
        throw new PaymentProviderError(
          `Xendit answered reference ${pr.reference_id} for attempt ${input.attemptId}`,
          false,
        );
      }
      const expires = pr.channel_properties?.expires_at;
      return {
        providerPaymentId: pr.payment_request_id,
        status: statuses[pr.status],
        action: actionOf(input.channel, pr.actions ?? [], input.customer.phone),
        expiresAt: expires ? new Date(expires) : input.expiresAt,
      } satisfies ProviderPayment;
    },

    async getPayment(ref) {
      if (!ref.providerPaymentId) {
        // v3 has no list of payment requests by reference_id: without Xendit's id there is nothing to ask for.
        return { providerPaymentId: null, status: "unknown", amount: null, refunded: 0 };
      }
      return statusOf(ref, await getPaymentRequest(ref.providerPaymentId));
    },

    async cancelPayment(ref) {
      if (!ref.providerPaymentId)
        return { providerPaymentId: null, status: "unknown", amount: null, refunded: 0 };
      const path = `/v3/payment_requests/${encodeURIComponent(ref.providerPaymentId)}/cancel`;
      const answer = await call("POST", path, { apiVersion: true });
      if (answer.ok) return statusOf(ref, read(PaymentRequestSchema, answer.json, "cancel payment request"));
      if (answer.status === 404) return statusOf(ref, null);
      // Already paid, expired or cancelled: the port answers the state it ended in, so it is read.
      if (
        answer.status === 400 &&
        (answer.errorCode === "INACTIVE_PAYMENT_REQUEST" ||
          answer.errorCode === "INELIGIBLE_TRANSACTION_STATUS")
      ) {
        return statusOf(ref, await getPaymentRequest(ref.providerPaymentId));
      }
      throw refused("POST", path, answer);
    },

    async refund(input) {
      const paymentRequestId = input.providerPaymentId;
      if (!paymentRequestId) {
        throw new PaymentProviderError(
          `attempt ${input.attemptId} has no Xendit payment request to refund`,
          false,
        );
      }
      if (!Number.isInteger(input.amount) || input.amount <= 0) {
        throw new PaymentProviderError(
          `a Xendit refund is a positive whole rupiah amount, not ${input.amount}`,
          false,
        );
      }
      const reason = input.reason.toUpperCase();
      const body: CreateRefundBody = {
        payment_request_id: paymentRequestId,
        reference_id: input.refundId,
        currency: "IDR",
        amount: input.amount,
        reason: (refundReasons as readonly string[]).includes(reason) ? (reason as RefundReason) : "OTHERS",
        metadata: { [refundAttemptMetadataKey]: input.attemptId, reason: input.reason.slice(0, 500) },
      };
      const path = "/refunds";
      // The shop's refund id is the idempotency key: a repeated refund answers the first one, moving no money.
      const answer = await call("POST", path, { body, idempotencyKey: input.refundId });
      if (!answer.ok) throw refused("POST", path, answer);
      const refund = read(RefundSchema, answer.json, "create refund");
      return {
        providerRefundId: refund.id,
        status:
          refund.status === "SUCCEEDED" ? "succeeded" : refund.status === "PENDING" ? "pending" : "failed",
      } satisfies ProviderRefund;
    },

    async getRefund(ref) {
      if (!ref.providerPaymentId) return "unknown";
      // The shop's refund id is the refund's reference_id.
      const refund = (await refundsOf(ref.providerPaymentId)).find((r) => r.reference_id === ref.refundId);
      if (!refund) return "unknown";
      return refund.status === "SUCCEEDED" ? "succeeded" : refund.status === "PENDING" ? "pending" : "failed";
    },

    async readNotification(body, headers) {
      // Nothing in the body is looked at before the token says Xendit sent it.
      if (!genuine(headers.get(xenditCallbackTokenHeader))) return "forged";
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        return "unreadable";
      }
      const envelope = WebhookEnvelopeSchema.safeParse(json);
      if (!envelope.success) return "unreadable";
      const { event } = envelope.data;
      if (event.startsWith("refund.")) return refundEvent(json);
      if (event.startsWith("payment_request.")) {
        const parsed = PaymentRequestWebhookSchema.safeParse(json);
        if (!parsed.success) return "unreadable";
        const pr = parsed.data.data;
        if (pr.reference_id === undefined || pr.request_amount === undefined || pr.currency === undefined) {
          return "unreadable";
        }
        return paymentEvent({
          attemptId: pr.reference_id,
          providerPaymentId: pr.payment_request_id,
          status: pr.status,
          amount: pr.request_amount,
          currency: pr.currency,
        });
      }
      // payment.* and not payment_token.*: the token events are about saved accounts, not payments.
      if (event.startsWith("payment.")) {
        const parsed = PaymentWebhookSchema.safeParse(json);
        if (!parsed.success) return "unreadable";
        const payment = parsed.data.data;
        // The amount asked; a payment without one (a reusable code) is what its captures took.
        const captured = payment.captures?.reduce((sum, c) => sum + (c.capture_amount ?? 0), 0);
        const amount = payment.request_amount ?? (payment.captures?.length ? captured : undefined);
        if (amount === undefined) return "unreadable";
        return paymentEvent({
          attemptId: payment.reference_id,
          providerPaymentId: payment.payment_request_id,
          status: payment.status,
          amount,
          currency: payment.currency,
        });
      }
      return "unreadable";
    },
  };
}

/** Rupiah are whole: a fractional amount, or another currency, is not a payment the shop understands. */
function rupiah(amount: number, currency: string): boolean {
  return currency === "IDR" && Number.isInteger(amount) && amount >= 0;
}

function paymentEvent(p: {
  attemptId: string;
  providerPaymentId: string;
  status: PaymentRequestStatus | PaymentStatus;
  amount: number;
  currency: string;
}): ProviderEvent | "unreadable" {
  if (!rupiah(p.amount, p.currency)) return "unreadable";
  return {
    attemptId: p.attemptId,
    providerPaymentId: p.providerPaymentId,
    status: statuses[p.status],
    amount: p.amount,
    currency: p.currency,
    providerStatus: p.status,
  };
}

function refundEvent(json: unknown): ProviderEvent | "unreadable" {
  const parsed = RefundWebhookSchema.safeParse(json);
  if (!parsed.success) return "unreadable";
  const refund = parsed.data.data;
  const attemptId = refund.metadata?.[refundAttemptMetadataKey];
  const providerPaymentId = refund.payment_request_id ?? refund.payment_id;
  // A refund the shop did not ask for (made in Xendit's dashboard) names no attempt: kept for the operator.
  if (typeof attemptId !== "string" || !attemptId || !providerPaymentId || !refund.reference_id)
    return "unreadable";
  if (!rupiah(refund.amount, refund.currency)) return "unreadable";
  const succeeded = parsed.data.event === "refund.succeeded";
  return {
    attemptId,
    providerPaymentId,
    // The payment is refunded by a refund that went through; a failed refund leaves it paid.
    status: succeeded ? "refunded" : "paid",
    amount: refund.amount,
    currency: refund.currency,
    providerStatus: refund.status,
    refund: {
      refundId: refund.reference_id,
      amount: refund.amount,
      status: succeeded ? "succeeded" : "failed",
    },
  };
}

/** Indonesian mobile numbers as OVO's `account_mobile_number` wants them: E.164. */
export function toE164(phone: string | null): string | null {
  if (!phone) return null;
  const digits = phone.replace(/[\s().-]/g, "");
  if (/^\+[1-9]\d{7,14}$/.test(digits)) return digits;
  if (/^08\d{7,12}$/.test(digits)) return `+62${digits.slice(1)}`;
  if (/^628\d{7,12}$/.test(digits)) return `+${digits}`;
  return null;
}

/** The `POST /v3/payment_requests` body of an attempt. */
export function createBody(input: CreatePaymentInput): CreatePaymentRequestBody {
  const channelCode = channelCodes[input.channel];
  const expiresAt = input.expiresAt.toISOString();
  const kind = channelKinds[input.channel];
  let channelProperties: CreatePaymentRequestBody["channel_properties"];
  if (kind === "va") {
    // VA pages: "Set Expiry ✓", and the name shown when the payer's bank looks the number up.
    channelProperties = { expires_at: expiresAt, display_name: input.customer.name.slice(0, 255) || "Pasar" };
  } else if (kind === "retail") {
    // Alfamart and Indomaret pages: "Set Expiry ✓", "Display User Name ✓".
    channelProperties = { expires_at: expiresAt, payer_name: input.customer.name.slice(0, 255) || "Pasar" };
  } else if (input.channel === "ovo") {
    // OVO pushes to the app of this number ("PUSH NOTIFICATION"); its page says "Set Expiry -".
    const phone = toE164(input.customer.phone);
    if (!phone) throw new PaymentProviderError("OVO needs the shopper's mobile number (E.164)", false);
    channelProperties = { account_mobile_number: phone };
  } else if (kind === "ewallet") {
    // GoPay, DANA, ShopeePay, LinkAja: "REDIRECT", back to the shop either way (it reads the outcome from
    // Xendit).
    channelProperties = { success_return_url: input.returnUrl, failure_return_url: input.returnUrl };
  } else {
    // QRIS: "Set Expiry -" (Xendit keeps a QRIS 48 hours); the shop cancels it at its own expiry.
    channelProperties = {};
  }
  return {
    reference_id: input.attemptId,
    type: "PAY",
    country: "ID",
    currency: "IDR",
    request_amount: input.amount,
    capture_method: "AUTOMATIC",
    channel_code: channelCode,
    channel_properties: channelProperties,
    description: input.description.trim().slice(0, 1000) || input.attemptId,
    metadata: { attempt_id: input.attemptId, lang: input.lang },
  };
}

/** What the shopper does, from the payment request's `actions`. */
function actionOf(
  channel: PaymentChannel,
  actions: readonly XenditAction[],
  phone: string | null,
): PaymentAction {
  const value = (descriptor: string) => actions.find((a) => a.descriptor === descriptor)?.value;
  const missing = (what: string) =>
    new PaymentProviderError(
      `Xendit answered no ${what} for a ${channelCodes[channel]} payment request`,
      false,
    );
  const kind = channelKinds[channel];
  if (kind === "qris") {
    const qrString = value("QR_STRING");
    if (!qrString) throw missing("QR_STRING action");
    return { type: "qr", qrString };
  }
  if (kind === "va") {
    const accountNumber = value("VIRTUAL_ACCOUNT_NUMBER");
    if (!accountNumber) throw missing("VIRTUAL_ACCOUNT_NUMBER action");
    return { type: "va", bank: vaBanks[channel as keyof typeof vaBanks], accountNumber };
  }
  if (kind === "retail") {
    const paymentCode = value("PAYMENT_CODE");
    if (!paymentCode) throw missing("PAYMENT_CODE action");
    return { type: "code", outlet: channel === "alfamart" ? "alfamart" : "indomaret", paymentCode };
  }
  const web = value("WEB_URL");
  const deeplink = value("DEEPLINK_URL");
  if (channel === "ovo" && !web && !deeplink) {
    // OVO's push flow answers no action: the shopper approves in the OVO app of the number given.
    const e164 = toE164(phone);
    if (!e164) throw missing("action, and the shopper has no phone,");
    return { type: "push", phone: e164 };
  }
  const url = web ?? deeplink;
  if (!url) throw missing("WEB_URL or DEEPLINK_URL action");
  return deeplink && deeplink !== url
    ? { type: "redirect", url, mobileUrl: deeplink }
    : { type: "redirect", url };
}
