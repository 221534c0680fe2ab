import type { Locale } from "#common/locales.ts";
import type { PaymentAction, PaymentChannel } from "#common/payment-channels.ts";

/**
 * The payment provider port (product.md section 3, money.md "Payment providers", decision 19). The built-in
 * provider is the sandbox served by the app itself (server/modules/gateway); Midtrans Core API and Xendit
 * Payments API v3 implement the same calls (server/adapters). What a provider sees is the shop's payment
 * attempt: its id is the provider's order id / reference id and the idempotency key of every call about it.
 */
export interface PaymentGateway {
  readonly provider: "sandbox" | "midtrans" | "xendit";
  /** The channels this provider can take, in the order the shop offers them. */
  readonly channels: readonly PaymentChannel[];
  /** Whether a payment by this channel can be returned through the provider's refund API. */
  refundable(channel: PaymentChannel): boolean;
  /**
   * Opens a payment for an attempt. Asked again for the same attempt id it answers the same payment (or
   * the provider's "already exists", which the adapter turns into reading it). Throws `PaymentProviderError`
   * when the provider refuses or is away.
   */
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  /** The provider's current view of an attempt's payment (status checks and reconciliation). */
  getPayment(ref: ProviderRef): Promise<ProviderPaymentStatus>;
  /**
   * Closes an unpaid payment (the shopper switched method, or the shop gave up on it). Answers the state the
   * payment ended in: `cancelled`, or what it already was (a payment that was paid meanwhile says `paid`).
   */
  cancelPayment(ref: ProviderRef): Promise<ProviderPaymentStatus>;
  /**
   * Returns money of a paid payment through the provider. `refundId` is the shop's idempotency key: asked
   * again with the same id, the provider makes no second refund.
   */
  refund(input: RefundInput): Promise<ProviderRefund>;
  /**
   * What the provider says of one of the shop's refunds of a payment (by the shop's refund id): a refund's
   * notification is applied only when this agrees (issue 40: Midtrans' signature does not cover its
   * `refunds` list). `unknown` when the provider has no such refund.
   */
  getRefund(ref: ProviderRef & { refundId: string }): Promise<ProviderRefundStatus>;
  /**
   * Reads a notification the provider sent to the shop. `forged` unless its signature or token is valid;
   * nothing in it is trusted before this returns. `unreadable` when it is genuine but not a payment event
   * the shop understands (kept and shown to the operator, never dropped).
   */
  readNotification(body: string, headers: Headers): Promise<ProviderEvent | "forged" | "unreadable">;
}

export interface CreatePaymentInput {
  /** The shop's attempt id: the provider's order id / reference id, and the idempotency key. */
  attemptId: string;
  amount: number;
  channel: PaymentChannel;
  customer: { name: string; email: string | null; phone: string | null };
  /** One line a provider shows (the item list of Midtrans, Xendit's description). */
  description: string;
  expiresAt: Date;
  /** Where an e-wallet sends the shopper back after paying in its app or page. */
  returnUrl: string;
  /** Where the provider notifies the shop (providers configured per account ignore it). */
  notifyUrl: string;
  lang: Locale;
}

export interface ProviderRef {
  attemptId: string;
  /** The provider's own id for the payment, when the shop has it. */
  providerPaymentId: string | null;
}

/** The few states the shop keeps of a provider's many (decision 19). */
export type ProviderStatus =
  | "pending"
  | "paid"
  | "failed"
  | "expired"
  | "cancelled"
  | "reversed"
  | "refunded";

export interface ProviderPayment {
  providerPaymentId: string;
  status: ProviderStatus;
  action: PaymentAction;
  expiresAt: Date;
}

export interface ProviderPaymentStatus {
  providerPaymentId: string | null;
  /** `unknown` when the provider has no payment for the attempt. */
  status: ProviderStatus | "unknown";
  /** What the provider took, in rupiah (the amount asked, as it reports it). */
  amount: number | null;
  /** What it has returned by refunds so far, in rupiah. */
  refunded: number;
}

export interface RefundInput extends ProviderRef {
  refundId: string;
  amount: number;
  reason: string;
}

export type ProviderRefundStatus = "pending" | "succeeded" | "failed" | "unknown";

export interface ProviderRefund {
  providerRefundId: string;
  status: "pending" | "succeeded" | "failed";
}

/** A verified notification, in the shop's words. */
export interface ProviderEvent {
  /** The shop's attempt id the provider echoes (order id / reference id). */
  attemptId: string;
  providerPaymentId: string;
  status: ProviderStatus;
  amount: number;
  currency: string;
  /** The provider's own name of the status, kept with the event for the operator. */
  providerStatus: string;
  /** A refund event names the shop's refund id and amount. */
  refund?: { refundId: string; amount: number; status: "succeeded" | "failed" };
}

/** A provider that refused a call, or was away; `retryable` says whether asking again later may help. */
export class PaymentProviderError extends Error {
  readonly retryable: boolean;
  /** The provider's HTTP status, when it answered. */
  readonly status: number | undefined;
  constructor(message: string, retryable: boolean, status?: number) {
    super(message);
    this.name = "PaymentProviderError";
    this.retryable = retryable;
    this.status = status;
  }
}
