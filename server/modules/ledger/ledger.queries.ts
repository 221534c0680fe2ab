import { and, eq, gt, lt, or, sql } from "drizzle-orm";
import type { FundType, SubjectType } from "#common/contracts/ledger.ts";
import type { Db, Tx } from "../../db/client.ts";
import { idempotencyKeys, ledgerAccounts, ledgerTransfers } from "./ledger.tables.ts";

type Executor = Db | Tx;
export type TransferRow = typeof ledgerTransfers.$inferInsert;

/** Makes the wallets that do not exist yet (empty). */
export async function insertWallets(
  tx: Tx,
  wallets: { id: string; userId: string }[],
  at: Date,
): Promise<void> {
  if (wallets.length === 0) return;
  await tx
    .insert(ledgerAccounts)
    .values(
      wallets.map((w) => ({
        id: w.id,
        kind: "wallet" as const,
        userId: w.userId,
        balance: 0,
        createdAt: at,
      })),
    )
    .onConflictDoNothing();
}

/**
 * Adds `delta` to an account's balance, unless that would take a wallet below zero: one conditional update,
 * so two racing debits cannot both pass (the second sees the first's result). False when refused.
 * The table's check constraint refuses the same overdraft should this condition ever be forgotten.
 */
export async function addToBalance(tx: Tx, accountId: string, delta: number): Promise<boolean> {
  const rows = await tx
    .update(ledgerAccounts)
    .set({ balance: sql`${ledgerAccounts.balance} + ${delta}` })
    .where(
      and(
        eq(ledgerAccounts.id, accountId),
        sql`(${ledgerAccounts.kind} <> 'wallet' or ${ledgerAccounts.balance} + ${delta} >= 0)`,
      ),
    )
    .returning({ id: ledgerAccounts.id });
  return rows.length === 1;
}

export async function insertTransfers(tx: Tx, rows: TransferRow[]): Promise<void> {
  await tx.insert(ledgerTransfers).values(rows);
}

export async function selectBalance(db: Executor, accountId: string): Promise<number> {
  const rows = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId));
  return rows[0]?.balance ?? 0;
}

/** Money held in an account's pending holds (requested withdrawals not yet decided). */
export async function selectHeld(db: Executor, accountId: string): Promise<number> {
  const t = ledgerTransfers;
  const rows = await db
    .select({ held: sql<string>`coalesce(sum(${t.amount}), 0)` })
    .from(t)
    .where(
      and(
        eq(t.debitAccountId, accountId),
        eq(t.step, "hold"),
        sql`not exists (select 1 from ${ledgerTransfers} s where s.settles = ${t.id})`,
      ),
    );
  return Number(rows[0]?.held ?? 0);
}

/**
 * One account's transfers, newest first, `limit + 1` of them (the extra tells whether there is more). The
 * amount is signed from the account's side; a hold says whether it is still pending or was returned.
 */
export async function selectAccountTransfers(
  db: Executor,
  accountId: string,
  opts: { kind?: FundType; before?: string; limit: number },
) {
  const t = ledgerTransfers;
  return db
    .select({
      id: t.id,
      kind: t.kind,
      subjectType: t.subjectType,
      subjectId: t.subjectId,
      step: t.step,
      memo: t.memo,
      memoKey: t.memoKey,
      createdAt: t.createdAt,
      amount:
        sql<number>`case when ${t.creditAccountId} = ${accountId} then ${t.amount} else -${t.amount} end`.mapWith(
          Number,
        ),
      // The outer id spelled out: Drizzle leaves the table off columns in a single-table select list, and
      // a bare "id" inside the subquery would be the subquery's own.
      settledBy: sql<
        string | null
      >`(select s.credit_account_id from ${ledgerTransfers} s where s.settles = ${sql.raw('"ledger_transfers"."id"')} limit 1)`,
    })
    .from(t)
    .where(
      and(
        or(eq(t.creditAccountId, accountId), eq(t.debitAccountId, accountId)),
        opts.kind ? eq(t.kind, opts.kind) : undefined,
        opts.before ? lt(t.id, opts.before) : undefined,
      ),
    )
    .orderBy(sql`${t.id} desc`)
    .limit(opts.limit + 1);
}

/** The transfers of one subject (an order) that touch an account, oldest first, signed from its side. */
export async function selectSubjectTransfers(
  db: Executor,
  accountId: string,
  subject: { type: SubjectType; id: string },
) {
  const t = ledgerTransfers;
  return db
    .select({
      kind: t.kind,
      step: t.step,
      createdAt: t.createdAt,
      amount:
        sql<number>`case when ${t.creditAccountId} = ${accountId} then ${t.amount} else -${t.amount} end`.mapWith(
          Number,
        ),
    })
    .from(t)
    .where(
      and(
        eq(t.subjectType, subject.type),
        eq(t.subjectId, subject.id),
        or(eq(t.creditAccountId, accountId), eq(t.debitAccountId, accountId)),
      ),
    )
    .orderBy(sql`${t.id} asc`);
}

/** Users' wallet accounts by id (after `after`), a page at a time. */
export async function selectWalletAccounts(db: Executor, opts: { after?: string; limit: number }) {
  const a = ledgerAccounts;
  return db
    .select({ id: a.id, userId: a.userId, balance: a.balance })
    .from(a)
    .where(and(eq(a.kind, "wallet"), opts.after ? gt(a.id, opts.after) : undefined))
    .orderBy(a.id)
    .limit(opts.limit + 1);
}

export async function selectTransfers(
  db: Executor,
  opts: { kind?: FundType; accountId?: string; before?: string; limit: number },
) {
  const t = ledgerTransfers;
  return db
    .select({
      id: t.id,
      debitAccountId: t.debitAccountId,
      creditAccountId: t.creditAccountId,
      amount: t.amount,
      kind: t.kind,
      subjectType: t.subjectType,
      subjectId: t.subjectId,
      step: t.step,
      actorId: t.actorId,
      memo: t.memo,
      memoKey: t.memoKey,
      createdAt: t.createdAt,
    })
    .from(t)
    .where(
      and(
        opts.accountId
          ? or(eq(t.creditAccountId, opts.accountId), eq(t.debitAccountId, opts.accountId))
          : undefined,
        opts.kind ? eq(t.kind, opts.kind) : undefined,
        opts.before ? lt(t.id, opts.before) : undefined,
      ),
    )
    .orderBy(sql`${t.id} desc`)
    .limit(opts.limit + 1);
}

/**
 * The conservation check's data, read in one repeatable-read snapshot (transfers committing meanwhile cannot
 * show as a false mismatch): every account's stored balance beside the sum of its transfers (credits minus
 * debits), and how many transfers there are.
 */
export async function selectLedgerSnapshot(db: Db) {
  const t = ledgerTransfers;
  return db.transaction(
    async (tx) => {
      // One after another: a transaction is one connection, which runs one query at a time anyway.
      const accounts = await tx
        .select({
          id: ledgerAccounts.id,
          kind: ledgerAccounts.kind,
          userId: ledgerAccounts.userId,
          // As text: the check is exact whatever is stored (numbers stop being exact above 2^53).
          balance: sql<string>`${ledgerAccounts.balance}::text`,
        })
        .from(ledgerAccounts)
        .orderBy(ledgerAccounts.id);
      const credits = await tx
        .select({ id: t.creditAccountId, total: sql<string>`sum(${t.amount})::text` })
        .from(t)
        .groupBy(t.creditAccountId);
      const debits = await tx
        .select({ id: t.debitAccountId, total: sql<string>`sum(${t.amount})::text` })
        .from(t)
        .groupBy(t.debitAccountId);
      const count = await tx.select({ n: sql<string>`count(*)` }).from(t);
      // Sums in bigint: exact however many transfers, and however large.
      const computed = new Map<string, bigint>();
      for (const c of credits) computed.set(c.id, (computed.get(c.id) ?? 0n) + BigInt(c.total));
      for (const d of debits) computed.set(d.id, (computed.get(d.id) ?? 0n) - BigInt(d.total));
      return {
        accounts: accounts.map((a) => ({
          ...a,
          balance: BigInt(a.balance),
          computed: computed.get(a.id) ?? 0n,
        })),
        transfers: Number(count[0]?.n ?? 0),
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** Claims an idempotency key; false when it was claimed before (by this or a committed transaction). */
export async function claimKey(
  tx: Tx,
  row: { userId: string; key: string; requestHash: string; createdAt: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(idempotencyKeys)
    .values(row)
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return inserted.length === 1;
}

export async function selectKey(tx: Tx, userId: string, key: string) {
  const rows = await tx
    .select({ requestHash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return rows[0];
}

export async function storeKeyResponse(
  tx: Tx,
  userId: string,
  key: string,
  response: unknown,
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ response })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

export async function deleteKeysBefore(db: Executor, before: Date): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, before))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}
