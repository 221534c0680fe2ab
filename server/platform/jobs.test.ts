import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { callerFor } from "../../tests/setup/caller.ts";
import { signedInUser } from "../../tests/setup/money.ts";
import { createTestDatabase, silentLog, testDbKind, type TestDatabase } from "../../tests/setup/test-db.ts";
import type { Tx } from "../db/client.ts";
import { transact } from "../db/transaction.ts";
import { setClock } from "./clock.ts";
import { openJobQueue, scheduleJob, type JobHandler, type JobQueue } from "./jobs.ts";

let database: TestDatabase;
let queue: JobQueue;
let restore: (() => void) | undefined;
const ran: string[] = [];
let failUntil = 0;
const calls = new Map<string, number>();
const handlers: Record<string, JobHandler> = {
  "test.count": async (_tx: Tx, id: string) => void ran.push(id),
  "test.fail": async (_tx: Tx, id: string) => {
    const n = (calls.get(id) ?? 0) + 1;
    calls.set(id, n);
    if (n <= failUntil) throw new Error(`boom ${n}`);
  },
};
const start = new Date("2026-11-23T03:00:00Z");
const at = (ms: number) => {
  restore?.();
  restore = setClock(() => new Date(start.getTime() + ms));
};

beforeAll(async () => {
  database = await createTestDatabase();
  await database.jobs.stop();
  queue = await openJobQueue(database, { handlers, log: silentLog, testClock: true });
});
afterAll(async () => {
  await queue.stop();
  await database.close();
});
afterEach(() => {
  restore?.();
  restore = undefined;
  ran.length = 0;
});

it("runs each due job once, even with two runners at it, and nothing before it is due", async () => {
  at(0);
  const ids = Array.from({ length: 20 }, (_, i) => `subject-${i}`);
  await transact(database.db, async (tx) => {
    for (const id of ids) await scheduleJob(tx, "test.count", id, new Date(start.getTime() + 60_000));
    // Scheduling the same deadline again changes nothing.
    await scheduleJob(tx, "test.count", ids[0]!, new Date(start.getTime() + 1_000));
  });
  expect(await queue.runDue()).toBe(0);
  at(59_000);
  expect(await queue.runDue()).toBe(0);

  at(61_000);
  const [a, b] = await Promise.all([queue.runDue(), queue.runDue()]);
  expect(a + b).toBe(20);
  expect(ran.sort()).toEqual([...ids].sort());
  expect(await queue.runDue()).toBe(0);
});

it("a job scheduled in a transaction that rolls back is never queued", async () => {
  at(0);
  await expect(
    transact(database.db, async (tx) => {
      await scheduleJob(tx, "test.count", "rolled-back", new Date(start.getTime() + 1_000));
      throw new Error("the write failed");
    }),
  ).rejects.toThrow("the write failed");
  at(10 * 86_400_000);
  await queue.runDue();
  expect(ran).not.toContain("rolled-back");
});

it("a failing job is tried again with back-off, then kept in the dead-letter queue, and can be sent again", async () => {
  at(0);
  failUntil = 2;
  await transact(database.db, (tx) => scheduleJob(tx, "test.fail", "x", new Date(start.getTime())));
  expect(await queue.runDue()).toBe(0);
  expect(calls.get("x")).toBe(1);
  expect((await queue.failures()).map((f) => [f.kind, f.subjectId, f.error])).toEqual([
    ["test.fail", "x", "Error: boom 1"],
  ]);
  // Not due again before the first delay (a minute; pg-boss's back-off adds up to as much again at random).
  at(59_000);
  expect(await queue.runDue()).toBe(0);
  expect(calls.get("x")).toBe(1);
  at(5 * 60_000);
  expect(await queue.runDue()).toBe(0);
  expect(calls.get("x")).toBe(2);
  at(60 * 60_000);
  expect(await queue.runDue()).toBe(1);
  expect(calls.get("x")).toBe(3);
  expect(await queue.failures()).toEqual([]);

  // One that never succeeds uses up its tries and lands in the dead-letter queue.
  failUntil = Number.POSITIVE_INFINITY;
  at(2 * 3600_000);
  await transact(database.db, (tx) =>
    scheduleJob(tx, "test.fail", "y", new Date(start.getTime() + 2 * 3600_000)),
  );
  for (let hour = 2; hour < 30; hour++) {
    at(hour * 3600_000);
    await queue.runDue();
  }
  expect(calls.get("y")).toBe(13);
  const [dead, ...rest] = await queue.deadLetters();
  expect(rest).toEqual([]);
  expect(dead).toMatchObject({ kind: "test.fail", subjectId: "y", tries: 13, error: "Error: boom 13" });

  // Sent again by the operator: runs once more (and fails into the dead-letter queue again).
  expect(await queue.retryDead(dead!.id)).toBe(true);
  expect(await queue.deadLetters()).toEqual([]);
  failUntil = 0;
  at(31 * 3600_000);
  expect(await queue.runDue()).toBe(1);
  expect(calls.get("y")).toBe(14);
  expect(await queue.retryDead(dead!.id)).toBe(false);
});

it("the operator sees a dead job and sends it again (audited); nobody else may, and an unknown one is refused", async () => {
  failUntil = Number.POSITIVE_INFINITY;
  at(40 * 3600_000);
  await transact(database.db, (tx) =>
    scheduleJob(tx, "test.fail", "ord_dead", new Date(start.getTime() + 40 * 3600_000)),
  );
  for (let hour = 40; hour < 60; hour++) {
    at(hour * 3600_000);
    await queue.runDue();
  }
  const ops = await signedInUser(database, "operator");
  const shopper = await signedInUser(database);
  const { items } = await ops.api.ops.jobs.dead();
  const dead = items.find((j) => j.subjectId === "ord_dead");
  expect(dead).toMatchObject({ kind: "test.fail", tries: 13, error: "Error: boom 13" });

  await expect(shopper.api.ops.jobs.dead()).rejects.toMatchObject({ code: "FORBIDDEN" });
  await expect(shopper.api.ops.jobs.retry({ id: dead!.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
  const en = callerFor(database, { token: ops.token, lang: "en" });
  await expect(en.ops.jobs.retry({ id: "not a job" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  await expect(en.ops.jobs.retry({ id: "00000000-0000-4000-8000-000000000000" })).rejects.toMatchObject({
    code: "NOT_FOUND",
    message: "This failed job is no longer waiting (it may have been sent again already).",
  });

  failUntil = 0;
  expect(await ops.api.ops.jobs.retry({ id: dead!.id })).toEqual({
    id: dead!.id,
    kind: "test.fail",
    subjectId: "ord_dead",
  });
  await expect(en.ops.jobs.retry({ id: dead!.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  expect((await ops.api.ops.jobs.dead()).items.find((j) => j.subjectId === "ord_dead")).toBeUndefined();
  const audit = await ops.api.ops.money.audit({ action: "job.retry", limit: 10 });
  expect(audit.items).toHaveLength(1);
  expect(audit.items[0]).toMatchObject({ subjectId: "ord_dead", before: { kind: "test.fail", tries: 13 } });
  // Due now: on PostgreSQL the redrive ran in the request's transaction, on the database's own clock.
  restore?.();
  restore = setClock(() => new Date(Date.now() + 3600_000));
  const before = calls.get("ord_dead");
  expect(await queue.runDue()).toBe(1);
  expect(calls.get("ord_dead")).toBe(before! + 1);
});

it("a shop upgraded from its own scheduled_jobs table keeps its undone deadlines, moved into the queue once", async () => {
  const old = await createTestDatabase({ migratedUpTo: "0020_store_stats" });
  try {
    await old.jobs.stop();
    await old.db.execute(sql`
      insert into scheduled_jobs (id, kind, subject_id, due_at, done_at, created_at) values
        ('job_a', 'order.payment_expire', 'chk_waiting', '2026-11-23T04:00:00Z', null, '2026-11-23T03:00:00Z'),
        ('job_b', 'order.payment_expire', 'chk_done', '2026-11-23T04:00:00Z', '2026-11-23T04:00:01Z', '2026-11-23T03:00:00Z')`);
    await old.migrate();
    const expired: string[] = [];
    const upgraded = await openJobQueue(old, {
      handlers: { "order.payment_expire": async (_tx: Tx, id: string) => void expired.push(id) },
      log: silentLog,
      testClock: true,
    });
    try {
      const gone = await old.db.execute(sql`select to_regclass('scheduled_jobs_legacy') as t`);
      expect((gone as unknown as { rows: { t: unknown }[] }).rows[0]?.t).toBeNull();
      at(0);
      expect(await upgraded.runDue()).toBe(0);
      at(3600_000);
      expect(await upgraded.runDue()).toBe(1);
      expect(expired).toEqual(["chk_waiting"]);
    } finally {
      await upgraded.stop();
    }
  } finally {
    await old.destroy();
  }
});

it.runIf(testDbKind === "postgres")(
  "with two app instances working the queue on one database, a deadline fires once",
  async () => {
    restore?.();
    restore = undefined;
    const fired: string[] = [];
    const slow: Record<string, JobHandler> = {
      "test.race": async (_tx: Tx, id: string) => {
        fired.push(id);
        await new Promise((r) => setTimeout(r, 50));
      },
    };
    const instances = await Promise.all(
      [0, 1].map(() => openJobQueue(database, { handlers: slow, log: silentLog })),
    );
    const ids = Array.from({ length: 10 }, (_, i) => `race-${i}`);
    await transact(database.db, async (tx) => {
      for (const id of ids) await scheduleJob(tx, "test.race", id, new Date(Date.now() - 1_000));
    });
    await Promise.all(instances.map((q) => q.work({ pollingIntervalSeconds: 0.5 })));
    await expect.poll(() => fired.length, { timeout: 15_000 }).toBe(10);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(fired.sort()).toEqual([...ids].sort());
    await Promise.all(instances.map((q) => q.stop()));
  },
);
