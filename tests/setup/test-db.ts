import { randomBytes } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { copyFile, cp, mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { migrationsFolder, openPglite, openPostgres, type Database } from "#server/db/client.ts";
import { jobHandlers, periodicTasks } from "#server/flows/jobs.ts";
import { openJobQueue, type JobQueue } from "#server/platform/jobs.ts";
import { createLogger } from "#server/platform/logger.ts";
import { createLocalStorage, type Storage } from "#server/platform/storage.ts";
import { adminQuery, adminUrl, databaseUrl, testSeedImageSize, type DbSnapshots } from "./db-snapshots.ts";

/** Which database this test run uses: `TEST_DB=pglite` (default) or `TEST_DB=postgres`. */
export const testDbKind = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";
export { adminUrl };

/** The run's migrated and seeded databases to copy (tests/setup/db-snapshots.ts), under Vitest only. */
const snapshots: DbSnapshots | undefined = process.env.VITEST
  ? (await import("vitest")).inject("dbSnapshots")
  : undefined;
if (process.env.VITEST && !snapshots) {
  // vitest.config.ts puts a test file in the database projects when it imports this module (directly or through
  // another helper of tests/setup/); one that reached it some other way must not quietly run on one database.
  throw new Error(
    "tests/setup/test-db.ts was loaded in Vitest's `unit` project, which has no databases: import it (or a " +
      "helper that does) with a static import from the test file, so vitest.config.ts runs the file on PGlite and PostgreSQL",
  );
}
/** The PGlite snapshots, read once per test file. */
const dumps = new Map<string, Promise<Blob>>();
function dump(file: string): Promise<Blob> {
  let blob = dumps.get(file);
  if (!blob) {
    blob = readFile(file).then((bytes) => new Blob([bytes]));
    dumps.set(file, blob);
  }
  return blob;
}

export interface TestDatabase extends Database {
  storage: Storage;
  /** The database's job queue on the app's clock: `jobs.runDue()` runs what is due by `now()`. */
  jobs: JobQueue;
  uploadsDir: string;
  /** Closes and (on PostgreSQL) drops the database. */
  destroy(): Promise<void>;
}

/** A copy of the migrations up to and including `tag`: the schema as it was then. */
async function migrationsUpTo(tag: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), "pasar-migrations-"));
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.findIndex((e) => e.tag === tag);
  if (last < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  await mkdir(path.join(folder, "meta"));
  await writeFile(path.join(folder, "meta/_journal.json"), JSON.stringify(journal));
  for (const { tag } of journal.entries) {
    await copyFile(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  }
  return folder;
}

/** The rows of a raw SQL query, as plain records (migration tests read tables as they are, not as Drizzle maps them). */
export async function rowsOf(database: Database, query: SQL): Promise<Record<string, unknown>[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

/**
 * A fresh, migrated database: in-memory PGlite, or a new PostgreSQL database dropped afterwards.
 * `migratedUpTo` stops at that migration (a test of a later one; `migrate()` applies the rest).
 */
export async function createTestDatabase(opts: { migratedUpTo?: string } = {}): Promise<TestDatabase> {
  if (opts.migratedUpTo) return newDatabase({ migrations: await migrationsUpTo(opts.migratedUpTo) });
  // Under Vitest, a copy of the run's migrated database.
  return newDatabase(snapshots ? { copyOf: snapshots.migrated } : {});
}

/**
 * A new database, copied from a snapshot (`copyOf`, with its uploaded files from `uploads`) or migrated (with
 * `migrations`, or the project's).
 */
async function newDatabase(from: { copyOf?: string; uploads?: string; migrations?: string }) {
  const uploadsDir = await mkdtemp(path.join(tmpdir(), "pasar-uploads-"));
  if (from.uploads) await cp(from.uploads, uploadsDir, { recursive: true });
  const storage = createLocalStorage(uploadsDir);
  const opened = await openCopyOrMigrated(from);
  if (from.copyOf === undefined) await opened.database.migrate(from.migrations);
  const { database, dropAfter } = opened;
  const jobs = await openTestJobs(database);
  return {
    ...database,
    storage,
    uploadsDir,
    jobs,
    async destroy() {
      await jobs.stop();
      await database.close();
      await dropAfter?.();
    },
  };
}

/** The database itself: an in-memory PGlite, or a new PostgreSQL database (dropped by `dropAfter`). */
async function openCopyOrMigrated(from: { copyOf?: string }) {
  if (testDbKind === "pglite") {
    const loadDataDir = from.copyOf ? await dump(from.copyOf) : undefined;
    return { database: await openPglite("memory://", { loadDataDir }), dropAfter: undefined };
  }
  const name = `${snapshots?.testPrefix ?? "pasar_test"}_${randomBytes(6).toString("hex")}`;
  await adminQuery(
    from.copyOf ? `create database ${name} template ${from.copyOf}` : `create database ${name}`,
  );
  // The forced drop at the end terminates pooled connections; that is expected here. Waiting for a pooled
  // connection may take long when a test sends a thousand calls at once (the flash sale) on a busy machine:
  // such a wait is not the unreachable server the 5-second default is for (tests/setup/db-proxy.ts is).
  const database = await openPostgres(databaseUrl(name), {
    max: 5,
    onIdleError: () => {},
    connectionTimeoutMillis: 60_000,
  });
  return { database, dropAfter: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

export const silentLog = createLogger("silent");

/** The job queue as tests use it: on the app's clock, polling nothing by itself. */
function openTestJobs(database: Database): Promise<JobQueue> {
  return openJobQueue(database, {
    handlers: jobHandlers(),
    periodic: periodicTasks(),
    log: createLogger("silent"),
    testClock: true,
  });
}

/** A migrated database with the demo shop seeded (small images, to seed fast). */
export async function createSeededDatabase(): Promise<TestDatabase> {
  if (snapshots) return newDatabase({ copyOf: snapshots.seeded, uploads: snapshots.seededUploads });
  const database = await createTestDatabase();
  const { seedDemoData } = await import("#server/seed/seed.ts");
  await seedDemoData(database.db, database.storage, silentLog, { imageSize: testSeedImageSize });
  return database;
}
