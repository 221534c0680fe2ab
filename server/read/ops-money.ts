import { selectAttemptsOfSubjects } from "../modules/payments/payments.service.ts";
import { bankByCode } from "#common/banks.ts";
import type { Db } from "../db/client.ts";
import { DomainError } from "../platform/errors.ts";
import { selectAccountNames } from "./operator-views.ts";
import { findUserIdByAccount } from "../modules/auth/auth.service.ts";
import { checkLedger, listTransfers, listWalletAccounts } from "../modules/ledger/ledger.service.ts";
import { operatorRecharges, operatorWithdrawals } from "../modules/wallet/wallet.service.ts";

/** The operator's money views: the wallet module's and the ledger's records with each user's account beside them. */

export async function opsWithdrawals(db: Db, input: Parameters<typeof operatorWithdrawals>[1]) {
  const page = await operatorWithdrawals(db, input);
  const names = await selectAccountNames(db, [...new Set(page.items.map((w) => w.userId))]);
  return {
    nextCursor: page.nextCursor,
    items: page.items.map((w) => ({
      id: w.id,
      userId: w.userId,
      user: names.get(w.userId) ?? w.userId,
      amount: w.amount,
      fee: w.fee,
      payout: w.amount - w.fee,
      accountName: w.accountName,
      bankName: bankByCode(w.bankCode)?.name ?? w.bankCode,
      accountNumber: w.accountNumber,
      status: w.status,
      reason: w.reason,
      createdAt: w.createdAt,
      decidedAt: w.decidedAt,
    })),
  };
}

export async function opsRecharges(db: Db, input: Parameters<typeof operatorRecharges>[1]) {
  const page = await operatorRecharges(db, input);
  const names = await selectAccountNames(db, [...new Set(page.items.map((r) => r.userId))]);
  // The provider's id of the attempt that paid it, else of its newest attempt.
  const attempts = await selectAttemptsOfSubjects(
    db,
    page.items.map((r) => r.id),
  );
  const providerIdOf = (id: string) => {
    const mine = attempts.filter((a) => a.subjectId === id);
    return (mine.find((a) => a.status === "paid") ?? mine[0])?.providerPaymentId ?? null;
  };
  return {
    nextCursor: page.nextCursor,
    items: page.items.map((r) => ({
      id: r.id,
      user: names.get(r.userId) ?? r.userId,
      amount: r.amount,
      method: r.method,
      status: r.status,
      gatewayPaymentId: providerIdOf(r.id),
      createdAt: r.createdAt,
      completedAt: r.completedAt,
    })),
  };
}

/** The ledger's transfers, a wallet's side named by its user's account (email or phone). */
export async function opsTransfers(
  db: Db,
  input: Parameters<typeof listTransfers>[1] & { user?: string | undefined },
) {
  const { user, ...filter } = input;
  if (user !== undefined) {
    const userId = await findUserIdByAccount(db, user);
    if (!userId) throw new DomainError("not_found", "errors.ops.userNotFound");
    filter.accountId = `wallet:${userId}`;
  }
  const page = await listTransfers(db, filter);
  const userOf = (accountId: string) => (accountId.startsWith("wallet:") ? accountId.slice(7) : null);
  const userIds = page.items.flatMap((x) => [userOf(x.debitAccountId), userOf(x.creditAccountId)]);
  const names = await selectAccountNames(db, [...new Set(userIds.filter((id) => id !== null))]);
  const nameOf = (accountId: string) => {
    const userId = userOf(accountId);
    return userId ? (names.get(userId) ?? userId) : null;
  };
  return {
    nextCursor: page.nextCursor,
    items: page.items.map((x) => ({
      ...x,
      debitUser: nameOf(x.debitAccountId),
      creditUser: nameOf(x.creditAccountId),
    })),
  };
}

/** Every user's wallet with its balance, named by the user's account. */
export async function opsWalletAccounts(db: Db, input: Parameters<typeof listWalletAccounts>[1]) {
  const page = await listWalletAccounts(db, input);
  const names = await selectAccountNames(
    db,
    page.items.map((a) => a.userId),
  );
  return {
    nextCursor: page.nextCursor,
    items: page.items.map((a) => ({ ...a, user: names.get(a.userId) ?? a.userId })),
  };
}

/** The ledger page: the live conservation check, the platform accounts, and the wallets in sum. */
export async function opsLedger(db: Db) {
  const check = await checkLedger(db);
  const wallets = check.accounts.filter((a) => a.kind === "wallet");
  return {
    ok: check.ok,
    total: check.total,
    transfers: check.transfers,
    mismatches: check.mismatches,
    negativeWallets: check.negativeWallets,
    platform: check.accounts
      .filter((a) => a.kind !== "wallet")
      .map(({ id, kind, balance }) => ({ id, kind, balance })),
    wallets: { count: wallets.length, total: wallets.reduce((s, a) => s + a.balance, 0n) },
  };
}
