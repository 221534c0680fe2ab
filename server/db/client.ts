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
   * tables grow; PostgreSQL's autovacuum does it by itself, unless it is switched off.
   */
  analyze(): Promise<void>;
  /** Cheap liveness query for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

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

/** Opens PGlite in `dataDir` (or in memory with `memory://`). */
export async function openPglite(dataDir: string): Promise<Database> {
  if (!dataDir.includes("://")) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  await tunePglite(client);
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
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10, options: postgresOptions });
  pool.on("error", (error) => opts.onIdleError?.(error));
  const db = drizzlePg({ client: pool, schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    migrate: () => migratePg(drizzlePg({ client: pool }), { migrationsFolder }),
    analyze: async () => {
      // Normally autovacuum keeps statistics; a server with it switched off gets them from us instead.
      const { rows } = await pool.query<{ on: string }>("select current_setting('autovacuum') as on");
      if (rows[0]?.on === "off") await pool.query("analyze");
    },
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
