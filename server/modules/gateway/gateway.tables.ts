import { sql } from "drizzle-orm";
import { bigint, check, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { paymentChannels, type PaymentAction } from "#common/payment-channels.ts";

/**
 * The sandbox provider's own records: what a real provider keeps on its side. The shop's payment attempts
 * refer to them by id, through the payment gateway port.
 */
export const sandboxPayments = pgTable(
  "sandbox_payments",
  {
    id: text().primaryKey(),
    /** The shop's attempt id: one payment per reference, as real providers insist. */
    reference: text().notNull().unique(),
    /** The channel asked for (null: the hosted page of before issue 26). */
    channel: text({ enum: paymentChannels }),
    action: jsonb().$type<PaymentAction>(),
    amount: bigint({ mode: "number" }).notNull(),
    currency: text().notNull(),
    status: text({ enum: ["pending", "paid", "cancelled", "expired", "reversed"] })
      .notNull()
      .default("pending"),
    refunded: bigint({ mode: "number" }).notNull().default(0),
    returnUrl: text().notNull(),
    notifyUrl: text().notNull(),
    lang: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    decidedAt: timestamp({ withTimezone: true }),
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check(
      "sandbox_payments_status_valid",
      sql`${t.status} in ('pending', 'paid', 'cancelled', 'expired', 'reversed')`,
    ),
    check("sandbox_payments_refunded_range", sql`${t.refunded} >= 0 and ${t.refunded} <= ${t.amount}`),
  ],
);

/** Refunds the sandbox made, by the shop's refund id: asked twice, it refunds once. */
export const sandboxRefunds = pgTable("sandbox_refunds", {
  id: text().primaryKey(),
  paymentId: text()
    .notNull()
    .references(() => sandboxPayments.id),
  amount: bigint({ mode: "number" }).notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

/** The sandbox's signing secret, made once per database so every app instance signs and checks alike. */
export const sandboxSecrets = pgTable("sandbox_secrets", {
  id: integer().primaryKey(),
  secret: text().notNull(),
});
