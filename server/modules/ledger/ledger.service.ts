import { createHash } from "node:crypto";
import type { FundType, PlatformAccount, SubjectType, TransferMemoKey } from "#common/contracts/ledger.ts";
import type { FundEntry } from "#common/wallet-states.ts";
import { maxTransferRupiah } from "#common/money.ts";
import type { Db, Tx } from "../../db/client.ts";
import { transact, violates } from "../../db/transaction.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import { pageOf } from "../../platform/pages.ts";
import {
  addToBalance,
  claimKey,
  deleteKeysBefore,
  insertTransfers,
  insertWallets,
  selectLedgerSnapshot,
  selectAccountTransfers,
  selectSubjectTransfers,
  selectBalance,
  selectHeld,
  selectKey,
  selectTransfers,
  selectWalletAccounts,
  storeKeyResponse,
  type TransferRow,
} from "./ledger.queries.ts";

/**
 * The ledger: the only code that changes a balance. Other modules move money by calling `move` inside their
 * own transaction (so a withdrawal's row and its hold commit together), and read through the functions below.
 */

/** A user's wallet, or one of the platform's accounts. */
type AccountRef = { wallet: string } | { platform: PlatformAccount };

export function accountId(ref: AccountRef): string {
  return "wallet" in ref ? `wallet:${ref.wallet}` : `platform:${ref.platform}`;
}

export interface Transfer {
  from: AccountRef;
  to: AccountRef;
  /** Whole Rupiah, > 0. */
  amount: number;
  kind: FundType;
  subject: { type: SubjectType; id: string };
  /** This subject's step ("hold", "payout", "credit", …): each step moves money once, ever. */
  step: string;
  /** The hold (a transfer id) this one pays out or returns. */
  settles?: string;
  /** An operator's reason, as typed. */
  memo?: string;
  /** A note the shop writes, kept as a message key so each reader reads it in their language. */
  memoKey?: TransferMemoKey;
}

export class InsufficientBalance extends DomainError {
  constructor() {
    super("precondition_failed", "errors.money.insufficientBalance");
  }
}

/**
 * Writes transfers and changes the balances they touch, in the caller's transaction. Balances change in one
 * fixed order (by account id), so concurrent transactions never deadlock on them; a wallet that would go
 * below zero fails the whole transaction with "Insufficient balance". Returns the new transfers' ids, in order.
 */
export async function move(tx: Tx, transfers: Transfer[], actorId: string | null): Promise<string[]> {
  if (transfers.length === 0) return [];
  const at = now();
  const deltas = new Map<string, number>();
  const wallets = new Map<string, string>();
  const rows: TransferRow[] = transfers.map((t, i) => {
    if (!Number.isSafeInteger(t.amount) || t.amount <= 0)
      throw new Error(`invalid transfer amount ${t.amount}`);
    if (t.amount > maxTransferRupiah) throw new DomainError("bad_request", "errors.money.tooLarge");
    const debit = accountId(t.from);
    const credit = accountId(t.to);
    if (debit === credit) throw new Error("a transfer needs two accounts");
    for (const ref of [t.from, t.to]) if ("wallet" in ref) wallets.set(accountId(ref), ref.wallet);
    deltas.set(debit, (deltas.get(debit) ?? 0) - t.amount);
    deltas.set(credit, (deltas.get(credit) ?? 0) + t.amount);
    return {
      // Time-ordered ids; `i` keeps the transfers of one call in their given order.
      id: newId("trf", at.getTime() + i),
      debitAccountId: debit,
      creditAccountId: credit,
      amount: t.amount,
      kind: t.kind,
      subjectType: t.subject.type,
      subjectId: t.subject.id,
      step: t.step,
      settles: t.settles ?? null,
      actorId,
      memo: t.memo ?? null,
      memoKey: t.memoKey ?? null,
      createdAt: at,
    };
  });
  await insertWallets(
    tx,
    [...wallets].sort(([a], [b]) => (a < b ? -1 : 1)).map(([id, userId]) => ({ id, userId })),
    at,
  );
  for (const [id, delta] of [...deltas].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (delta === 0) continue;
    try {
      if (!(await addToBalance(tx, id, delta))) throw new InsufficientBalance();
    } catch (error) {
      if (violates(error, "ledger_accounts_wallet_not_negative")) throw new InsufficientBalance();
      // An account may not hold more than maxBalanceRupiah: the amount that would take it there is refused.
      if (violates(error, "ledger_accounts_balance_bounded"))
        throw new DomainError("bad_request", "errors.money.tooLarge");
      throw error;
    }
  }
  await insertTransfers(tx, rows);
  return rows.map((r) => r.id);
}

/** A wallet's balance (0 for a user who never had money; reading makes no wallet). */
export function walletBalance(db: Db | Tx, userId: string): Promise<number> {
  return selectBalance(db, accountId({ wallet: userId }));
}

/** A platform account's balance (COD clearing goes negative while couriers owe what they collected). */
export function platformBalance(db: Db | Tx, account: PlatformAccount): Promise<number> {
  return selectBalance(db, accountId({ platform: account }));
}

/** Money of a wallet held in pending withdrawals. */
export function walletHeld(db: Db | Tx, userId: string): Promise<number> {
  return selectHeld(db, accountId({ wallet: userId }));
}

interface FundRecord {
  id: string;
  kind: FundType;
  /** What the record is, from its type, its direction and its step. */
  entry: FundEntry;
  /** Signed from the wallet's side: positive in, negative out. */
  amount: number;
  subjectType: SubjectType;
  subjectId: string;
  /** A hold still waiting is pending; a returned hold is returned; everything else is completed. */
  state: "completed" | "pending" | "returned";
  memo: string | null;
  memoKey: TransferMemoKey | null;
  at: Date;
}

/** What a transfer is from the wallet's side: its type, whether money came in, and its step. */
function entryOf(kind: FundType, amount: number, step: string): FundEntry {
  const incoming = amount > 0;
  // The steps of a provider's payment name what they are, whatever the kind (decision 19).
  // Money for orders no longer waiting (issue 40 names why): cancelled ones, or paid already another way.
  if (step.startsWith("cancelled:")) return "cancelled_order_payment";
  if (step.startsWith("paid_twice:")) return "double_payment";
  if (step.startsWith("late:")) return "late_payment";
  if (step.startsWith("reversal:")) return "payment_reversed";
  if (step.startsWith("to_provider:")) return incoming ? "refund_to_provider_returned" : "refund_to_provider";
  // A return parcel's (`return:<request>:postage`) or a refused cash-on-delivery parcel's (`return_postage`).
  if (step === "return_postage" || (step.startsWith("return:") && step.endsWith(":postage")))
    return "return_postage";
  switch (kind) {
    case "prd_order_pay":
      return incoming ? "order_refund" : "order_payment";
    case "mch_order_pay":
      return incoming ? "goods_refund" : "goods_payment";
    case "profit":
      return incoming ? "sale" : "sale_returned";
    case "recharge":
      return "recharge";
    case "withdrawal":
      return step === "release" ? "withdrawal_returned" : "withdrawal";
    case "system":
      return incoming ? "adjustment_credit" : "adjustment_debit";
  }
}

/** A wallet's fund records, newest first, a page at a time. */
export async function walletHistory(
  db: Db,
  userId: string,
  opts: { kind?: FundType; cursor?: string | null; limit: number },
): Promise<{ items: FundRecord[]; nextCursor: string | null }> {
  const wallet = accountId({ wallet: userId });
  const rows = await selectAccountTransfers(db, wallet, {
    kind: opts.kind,
    before: opts.cursor ?? undefined,
    limit: opts.limit,
  });
  const page = pageOf(rows, opts.limit);
  return {
    items: page.items.map((r) => ({
      id: r.id,
      kind: r.kind,
      entry: entryOf(r.kind, r.amount, r.step),
      amount: r.amount,
      subjectType: r.subjectType,
      subjectId: r.subjectId,
      state:
        r.step !== "hold"
          ? "completed"
          : r.settledBy === null
            ? "pending"
            : r.settledBy === wallet
              ? "returned"
              : "completed",
      memo: r.memo,
      memoKey: r.memoKey,
      at: r.createdAt,
    })),
    nextCursor: page.nextCursor,
  };
}

/** Every transfer, newest first, for the operator's ledger page. */
export async function listTransfers(
  db: Db,
  opts: { kind?: FundType; accountId?: string; cursor?: string | null; limit: number },
) {
  const rows = await selectTransfers(db, { ...opts, before: opts.cursor ?? undefined });
  return pageOf(rows, opts.limit);
}

/** Users' wallets with their balances, in account order, for the operator's ledger page. */
export async function listWalletAccounts(db: Db, opts: { cursor?: string | null; limit: number }) {
  const rows = await selectWalletAccounts(db, { after: opts.cursor ?? undefined, limit: opts.limit });
  const page = pageOf(rows, opts.limit);
  return {
    nextCursor: page.nextCursor,
    items: page.items.map((r) => ({ id: r.id, userId: r.userId!, balance: r.balance })),
  };
}

/** The conservation check; every figure is a bigint, so no sum is ever rounded. */
interface LedgerCheck {
  /** Accounts whose stored balance differs from the sum of their transfers (none, when all is well). */
  mismatches: { id: string; balance: bigint; computed: bigint }[];
  /** The sum of every account's balance: always 0. */
  total: bigint;
  /** Wallets below zero (none, ever). */
  negativeWallets: string[];
  accounts: { id: string; kind: string; userId: string | null; balance: bigint }[];
  transfers: number;
  ok: boolean;
}

/** The conservation check the operator's ledger page and the tests both run. */
export async function checkLedger(db: Db): Promise<LedgerCheck> {
  const { accounts, transfers } = await selectLedgerSnapshot(db);
  const mismatches = accounts
    .filter((a) => a.balance !== a.computed)
    .map(({ id, balance, computed }) => ({ id, balance, computed }));
  const total = accounts.reduce((sum, a) => sum + a.balance, 0n);
  const negativeWallets = accounts.filter((a) => a.kind === "wallet" && a.balance < 0n).map((a) => a.id);
  return {
    mismatches,
    total,
    negativeWallets,
    accounts: accounts.map(({ id, kind, userId, balance }) => ({ id, kind, userId, balance })),
    transfers,
    ok: mismatches.length === 0 && total === 0n && negativeWallets.length === 0,
  };
}

/** A stable JSON text of a value (object keys sorted), for hashing requests. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Runs a call that moves money exactly once per idempotency key: the key is claimed in the same transaction
 * as the work, and the response kept with it. A repeat of the same request returns that response and moves
 * nothing; the same key with another request (operation or input) is refused with CONFLICT. A call that
 * fails leaves no claim, so trying again with the key does the work then. Retried whole on serialization
 * failures and deadlocks.
 */
export function once<T>(
  db: Db,
  claim: { userId: string; key: string; operation: string; request: unknown },
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const requestHash = createHash("sha256")
    .update(`${claim.operation}\n${stableJson(claim.request)}`)
    .digest("hex");
  return transact(db, async (tx) => {
    const claimed = await claimKey(tx, {
      userId: claim.userId,
      key: claim.key,
      requestHash,
      createdAt: now(),
    });
    if (!claimed) {
      const existing = await selectKey(tx, claim.userId, claim.key);
      if (!existing || existing.requestHash !== requestHash) {
        throw new DomainError("conflict", "errors.money.idempotencyConflict");
      }
      return existing.response as T;
    }
    const result = await work(tx);
    await storeKeyResponse(tx, claim.userId, claim.key, result ?? null);
    return result;
  });
}

/** Keys are kept a day: long enough for any retry of a user's tap. */
export const idempotencyKeyTtlMs = 24 * 60 * 60 * 1000;

/** Forgets idempotency keys older than a day; returns how many. */
export function forgetOldKeys(db: Db): Promise<number> {
  return deleteKeysBefore(db, new Date(now().getTime() - idempotencyKeyTtlMs));
}

/** What one subject (an order) moved in and out of a user's wallet, oldest first (+ in, − out). */
export async function walletMovesOf(
  db: Db,
  userId: string,
  subject: { type: SubjectType; id: string },
): Promise<{ kind: FundType; entry: FundEntry; amount: number; at: Date }[]> {
  const rows = await selectSubjectTransfers(db, accountId({ wallet: userId }), subject);
  return rows.map((r) => ({
    kind: r.kind,
    entry: entryOf(r.kind, r.amount, r.step),
    amount: r.amount,
    at: r.createdAt,
  }));
}
