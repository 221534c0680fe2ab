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
  /** Applies pending migrations. */
  migrate(): Promise<void>;
  /**
   * Refreshes the planner's statistics. PGlite runs no autovacuum, so without this its plans go wrong as
   * tables grow; PostgreSQL's autovacuum does it by itself.
   */
  analyze(): Promise<void>;
  /** Cheap liveness query for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** Opens PGlite in `dataDir` (or in memory with `memory://`). */
export async function openPglite(dataDir: string): Promise<Database> {
  if (!dataDir.includes("://")) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(drizzlePglite({ client }), { migrationsFolder }),
    analyze: async () => {
      await client.exec("analyze");
    },
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
  };
}

/**
 * Connects to PostgreSQL through a pool. An idle connection that dies (server restart, admin
 * termination) is reported to `onIdleError` and replaced; without a listener it would crash the process.
 */
export async function openPostgres(
  url: string,
  opts: { max?: number; onIdleError?: (error: Error) => void } = {},
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10 });
  pool.on("error", (error) => opts.onIdleError?.(error));
  const db = drizzlePg({ client: pool, schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    migrate: () => migratePg(drizzlePg({ client: pool }), { migrationsFolder }),
    analyze: async () => {},
    ping: async () => {
      await pool.query("select 1");
    },
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
