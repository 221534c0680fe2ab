import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

type Schema = typeof schema;
/** The database handle every query function takes; the same type on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Applies pending migrations (from another folder: tests that start from an older schema). */
  migrate(folder?: string): Promise<void>;
  /**
   * Refreshes the planner's statistics. PGlite runs no autovacuum, so without this its plans go wrong as
   * tables grow; PostgreSQL's autovacuum does it by itself, unless it is switched off.
   */
  analyze(): Promise<void>;
  /** Cheap liveness query for /readyz. */
  ping(): Promise<void>;
  /**
   * The connection underneath, for the job queue (server/platform/jobs.ts): pg-boss runs its own statements
   * on the PGlite client, or on a small pool of its own to the same PostgreSQL database.
   */
  connection: { kind: "pglite"; client: PGlite } | { kind: "postgres"; url: string };
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * Planner settings for every connection. Both databases live on fast random-access storage (SSD, or
 * PGlite's memory-backed files), where the default random_page_cost of 4 makes the planner scan all
 * products rather than use the trigram indexes: on 10,000 products a search took 57 ms instead of 23 ms.
 */
const plannerSettings = { random_page_cost: "1.1" } as const;

/** The planner settings as a PostgreSQL connection's startup options. */
export const postgresOptions = Object.entries(plannerSettings)
  .map(([name, value]) => `-c ${name}=${value}`)
  .join(" ");

/** Applies the planner settings to a PGlite session (it has one connection, so once is enough). */
export async function tunePglite(client: PGlite): Promise<void> {
  for (const [name, value] of Object.entries(plannerSettings)) await client.exec(`set ${name} = ${value}`);
}

/**
 * Opens PGlite in `dataDir` (or in memory with `memory://`); `loadDataDir` starts it from a copy of another
 * PGlite's files (`dumpDataDir`), as tests do from a migrated or seeded snapshot.
 */
export async function openPglite(dataDir: string, opts: { loadDataDir?: Blob } = {}): Promise<Database> {
  if (!dataDir.includes("://")) await mkdir(dataDir, { recursive: true });
  return pgliteDatabase(await pgliteClient(dataDir, opts.loadDataDir));
}

/** A PGlite client with the extensions the schema uses. */
export function pgliteClient(dataDir: string, loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir });
}

/** The database over an open PGlite client. */
export async function pgliteDatabase(client: PGlite): Promise<Database> {
  await tunePglite(client);
  const db = drizzlePglite({ client, schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: (folder = migrationsFolder) =>
      migratePglite(drizzlePglite({ client }), { migrationsFolder: folder }),
    analyze: async () => {
      await client.exec("analyze");
    },
    ping: async () => {
      await client.query("select 1");
    },
    connection: { kind: "pglite", client },
    close: () => client.close(),
  };
}

/** SQLSTATE classes and codes that mean "the database is away", not "the query is wrong". */
const unavailableCodes = new Set([
  "57P01", // admin_shutdown (pg_terminate_backend, fast shutdown)
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up, shutting down)
  "53300", // too_many_connections
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EPIPE",
  "EAI_AGAIN",
]);
const unavailableMessages =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|not queryable/i;

/**
 * Whether an error (or anything in its cause chain: Drizzle wraps driver errors) says the database cannot
 * be reached right now. Such a call may succeed later; the caller is told so (503) instead of "failed".
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && (unavailableCodes.has(code) || code.startsWith("08"))) return true;
    if (typeof message === "string" && unavailableMessages.test(message)) return true;
    e = cause;
  }
  return false;
}

/**
 * A checked-out client whose connection dies goes back to the pool as broken, so the pool drops it and
 * opens a new one later. Needed for transactions: Drizzle checks a client out and, when `begin` itself
 * fails on a dead connection, never releases it; after a few such failures every pooled connection was
 * lost and the server could not recover even with the database back.
 */
function guardCheckouts(pool: pg.Pool) {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient> | undefined;
  // The callback form is pg-pool's own pool.query, which handles errors itself.
  (pool as { connect: unknown }).connect = (callback?: unknown) =>
    callback
      ? connect(callback)
      : connect()!.then((client) => {
          const release = client.release.bind(client);
          let released = false;
          const onError = (error: Error) => releaseOnce(error);
          function releaseOnce(error?: Error | boolean) {
            if (released) return;
            released = true;
            client.removeListener("error", onError);
            release(error);
          }
          client.on("error", onError);
          client.release = releaseOnce;
          return client;
        });
}

/**
 * Connects to PostgreSQL through a pool. A connection that dies (server restart or stop, admin
 * termination) must never crash the process: an idle one is reported to `onIdleError` and replaced;
 * one that is checked out (a query or transaction running) gets its own error listener, since pg emits
 * the failure as an 'error' event besides failing the query, and an event nobody listens to is fatal.
 * The query itself fails, and the caller answers 503 (`isDatabaseUnavailable`). New connections are
 * tried again on the next query, so the pool recovers by itself when the server is back.
 */
export async function openPostgres(
  url: string,
  opts: { max?: number; onIdleError?: (error: Error) => void; connectionTimeoutMillis?: number } = {},
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    options: postgresOptions,
    // A server that does not answer (a dropped network) fails the request instead of hanging it.
    connectionTimeoutMillis: opts.connectionTimeoutMillis ?? 5000,
  });
  pool.on("error", (error) => opts.onIdleError?.(error));
  pool.on("connect", (client) => {
    // Reported through the failed query (or the pool's 'error' when idle); here only kept from crashing.
    client.on("error", () => {});
  });
  guardCheckouts(pool);
  const db = drizzlePg({ client: pool, schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    migrate: (folder = migrationsFolder) =>
      migratePg(drizzlePg({ client: pool }), { migrationsFolder: folder }),
    analyze: async () => {
      // Normally autovacuum keeps statistics; a server with it switched off gets them from us instead.
      const { rows } = await pool.query<{ on: string }>("select current_setting('autovacuum') as on");
      if (rows[0]?.on === "off") await pool.query("analyze");
    },
    ping: async () => {
      await pool.query("select 1");
    },
    connection: { kind: "postgres", url },
    close: () => pool.end(),
  };
}

/** Opens the configured database: PostgreSQL when a URL is given, else PGlite in the data folder. */
export function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  onIdleError?: (error: Error) => void;
}): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, { onIdleError: opts.onIdleError })
    : openPglite(path.join(opts.dataDir, "pglite"));
}
