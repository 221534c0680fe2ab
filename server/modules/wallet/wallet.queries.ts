import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { bankCards, recharges, withdrawals } from "./wallet.tables.ts";

type Executor = Db | Tx;
export type RechargeRow = typeof recharges.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;

export async function selectBankCard(db: Executor, userId: string) {
  const rows = await db.select().from(bankCards).where(eq(bankCards.userId, userId));
  return rows[0];
}

export async function upsertBankCard(
  db: Executor,
  row: { userId: string; accountName: string; bankCode: string; accountNumber: string },
  at: Date,
): Promise<void> {
  await db
    .insert(bankCards)
    .values({ ...row, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: bankCards.userId,
      set: {
        accountName: row.accountName,
        bankCode: row.bankCode,
        accountNumber: row.accountNumber,
        updatedAt: at,
      },
    });
}

/** Marks the user's bank account's payout hold lifted at `at`; false when they have none. */
export async function releaseHold(db: Executor, userId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(bankCards)
    .set({ holdReleasedAt: at })
    .where(eq(bankCards.userId, userId))
    .returning({ userId: bankCards.userId });
  return rows.length > 0;
}

export async function deleteBankCard(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .delete(bankCards)
    .where(eq(bankCards.userId, userId))
    .returning({ id: bankCards.userId });
  return rows.length > 0;
}

export async function insertWithdrawal(tx: Tx, row: typeof withdrawals.$inferInsert): Promise<void> {
  await tx.insert(withdrawals).values(row);
}

export async function selectWithdrawal(db: Executor, id: string): Promise<WithdrawalRow | undefined> {
  const rows = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return rows[0];
}

/** Decides a pending withdrawal; undefined when it was not pending any more (decided by someone else). */
export async function decideWithdrawal(
  tx: Tx,
  id: string,
  to: "paid" | "rejected",
  by: string,
  reason: string | null,
  at: Date,
): Promise<WithdrawalRow | undefined> {
  const rows = await tx
    .update(withdrawals)
    .set({ status: to, decidedBy: by, reason, decidedAt: at })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, "pending")))
    .returning();
  return rows[0];
}

export function selectWithdrawals(
  db: Executor,
  opts: { userId?: string; status?: WithdrawalRow["status"]; before?: string; limit: number },
) {
  return db
    .select()
    .from(withdrawals)
    .where(
      and(
        opts.userId ? eq(withdrawals.userId, opts.userId) : undefined,
        opts.status ? eq(withdrawals.status, opts.status) : undefined,
        opts.before ? lt(withdrawals.id, opts.before) : undefined,
      ),
    )
    .orderBy(sql`${withdrawals.id} desc`)
    .limit(opts.limit + 1);
}

export async function insertRecharge(tx: Tx, row: typeof recharges.$inferInsert): Promise<void> {
  await tx.insert(recharges).values(row);
}

export async function selectRecharge(db: Executor, id: string): Promise<RechargeRow | undefined> {
  const rows = await db.select().from(recharges).where(eq(recharges.id, id));
  return rows[0];
}

/** The recharge, locked for the caller's transaction (its attempts are opened one at a time). */
export async function lockRecharge(tx: Tx, id: string): Promise<RechargeRow | undefined> {
  const rows = await tx.select().from(recharges).where(eq(recharges.id, id)).for("update");
  return rows[0];
}

/** A recharge's new payment deadline (a switch to a channel with another window, issue 40). */
export async function setRechargeDeadline(tx: Tx, id: string, expiresAt: Date): Promise<void> {
  await tx.update(recharges).set({ expiresAt }).where(eq(recharges.id, id));
}

/** Moves a recharge out of `from` states; undefined when it was in none of them. */
export async function updateRechargeStatus(
  tx: Tx,
  id: string,
  from: RechargeRow["status"][],
  to: RechargeRow["status"],
  at: Date,
): Promise<RechargeRow | undefined> {
  const rows = await tx
    .update(recharges)
    .set({ status: to, ...(to === "completed" ? { completedAt: at } : {}) })
    .where(and(eq(recharges.id, id), inArray(recharges.status, from)))
    .returning();
  return rows[0];
}

export function selectRecharges(
  db: Executor,
  opts: { userId?: string; status?: RechargeRow["status"]; before?: string; limit: number },
) {
  return db
    .select()
    .from(recharges)
    .where(
      and(
        opts.userId ? eq(recharges.userId, opts.userId) : undefined,
        opts.status ? eq(recharges.status, opts.status) : undefined,
        opts.before ? lt(recharges.id, opts.before) : undefined,
      ),
    )
    .orderBy(sql`${recharges.id} desc`)
    .limit(opts.limit + 1);
}

/** A user's recharges not paid (waiting, cancelled or expired), newest first, before an id. */
export function selectUnpaidRecharges(
  db: Executor,
  userId: string,
  opts: { before?: string; limit: number },
) {
  return db
    .select()
    .from(recharges)
    .where(
      and(
        eq(recharges.userId, userId),
        inArray(recharges.status, ["pending", "cancelled", "expired"]),
        opts.before ? lt(recharges.id, opts.before) : undefined,
      ),
    )
    .orderBy(sql`${recharges.id} desc`)
    .limit(opts.limit + 1);
}

export async function countWithdrawals(db: Db, status: (typeof withdrawals.$inferSelect)["status"]) {
  return db.$count(withdrawals, eq(withdrawals.status, status));
}
