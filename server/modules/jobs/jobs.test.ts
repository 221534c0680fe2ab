import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { transact } from "../../db/transaction.ts";
import { setClock } from "../../platform/clock.ts";
import { findJob, runDueJobs, scheduleJob } from "./jobs.service.ts";

let database: TestDatabase;
let restore: (() => void) | undefined;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());
afterEach(() => {
  restore?.();
  restore = undefined;
});

it("runs each due job once, even with two workers at it, and nothing before it is due", async () => {
  const start = new Date("2026-11-23T03:00:00Z");
  restore = setClock(() => start);
  const ids = Array.from({ length: 20 }, (_, i) => `subject-${i}`);
  await transact(database.db, async (tx) => {
    for (const id of ids) await scheduleJob(tx, "test.count", id, new Date(start.getTime() + 60_000));
    // Scheduling the same deadline again changes nothing.
    await scheduleJob(tx, "test.count", ids[0]!, new Date(start.getTime() + 1_000));
  });
  const ran: string[] = [];
  const handlers = { "test.count": async (_tx: unknown, id: string) => void ran.push(id) };
  expect(await runDueJobs(database.db, handlers)).toBe(0);

  restore();
  restore = setClock(() => new Date(start.getTime() + 61_000));
  const [a, b] = await Promise.all([runDueJobs(database.db, handlers), runDueJobs(database.db, handlers)]);
  expect(a + b).toBe(20);
  expect(ran.sort()).toEqual([...ids].sort());
  expect((await findJob(database.db, "test.count", ids[0]!))?.doneAt).toEqual(
    new Date(start.getTime() + 61_000),
  );
});

it("a failing job is kept and tried again later, its work undone", async () => {
  const at = new Date("2026-11-24T03:00:00Z");
  restore = setClock(() => at);
  await scheduleJob(database.db, "test.fail", "x", at);
  let calls = 0;
  const handlers = {
    "test.fail": async () => {
      calls++;
      if (calls === 1) throw new Error("boom");
    },
  };
  expect(await runDueJobs(database.db, handlers)).toBe(0);
  const failed = await findJob(database.db, "test.fail", "x");
  expect(failed).toMatchObject({ attempts: 1, doneAt: null, lastError: "Error: boom" });
  expect(failed!.dueAt.getTime()).toBe(at.getTime() + 60_000);
  // Not yet due again.
  expect(await runDueJobs(database.db, handlers)).toBe(0);
  restore();
  restore = setClock(() => new Date(at.getTime() + 60_000));
  expect(await runDueJobs(database.db, handlers)).toBe(1);
  expect(calls).toBe(2);
});
