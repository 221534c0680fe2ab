import { and, eq, isNull, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { scheduledJobs } from "./jobs.tables.ts";

export async function insertJob(
  tx: Db | Tx,
  row: { id: string; kind: string; subjectId: string; dueAt: Date; createdAt: Date },
): Promise<void> {
  await tx.insert(scheduledJobs).values(row).onConflictDoNothing();
}

/** Claims one due job, skipping those another worker holds; locked until the transaction ends. */
export async function claimDueJob(tx: Tx, at: Date) {
  const rows = await tx
    .select({ id: scheduledJobs.id, kind: scheduledJobs.kind, subjectId: scheduledJobs.subjectId })
    .from(scheduledJobs)
    .where(and(isNull(scheduledJobs.doneAt), lte(scheduledJobs.dueAt, at)))
    .orderBy(scheduledJobs.dueAt)
    .limit(1)
    .for("update", { skipLocked: true });
  return rows[0];
}

export async function markJobDone(tx: Tx, id: string, at: Date): Promise<void> {
  await tx.update(scheduledJobs).set({ doneAt: at }).where(eq(scheduledJobs.id, id));
}

/** A failed attempt: tried again after `retryAt`. */
export async function markJobFailed(db: Db, id: string, error: string, retryAt: Date): Promise<void> {
  await db
    .update(scheduledJobs)
    .set({ attempts: sql`${scheduledJobs.attempts} + 1`, lastError: error.slice(0, 500), dueAt: retryAt })
    .where(eq(scheduledJobs.id, id));
}

export async function selectJob(db: Db, kind: string, subjectId: string) {
  const rows = await db
    .select()
    .from(scheduledJobs)
    .where(and(eq(scheduledJobs.kind, kind), eq(scheduledJobs.subjectId, subjectId)));
  return rows[0];
}

export async function selectJobById(db: Db, id: string) {
  const rows = await db.select().from(scheduledJobs).where(eq(scheduledJobs.id, id));
  return rows[0];
}
