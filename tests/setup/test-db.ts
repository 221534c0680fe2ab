import { randomBytes } from "node:crypto";
import { copyFile, mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { migrationsFolder, openPglite, openPostgres, type Database } from "#server/db/client.ts";
import { createLogger } from "#server/platform/logger.ts";
import { createLocalStorage, type Storage } from "#server/platform/storage.ts";

/** Which database this test run uses: `TEST_DB=pglite` (default) or `TEST_DB=postgres`. */
export const testDbKind = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";
export const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface TestDatabase extends Database {
  storage: Storage;
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

/**
 * A fresh, migrated database: in-memory PGlite, or a new PostgreSQL database dropped afterwards.
 * `migratedUpTo` stops at that migration (a test of a later one; `migrate()` applies the rest).
 */
export async function createTestDatabase(opts: { migratedUpTo?: string } = {}): Promise<TestDatabase> {
  const folder = opts.migratedUpTo ? await migrationsUpTo(opts.migratedUpTo) : undefined;
  const uploadsDir = await mkdtemp(path.join(tmpdir(), "pasar-uploads-"));
  const storage = createLocalStorage(uploadsDir);
  if (testDbKind === "pglite") {
    const database = await openPglite("memory://");
    await database.migrate(folder);
    return { ...database, storage, uploadsDir, destroy: () => database.close() };
  }
  const name = `pasar_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // The forced drop at the end terminates pooled connections; that is expected here. Waiting for a pooled
  // connection may take long when a test sends a thousand calls at once (the flash sale) on a busy machine:
  // such a wait is not the unreachable server the 5-second default is for (tests/setup/db-proxy.ts is).
  const database = await openPostgres(url.toString(), {
    max: 5,
    onIdleError: () => {},
    connectionTimeoutMillis: 60_000,
  });
  await database.migrate(folder);
  return {
    ...database,
    storage,
    uploadsDir,
    async destroy() {
      await database.close();
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}

export const silentLog = createLogger("silent");

/** A migrated database with the demo shop seeded (small images, to seed fast). */
export async function createSeededDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  const { seedDemoData } = await import("#server/db/seed.ts");
  await seedDemoData(database.db, database.storage, silentLog, { imageSize: 48 });
  return database;
}
