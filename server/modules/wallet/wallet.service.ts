import { bankByCode, maskAccountNumber } from "#common/banks.ts";
import {
  type BankCardInput,
  type BankCardView,
  type RechargeView,
  type WithdrawalView,
} from "#common/contracts/wallet.ts";
import { type Locale } from "#common/locales.ts";
import { payoutHoldHours } from "#common/wallet-states.ts";
import { type Db, type Tx } from "../../db/client.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { pageOf } from "../../platform/pages.ts";
import { type PaymentGateway } from "../../platform/payments.ts";
import {
  countWithdrawals,
  deleteBankCard,
  releaseHold,
  lockRecharge,
  selectBankCard,
  selectRecharge,
  selectRecharges,
  selectWithdrawal,
  selectWithdrawals,
  updateRechargeStatus,
  upsertBankCard,
  type RechargeRow,
  type WithdrawalRow,
} from "./wallet.queries.ts";

/**
 * The wallet every user has: the bank card withdrawals are paid to, withdrawals (held at once, then paid out or
 * returned by an operator: server/flows/wallet) and recharges through the payment gateway. Balance and fund
 * history come from the ledger (server/read/wallet.ts). Money moves only through the ledger's `move`, inside
 * the transaction that changes the record.
 */

/** The wallet module's records, for the flows and reads above it. */
export {
  decideWithdrawal,
  insertRecharge,
  insertWithdrawal,
  lockRecharge,
  selectBankCard,
  selectRecharge,
  selectUnpaidRecharges,
  selectWithdrawal,
  setRechargeDeadline,
  updateRechargeStatus,
} from "./wallet.queries.ts";

/** An id's time-ordered part (after its prefix): transfers and recharges compare by it. */
export const timePart = (id: string) => id.slice(id.indexOf("_") + 1);

function cardView(row: {
  accountName: string;
  bankCode: string;
  accountNumber: string;
  updatedAt: Date;
  holdReleasedAt: Date | null;
}): BankCardView {
  const released = row.holdReleasedAt !== null && row.holdReleasedAt >= row.updatedAt;
  const holdUntil = new Date(released ? 0 : row.updatedAt.getTime() + payoutHoldHours * 3_600_000);
  return {
    accountName: row.accountName,
    bankCode: row.bankCode,
    bankName: bankByCode(row.bankCode)?.name ?? row.bankCode,
    maskedNumber: maskAccountNumber(row.accountNumber),
    updatedAt: row.updatedAt,
    holdUntil: holdUntil > now() ? holdUntil : null,
  };
}

export async function getBankCard(db: Db | Tx, userId: string): Promise<BankCardView | null> {
  const row = await selectBankCard(db, userId);
  return row ? cardView(row) : null;
}

/**
 * Binds (or changes) the user's bank account, `at` now (the demo seed's was bound days ago). The input is already
 * validated by its schema.
 */
export async function saveBankCard(
  db: Db | Tx,
  userId: string,
  input: Omit<BankCardInput, "proof">,
  at: Date = now(),
): Promise<BankCardView> {
  if (!bankByCode(input.bankCode)) throw new DomainError("bad_request", "errors.bank.selectBank");
  const { accountName, bankCode, accountNumber } = input;
  await upsertBankCard(db, { userId, accountName, bankCode, accountNumber }, at);
  return (await getBankCard(db, userId))!;
}

/** Removes the user's bank account; what it was (bank and last digits), for the security history. */
export async function removeBankCard(db: Db | Tx, userId: string): Promise<BankCardView> {
  const card = await getBankCard(db, userId);
  if (!card || !(await deleteBankCard(db, userId))) throw new DomainError("not_found", "errors.bank.none");
  return card;
}

/** Lifts the payout hold on the user's bank account as of `at` (an operator verified them); false without one. */
export async function releaseCardHold(tx: Tx, userId: string, at: Date): Promise<boolean> {
  return releaseHold(tx, userId, at);
}

/** The bank account's full number (shown to its owner after the PIN). */
export async function bankCardNumber(db: Db, userId: string): Promise<string> {
  const row = await selectBankCard(db, userId);
  if (!row) throw new DomainError("not_found", "errors.bank.none");
  return row.accountNumber;
}

function withdrawalView(row: WithdrawalRow): WithdrawalView {
  return {
    id: row.id,
    amount: row.amount,
    fee: row.fee,
    payout: row.amount - row.fee,
    bankName: bankByCode(row.bankCode)?.name ?? row.bankCode,
    maskedNumber: maskAccountNumber(row.accountNumber),
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt,
    decidedAt: row.decidedAt,
  };
}

export async function getWithdrawal(db: Db, userId: string, id: string): Promise<WithdrawalView> {
  const row = await selectWithdrawal(db, id);
  if (!row || row.userId !== userId) throw new DomainError("not_found", "errors.withdraw.notFound");
  return withdrawalView(row);
}

export async function myWithdrawals(db: Db, userId: string, opts: { cursor?: string | null; limit: number }) {
  const rows = await selectWithdrawals(db, { userId, before: opts.cursor ?? undefined, limit: opts.limit });
  const page = pageOf(rows, opts.limit);
  return { items: page.items.map(withdrawalView), nextCursor: page.nextCursor };
}

/** The operator's queue and history: with the user and the full account number, to pay it. */
export async function operatorWithdrawals(
  db: Db,
  opts: { status?: WithdrawalRow["status"]; cursor?: string | null; limit: number },
) {
  const rows = await selectWithdrawals(db, {
    status: opts.status,
    before: opts.cursor ?? undefined,
    limit: opts.limit,
  });
  return pageOf(rows, opts.limit);
}

/** How many withdrawals wait for an operator's decision (the dashboard's queue). */
export function pendingWithdrawalCount(db: Db): Promise<number> {
  return countWithdrawals(db, "pending");
}

export async function alreadyDecided(tx: Tx, id: string): Promise<DomainError> {
  const row = await selectWithdrawal(tx, id);
  return row
    ? new DomainError("conflict", "errors.ops.alreadyDecided")
    : new DomainError("not_found", "errors.withdraw.notFound");
}

export const rechargeExpireJob = "recharge.expire";

function rechargeView(row: RechargeRow): RechargeView {
  return {
    id: row.id,
    amount: row.amount,
    method: row.method,
    status: row.status,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    completedAt: row.completedAt,
    attemptId: null,
  };
}

/**
 * One of the user's recharges; `openAttemptId` (read across modules by the caller) is the attempt to go back
 * to while it waits: the one still open, or the last one closed, whose screen offers another method.
 */
export async function getRecharge(
  db: Db,
  userId: string,
  id: string,
  openAttemptId: (rechargeId: string) => Promise<string | null>,
): Promise<RechargeView> {
  const row = await selectRecharge(db, id);
  if (!row || row.userId !== userId) throw new DomainError("not_found", "errors.recharge.notFound");
  return { ...rechargeView(row), attemptId: row.status === "pending" ? await openAttemptId(row.id) : null };
}

export async function operatorRecharges(
  db: Db,
  opts: { status?: RechargeRow["status"]; cursor?: string | null; limit: number },
) {
  const rows = await selectRecharges(db, {
    status: opts.status,
    before: opts.cursor ?? undefined,
    limit: opts.limit,
  });
  return pageOf(rows, opts.limit);
}

export interface RechargeDeps {
  db: Db;
  gateway: PaymentGateway;
  publicUrl: string;
  lang: Locale;
}

/**
 * The `recharge.expire` job (`<recharge>`, or `<recharge>@<ms>` after a switch moved its deadline): a
 * recharge still unpaid when its window closes expires. A job of a deadline moved later does nothing.
 */
export async function expireRecharge(tx: Tx, subject: string): Promise<void> {
  const recharge = await lockRecharge(tx, subject.split("@")[0]!);
  if (!recharge || recharge.expiresAt > now()) return;
  await updateRechargeStatus(tx, recharge.id, ["pending"], "expired", now());
}

/** The subject of a recharge's expiry job when its deadline moves: one job per deadline. */
export function rechargeExpireSubject(id: string, expiresAt: Date): string {
  return `${id}@${expiresAt.getTime()}`;
}
