import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { rechargeMethods, rechargeStates, withdrawalStates } from "#common/contracts/wallet.ts";
import { users } from "../auth/auth.tables.ts";

/**
 * The bank account a user's withdrawals are paid to: one per user, changed or removed by them (with the PIN), paid
 * to 24 hours after it was added or changed (issue 43).
 */
export const bankCards = pgTable("bank_cards", {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  accountName: text().notNull(),
  bankCode: text().notNull(),
  accountNumber: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
  /**
   * When an operator lifted the 24-hour payout hold after verifying the owner (issue 43): it covers what started
   * the hold before then (this account, a PIN reset), not a later change.
   */
  holdReleasedAt: timestamp({ withTimezone: true }),
});

/**
 * Recharges: pending until one of its payment attempts is paid (completed, the wallet credited once), or
 * the payment window passes (expired). A payment arriving after expiry still completes it (the money was
 * taken); one arriving for a second attempt of a completed recharge goes to the wallet too, as its own record.
 */
export const recharges = pgTable(
  "recharges",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id),
    amount: bigint({ mode: "number" }).notNull(),
    method: text({ enum: rechargeMethods }).notNull(),
    status: text({ enum: rechargeStates }).notNull().default("pending"),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("recharges_amount_positive", sql`${t.amount} > 0`),
    check("recharges_status_valid", sql`${t.status} in ('pending', 'completed', 'cancelled', 'expired')`),
    index("recharges_user_idx").on(t.userId, t.id),
    index("recharges_status_idx").on(t.status, t.id),
  ],
);

/**
 * Withdrawals: the amount is held at request (wallet to payouts pending), then an operator pays it out or
 * rejects it with a reason (the hold returns). The bank account is copied at request time.
 */
export const withdrawals = pgTable(
  "withdrawals",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id),
    amount: bigint({ mode: "number" }).notNull(),
    fee: bigint({ mode: "number" }).notNull(),
    accountName: text().notNull(),
    bankCode: text().notNull(),
    accountNumber: text().notNull(),
    status: text({ enum: withdrawalStates }).notNull().default("pending"),
    holdTransferId: text().notNull(),
    reason: text(),
    decidedBy: text().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("withdrawals_amount_covers_fee", sql`${t.amount} > ${t.fee} and ${t.fee} >= 0`),
    check("withdrawals_status_valid", sql`${t.status} in ('pending', 'paid', 'rejected')`),
    index("withdrawals_user_idx").on(t.userId, t.id),
    index("withdrawals_status_idx").on(t.status, t.id),
  ],
);
