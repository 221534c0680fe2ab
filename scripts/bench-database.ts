// A database of its own for a benchmark that calls the shop's procedures in-process (bench:orders,
// bench:vouchers): made on the PostgreSQL server, migrated, with a job queue that runs nothing by itself, and
// dropped at the end.
import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { openPostgres } from "../server/db/client.ts";
import { jobHandlers, periodicTasks } from "../server/flows/jobs.ts";
import { openJobQueue } from "../server/platform/jobs.ts";
import { createLogger } from "../server/platform/logger.ts";
import { createLocalStorage } from "../server/platform/storage.ts";
import type { TestDatabase } from "../tests/setup/test-db.ts";

/** A new database `pasar_bench_<what>_<random>` on the server of `adminUrl`, with `poolSize` connections. */
export async function benchDatabase(adminUrl: string, what: string, poolSize: number) {
  const name = `pasar_bench_${what}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const opened = await openPostgres(url.toString(), { max: poolSize, onIdleError: () => {} });
  await opened.migrate();
  const uploadsDir = await mkdtemp(path.join(tmpdir(), "pasar-bench-"));
  const jobs = await openJobQueue(opened, {
    handlers: jobHandlers(),
    periodic: periodicTasks(),
    log: createLogger("silent"),
    worker: false,
    // `jobs.runDue()` runs what is due by the app's clock, which a benchmark may move (bench:flash).
    testClock: true,
  });
  const database: TestDatabase = {
    ...opened,
    storage: createLocalStorage(uploadsDir),
    uploadsDir,
    jobs,
    async destroy() {
      await jobs.stop();
      await opened.close();
    },
  };
  return {
    database,
    url: url.toString(),
    /** Closes it and drops it (its idle connections are terminated, which is expected). */
    async drop() {
      await database.destroy();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
