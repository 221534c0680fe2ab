import type { Db, Tx } from "../../db/client.ts";
import { transact } from "../../db/transaction.ts";
import { now } from "../../platform/clock.ts";
import { newId } from "../../platform/ids.ts";
import type { Logger } from "../../platform/logger.ts";
import {
  claimDueJob,
  insertJob,
  markJobDone,
  markJobFailed,
  selectJob,
  selectJobById,
} from "./jobs.queries.ts";

/** What a due job does, in the transaction that claimed it; its changes and "done" commit together. */
export type JobHandler = (tx: Tx, subjectId: string) => Promise<void>;

/** Schedules `kind` for a subject at `dueAt`, in the caller's transaction; once per kind and subject. */
export async function scheduleJob(tx: Db | Tx, kind: string, subjectId: string, dueAt: Date): Promise<void> {
  await insertJob(tx, { id: newId("job", now().getTime()), kind, subjectId, dueAt, createdAt: now() });
}

export function findJob(db: Db, kind: string, subjectId: string) {
  return selectJob(db, kind, subjectId);
}

/**
 * Runs the jobs due by the clock, one transaction each, until none is due (or `max` ran). A job whose
 * handler fails is tried again later (after 1, 2, 4, … minutes, at most an hour), never lost. Returns how
 * many were done.
 */
export async function runDueJobs(
  db: Db,
  handlers: Record<string, JobHandler>,
  opts: { log?: Logger; max?: number } = {},
): Promise<number> {
  let done = 0;
  for (let i = 0; i < (opts.max ?? 100); i++) {
    let failed: { id: string; error: unknown } | undefined;
    const ran = await transact(db, async (tx) => {
      const job = await claimDueJob(tx, now());
      if (!job) return false;
      const handler = handlers[job.kind];
      try {
        if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
        // A savepoint: a failing handler's changes are undone, the claim is released with the transaction.
        await tx.transaction((inner) => handler(inner, job.subjectId));
        await markJobDone(tx, job.id, now());
      } catch (error) {
        failed = { id: job.id, error };
      }
      return true;
    });
    if (!ran) break;
    if (failed) {
      const attempts = ((await selectJobById(db, failed.id))?.attempts ?? 0) + 1;
      const delayMs = Math.min(60, 2 ** (attempts - 1)) * 60_000;
      opts.log?.error({ err: failed.error, job: failed.id }, "scheduled job failed; trying again later");
      await markJobFailed(db, failed.id, String(failed.error), new Date(now().getTime() + delayMs));
    } else {
      done++;
    }
  }
  return done;
}

/**
 * Runs due jobs (then the `also` tasks) every `intervalMs` in this process, never two rounds at once. A round that fails (the database
 * is away) is logged and the next one tries again; the process never exits on it. Returns a stop function.
 */
export function startJobWorker(
  db: Db,
  handlers: Record<string, JobHandler>,
  opts: { log: Logger; intervalMs: number; also?: (() => Promise<unknown>)[] },
): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = runDueJobs(db, handlers, { log: opts.log })
      .then(() => Promise.all((opts.also ?? []).map((task) => task())))
      .catch((err: unknown) => opts.log.warn({ err }, "scheduled jobs round failed; trying again"))
      .finally(() => {
        running = undefined;
      });
  }, opts.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
