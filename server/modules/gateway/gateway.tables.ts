import { sql } from "drizzle-orm";
import { bigint, check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The sandbox gateway's own records: what a real gateway keeps on its side. The shop's recharges refer to
 * them only by id, through the payment gateway port.
 */
export const sandboxPayments = pgTable(
  "sandbox_payments",
  {
    id: text().primaryKey(),
    /** The shop's own reference (a recharge id): one payment per reference, as real gateways insist. */
    reference: text().notNull().unique(),
    amount: bigint({ mode: "number" }).notNull(),
    currency: text().notNull(),
    status: text({ enum: ["pending", "paid", "cancelled", "expired"] })
      .notNull()
      .default("pending"),
    returnUrl: text().notNull(),
    notifyUrl: text().notNull(),
    lang: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    decidedAt: timestamp({ withTimezone: true }),
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("sandbox_payments_status_valid", sql`${t.status} in ('pending', 'paid', 'cancelled', 'expired')`),
  ],
);

/** The sandbox's signing secret, made once per database so every app instance signs and checks alike. */
export const sandboxSecrets = pgTable("sandbox_secrets", {
  id: integer().primaryKey(),
  secret: text().notNull(),
});
