import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono, type Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { now } from "../../platform/clock.ts";
import {
  ChargeRequestSchema,
  RefundRequestSchema,
  type ChargeRequest,
  type TransactionStatus,
} from "./midtrans.schemas.ts";
import { qrisPayload } from "../../platform/qris.ts";

/**
 * A local Midtrans (issue 26, architecture.md "The outside world"): the subset of Core API v2 the adapter
 * speaks, answering as the documentation's examples do, with Midtrans' rules (an order id is charged once,
 * only a pending payment settles, expires or is cancelled, a refund key refunds once) and its bad days on
 * demand: duplicate, late, held and reordered notifications, reversals, forged signatures, outages. State
 * lives in memory only. Tests drive it through `control`; a person (or Playwright) through `/sim`.
 */

export interface MidtransSimulatorOptions {
  serverKey: string;
  /** Where notifications go unless a charge names its own (`X-Override-Notification`). */
  notifyUrl: string;
  port?: number;
  /** Pause before the n-th retry of a notification the shop did not take is n times this (default 100 ms). */
  retryDelayMs?: number;
  /** Delivery attempts of one notification, the first included (default 4). */
  deliveryAttempts?: number;
}

/** One notification as sent, and what the shop answered to each delivery attempt (0: unreachable). */
export interface NotificationRecord {
  orderId: string;
  url: string;
  body: string;
  transactionStatus: string;
  forged: boolean;
  answers: number[];
  delivered: boolean;
}

/** How tests and people move the simulator. Every state change notifies the shop, like Midtrans. */
export interface MidtransSimulatorControl {
  /** The shopper pays a pending payment (settlement); resolves once the notification went out. */
  pay(orderId: string): Promise<void>;
  /** A pending payment runs out of time. */
  expire(orderId: string): Promise<void>;
  /** The provider rejects a pending payment, or reverses a settled one (settlement to deny). */
  deny(orderId: string): Promise<void>;
  /** A settled payment is charged back. */
  chargeback(orderId: string): Promise<void>;
  /** Sends the last notification of a payment again, `times` more times, unchanged. */
  resend(orderId: string, times?: number): Promise<void>;
  /** Keeps notifications back until `release`. */
  hold(): void;
  /** Sends the held notifications, in order or reversed (reordered delivery). */
  release(opts?: { reverse?: boolean }): Promise<void>;
  /** Waits this long before sending each notification (late delivery); 0 turns it off. */
  delay(ms: number): void;
  /** Sends the current state of a payment signed with the wrong key. */
  sendForged(orderId: string): Promise<void>;
  /**
   * Sends the last notification of a payment again with another `transaction_status`, as someone who
   * captured it could: the signature covers the order, status code and amount, not the state, so it holds.
   * Midtrans' own state does not change.
   */
  replayAltered(orderId: string, transactionStatus: TransactionStatus): Promise<void>;
  /**
   * Sends the last notification of a payment again as a refund of it (`refund`, its `refunds` listing one
   * by this key and amount), as someone who captured it could: neither the state nor the list is signed.
   * Midtrans made no such refund.
   */
  replayRefund(orderId: string, refundKey: string, amount: number): Promise<void>;
  /** The next `times` API calls answer this HTTP status (a Midtrans outage), before any other check. */
  failNext(httpStatus: number, times?: number): void;
  /** What the status API would answer for a payment, or undefined. */
  transaction(orderId: string): Record<string, unknown> | undefined;
  /** Resolves when no notification is on its way (held ones excepted). */
  idle(): Promise<void>;
  readonly notifications: readonly NotificationRecord[];
}

export interface MidtransSimulator {
  url: string;
  close(): Promise<void>;
  control: MidtransSimulatorControl;
}

type PaymentType = "qris" | "bank_transfer" | "echannel" | "gopay" | "shopeepay" | "cstore" | "ovo";

interface SimRefund {
  id: number;
  key: string;
  amount: number;
  reason: string;
  createdAt: Date;
}

interface SimTransaction {
  transactionId: string;
  orderId: string;
  paymentType: PaymentType;
  bank: "bca" | "bni" | "bri" | "permata" | null;
  store: "alfamart" | "indomaret" | null;
  grossAmount: number;
  status: TransactionStatus;
  createdAt: Date;
  expiresAt: Date;
  settledAt: Date | null;
  notifyUrls: string[];
  callbackUrl: string | null;
  vaNumber: string | null;
  billKey: string | null;
  paymentCode: string | null;
  qrString: string | null;
  payerPhone: string | null;
  refunds: SimRefund[];
  lastNotification: string | null;
}

/** An error of a control action, such as paying a payment that is not pending. */
export class SimulatorError extends Error {
  override name = "SimulatorError";
}

const merchantId = "G000000001";
const billerCode = "70012";
const wibOffsetMs = 7 * 60 * 60 * 1000;
const minute = 60_000;
const unitMs = { second: 1000, minute, hour: 60 * minute, day: 24 * 60 * minute } as const;
/** How long Midtrans keeps an Idempotency-Key. */
const idempotencyLifetimeMs = 5 * minute;

function jakartaTime(at: Date): string {
  return new Date(at.getTime() + wibOffsetMs).toISOString().slice(0, 19).replace("T", " ");
}

function fromOrderTime(text: string): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) ([+-]\d{2})(\d{2})$/.exec(text);
  if (!m) return null;
  const at = new Date(`${m[1]}T${m[2]}${m[3]}:${m[4]}`);
  return Number.isNaN(at.getTime()) ? null : at;
}

function digits(count: number): string {
  return [...randomBytes(count)].map((b) => (b % 10).toString()).join("");
}

function amountString(rupiah: number): string {
  return `${rupiah}.00`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Midtrans' status code of a state: in notifications, and in the status API (407 for an expired one). */
function statusCodeOf(status: TransactionStatus, forStatusApi: boolean): string {
  switch (status) {
    case "pending":
      return "201";
    case "settlement":
    case "capture":
    case "refund":
    case "partial_refund":
    case "chargeback":
    case "partial_chargeback":
      return "200";
    case "expire":
      return forStatusApi ? "407" : "202";
    default:
      return "202";
  }
}

/** Starts the simulator on 127.0.0.1 (a free port unless one is given). */
export async function startMidtransSimulator(opts: MidtransSimulatorOptions): Promise<MidtransSimulator> {
  const retryDelayMs = opts.retryDelayMs ?? 100;
  const deliveryAttempts = opts.deliveryAttempts ?? 4;
  const transactions = new Map<string, SimTransaction>();
  const idempotent = new Map<
    string,
    { at: number; http: ContentfulStatusCode; body: Record<string, unknown> }
  >();
  const notifications: NotificationRecord[] = [];
  const inFlight = new Set<Promise<void>>();
  let held: NotificationRecord[] | null = null;
  let delayMs = 0;
  let failures: { status: number; left: number } | null = null;
  let nextRefundId = 1;
  let closed = false;
  const stopping = new AbortController();
  let url = "";

  const sign = (orderId: string, statusCode: string, grossAmount: string, key = opts.serverKey) =>
    createHash("sha512")
      .update(orderId + statusCode + grossAmount + key)
      .digest("hex");

  function find(id: string): SimTransaction | undefined {
    return transactions.get(id) ?? [...transactions.values()].find((t) => t.transactionId === id);
  }

  /** The transaction as the status API and notifications describe it. */
  function describe(tx: SimTransaction, as: "status" | "notification"): Record<string, unknown> {
    const statusCode = statusCodeOf(tx.status, as === "status");
    const grossAmount = amountString(tx.grossAmount);
    const body: Record<string, unknown> = {
      transaction_time: jakartaTime(tx.createdAt),
      transaction_status: tx.status,
      transaction_id: tx.transactionId,
      status_message: as === "status" ? "Success, transaction is found" : "midtrans payment notification",
      status_code: statusCode,
      signature_key: sign(tx.orderId, statusCode, grossAmount),
      payment_type: tx.paymentType,
      order_id: tx.orderId,
      merchant_id: merchantId,
      gross_amount: grossAmount,
      fraud_status: "accept",
      currency: "IDR",
      expiry_time: jakartaTime(tx.expiresAt),
    };
    if (tx.settledAt) body.settlement_time = jakartaTime(tx.settledAt);
    if (tx.bank === "permata") body.permata_va_number = tx.vaNumber;
    else if (tx.bank) body.va_numbers = [{ va_number: tx.vaNumber, bank: tx.bank }];
    if (tx.paymentType === "echannel") Object.assign(body, { biller_code: billerCode, bill_key: tx.billKey });
    if (tx.paymentType === "cstore") Object.assign(body, { store: tx.store, payment_code: tx.paymentCode });
    if (tx.paymentType === "qris") {
      body.acquirer = "gopay";
      if (tx.settledAt) Object.assign(body, { issuer: "gopay", transaction_type: "on-us" });
    }
    if (tx.paymentType === "ovo") body.payer_phone_number = tx.payerPhone;
    // The status API repeats a pending ShopeePay or GoPay payment's link; it never repeats a QR string.
    if (
      as === "status" &&
      (tx.paymentType === "shopeepay" || tx.paymentType === "gopay") &&
      tx.status === "pending"
    ) {
      body.actions = [{ name: "deeplink-redirect", method: "GET", url: `${url}/sim/pay/${tx.orderId}` }];
    }
    if (tx.refunds.length > 0) {
      body.refund_amount = amountString(tx.refunds.reduce((sum, r) => sum + r.amount, 0));
      body.refunds = tx.refunds.map((r) => ({
        refund_chargeback_id: r.id,
        refund_amount: amountString(r.amount),
        created_at: jakartaTime(r.createdAt),
        reason: r.reason,
        refund_key: r.key,
        refund_method: "online",
        bank_confirmed_at: jakartaTime(r.createdAt),
      }));
    }
    return body;
  }

  async function deliver(record: NotificationRecord): Promise<void> {
    if (delayMs > 0) await sleep(delayMs);
    for (let attempt = 1; attempt <= deliveryAttempts && !closed; attempt++) {
      let status: number;
      try {
        const res = await fetch(record.url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/json",
            "user-agent": "Veritrans",
          },
          body: record.body,
          // Midtrans waits up to 15 seconds for the shop; closing the simulator stops waiting.
          signal: AbortSignal.any([AbortSignal.timeout(15_000), stopping.signal]),
        });
        status = res.status;
        await res.body?.cancel();
      } catch {
        // Unreachable, or no answer in time.
        status = 0;
      }
      record.answers.push(status);
      if (status >= 200 && status < 300) {
        record.delivered = true;
        return;
      }
      // Midtrans retries later (minutes to hours, fewer times for some statuses); this keeps the order
      // and the repetition, in a test's time.
      if (attempt < deliveryAttempts) await sleep(retryDelayMs * attempt);
    }
  }

  function track(work: Promise<void>): Promise<void> {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
    return work;
  }

  /** Sends one body to every notification address of a payment (or holds it). */
  function send(tx: SimTransaction, body: string, forged: boolean): Promise<void> {
    const records = tx.notifyUrls.map((target) => ({
      orderId: tx.orderId,
      url: target,
      body,
      transactionStatus: tx.status,
      forged,
      answers: [],
      delivered: false,
    }));
    notifications.push(...records);
    if (held) {
      held.push(...records);
      return Promise.resolve();
    }
    return track(Promise.all(records.map(deliver)).then(() => undefined));
  }

  /** Notifies the shop of a payment's current state. */
  function notify(tx: SimTransaction): Promise<void> {
    const body = JSON.stringify(describe(tx, "notification"));
    tx.lastNotification = body;
    return send(tx, body, false);
  }

  /** A pending payment past its expiry expires when next looked at (Midtrans' scheduler, lazily). */
  function touch(tx: SimTransaction): void {
    if (tx.status === "pending" && now().getTime() >= tx.expiresAt.getTime()) {
      tx.status = "expire";
      void notify(tx);
    }
  }

  function transition(
    orderId: string,
    from: readonly TransactionStatus[],
    to: TransactionStatus,
  ): SimTransaction {
    const tx = find(orderId);
    if (!tx) throw new SimulatorError(`Midtrans has no transaction ${orderId}`);
    touch(tx);
    if (!from.includes(tx.status)) {
      throw new SimulatorError(`${orderId} is ${tx.status}; it cannot become ${to}`);
    }
    tx.status = to;
    if (to === "settlement") tx.settledAt = now();
    return tx;
  }

  const control: MidtransSimulatorControl = {
    pay: async (orderId) => notify(transition(orderId, ["pending"], "settlement")),
    expire: async (orderId) => notify(transition(orderId, ["pending"], "expire")),
    deny: async (orderId) => notify(transition(orderId, ["pending", "settlement"], "deny")),
    chargeback: async (orderId) => notify(transition(orderId, ["settlement"], "chargeback")),
    async resend(orderId, times = 1) {
      const tx = find(orderId);
      if (!tx?.lastNotification) throw new SimulatorError(`${orderId} has no notification to send again`);
      for (let i = 0; i < times; i++) await send(tx, tx.lastNotification, false);
    },
    hold() {
      held ??= [];
    },
    async release(options = {}) {
      const queue = held ?? [];
      held = null;
      if (options.reverse) queue.reverse();
      // One after the other, so the shop sees them in exactly this order.
      for (const record of queue) await track(deliver(record));
    },
    delay(ms) {
      delayMs = ms;
    },
    async sendForged(orderId) {
      const tx = find(orderId);
      if (!tx) throw new SimulatorError(`Midtrans has no transaction ${orderId}`);
      const body = describe(tx, "notification");
      body.signature_key = sign(
        tx.orderId,
        String(body.status_code),
        String(body.gross_amount),
        "not-the-key",
      );
      return send(tx, JSON.stringify(body), true);
    },
    async replayAltered(orderId, transactionStatus) {
      const tx = find(orderId);
      if (!tx?.lastNotification) throw new SimulatorError(`${orderId} has no notification to replay`);
      const body = JSON.parse(tx.lastNotification) as Record<string, unknown>;
      body.transaction_status = transactionStatus;
      // Not marked forged: it is signed as Midtrans signed it.
      return send(tx, JSON.stringify(body), false);
    },
    async replayRefund(orderId, refundKey, amount) {
      const tx = find(orderId);
      if (!tx?.lastNotification) throw new SimulatorError(`${orderId} has no notification to replay`);
      const body = JSON.parse(tx.lastNotification) as Record<string, unknown>;
      body.transaction_status = "refund";
      body.refund_amount = amountString(amount);
      body.refunds = [
        {
          refund_chargeback_id: 9_999,
          refund_amount: amountString(amount),
          created_at: jakartaTime(now()),
          reason: "",
          refund_key: refundKey,
          refund_method: "online",
        },
      ];
      return send(tx, JSON.stringify(body), false);
    },
    failNext(httpStatus, times = 1) {
      failures = { status: httpStatus, left: times };
    },
    transaction(orderId) {
      const tx = find(orderId);
      return tx && describe(tx, "status");
    },
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    get notifications() {
      return notifications;
    },
  };

  const app = new Hono();

  function reply(c: Context, http: ContentfulStatusCode, body: Record<string, unknown>) {
    return c.json(body, http);
  }

  function refusal(c: Context, code: number, message: string, http: ContentfulStatusCode = 200) {
    return reply(c, http, { status_code: String(code), status_message: message, id: randomUUID() });
  }

  // The API: an outage first, then Basic authentication with the server key as user name.
  app.use("/v2/*", async (c, next) => {
    if (failures && failures.left > 0) {
      failures.left -= 1;
      const status = failures.status as ContentfulStatusCode;
      return c.json({ status_code: String(status), status_message: "Simulated outage" }, status);
    }
    const header = c.req.header("authorization") ?? "";
    const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header);
    const user = match ? Buffer.from(match[1]!, "base64").toString("utf8").split(":")[0] : undefined;
    if (user !== opts.serverKey || !opts.serverKey) {
      return refusal(c, 401, "Transaction cannot be authorized with the current client/server key.", 401);
    }
    await next();
  });

  /** Answers a POST again for the same Idempotency-Key within five minutes, whatever the body. */
  async function idempotently(
    c: Context,
    exempt: boolean,
    handle: () =>
      | Promise<{ http: ContentfulStatusCode; body: Record<string, unknown> }>
      | { http: ContentfulStatusCode; body: Record<string, unknown> },
  ) {
    const key = c.req.header("idempotency-key");
    // Midtrans ignores keys longer than 46 characters, and keys on some payment methods.
    const usable = key !== undefined && key.length > 0 && key.length <= 46 && !exempt;
    const at = now().getTime();
    const kept = usable ? idempotent.get(key) : undefined;
    if (kept && at - kept.at < idempotencyLifetimeMs) return reply(c, kept.http, kept.body);
    const { http, body } = await handle();
    // Only successful answers are kept.
    if (usable && /^2/.test(String(body.status_code))) idempotent.set(key, { at, http, body });
    return reply(c, http, body);
  }

  function validationError(messages: string[]) {
    return {
      http: 400 as const,
      body: {
        status_code: "400",
        status_message: "One or more parameters in the payload is invalid.",
        validation_messages: messages,
        id: randomUUID(),
      },
    };
  }

  function conflict(code: number, message: string) {
    return {
      http: 200 as const,
      body: { status_code: String(code), status_message: message, id: randomUUID() },
    };
  }

  function field(value: unknown, name: string): unknown {
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[name] : undefined;
  }

  async function jsonBody(c: Context): Promise<unknown> {
    try {
      return await c.req.json();
    } catch {
      return undefined;
    }
  }

  app.post("/v2/charge", async (c) => {
    const raw = await jsonBody(c);
    // "Idempotent requests are not supported for … Permata Virtual Account … Indomaret."
    const exempt =
      field(raw, "payment_type") === "permata" ||
      field(field(raw, "bank_transfer"), "bank") === "permata" ||
      String(field(field(raw, "cstore"), "store") ?? "").toLowerCase() === "indomaret";
    return idempotently(c, exempt, () => {
      const parsed = ChargeRequestSchema.safeParse(raw);
      if (!parsed.success) {
        return validationError(parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`));
      }
      const charge = parsed.data;
      if (charge.payment_type === "bank_transfer" && charge.bank_transfer.bank === "cimb") {
        return conflict(402, "Merchant doesn't have access for this payment type");
      }
      const items = charge.item_details ?? [];
      if (
        items.length > 0 &&
        items.reduce((s, i) => s + i.price * i.quantity, 0) !== charge.transaction_details.gross_amount
      ) {
        return validationError(["transaction_details.gross_amount is not equal to the sum of item_details"]);
      }
      const existing = transactions.get(charge.transaction_details.order_id);
      if (existing) {
        touch(existing);
        return conflict(
          406,
          "The request could not be completed due to a conflict with the current state of the target resource, please try again",
        );
      }
      const override = c.req.header("x-override-notification");
      const tx = open(
        charge,
        override
          ? override
              .split(",")
              .map((u) => u.trim())
              .slice(0, 3)
          : [opts.notifyUrl],
      );
      transactions.set(tx.orderId, tx);
      // Midtrans tells the shop of the new pending payment too.
      void notify(tx);
      return { http: 200 as const, body: chargeAnswer(tx) };
    });
  });

  /** A new pending transaction from a valid charge. */
  function open(charge: ChargeRequest, notifyUrls: string[]): SimTransaction {
    const at = now();
    const paymentType: PaymentType =
      charge.payment_type === "permata" ? "bank_transfer" : charge.payment_type;
    const bank =
      charge.payment_type === "permata"
        ? "permata"
        : charge.payment_type === "bank_transfer"
          ? charge.bank_transfer.bank
          : null;
    if (bank === "cimb") throw new SimulatorError("CIMB virtual accounts are not simulated");
    const store = charge.payment_type === "cstore" ? charge.cstore.store : null;
    let expiresAt: Date;
    if (charge.payment_type === "ovo") {
      // "All OVO orders have fixed expiry of 65 seconds."
      expiresAt = new Date(at.getTime() + 65_000);
    } else if (charge.custom_expiry) {
      const start = charge.custom_expiry.order_time
        ? (fromOrderTime(charge.custom_expiry.order_time) ?? at)
        : at;
      expiresAt = new Date(
        start.getTime() + charge.custom_expiry.expiry_duration * unitMs[charge.custom_expiry.unit],
      );
    } else {
      // QRIS, GoPay and ShopeePay default to 15 minutes, transfers and outlets to 24 hours.
      const quick = paymentType === "qris" || paymentType === "gopay" || paymentType === "shopeepay";
      expiresAt = new Date(at.getTime() + (quick ? 15 * minute : 24 * 60 * minute));
    }
    const transactionId = randomUUID();
    const amount = charge.transaction_details.gross_amount;
    // Company prefix, then digits up to the lengths of the documented examples.
    const va = {
      bca: { prefix: "98765", length: 15 },
      bni: { prefix: "988", length: 16 },
      bri: { prefix: "8578", length: 16 },
      permata: { prefix: "8500", length: 15 },
    } as const;
    return {
      transactionId,
      orderId: charge.transaction_details.order_id,
      paymentType,
      bank,
      store,
      grossAmount: amount,
      status: "pending",
      createdAt: at,
      expiresAt,
      settledAt: null,
      notifyUrls,
      callbackUrl:
        charge.payment_type === "shopeepay"
          ? (charge.shopeepay.callback_url ?? null)
          : charge.payment_type === "gopay"
            ? (charge.gopay.callback_url ?? null)
            : null,
      vaNumber: bank ? va[bank].prefix + digits(va[bank].length - va[bank].prefix.length) : null,
      billKey: paymentType === "echannel" ? digits(12) : null,
      paymentCode:
        store === "alfamart" ? `0108${digits(8)}` : store === "indomaret" ? `2570${digits(10)}` : null,
      qrString:
        paymentType === "qris"
          ? qrisPayload({
              amount,
              reference: transactionId,
              merchantName: "PASAR SIMULATOR",
              city: "JAKARTA",
              acquirer: "COM.GO-JEK.WWW",
              decimals: true,
            })
          : null,
      payerPhone: charge.payment_type === "ovo" ? charge.ovo.payer_phone_number : null,
      refunds: [],
      lastNotification: null,
    };
  }

  /** The charge answer of each payment type, as the documentation's examples have it. */
  function chargeAnswer(tx: SimTransaction): Record<string, unknown> {
    const common = {
      status_code: "201",
      transaction_id: tx.transactionId,
      order_id: tx.orderId,
      merchant_id: merchantId,
      gross_amount: amountString(tx.grossAmount),
      currency: "IDR",
      payment_type: tx.paymentType,
      transaction_time: jakartaTime(tx.createdAt),
      transaction_status: tx.status,
      fraud_status: "accept",
    };
    const expiry = jakartaTime(tx.expiresAt);
    switch (tx.paymentType) {
      case "qris":
        return {
          ...common,
          status_message: "QRIS transaction is created",
          actions: [
            { name: "generate-qr-code", method: "GET", url: `${url}/v2/qris/${tx.transactionId}/qr-code` },
          ],
          qr_string: tx.qrString,
          acquirer: "gopay",
          // Sic: the QRIS example of "Charge Transactions" says expire_time.
          expire_time: expiry,
        };
      case "bank_transfer":
        return tx.bank === "permata"
          ? {
              ...common,
              status_message: "Success, PERMATA VA transaction is successful",
              permata_va_number: tx.vaNumber,
              expiry_time: expiry,
            }
          : {
              ...common,
              status_message: "Success, Bank Transfer transaction is created",
              va_numbers: [{ bank: tx.bank, va_number: tx.vaNumber }],
              expiry_time: expiry,
            };
      case "echannel":
        return {
          ...common,
          status_message: "OK, Mandiri Bill transaction is successful",
          bill_key: tx.billKey,
          biller_code: billerCode,
          expiry_time: expiry,
        };
      case "shopeepay":
        return {
          ...common,
          status_message: "ShopeePay transaction is created",
          channel_response_code: "0",
          channel_response_message: "success",
          // ShopeePay's universal link; here, the simulator's own payment page.
          actions: [{ name: "deeplink-redirect", method: "GET", url: `${url}/sim/pay/${tx.orderId}` }],
          expiry_time: expiry,
        };
      case "gopay":
        return {
          ...common,
          status_message: "GoPay transaction is created",
          // The QR for a computer, the deeplink for a phone, and the status and cancel calls; the deeplink
          // here is the simulator's own payment page.
          actions: [
            { name: "generate-qr-code", method: "GET", url: `${url}/v2/gopay/${tx.transactionId}/qr-code` },
            { name: "deeplink-redirect", method: "GET", url: `${url}/sim/pay/${tx.orderId}` },
            { name: "get-status", method: "GET", url: `${url}/v2/${tx.transactionId}/status` },
            { name: "cancel", method: "POST", url: `${url}/v2/${tx.transactionId}/cancel` },
          ],
          expiry_time: expiry,
        };
      case "cstore":
        return {
          ...common,
          status_message: "Success, cstore transaction is successful",
          payment_code: tx.paymentCode,
          store: tx.store,
          expiry_time: expiry,
        };
      case "ovo":
        return {
          ...common,
          status_message: "Ovo transaction is created",
          expiry_time: expiry,
          payer_phone_number: tx.payerPhone,
        };
    }
  }

  app.get("/v2/:id/status", (c) => {
    const tx = find(c.req.param("id"));
    if (!tx) return refusal(c, 404, "Transaction doesn't exist.", 404);
    touch(tx);
    return reply(c, 200, describe(tx, "status"));
  });

  app.post("/v2/:id/cancel", (c) =>
    idempotently(c, false, () => {
      const tx = find(c.req.param("id"));
      if (!tx)
        return {
          http: 404 as const,
          body: { status_code: "404", status_message: "Transaction doesn't exist.", id: randomUUID() },
        };
      touch(tx);
      if (tx.status !== "pending")
        return conflict(412, "Merchant cannot modify the status of the transaction");
      tx.status = "cancel";
      void notify(tx);
      return {
        http: 200 as const,
        body: {
          status_code: "200",
          status_message: "Success, transaction is canceled",
          transaction_id: tx.transactionId,
          order_id: tx.orderId,
          merchant_id: merchantId,
          payment_type: tx.paymentType,
          transaction_time: jakartaTime(tx.createdAt),
          transaction_status: tx.status,
          fraud_status: "accept",
          gross_amount: amountString(tx.grossAmount),
          currency: "IDR",
        },
      };
    }),
  );

  // Refunds by API: the payment methods Midtrans refunds among the simulated ones.
  const refundable: ReadonlySet<PaymentType> = new Set<PaymentType>(["qris", "gopay", "shopeepay", "ovo"]);

  async function refund(c: Context, direct: boolean) {
    const raw = await jsonBody(c);
    return idempotently(c, false, () => {
      const tx = find(c.req.param("id") ?? "");
      if (!tx)
        return {
          http: 404 as const,
          body: { status_code: "404", status_message: "Transaction doesn't exist.", id: randomUUID() },
        };
      touch(tx);
      const parsed = RefundRequestSchema.safeParse(raw ?? {});
      if (!parsed.success)
        return validationError(parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`));
      const { refund_key: key, amount, reason } = parsed.data;
      if (key && tx.refunds.some((r) => r.key === key)) return conflict(406, "Duplicate refund ID");
      if (!refundable.has(tx.paymentType) || (tx.status !== "settlement" && tx.status !== "partial_refund")) {
        return conflict(412, "Merchant cannot modify the status of the transaction");
      }
      const remaining = tx.grossAmount - tx.refunds.reduce((sum, r) => sum + r.amount, 0);
      const value = amount ?? remaining;
      // "ShopeePay and OVO does not support partial refund at the moment."
      const wholeOnly = tx.paymentType === "shopeepay" || tx.paymentType === "ovo";
      if (value <= 0 || value > remaining || (wholeOnly && value !== tx.grossAmount)) {
        return conflict(414, "Refund request is rejected due to invalid amount");
      }
      const made: SimRefund = {
        id: nextRefundId++,
        key: key ?? randomUUID(),
        amount: value,
        reason: reason ?? "",
        createdAt: now(),
      };
      tx.refunds.push(made);
      tx.status = value === remaining ? "refund" : "partial_refund";
      void notify(tx);
      return {
        http: 200 as const,
        body: {
          status_code: "200",
          status_message: direct
            ? "Success, refund request is approved by the bank"
            : "Success, refund request is approved",
          transaction_id: tx.transactionId,
          order_id: tx.orderId,
          payment_type: tx.paymentType,
          transaction_time: jakartaTime(tx.createdAt),
          transaction_status: tx.status,
          gross_amount: amountString(tx.grossAmount),
          refund_chargeback_id: made.id,
          refund_amount: amountString(made.amount),
          refund_key: made.key,
        },
      };
    });
  }
  app.post("/v2/:id/refund", (c) => refund(c, false));
  app.post("/v2/:id/refund/online/direct", (c) => refund(c, true));

  // For people and Playwright: a list of payments (GET /sim), ShopeePay's payment page, the notification
  // log (GET /sim/notifications) and every control as a POST: /sim/{order id}/{pay|expire|deny|chargeback|
  // resend|forge}, /sim/hold, /sim/release?reverse=1, /sim/delay?ms=, /sim/fail?status=503&times=1.

  const page = (title: string, content: string) =>
    `<!doctype html><html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
    `<title>${escapeHtml(title)}</title></head><body style="font-family:sans-serif;max-width:48rem;margin:1rem auto;padding:0 1rem">` +
    `<h1>${escapeHtml(title)}</h1>${content}</body></html>`;

  const button = (action: string, label: string) =>
    `<form method="post" action="${escapeHtml(action)}" style="display:inline"><button>${escapeHtml(label)}</button></form>`;

  app.get("/sim", (c) => {
    const rows = [...transactions.values()]
      .map((tx) => {
        touch(tx);
        const id = encodeURIComponent(tx.orderId);
        const actions =
          tx.status === "pending"
            ? button(`/sim/${id}/pay`, "Bayar") + " " + button(`/sim/${id}/expire`, "Kedaluwarsa")
            : tx.status === "settlement"
              ? button(`/sim/${id}/deny`, "Balikkan (deny)") +
                " " +
                button(`/sim/${id}/chargeback`, "Chargeback")
              : "";
        return `<tr><td>${escapeHtml(tx.orderId)}</td><td>${escapeHtml(tx.bank ?? tx.store ?? tx.paymentType)}</td><td>Rp${tx.grossAmount}</td><td>${escapeHtml(tx.status)}</td><td>${actions}</td></tr>`;
      })
      .join("");
    return c.html(
      page(
        "Midtrans simulator",
        `<table border="1" cellpadding="6" style="border-collapse:collapse"><tr><th>order_id</th><th>Metode</th><th>Jumlah</th><th>Status</th><th></th></tr>${rows}</table>`,
      ),
    );
  });

  app.get("/sim/notifications", (c) => c.json(notifications));

  app.get("/sim/pay/:orderId", (c) => {
    const tx = find(c.req.param("orderId"));
    if (!tx) return c.html(page("Pembayaran tidak ditemukan", ""), 404);
    touch(tx);
    const body =
      tx.status === "pending"
        ? `<p>Rp${tx.grossAmount} untuk ${escapeHtml(tx.orderId)}</p>${button(`/sim/pay/${encodeURIComponent(tx.orderId)}`, "Bayar")}`
        : `<p>Status: ${escapeHtml(tx.status)}</p>`;
    return c.html(
      page(
        tx.paymentType === "shopeepay"
          ? "ShopeePay (simulator)"
          : tx.paymentType === "gopay"
            ? "GoPay (simulator)"
            : "Midtrans (simulator)",
        body,
      ),
    );
  });

  app.post("/sim/pay/:orderId", async (c) => {
    const tx = find(c.req.param("orderId"));
    if (!tx) return c.html(page("Pembayaran tidak ditemukan", ""), 404);
    try {
      await control.pay(tx.orderId);
    } catch (error) {
      if (!(error instanceof SimulatorError)) throw error;
    }
    // Back to the shop, as ShopeePay returns to the charge's callback_url.
    return c.redirect(tx.callbackUrl ?? "/sim", 303);
  });

  app.post("/sim/hold", (c) => {
    control.hold();
    return c.json({ ok: true });
  });
  app.post("/sim/release", async (c) => {
    await control.release({ reverse: c.req.query("reverse") === "1" });
    return c.json({ ok: true });
  });
  app.post("/sim/delay", (c) => {
    control.delay(Math.max(0, Number(c.req.query("ms") ?? 0) || 0));
    return c.json({ ok: true });
  });

  app.post("/sim/fail", (c) => {
    control.failNext(Number(c.req.query("status") ?? 503) || 503, Number(c.req.query("times") ?? 1) || 1);
    return c.json({ ok: true });
  });

  app.post("/sim/:orderId/:action", async (c) => {
    const orderId = c.req.param("orderId");
    const action = c.req.param("action");
    const actions: Record<string, () => Promise<void>> = {
      pay: () => control.pay(orderId),
      expire: () => control.expire(orderId),
      deny: () => control.deny(orderId),
      chargeback: () => control.chargeback(orderId),
      resend: () => control.resend(orderId, Math.max(1, Number(c.req.query("times") ?? 1) || 1)),
      forge: () => control.sendForged(orderId),
    };
    const run = actions[action];
    if (!run) return c.json({ error: `unknown action ${action}` }, 404);
    try {
      await run();
    } catch (error) {
      if (!(error instanceof SimulatorError)) throw error;
      return c.json({ error: error.message }, 409);
    }
    // A form on /sim goes back to the list; a script gets JSON.
    const form = (c.req.header("content-type") ?? "").startsWith("application/x-www-form-urlencoded");
    return form ? c.redirect("/sim", 303) : c.json({ ok: true, transaction: control.transaction(orderId) });
  });

  const server = serve({ fetch: app.fetch, port: opts.port ?? 0, hostname: "127.0.0.1" }) as Server;
  await new Promise<void>((resolve, reject) => {
    if (server.listening) resolve();
    else {
      server.once("listening", () => resolve());
      server.once("error", reject);
    }
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    control,
    async close() {
      closed = true;
      held = null;
      stopping.abort();
      await control.idle();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
