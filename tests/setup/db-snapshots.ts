// Vitest's global set-up: migrates one database and seeds another once per run, so each test file copies them
// (a few hundred milliseconds) instead of migrating and seeding its own (seconds each, 36 times per database).
// On PGlite the copies are `dumpDataDir` files; on PostgreSQL, template databases. The seeded shop's image files
// are copied with it. `tests/setup/test-db.ts` reads what is provided here.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPostgres, pgliteClient, pgliteDatabase, type Database } from "#server/db/client.ts";
import { jobHandlers, periodicTasks } from "#server/flows/jobs.ts";
import { openJobQueue } from "#server/platform/jobs.ts";
import { seedDemoData } from "#server/seed/seed.ts";
import { createLogger } from "#server/platform/logger.ts";
import { createLocalStorage } from "#server/platform/storage.ts";

/** What a test file starts its database from. */
export interface DbSnapshots {
  /** A PGlite data-dir dump (a file path) or a PostgreSQL template database's name. */
  migrated: string;
  seeded: string;
  /** The seeded shop's uploaded files. */
  seededUploads: string;
  /**
   * PostgreSQL: how this run's per-test databases are named (`<prefix>_t_<random>`), so the run's teardown drops
   * any a test file left behind.
   */
  testPrefix?: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    dbSnapshots: DbSnapshots;
  }
}

/** The images the test seed renders: small, to seed fast. */
export const testSeedImageSize = 48;

export const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Runs one statement on the server's maintenance database (or on `url`'s). */
export async function adminQuery(sql: string, url = adminUrl) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** The URL of database `name` on the test server. */
export function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Installs the job queue's schema and queues (pg-boss), so every copy has them. */
async function installJobs(database: Database) {
  const jobs = await openJobQueue(database, {
    handlers: jobHandlers(),
    periodic: periodicTasks(),
    log: createLogger("silent"),
    worker: false,
  });
  return jobs;
}

async function seed(database: Database, uploads: string) {
  await seedDemoData(database.db, createLocalStorage(uploads), createLogger("silent"), {
    imageSize: testSeedImageSize,
  });
}

export default async function setup(project: TestProject) {
  const kind = project.name === "postgres" ? "postgres" : "pglite";
  const folder = await mkdtemp(path.join(tmpdir(), "pasar-snapshots-"));
  const seededUploads = path.join(folder, "uploads");

  if (kind === "pglite") {
    const client = await pgliteClient("memory://");
    const database = await pgliteDatabase(client);
    await database.migrate();
    const jobs = await installJobs(database);
    const migrated = path.join(folder, "migrated.tar");
    await writeFile(migrated, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
    await seed(database, seededUploads);
    await jobs.stop();
    await database.analyze();
    const seeded = path.join(folder, "seeded.tar");
    await writeFile(seeded, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
    await database.close();
    project.provide("dbSnapshots", { migrated, seeded, seededUploads });
    return () => rm(folder, { recursive: true, force: true });
  }

  const prefix = `pasar_tpl_${randomBytes(4).toString("hex")}`;
  const [migrated, seeded] = [`${prefix}_migrated`, `${prefix}_seeded`];
  for (const name of [migrated, seeded]) {
    await adminQuery(`create database ${name}`);
    const database = await openPostgres(databaseUrl(name), { max: 2 });
    try {
      await database.migrate();
      const jobs = await installJobs(database);
      if (name === seeded) await seed(database, seededUploads);
      await jobs.stop();
    } finally {
      await database.close();
    }
    if (name === seeded) await adminQuery("analyze", databaseUrl(name));
    // Nobody connects to a template (a connection would make copying it fail), autovacuum included.
    await adminQuery(`alter database ${name} with is_template true allow_connections false`);
  }
  const testPrefix = `${prefix}_t`;
  project.provide("dbSnapshots", { migrated, seeded, seededUploads, testPrefix });
  return async () => {
    // Each test file drops its own databases; one that did not (seen: two of a few hundred per run, cause not
    // found) must not outlive the run.
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>(
        "select datname from pg_database where starts_with(datname, $1)",
        [`${testPrefix}_`],
      );
      for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    } finally {
      await admin.end();
    }
    for (const name of [migrated, seeded]) {
      await adminQuery(`alter database ${name} with is_template false`);
      await adminQuery(`drop database if exists ${name} with (force)`);
    }
    await rm(folder, { recursive: true, force: true });
  };
}
