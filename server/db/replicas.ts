import pg from "pg";
import { openPostgres, type Database, type Db } from "./client.ts";
import { followsPrimary } from "./primary.ts";

/**
 * PostgreSQL streaming replicas for public browse reads (decision 27). Every `checkMs` each replica is asked
 * how far it has replayed the primary's WAL; it is used only while it answers and has replayed at least
 * what the primary had written at the check before, so what it serves is at most about two checks old. A
 * replica that lags, stops answering or fails a query is skipped (the primary serves) until a check finds
 * it caught up again. Writes, money, and a user's own data never come here: only what the caller asks for
 * with `pick()`.
 */
export interface Replicas {
  /** A caught-up replica (in turn), else the primary. */
  pick(): Db;
  /** Whether a database `pick()` gave is a replica (its failures are the replica's, not the shop's). */
  isReplica(db: Db): boolean;
  /** Skips `db` until the next check finds it well: a query on it failed for want of a connection. */
  markDown(db: Db): void;
  /** Each replica's state, for /readyz and the logs. */
  status(): { url: string; usable: boolean; lagBytes: number | null }[];
  close(): Promise<void>;
}

interface Replica {
  /** For logs and /readyz: without its password. */
  url: string;
  connectTo: string;
  database: Database;
  /** Its own connection for checks: a pool busy with browse reads must not make it look down. */
  probe: pg.Client | undefined;
  usable: boolean;
  lagBytes: number | null;
}

/** A replica's address without its password, for logs and /readyz. */
function redacted(url: string): string {
  const u = new URL(url);
  u.password = "";
  return u.toString();
}

export function openReplicas(
  primary: { db: Db; url: string },
  urls: readonly string[],
  opts: { checkMs?: number; onChange?: (url: string, usable: boolean, why: string) => void } = {},
): Replicas {
  const checkMs = opts.checkMs ?? 500;
  const replicas: Replica[] = [];
  const byDb = new Map<Db, Replica>();
  let primaryProbe: pg.Client | undefined;
  /** The primary's WAL position at the previous check: what a usable replica must have replayed. */
  let floor: string | undefined;
  let next = 0;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const ready = Promise.all(
    urls.map(async (url) => {
      // Small pools: replicas serve short reads, and the primary's pool stays the shop's main one.
      const database = await openPostgres(url, { max: 10, connectionTimeoutMillis: 2000 });
      const replica: Replica = {
        url: redacted(url),
        connectTo: url,
        database,
        probe: undefined,
        usable: false,
        lagBytes: null,
      };
      replicas.push(replica);
      byDb.set(database.db, replica);
      followsPrimary(database.db, primary.db);
    }),
  );

  function set(replica: Replica, usable: boolean, why: string) {
    if (replica.usable === usable) return;
    replica.usable = usable;
    opts.onChange?.(replica.url, usable, why);
  }

  async function connected(url: string, current: pg.Client | undefined): Promise<pg.Client> {
    if (current) return current;
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 2000,
      query_timeout: 2000,
    });
    client.on("error", () => {});
    await client.connect();
    return client;
  }

  async function check(): Promise<void> {
    let position: string | undefined;
    try {
      primaryProbe = await connected(primary.url, primaryProbe);
      const { rows } = await primaryProbe.query<{ lsn: string }>("select pg_current_wal_lsn()::text as lsn");
      position = rows[0]!.lsn;
    } catch {
      // The primary is away: replicas are judged against the last position known.
      await primaryProbe?.end().catch(() => {});
      primaryProbe = undefined;
    }
    await Promise.all(
      replicas.map(async (replica) => {
        try {
          replica.probe = await connected(replica.connectTo, replica.probe);
          // How many bytes of WAL it still has to replay to reach the primary's position at the last check
          // (null before the first check: it is not used until it can be judged).
          const { rows } = await replica.probe.query<{ recovering: boolean; lag: string | null }>(
            "select pg_is_in_recovery() as recovering, " +
              "pg_wal_lsn_diff($1::pg_lsn, pg_last_wal_replay_lsn())::bigint::text as lag",
            [floor ?? null],
          );
          const { recovering, lag } = rows[0]!;
          replica.lagBytes = lag === null ? null : Math.max(0, Number(lag));
          if (!recovering) set(replica, false, "not a replica (promoted, or a primary by mistake)");
          else if (lag === null) set(replica, false, "not judged yet");
          else if (Number(lag) > 0) set(replica, false, "behind the primary");
          else set(replica, true, "caught up");
        } catch {
          await replica.probe?.end().catch(() => {});
          replica.probe = undefined;
          replica.lagBytes = null;
          set(replica, false, "not answering");
        }
      }),
    );
    if (position) floor = position;
  }

  const loop = async () => {
    await ready.catch(() => {});
    while (!closed) {
      await check().catch(() => {});
      if (closed) break;
      await new Promise<void>((resolve) => {
        timer = setTimeout(resolve, checkMs);
        timer.unref();
      });
    }
  };
  void loop();

  return {
    pick() {
      for (let i = 0; i < replicas.length; i++) {
        const replica = replicas[(next + i) % replicas.length]!;
        if (replica.usable) {
          next = (next + i + 1) % replicas.length;
          return replica.database.db;
        }
      }
      return primary.db;
    },
    isReplica: (db) => byDb.has(db),
    markDown(db) {
      const replica = byDb.get(db);
      if (replica) set(replica, false, "a query failed");
    },
    status: () => replicas.map((r) => ({ url: r.url, usable: r.usable, lagBytes: r.lagBytes })),
    async close() {
      closed = true;
      clearTimeout(timer);
      await ready.catch(() => {});
      await primaryProbe?.end().catch(() => {});
      await Promise.all(
        replicas.map(async (r) => {
          await r.probe?.end().catch(() => {});
          await r.database.close();
        }),
      );
    },
  };
}
