import { createHash, randomUUID } from "node:crypto";
import { now } from "../../platform/clock.ts";
import { qrisPayload } from "../../platform/qris.ts";
import { digits } from "../simulator/sim-http.ts";
import type { WebhookQueue } from "../simulator/webhook-queue.ts";
import type { ChargeRequest, TransactionStatus } from "./midtrans.schemas.ts";

/**
 * The Midtrans simulator's state: the transactions it keeps, what each payment type is (its charge answer, its
 * account number, code or QR string, its expiry, whether it refunds), how a transaction changes (an order id is
 * charged once, only a pending payment settles, expires or is cancelled), and the notification each change sends.
 */

/** One notification as sent: to one address of the payment, in its state then. */
export interface MidtransNotification {
  orderId: string;
  url: string;
  body: string;
  transactionStatus: string;
  forged: boolean;
}

export type PaymentType = "qris" | "bank_transfer" | "echannel" | "gopay" | "shopeepay" | "cstore" | "ovo";

/** Refunds by API: the payment methods Midtrans refunds among the simulated ones. */
export const refundableTypes: ReadonlySet<PaymentType> = new Set<PaymentType>([
  "qris",
  "gopay",
  "shopeepay",
  "ovo",
]);

export interface SimRefund {
  id: number;
  key: string;
  amount: number;
  reason: string;
  createdAt: Date;
}

export interface SimTransaction {
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

export const merchantId = "G000000001";
const billerCode = "70012";
const wibOffsetMs = 7 * 60 * 60 * 1000;
const minute = 60_000;
const unitMs = { second: 1000, minute, hour: 60 * minute, day: 24 * 60 * minute } as const;

export function jakartaTime(at: Date): string {
  return new Date(at.getTime() + wibOffsetMs).toISOString().slice(0, 19).replace("T", " ");
}

function fromOrderTime(text: string): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) ([+-]\d{2})(\d{2})$/.exec(text);
  if (!m) return null;
  const at = new Date(`${m[1]}T${m[2]}${m[3]}:${m[4]}`);
  return Number.isNaN(at.getTime()) ? null : at;
}

export function amountString(rupiah: number): string {
  return `${rupiah}.00`;
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

/** A new pending transaction from a valid charge. */
function open(charge: ChargeRequest, notifyUrls: string[]): SimTransaction {
  const at = now();
  const paymentType: PaymentType = charge.payment_type === "permata" ? "bank_transfer" : charge.payment_type;
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
    // QRIS and ShopeePay default to 15 minutes, transfers and outlets to 24 hours.
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
function chargeAnswer(tx: SimTransaction, url: string): Record<string, unknown> {
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

/** The transactions of one simulator, as its API, its control and its `/sim` page change and show them. */
export interface MidtransState {
  readonly transactions: ReadonlyMap<string, SimTransaction>;
  /** A transaction by order id or transaction id. */
  find(id: string): SimTransaction | undefined;
  /** Opens a pending transaction from a valid charge, notifies the shop of it, and answers the charge. */
  charge(charge: ChargeRequest, notifyUrls: string[]): Record<string, unknown>;
  /** The transaction as the status API and notifications describe it. */
  describe(tx: SimTransaction, as: "status" | "notification"): Record<string, unknown>;
  /** SHA512(order_id + status_code + gross_amount + key): the server key unless another is given. */
  sign(orderId: string, statusCode: string, grossAmount: string, key?: string): string;
  /** A pending payment past its expiry expires when next looked at (Midtrans' scheduler, lazily). */
  touch(tx: SimTransaction): void;
  /** Moves a transaction from one of `from` to `to` and notifies the shop, or refuses. */
  transition(orderId: string, from: readonly TransactionStatus[], to: TransactionStatus): Promise<void>;
  /** Notifies the shop of a transaction's current state. */
  notify(tx: SimTransaction): Promise<void>;
  /** Sends one body to every notification address of a transaction (or holds it). */
  send(tx: SimTransaction, body: string, forged: boolean): Promise<void>;
  /** The next refund's `refund_chargeback_id`. */
  nextRefundId(): number;
}

export function createMidtransState(opts: {
  serverKey: string;
  /** The simulator's own address, for the links its answers carry. */
  url: string;
  queue: WebhookQueue<MidtransNotification>;
}): MidtransState {
  const transactions = new Map<string, SimTransaction>();
  let refundId = 1;

  const sign = (orderId: string, statusCode: string, grossAmount: string, key = opts.serverKey) =>
    createHash("sha512")
      .update(orderId + statusCode + grossAmount + key)
      .digest("hex");

  function find(id: string): SimTransaction | undefined {
    return transactions.get(id) ?? [...transactions.values()].find((t) => t.transactionId === id);
  }

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
      body.actions = [{ name: "deeplink-redirect", method: "GET", url: `${opts.url}/sim/pay/${tx.orderId}` }];
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

  function send(tx: SimTransaction, body: string, forged: boolean): Promise<void> {
    const transactionStatus = tx.status;
    const sending = tx.notifyUrls.map((url) =>
      opts.queue.send({ orderId: tx.orderId, url, body, transactionStatus, forged }),
    );
    return Promise.all(sending).then(() => undefined);
  }

  function notify(tx: SimTransaction): Promise<void> {
    const body = JSON.stringify(describe(tx, "notification"));
    tx.lastNotification = body;
    return send(tx, body, false);
  }

  function touch(tx: SimTransaction): void {
    if (tx.status === "pending" && now().getTime() >= tx.expiresAt.getTime()) {
      tx.status = "expire";
      void notify(tx);
    }
  }

  return {
    transactions,
    find,
    charge(charge, notifyUrls) {
      const tx = open(charge, notifyUrls);
      transactions.set(tx.orderId, tx);
      // Midtrans tells the shop of the new pending payment too.
      void notify(tx);
      return chargeAnswer(tx, opts.url);
    },
    describe,
    sign,
    touch,
    transition(orderId, from, to) {
      const tx = find(orderId);
      if (!tx) throw new SimulatorError(`Midtrans has no transaction ${orderId}`);
      touch(tx);
      if (!from.includes(tx.status)) {
        throw new SimulatorError(`${orderId} is ${tx.status}; it cannot become ${to}`);
      }
      tx.status = to;
      if (to === "settlement") tx.settledAt = now();
      return notify(tx);
    },
    notify,
    send,
    nextRefundId: () => refundId++,
  };
}
