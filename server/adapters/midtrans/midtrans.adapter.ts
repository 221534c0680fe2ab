import { createHash, timingSafeEqual } from "node:crypto";
import type { z } from "zod";
import { callJson } from "../http-json.ts";
import {
  PaymentProviderError,
  type PaymentGateway,
  type ProviderEvent,
  type ProviderPaymentStatus,
  type ProviderRef,
  type ProviderStatus,
} from "../../platform/payments.ts";
import {
  CancelResponseSchema,
  ChargeRequestSchema,
  ChargeResponseSchema,
  NotificationSchema,
  RefundRequestSchema,
  RefundResponseSchema,
  StatusResponseSchema,
  type ChargeResponse,
  type RefundRequest,
  type StatusResponse,
  type TransactionStatus,
} from "./midtrans.schemas.ts";
import {
  actionOf,
  channelOf,
  chargeOf,
  isMidtransChannel,
  isRefundable,
  midtransChannels,
} from "./midtrans.channels.ts";

/**
 * The Midtrans Core API v2 adapter (issue 26, money.md "Payment providers"): a thin typed client over
 * `fetch`. The shop's attempt id is Midtrans' `order_id`. Midtrans refuses a second charge of an order id
 * (406), so asking again for an attempt reads the existing transaction instead; within five minutes the
 * `Idempotency-Key` header already answers the first response again. Notifications carry their own
 * signature (`signature_key`), so nothing in them is read before it is checked.
 */

export interface MidtransGatewayOptions {
  /** `https://api.midtrans.com`, `https://api.sandbox.midtrans.com`, or a simulator's address. */
  baseUrl: string;
  serverKey: string;
  fetch?: typeof fetch;
  /** How long one call may take; Midtrans itself waits up to 15 s for the shop, the shop waits as long. */
  timeoutMs?: number;
}

/** A moment Midtrans wrote ("2024-01-31 17:05:09", Jakarta time), or null. */
function fromJakartaTime(text: string | undefined): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(text ?? "");
  if (!match) return null;
  const at = new Date(`${match[1]}T${match[2]}+07:00`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** Whole rupiah from "44000.00"; null for anything else (the shop counts whole rupiah only). */
function rupiah(amount: string): number | null {
  const match = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match || /[1-9]/.test(match[2] ?? "")) return null;
  return Number(match[1]);
}

/** Midtrans' many states in the shop's few (decision 19). */
function shopStatus(status: TransactionStatus, fraudStatus: string | undefined): ProviderStatus {
  switch (status) {
    case "pending":
    case "authorize":
      return "pending";
    case "capture":
      // A capture is paid only when the fraud check accepted it; a challenged one waits for a decision.
      if (fraudStatus === undefined || fraudStatus === "accept") return "paid";
      return fraudStatus === "challenge" ? "pending" : "failed";
    case "settlement":
    case "partial_refund":
      return "paid";
    // A deny after a settlement is how a reversal arrives (Permata, Mandiri bill, Indomaret): the shop knows
    // it is one because the attempt was paid.
    case "deny":
    case "failure":
      return "failed";
    case "cancel":
      return "cancelled";
    case "expire":
      return "expired";
    case "refund":
      return "refunded";
    case "chargeback":
    case "partial_chargeback":
      return "reversed";
  }
}

/**
 * The status codes Midtrans documents for each state, pinned: the signature covers `status_code` and not
 * `transaction_status`, so a state that does not go with its signed code was changed on the way. From
 * docs.midtrans.com: "Code 2xx" (200: authorize, capture, settlement, cancel; 201: pending; 202: denied),
 * "Code 4xx" (407: expired transaction), and the notification examples (expire and cancel with 202, refund
 * and partial_refund with 200; see fixtures/README.md). Midtrans documents no code for `chargeback`,
 * `partial_chargeback` or `failure`; they are not pinned, and what they would do to a paid attempt is applied
 * only once the status API confirms it (flows/payments/apply.ts).
 */
const signedCodes: Partial<Record<TransactionStatus, readonly string[]>> = {
  pending: ["201"],
  authorize: ["200"],
  capture: ["200"],
  settlement: ["200"],
  refund: ["200"],
  partial_refund: ["200"],
  deny: ["202"],
  cancel: ["200", "202"],
  expire: ["202", "407"],
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The `Idempotency-Key` of an operation: Midtrans keeps it five minutes, across all endpoints, and ignores
 * keys longer than 46 characters, so a long one is hashed.
 */
function idempotencyKey(operation: string, id: string): string {
  const key = `${id}-${operation}`;
  return key.length <= 46 ? key : createHash("sha256").update(key).digest("base64url");
}

/** A Midtrans answer the adapter could read: its HTTP status, Midtrans' own status code and JSON body. */
interface Answer {
  http: number;
  code: number;
  body: Record<string, unknown>;
}

/** The shop's view of a transaction as the status (or cancel) API describes it. */
function statusView(
  tx: Pick<
    StatusResponse,
    "gross_amount" | "transaction_status" | "fraud_status" | "refund_amount" | "refunds"
  >,
  providerPaymentId: string | null,
): ProviderPaymentStatus {
  const amount = rupiah(tx.gross_amount);
  if (amount === null) {
    throw new PaymentProviderError(`Midtrans reports a gross_amount of ${tx.gross_amount} rupiah`, false);
  }
  // refund_amount is the cumulative sum; some answers only list the refunds.
  let refunded = tx.refund_amount ? rupiah(tx.refund_amount) : 0;
  if (!tx.refund_amount) {
    for (const r of tx.refunds ?? []) {
      const one = rupiah(r.refund_amount);
      refunded = refunded === null || one === null ? null : refunded + one;
    }
  }
  if (refunded === null) {
    throw new PaymentProviderError("Midtrans reports a refund of part of a rupiah", false);
  }
  return {
    providerPaymentId,
    status: shopStatus(tx.transaction_status, tx.fraud_status),
    amount,
    refunded,
  };
}

/** What the shop hears of an attempt Midtrans has no transaction for. */
function unknown(ref: ProviderRef): ProviderPaymentStatus {
  return { providerPaymentId: ref.providerPaymentId, status: "unknown", amount: null, refunded: 0 };
}

/** The Midtrans Core API as the shop's payment gateway port. */
export function createMidtransGateway(opts: MidtransGatewayOptions): PaymentGateway {
  const base = opts.baseUrl.replace(/\/+$/, "");
  const fetchFn = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const authorization = `Basic ${Buffer.from(`${opts.serverKey}:`).toString("base64")}`;

  /** No message leaves with the server key in it, whatever Midtrans or the network put there. */
  function redact(message: string): string {
    let text = message;
    for (const secret of [opts.serverKey, authorization.slice(6)]) {
      if (secret) text = text.split(secret).join("[server key]");
    }
    return text;
  }

  function fail(message: string, retryable: boolean, status?: number): PaymentProviderError {
    return new PaymentProviderError(redact(message), retryable, status);
  }

  function refusal(operation: string, answer: Answer): PaymentProviderError {
    const said = typeof answer.body.status_message === "string" ? answer.body.status_message : "";
    return fail(`Midtrans refused the ${operation}: ${answer.code} ${said}`.trim(), false, answer.code);
  }

  /**
   * One call. Midtrans answers a refusal either with that HTTP status or with HTTP 200 and the code in the
   * body's `status_code`; both are read. Network failures, timeouts, 5xx and 429 are worth asking again;
   * other refusals are returned to the caller, which knows what 404, 406 and 412 mean for it.
   */
  async function call(
    operation: string,
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const answer = await callJson(
      fetchFn,
      `${base}${path}`,
      { method, headers: { accept: "application/json", authorization, ...headers }, body },
      timeoutMs,
    );
    if (!answer.ok) throw fail(`Midtrans did not answer the ${operation}: it ${answer.failed}`, true);
    const { status: http, json: parsed } = answer;
    const record = isRecord(parsed) ? parsed : undefined;
    const statusCode = record?.status_code;
    const code = typeof statusCode === "string" && /^\d{3}$/.test(statusCode) ? Number(statusCode) : http;
    if (http >= 500 || code >= 500 || http === 429 || code === 429) {
      throw fail(`Midtrans could not take the ${operation} now: HTTP ${http}, status ${code}`, true, code);
    }
    if (!record) {
      throw fail(`Midtrans answered the ${operation} with HTTP ${http} and no JSON`, false, http);
    }
    return { http, code, body: record };
  }

  function read<T>(schema: z.ZodType<T>, operation: string, answer: Answer): T {
    const result = schema.safeParse(answer.body);
    if (!result.success) {
      throw fail(
        `Midtrans answered the ${operation} in an unexpected shape: ${result.error.message}`,
        false,
        answer.code,
      );
    }
    return result.data;
  }

  const orderPath = (attemptId: string) => `/v2/${encodeURIComponent(attemptId)}`;

  /** The status answer of an attempt, or null when Midtrans has no transaction for it. */
  async function statusOf(attemptId: string): Promise<StatusResponse | null> {
    const operation = `status of ${attemptId}`;
    const answer = await call(operation, "GET", `${orderPath(attemptId)}/status`);
    if (answer.code === 404) return null;
    // 407 is the status answer of an expired transaction, not a refusal.
    if (answer.code >= 400 && answer.code !== 407) throw refusal(operation, answer);
    const tx = read(StatusResponseSchema, operation, answer);
    if (tx.order_id !== attemptId && tx.transaction_id !== attemptId) {
      throw fail(`Midtrans answered the ${operation} with order ${tx.order_id}`, false);
    }
    return tx;
  }

  const gateway: PaymentGateway = {
    provider: "midtrans",
    channels: midtransChannels,

    refundable: isRefundable,

    async createPayment(input) {
      if (!isMidtransChannel(input.channel)) {
        throw fail(`Midtrans' Core API does not take ${input.channel}`, false);
      }
      const channel = input.channel;
      const operation = `charge of ${input.attemptId}`;
      const charge = chargeOf(input, channel);
      const checked = ChargeRequestSchema.safeParse(charge);
      if (!checked.success) throw fail(`The ${operation} is not valid: ${checked.error.message}`, false);

      const answer = await call(operation, "POST", "/v2/charge", charge, {
        "idempotency-key": idempotencyKey("charge", input.attemptId),
        // Midtrans notifies this address for this transaction instead of the dashboard's.
        "x-override-notification": input.notifyUrl,
      });

      let tx: ChargeResponse;
      let from: "charge" | "status";
      if (answer.code === 406) {
        // The order id is taken: this attempt was charged before, so answer that payment.
        const existing = await statusOf(input.attemptId);
        if (!existing) throw refusal(operation, answer);
        const existingChannel = channelOf(existing);
        if (existingChannel !== channel) {
          throw fail(
            `Midtrans already has ${input.attemptId} as a ${existingChannel ?? existing.payment_type} payment, not ${channel}`,
            false,
            406,
          );
        }
        tx = existing;
        from = "status";
      } else if (answer.code >= 400) {
        throw refusal(operation, answer);
      } else {
        const parsed = ChargeResponseSchema.safeParse(answer.body);
        if (!parsed.success) {
          // An earlier request with the same Idempotency-Key is still being processed.
          if (answer.http === 202) throw fail(`Midtrans is still processing the ${operation}`, true, 202);
          throw fail(
            `Midtrans answered the ${operation} in an unexpected shape: ${parsed.error.message}`,
            false,
          );
        }
        tx = parsed.data;
        from = "charge";
      }

      if (tx.order_id !== input.attemptId || rupiah(tx.gross_amount) !== input.amount) {
        throw fail(
          `Midtrans answered the ${operation} with order ${tx.order_id} of ${tx.gross_amount}, not ${input.amount}`,
          false,
        );
      }
      const status = shopStatus(tx.transaction_status, tx.fraud_status);
      if (from === "charge" && status === "failed") {
        throw fail(`Midtrans denied the ${operation}: ${tx.status_message ?? tx.transaction_status}`, false);
      }
      return {
        providerPaymentId: tx.transaction_id,
        status,
        action: actionOf(channel, tx, from),
        expiresAt: fromJakartaTime(tx.expiry_time ?? tx.expire_time) ?? input.expiresAt,
      };
    },

    async getPayment(ref) {
      const tx = await statusOf(ref.attemptId);
      if (!tx) return unknown(ref);
      return statusView(tx, tx.transaction_id);
    },

    async cancelPayment(ref) {
      const operation = `cancel of ${ref.attemptId}`;
      const answer = await call(operation, "POST", `${orderPath(ref.attemptId)}/cancel`);
      if (answer.code === 404) return unknown(ref);
      // 412: no longer pending (paid, expired or cancelled already); say what it is.
      if (answer.code === 412) return gateway.getPayment(ref);
      if (answer.code >= 400) throw refusal(operation, answer);
      const tx = read(CancelResponseSchema, operation, answer);
      return statusView(tx, tx.transaction_id ?? ref.providerPaymentId);
    },

    async refund(input) {
      const operation = `refund ${input.refundId} of ${input.attemptId}`;
      const body: RefundRequest = {
        refund_key: input.refundId,
        amount: input.amount,
        ...(input.reason ? { reason: input.reason.slice(0, 255) } : {}),
      };
      const checked = RefundRequestSchema.safeParse(body);
      if (!checked.success) throw fail(`The ${operation} is not valid: ${checked.error.message}`, false);

      // One endpoint for every refund ("Merchant can now just use 1 refund endpoint /refund").
      const answer = await call(operation, "POST", `${orderPath(input.attemptId)}/refund`, body, {
        "idempotency-key": idempotencyKey("refund", input.refundId),
      });
      if (answer.code === 406) {
        // "Duplicate refund ID": the refund was made before; find it among the transaction's refunds.
        const tx = await statusOf(input.attemptId);
        const made = tx?.refunds?.find((r) => r.refund_key === input.refundId);
        if (!made) throw refusal(operation, answer);
        return { providerRefundId: String(made.refund_chargeback_id), status: "succeeded" };
      }
      if (answer.code >= 400) throw refusal(operation, answer);
      const refund = read(RefundResponseSchema, operation, answer);
      if (refund.refund_key !== undefined && refund.refund_key !== input.refundId) {
        throw fail(`Midtrans answered the ${operation} with refund key ${refund.refund_key}`, false);
      }
      const providerRefundId = String(refund.refund_chargeback_id ?? input.refundId);
      // 202 "Refund denied by the bank": the transaction stays settled.
      if (answer.code === 202) return { providerRefundId, status: "failed" };
      const refunded =
        refund.transaction_status === "refund" || refund.transaction_status === "partial_refund";
      return { providerRefundId, status: refunded ? "succeeded" : "pending" };
    },

    async getRefund(ref) {
      // The status API lists the refunds Midtrans made ("sent only if the refund is successful"): one there
      // by its key is made; one not there is not (yet).
      const tx = await statusOf(ref.attemptId);
      return tx?.refunds?.some((r) => r.refund_key === ref.refundId) ? "succeeded" : "unknown";
    },

    async readNotification(body, _headers) {
      let raw: unknown;
      try {
        raw = JSON.parse(body);
      } catch {
        return "forged";
      }
      if (!isRecord(raw)) return "forged";
      const { order_id, status_code, gross_amount, signature_key } = raw;
      if (
        typeof order_id !== "string" ||
        typeof status_code !== "string" ||
        typeof gross_amount !== "string" ||
        typeof signature_key !== "string" ||
        !/^[0-9a-f]{128}$/i.test(signature_key)
      ) {
        return "forged";
      }
      // SHA512(order_id + status_code + gross_amount + ServerKey), over exactly the strings Midtrans sent.
      const expected = createHash("sha512")
        .update(order_id + status_code + gross_amount + opts.serverKey)
        .digest();
      if (!timingSafeEqual(expected, Buffer.from(signature_key, "hex"))) return "forged";

      const parsed = NotificationSchema.safeParse(raw);
      if (!parsed.success) return "unreadable";
      const n = parsed.data;
      // The signature covers the status code, not the state: a state that does not go with its code was
      // changed on the way.
      const codes = signedCodes[n.transaction_status];
      if (codes && !codes.includes(n.status_code)) return "forged";
      const amount = rupiah(n.gross_amount);
      if (amount === null) return "unreadable";
      const event: ProviderEvent = {
        attemptId: n.order_id,
        providerPaymentId: n.transaction_id,
        status: shopStatus(n.transaction_status, n.fraud_status),
        amount,
        // Midtrans takes rupiah only; some examples (Alfamart) leave the currency out.
        currency: n.currency ?? "IDR",
        providerStatus: n.transaction_status,
      };
      if (
        (n.transaction_status === "refund" || n.transaction_status === "partial_refund") &&
        n.refunds?.length
      ) {
        // The notification lists every refund so far; the newest is the one it is about.
        const latest = n.refunds.reduce((a, b) =>
          Number(b.refund_chargeback_id) > Number(a.refund_chargeback_id) ? b : a,
        );
        const refunded = rupiah(latest.refund_amount);
        if (refunded === null) return "unreadable";
        // Midtrans makes up a refund_key for a refund asked without one (from its dashboard): no shop refund.
        if (latest.refund_key) {
          event.refund = { refundId: latest.refund_key, amount: refunded, status: "succeeded" };
        }
      }
      return event;
    },
  };
  return gateway;
}
