import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { fromDrizzle, fromPglite, PgBoss, TestClock, type Job, type JobWithMetadata } from "pg-boss";
import type { Database, Db, Tx } from "../db/client.ts";
import { originOf, transact } from "../db/transaction.ts";
import { now } from "./clock.ts";
import type { Logger } from "./logger.ts";

/**
 * Durable jobs on pg-boss (docs/decisions/0018-durable-jobs-on-pg-boss.md): order deadlines, auto-confirmation,
 * a recharge's payment window, the sandbox gateway's re-sent notifications and forgetting old idempotency keys.
 * A job is enqueued in the transaction of the write that makes it, runs once however many app instances work
 * the queue (pg-boss claims with `for update skip locked`), and a failing one is tried again with back-off and,
 * when its tries are used up, kept in the dead-letter queue the operator area lists.
 */

/**
 * What a job does for its subject (an order, a payment…), in one transaction of its own; or, with `outside`,
 * with no transaction open (work that waits on the network, such as a notification sent to the shop's own
 * HTTP endpoint). Must be idempotent: a job whose instance dies after the work and before "done" runs again.
 */
export type JobHandler =
  | ((tx: Tx, subjectId: string) => Promise<void>)
  | { outside: (db: Db, subjectId: string) => Promise<void> };
/** A job that is not about one subject: runs on a timetable (cron), outside any transaction. */
export type PeriodicTask = (db: Db) => Promise<unknown>;

interface JobData {
  subjectId: string;
}

/** Where jobs whose tries are used up are kept, for the operator to see and send again. */
export const deadLetterQueue = "jobs.dead";

/**
 * Tries and back-off for every queue: 1, 2, 4 … minutes apart (at most an hour), 12 tries in all, then the
 * dead-letter queue. A job running longer than 5 minutes is taken as lost (its instance died) and tried again.
 */
const queuePolicy = {
  retryLimit: 12,
  retryDelay: 60,
  retryBackoff: true,
  retryDelayMax: 3600,
  expireInSeconds: 300,
  deadLetter: deadLetterQueue,
} as const;

export interface JobQueue {
  readonly boss: PgBoss;
  /** Works every queue in this process: each due job once across all instances, one transaction each. */
  work(opts: { pollingIntervalSeconds?: number }): Promise<void>;
  /** Runs the jobs due by the app's clock (tests: the clock they moved) until none is due; how many were done. */
  runDue(opts?: { max?: number }): Promise<number>;
  /** Runs a periodic task's queue once now (tests). */
  runPeriodic(name: string): Promise<void>;
  /** The jobs that failed at least once and wait for another try, and the dead ones. */
  failures(): Promise<{ kind: string; subjectId: string; error: string }[]>;
  /** The jobs in the dead-letter queue, newest first. */
  deadLetters(limit?: number): Promise<DeadJob[]>;
  /** One dead job by its id, or undefined. */
  deadLetter(id: string): Promise<DeadJob | undefined>;
  /** Sends a dead job back to its queue, due now (in `tx` when given); false when there is no such dead job. */
  retryDead(id: string, tx?: Tx): Promise<boolean>;
  stop(): Promise<void>;
}

export interface DeadJob {
  id: string;
  kind: string;
  subjectId: string;
  tries: number;
  firstQueuedAt: Date;
  failedAt: Date;
  error: string;
}

const queues = new WeakMap<Db, JobQueue>();

/**
 * Schedules `kind` for a subject at `dueAt` in the caller's transaction (it commits or rolls back with the
 * write that made it); once per kind and subject: scheduling it again does nothing.
 */
export async function scheduleJob(tx: Tx, kind: string, subjectId: string, dueAt: Date): Promise<void> {
  const queue = queues.get(originOf(tx));
  if (!queue) {
    throw new Error(
      "no job queue is open for this database (openJobQueue), or the transaction was not opened by transact()",
    );
  }
  await scheduleJobOn(queue, tx, kind, subjectId, dueAt);
}

/** `scheduleJob` on a given queue (a test's second instance over the same database). */
export async function scheduleJobOn(
  queue: JobQueue,
  tx: Tx,
  kind: string,
  subjectId: string,
  dueAt: Date,
): Promise<void> {
  await queue.boss.send(kind, { subjectId } satisfies JobData, {
    id: jobId(kind, subjectId),
    startAfter: dueAt,
    singletonKey: subjectId,
    db: drizzleDb(tx),
  });
}

/** pg-boss statements run in the caller's transaction. */
function drizzleDb(tx: Tx) {
  // Drizzle's `execute` resolves to the driver's own result (PGlite's or node-postgres's), both `{ rows }`.
  return fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql);
}

/** The job queue open for a database (the operator's views of it). */
export function jobQueueOf(db: Db): JobQueue {
  const queue = queues.get(db);
  if (!queue) throw new Error("no job queue is open for this database (openJobQueue)");
  return queue;
}

/** A job's id from its kind and subject (a UUID in form): the same job scheduled twice is one row. */
function jobId(kind: string, subjectId: string): string {
  const h = createHash("sha256").update(`${kind}\n${subjectId}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Opens the job queue of a database (installing pg-boss's schema and the queues when missing) with the
 * handlers for each kind and the periodic tasks. `testClock`: pg-boss reads the app's clock (tests that move
 * time run due jobs with `runDue`), and polls nothing by itself.
 */
export async function openJobQueue(
  database: Database,
  opts: {
    handlers: Record<string, JobHandler>;
    periodic?: Record<string, { cron: string; task: PeriodicTask }>;
    log: Logger;
    testClock?: boolean;
    /** Whether this process may run due jobs at all (false: it only enqueues, as the seed does). */
    worker?: boolean;
  },
): Promise<JobQueue> {
  const clock = opts.testClock ? new TestClock(now()) : undefined;
  const connection =
    database.connection.kind === "pglite"
      ? { db: fromPglite(database.connection.client) }
      : { connectionString: database.connection.url, max: 3 };
  const worker = opts.worker ?? !opts.testClock;
  const boss = new PgBoss({
    ...connection,
    ...(clock ? { clock } : {}),
    // Maintenance (expiring lost jobs, retention) and cron run on the worker instances only.
    supervise: worker,
    schedule: worker && Object.keys(opts.periodic ?? {}).length > 0,
    registerInstance: false,
    // OpenTelemetry is not set up in this shop.
    openTelemetry: { enabled: false },
  });
  // An 'error' nobody listens to would end the process; a database that is away is logged and retried.
  boss.on("error", (err: unknown) => opts.log.warn({ err }, "job queue: error (retrying)"));
  await boss.start();
  const kinds = Object.keys(opts.handlers);
  const periodic = opts.periodic ?? {};
  const existing = new Set((await boss.getQueues()).map((q) => q.name));
  const missing = [deadLetterQueue, ...kinds, ...Object.keys(periodic)].filter((name) => !existing.has(name));
  if (missing.length > 0) {
    if (!existing.has(deadLetterQueue))
      await boss.createQueue(deadLetterQueue, { retentionSeconds: 30 * 86_400 });
    for (const name of [...kinds, ...Object.keys(periodic)]) {
      if (!existing.has(name)) await boss.createQueue(name, queuePolicy);
    }
    // pg-boss caches the queues when it starts; a queue made after that is looked up on first use, outside
    // the caller's transaction (which on PGlite, one connection, would wait on that very transaction).
    await boss.stop({ graceful: false, close: database.connection.kind === "postgres" });
    return openJobQueue(database, opts);
  }

  const run = (kind: string, job: Job<JobData>) => {
    const handler = opts.handlers[kind];
    if (!handler) throw new Error(`no handler for job kind ${kind}`);
    if (typeof handler !== "function") return handler.outside(database.db, job.data.subjectId);
    return transact(database.db, (tx) => handler(tx, job.data.subjectId));
  };

  const queue: JobQueue = {
    boss,
    async work({ pollingIntervalSeconds = 5 }) {
      for (const kind of kinds) {
        // Up to ten jobs a fetch, fetched again at once while fetches come back full: a backlog (deadlines that
        // came due while the shop was down, or under heavy ordering) drains at the handlers' speed rather than
        // one job per poll. Each job succeeds or fails alone: a failed one is failed here (retried later, then the
        // dead-letter queue) and the rest of the batch is completed when the handler returns.
        await boss.work<JobData>(
          kind,
          { pollingIntervalSeconds, batchSize: 10, burstWhenBatchFull: true },
          async (jobs) => {
            for (const job of jobs) {
              try {
                await run(kind, job);
              } catch (error) {
                opts.log.error({ err: error, job: job.id, kind }, "scheduled job failed; trying again later");
                await boss.fail(kind, job.id, { message: String(error).slice(0, 500) });
              }
            }
          },
        );
      }
      for (const [name, { cron, task }] of Object.entries(periodic)) {
        await boss.schedule(name, cron, null, { tz: "Asia/Jakarta" });
        await boss.work(name, { pollingIntervalSeconds }, async () => {
          await task(database.db);
        });
      }
    },
    async runDue({ max = 100 } = {}) {
      if (clock) await syncClock(clock);
      let done = 0;
      for (let round = 0; round < max; round++) {
        let ran = 0;
        for (const kind of kinds) {
          for (const job of await boss.fetch<JobData>(kind, { batchSize: 20 })) {
            ran++;
            try {
              await run(kind, job);
              await boss.complete(kind, job.id);
              done++;
            } catch (error) {
              opts.log.error({ err: error, job: job.id, kind }, "scheduled job failed; trying again later");
              await boss.fail(kind, job.id, { message: String(error).slice(0, 500) });
            }
          }
        }
        if (ran === 0) break;
      }
      return done;
    },
    async runPeriodic(name) {
      const entry = periodic[name];
      if (!entry) throw new Error(`no periodic task ${name}`);
      await entry.task(database.db);
    },
    async failures() {
      const waiting = [];
      for (const kind of kinds) {
        for (const j of await boss.findJobs<JobData>(kind, { queued: true, limit: 100_000 })) {
          if (j.state === "retry")
            waiting.push({ kind, subjectId: j.data.subjectId, error: errorText(j.output) });
        }
      }
      const dead = (await queue.deadLetters(100_000)).map(({ kind, subjectId, error }) => ({
        kind,
        subjectId,
        error,
      }));
      return [...waiting, ...dead];
    },
    async deadLetters(limit = 100) {
      const jobs = await boss.findJobs<JobData>(deadLetterQueue, { limit: 100_000 });
      return jobs
        .map(deadJobView)
        .sort((a, b) => b.failedAt.getTime() - a.failedAt.getTime())
        .slice(0, limit);
    },
    async deadLetter(id) {
      const [job] = await boss.findJobs<JobData>(deadLetterQueue, { id });
      return job && deadJobView(job);
    },
    async retryDead(id, tx) {
      return (await boss.redrive(deadLetterQueue, { ids: [id], ...(tx ? { db: drizzleDb(tx) } : {}) })) > 0;
    },
    async stop() {
      if (queues.get(database.db) === queue) queues.delete(database.db);
      await boss.stop({ graceful: true, close: database.connection.kind === "postgres", timeout: 10_000 });
    },
  };
  queues.set(database.db, queue);
  await adoptLegacyJobs(database.db, kinds);
  return queue;
}

/**
 * The deadlines a shop wrote before it ran on pg-boss (its own `scheduled_jobs` table, which migration 0021
 * renamed `scheduled_jobs_legacy`) move into the queue once, at the same due times; then the table goes.
 */
async function adoptLegacyJobs(db: Db, kinds: string[]): Promise<void> {
  const present = rowsOf<{ present: boolean }>(
    await db.execute(sql`select to_regclass('scheduled_jobs_legacy') is not null as present`),
  );
  if (!present[0]?.present) return;
  await transact(db, async (tx) => {
    const pending = rowsOf<{ kind: string; subject_id: string; due_at: string | Date }>(
      await tx.execute(sql`select kind, subject_id, due_at from scheduled_jobs_legacy where done_at is null`),
    );
    for (const row of pending) {
      if (kinds.includes(row.kind)) await scheduleJob(tx, row.kind, row.subject_id, new Date(row.due_at));
    }
    await tx.execute(sql`drop table scheduled_jobs_legacy`);
  });
}

/** The rows of a raw statement's result: PGlite and node-postgres both answer `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Moves pg-boss's test clock to the app's, one move at a time (runners may ask at once). */
const clockMoves = new WeakMap<TestClock, Promise<void>>();
function syncClock(clock: TestClock): Promise<void> {
  const moved = (clockMoves.get(clock) ?? Promise.resolve()).then(() =>
    clock.now() === now().getTime() ? undefined : clock.setTime(now()),
  );
  clockMoves.set(
    clock,
    moved.catch(() => undefined),
  );
  return moved;
}

function deadJobView(j: JobWithMetadata<JobData>): DeadJob {
  return {
    id: j.id,
    kind: j.sourceName ?? "",
    subjectId: j.data?.subjectId ?? "",
    tries: (j.sourceRetryCount ?? 0) + 1,
    firstQueuedAt: j.sourceCreatedOn ?? j.createdOn,
    failedAt: j.createdOn,
    error: errorText(j.sourceOutput),
  };
}

function errorText(output: unknown): string {
  if (output && typeof output === "object" && "message" in output) return String(output.message);
  return output == null ? "" : JSON.stringify(output);
}
