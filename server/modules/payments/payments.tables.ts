import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { attemptStates, eventOutcomes } from "#common/contracts/payments.ts";
import { paymentChannels, type PaymentAction } from "#common/payment-channels.ts";
import { users } from "../auth/auth.tables.ts";

const providers = ["sandbox", "midtrans", "xendit"] as const;

/**
 * Payment attempts (decision 19): each time a shopper chooses a channel to pay orders (a `chk_` payment) or a
 * recharge (`rch_`), one attempt is opened at the provider, whose id is the provider's order / reference id
 * and the idempotency key of every call about it. Switching method opens a new attempt and cancels the old
 * one; money that still arrives for an old attempt is not lost (it pays what is still unpaid, or goes to the
 * wallet). The provider's notifications move an attempt's status, once per transition, under its row lock.
 */
export const paymentAttempts = pgTable(
  "payment_attempts",
  {
    id: text().primaryKey(),
    purpose: text({ enum: ["orders", "recharge"] }).notNull(),
    /** The `chk_` order payment or the `rch_` recharge it pays. */
    subjectId: text().notNull(),
    /**
     * The orders of its payment it pays, and so what its money is shared out to (issue 40): the payment's
     * orders still waiting when it was opened. An order of a multi-store checkout cancelled meanwhile is
     * paid by none of the attempts opened after it. Null for a recharge, and for attempts opened before
     * (they pay every order of their payment).
     */
    orderIds: jsonb().$type<string[]>(),
    userId: text()
      .notNull()
      .references(() => users.id),
    provider: text({ enum: providers }).notNull(),
    channel: text({ enum: paymentChannels }).notNull(),
    /** What the provider is asked for: the amount due plus the channel's fee. */
    amount: bigint({ mode: "number" }).notNull(),
    fee: bigint({ mode: "number" }).notNull(),
    status: text({ enum: attemptStates }).notNull().default("pending"),
    /** OVO's phone number the payment is pushed to. */
    phone: text(),
    providerPaymentId: text(),
    /** How to pay it, as the provider answered (null until it has). */
    action: jsonb().$type<PaymentAction>(),
    /** Whether its provider can refund this channel by API (else refunds stay in the wallet). */
    refundable: boolean().notNull().default(false),
    /** Money returned through the provider's refunds so far. */
    refunded: bigint({ mode: "number" }).notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
    /** When it left `pending` (or turned back after being paid). */
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check(
      "payment_attempts_amount_positive",
      sql`${t.amount} > 0 and ${t.fee} >= 0 and ${t.fee} < ${t.amount}`,
    ),
    check("payment_attempts_refunded_range", sql`${t.refunded} >= 0 and ${t.refunded} <= ${t.amount}`),
    unique("payment_attempts_provider_payment_unique").on(t.provider, t.providerPaymentId),
    index("payment_attempts_subject_idx").on(t.subjectId),
    index("payment_attempts_user_idx").on(t.userId, t.id),
    index("payment_attempts_status_idx").on(t.status, t.id),
  ],
);

/**
 * Every notification a provider sent, and every status the shop read from it (checks, reconciliation),
 * recorded raw with what the shop made of it: nothing from a provider is dropped unseen.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: text().primaryKey(),
    provider: text({ enum: providers }).notNull(),
    source: text({ enum: ["notification", "check"] }).notNull(),
    /** applied | unchanged | forged | unreadable | unmatched | mismatch | contradicted. */
    outcome: text({ enum: eventOutcomes }).notNull(),
    attemptId: text(),
    providerStatus: text(),
    amount: bigint({ mode: "number" }),
    /**
     * The body as received, cut at 16 KB. Of one that failed verification (anyone may send those) only its
     * first 256 bytes, with the SHA-256 of the whole in `bodySha256` (issue 40).
     */
    body: text().notNull(),
    bodySha256: text(),
    receivedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index("payment_events_attempt_idx").on(t.attemptId, t.id),
    index("payment_events_outcome_idx").on(t.outcome, t.id),
  ],
);

/**
 * Refunds of a paid attempt through its provider. The id is the idempotency key the provider sees: asked
 * again, it refunds nothing twice. A refund the provider refuses goes to the shopper's wallet instead.
 */
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: text().primaryKey(),
    attemptId: text()
      .notNull()
      .references(() => paymentAttempts.id),
    /** The order it refunds. */
    orderId: text().notNull(),
    userId: text().notNull(),
    amount: bigint({ mode: "number" }).notNull(),
    /**
     * `superseded`: the provider took the whole payment back (a chargeback) before this refund was sent, so it is
     * never sent; its money, which left the wallet for it, is part of what the chargeback gave back.
     */
    status: text({ enum: ["pending", "succeeded", "failed", "superseded"] })
      .notNull()
      .default("pending"),
    providerRefundId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("payment_refunds_amount_positive", sql`${t.amount} > 0`),
    index("payment_refunds_attempt_idx").on(t.attemptId),
    index("payment_refunds_order_idx").on(t.orderId),
  ],
);

/**
 * The daily reconciliation of each provider against the ledger: one row per run, and each difference named.
 */
export const paymentReconciliations = pgTable(
  "payment_reconciliations",
  {
    id: text().primaryKey(),
    provider: text({ enum: providers }).notNull(),
    /** The Jakarta day whose attempts were compared. */
    day: date({ mode: "string" }).notNull(),
    checked: integer().notNull(),
    differences: jsonb().$type<ReconciliationDifference[]>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [unique("payment_reconciliations_day_unique").on(t.provider, t.day)],
);

export interface ReconciliationDifference {
  attemptId: string | null;
  /** What differs: the provider took money the shop did not record, or the other way round, and so on. */
  kind:
    | "provider_paid_shop_not"
    | "shop_paid_provider_not"
    | "amount_differs"
    | "refund_differs"
    | "provider_unknown"
    | "unmatched_event";
  shop: string | null;
  provider: string | null;
}
