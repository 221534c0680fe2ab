import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { maxBalanceRupiah, maxTransferRupiah } from "#common/money.ts";
import { accountKinds, fundTypes, subjectTypes, transferMemoKeys } from "#common/contracts/ledger.ts";
import { users } from "../auth/auth.tables.ts";

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/**
 * Ledger accounts: one wallet per user (`wallet:<user id>`, made on its first transfer) and the platform's
 * accounts (`platform:<name>`, made by the migration). `balance` is credits minus debits, changed in the same
 * transaction as each transfer; the database refuses a wallet below zero. All balances sum to zero.
 */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: text().primaryKey(),
    kind: text({ enum: accountKinds }).notNull(),
    userId: text()
      .unique()
      .references(() => users.id),
    balance: bigint({ mode: "number" }).notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("ledger_accounts_kind_valid", sql`${t.kind} in (${inList(accountKinds)})`),
    check("ledger_accounts_wallet_not_negative", sql`${t.kind} <> 'wallet' or ${t.balance} >= 0`),
    check("ledger_accounts_wallet_owned", sql`(${t.kind} = 'wallet') = (${t.userId} is not null)`),
    // Every balance stays an exact JavaScript integer when read (common/money.ts, maxBalanceRupiah).
    check(
      "ledger_accounts_balance_bounded",
      sql`${t.balance} between -${sql.raw(String(maxBalanceRupiah))} and ${sql.raw(String(maxBalanceRupiah))}`,
    ),
  ],
);

/**
 * Transfers: append-only. Each moves a positive whole-Rupiah amount from the debit account to the credit
 * account. `(subject_type, subject_id, step)` is unique, so each step of a recharge, withdrawal or order moves
 * money at most once however often it is retried. A hold (`step` 'hold') is pending until a later transfer
 * names it in `settles` (paid out, or returned).
 */
export const ledgerTransfers = pgTable(
  "ledger_transfers",
  {
    id: text().primaryKey(),
    debitAccountId: text()
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: text()
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint({ mode: "number" }).notNull(),
    kind: text({ enum: fundTypes }).notNull(),
    subjectType: text({ enum: subjectTypes }).notNull(),
    subjectId: text().notNull(),
    step: text().notNull(),
    /** The hold this transfer completes or returns. */
    settles: text(),
    /** Who caused it: the user, the operator; null for the system (a gateway callback, a deadline). */
    actorId: text().references(() => users.id),
    /** An operator's reason (adjustments, rejections), as typed. */
    memo: text(),
    /** A note the shop wrote, as a message key (`wallet.fund.memos.*`): read in each reader's language. */
    memoKey: text({ enum: transferMemoKeys }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    check("ledger_transfers_amount_positive", sql`${t.amount} > 0`),
    check("ledger_transfers_amount_bounded", sql`${t.amount} <= ${sql.raw(String(maxTransferRupiah))}`),
    check("ledger_transfers_two_accounts", sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    check("ledger_transfers_kind_valid", sql`${t.kind} in (${inList(fundTypes)})`),
    check("ledger_transfers_subject_valid", sql`${t.subjectType} in (${inList(subjectTypes)})`),
    check("ledger_transfers_memo_key_valid", sql`${t.memoKey} in (${inList(transferMemoKeys)})`),
    uniqueIndex("ledger_transfers_step_idx").on(t.subjectType, t.subjectId, t.step),
    index("ledger_transfers_debit_idx").on(t.debitAccountId, t.id),
    index("ledger_transfers_credit_idx").on(t.creditAccountId, t.id),
    index("ledger_transfers_settles_idx").on(t.settles),
  ],
);

/**
 * Idempotency keys of calls that move money: claimed in the same transaction as the work, with a hash of the
 * request and the stored response. A repeat returns the response; the same key for another request is refused.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text().notNull(),
    requestHash: text().notNull(),
    response: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("idempotency_keys_created_idx").on(t.createdAt)],
);
