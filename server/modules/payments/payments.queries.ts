import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { unappliedOutcomes } from "#common/contracts/payments.ts";
import type { Db, Tx } from "../../db/client.ts";
import { paymentAttempts, paymentEvents, paymentReconciliations, paymentRefunds } from "./payments.tables.ts";

type Executor = Db | Tx;
export type AttemptRow = typeof paymentAttempts.$inferSelect;
export type RefundRow = typeof paymentRefunds.$inferSelect;
export type AttemptStatus = AttemptRow["status"];

export async function insertAttempt(db: Executor, row: typeof paymentAttempts.$inferInsert): Promise<void> {
  await db.insert(paymentAttempts).values(row);
}

export async function selectAttempt(db: Executor, id: string): Promise<AttemptRow | undefined> {
  const rows = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id));
  return rows[0];
}

/** The attempt, locked for the caller's transaction: one event of it is applied at a time. */
export async function lockAttempt(tx: Tx, id: string): Promise<AttemptRow | undefined> {
  const rows = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, id)).for("update");
  return rows[0];
}

/** The attempts of a payment or recharge, newest first. */
export function selectAttemptsOf(db: Executor, subjectId: string): Promise<AttemptRow[]> {
  return db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.subjectId, subjectId))
    .orderBy(desc(paymentAttempts.id));
}

/**
 * Keeps how to pay an attempt, as its provider answered; a provider that closes it sooner than the shop
 * (OVO's push lasts minutes) brings its deadline forward.
 */
export async function setAttemptAction(
  db: Executor,
  id: string,
  providerPaymentId: string,
  action: NonNullable<AttemptRow["action"]>,
  providerExpiresAt: Date,
): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({
      providerPaymentId,
      action,
      expiresAt: sql`least(${paymentAttempts.expiresAt}, ${providerExpiresAt})`,
    })
    .where(eq(paymentAttempts.id, id));
}

/** Moves an attempt out of `from` states; undefined when it was in none of them. */
export async function updateAttemptStatus(
  db: Executor,
  id: string,
  from: readonly AttemptStatus[],
  to: AttemptStatus,
  at: Date,
): Promise<AttemptRow | undefined> {
  const rows = await db
    .update(paymentAttempts)
    .set({ status: to, decidedAt: at, ...(to === "paid" ? { paidAt: at } : {}) })
    .where(and(eq(paymentAttempts.id, id), inArray(paymentAttempts.status, [...from])))
    .returning();
  return rows[0];
}

export async function addRefunded(db: Executor, id: string, amount: number): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ refunded: sql`${paymentAttempts.refunded} + ${amount}` })
    .where(eq(paymentAttempts.id, id));
}

/** Pending attempts opened before `before`: what the status checks ask providers about. */
export function selectPendingBefore(db: Executor, before: Date, limit: number): Promise<AttemptRow[]> {
  return db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.status, "pending"), lt(paymentAttempts.createdAt, before)))
    .orderBy(paymentAttempts.id)
    .limit(limit);
}

/** Attempts of one provider opened in [from, to): a day of reconciliation. */
export function selectAttemptsBetween(db: Executor, provider: AttemptRow["provider"], from: Date, to: Date) {
  return db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.provider, provider),
        sql`${paymentAttempts.createdAt} >= ${from} and ${paymentAttempts.createdAt} < ${to}`,
      ),
    )
    .orderBy(paymentAttempts.id);
}

export async function insertEvent(db: Executor, row: typeof paymentEvents.$inferInsert): Promise<void> {
  await db.insert(paymentEvents).values(row);
}

export async function insertRefund(db: Executor, row: typeof paymentRefunds.$inferInsert): Promise<void> {
  await db.insert(paymentRefunds).values(row);
}

export async function selectRefund(db: Executor, id: string): Promise<RefundRow | undefined> {
  const rows = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, id));
  return rows[0];
}

export async function lockRefund(tx: Tx, id: string): Promise<RefundRow | undefined> {
  const rows = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, id)).for("update");
  return rows[0];
}

export async function updateRefund(
  db: Executor,
  id: string,
  from: readonly RefundRow["status"][],
  set: Partial<Pick<RefundRow, "status" | "providerRefundId" | "decidedAt">>,
): Promise<RefundRow | undefined> {
  const rows = await db
    .update(paymentRefunds)
    .set(set)
    .where(and(eq(paymentRefunds.id, id), inArray(paymentRefunds.status, [...from])))
    .returning();
  return rows[0];
}

export function selectRefundsOfOrders(db: Executor, orderIds: string[]): Promise<RefundRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.select().from(paymentRefunds).where(inArray(paymentRefunds.orderId, orderIds));
}

export async function upsertReconciliation(
  db: Executor,
  row: typeof paymentReconciliations.$inferInsert,
): Promise<void> {
  await db
    .insert(paymentReconciliations)
    .values(row)
    .onConflictDoUpdate({
      target: [paymentReconciliations.provider, paymentReconciliations.day],
      set: { checked: row.checked, differences: row.differences, createdAt: row.createdAt },
    });
}

/** Events of one provider received in [from, to) that the shop could not apply to any attempt. */
export function selectUnappliedEvents(db: Executor, provider: AttemptRow["provider"], from: Date, to: Date) {
  return db
    .select({ id: paymentEvents.id, attemptId: paymentEvents.attemptId, outcome: paymentEvents.outcome })
    .from(paymentEvents)
    .where(
      and(
        eq(paymentEvents.provider, provider),
        inArray(paymentEvents.outcome, ["unmatched", "mismatch", "unreadable", "contradicted"]),
        sql`${paymentEvents.receivedAt} >= ${from} and ${paymentEvents.receivedAt} < ${to}`,
      ),
    )
    .orderBy(paymentEvents.id);
}

/** The attempts of several payments or recharges, newest first (one query for a page of them). */
export function selectAttemptsOfSubjects(db: Executor, subjectIds: readonly string[]): Promise<AttemptRow[]> {
  if (subjectIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(paymentAttempts)
    .where(inArray(paymentAttempts.subjectId, [...subjectIds]))
    .orderBy(desc(paymentAttempts.id));
}

/** A page of attempts, newest first: `limit + 1` rows before the cursor's id. */
export function selectAttemptPage(
  db: Executor,
  opts: {
    status?: AttemptStatus | undefined;
    channel?: AttemptRow["channel"] | undefined;
    provider?: AttemptRow["provider"] | undefined;
    before?: string | undefined;
    limit: number;
  },
): Promise<AttemptRow[]> {
  return db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        opts.status ? eq(paymentAttempts.status, opts.status) : undefined,
        opts.channel ? eq(paymentAttempts.channel, opts.channel) : undefined,
        opts.provider ? eq(paymentAttempts.provider, opts.provider) : undefined,
        opts.before ? lt(paymentAttempts.id, opts.before) : undefined,
      ),
    )
    .orderBy(desc(paymentAttempts.id))
    .limit(opts.limit + 1);
}

/** A page of provider events, newest first; only the unapplied ones when asked. */
export function selectEventPage(
  db: Executor,
  opts: { unapplied: boolean; before?: string | undefined; limit: number },
) {
  return db
    .select()
    .from(paymentEvents)
    .where(
      and(
        opts.unapplied ? inArray(paymentEvents.outcome, [...unappliedOutcomes]) : undefined,
        opts.before ? lt(paymentEvents.id, opts.before) : undefined,
      ),
    )
    .orderBy(desc(paymentEvents.id))
    .limit(opts.limit + 1);
}

/** The newest reconciliation reports. */
export function selectReconciliations(db: Executor, limit: number) {
  return db
    .select()
    .from(paymentReconciliations)
    .orderBy(desc(paymentReconciliations.day), desc(paymentReconciliations.id))
    .limit(limit);
}
