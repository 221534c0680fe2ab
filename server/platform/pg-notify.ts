import { sql } from "drizzle-orm";
import pg from "pg";
import type { PGlite } from "@electric-sql/pglite";
import type { Db, Tx } from "../db/client.ts";
import type { Logger } from "./logger.ts";

/**
 * PostgreSQL's LISTEN/NOTIFY as a bus between the shop's instances: a write says what changed (ids only, in its own
 * transaction, so listeners hear of it only once it is committed) and every instance listening hears it. On PGlite
 * (one process) it is the same, through PGlite's `listen`.
 */
export interface NotifyBus {
  /** Calls `handler` with each payload sent on `channel`; answers a function that stops it. */
  subscribe(channel: string, handler: (payload: string) => void): () => void;
  /**
   * Calls `handler` whenever the bus connected again after losing its connection: what was sent meanwhile was not
   * heard, so listeners catch up from the database.
   */
  onReconnect(handler: () => void): () => void;
  close(): Promise<void>;
}

/** Sends `payload` (at most 8,000 bytes: PostgreSQL's limit) on `channel` when the transaction commits. */
export async function notify(tx: Db | Tx, channel: string, payload: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${channel}, ${payload})`);
}

type Connection = { kind: "pglite"; client: PGlite } | { kind: "postgres"; url: string };

/** Channel names are identifiers we choose; quoted anyway. */
const quoted = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

export function createNotifyBus(connection: Connection, log: Pick<Logger, "warn" | "info">): NotifyBus {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const reconnectHandlers = new Set<() => void>();
  const dispatch = (channel: string, payload: string) => {
    for (const handler of handlers.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (err) {
        log.warn({ err, channel }, "a bus listener failed");
      }
    }
  };
  return connection.kind === "pglite"
    ? pgliteBus(connection.client, handlers, reconnectHandlers, dispatch)
    : postgresBus(connection.url, handlers, reconnectHandlers, dispatch, log);
}

/** Subscribing and hearing of reconnections, the same on both databases; `listen` starts a new channel. */
function registry(
  handlers: Map<string, Set<(payload: string) => void>>,
  reconnectHandlers: Set<() => void>,
  listen: (channel: string) => void,
): Pick<NotifyBus, "subscribe" | "onReconnect"> {
  return {
    subscribe(channel, handler) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        listen(channel);
      }
      set.add(handler);
      return () => void set.delete(handler);
    },
    onReconnect(handler) {
      reconnectHandlers.add(handler);
      return () => void reconnectHandlers.delete(handler);
    },
  };
}

function pgliteBus(
  client: PGlite,
  handlers: Map<string, Set<(payload: string) => void>>,
  reconnectHandlers: Set<() => void>,
  dispatch: (channel: string, payload: string) => void,
): NotifyBus {
  const unlisten = new Map<string, Promise<() => Promise<void>>>();
  return {
    ...registry(handlers, reconnectHandlers, (channel) =>
      unlisten.set(
        channel,
        client.listen(quoted(channel), (payload) => dispatch(channel, payload)),
      ),
    ),
    async close() {
      handlers.clear();
      if (client.closed) return;
      await Promise.all([...unlisten.values()].map(async (u) => (await u)()));
    },
  };
}

/**
 * One connection of its own (a pooled one would be handed to other queries). When it drops (the database
 * restarts) it connects again with a growing pause, listens again, and tells the listeners to catch up.
 */
function postgresBus(
  url: string,
  handlers: Map<string, Set<(payload: string) => void>>,
  reconnectHandlers: Set<() => void>,
  dispatch: (channel: string, payload: string) => void,
  log: Pick<Logger, "warn" | "info">,
): NotifyBus {
  let client: pg.Client | undefined;
  let closed = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  let connecting: Promise<void> | undefined;
  let listening = Promise.resolve();

  const connect = (): Promise<void> =>
    (connecting ??= (async () => {
      const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
      next.on("notification", (m) => dispatch(m.channel, m.payload ?? ""));
      next.on("error", () => lost(next));
      next.on("end", () => lost(next));
      try {
        await next.connect();
        for (const channel of handlers.keys()) await next.query(`listen ${quoted(channel)}`);
        if (closed) {
          await next.end();
          return;
        }
        const again = failures > 0 || client !== undefined;
        client = next;
        failures = 0;
        if (again) {
          log.info("notifications: listening again");
          for (const handler of reconnectHandlers) handler();
        }
      } catch (err) {
        failures++;
        if (failures === 1) log.warn({ err }, "notifications: cannot listen; trying again");
        next.end().catch(() => {});
        retry();
      } finally {
        connecting = undefined;
      }
    })());

  function retry() {
    if (closed || timer) return;
    timer = setTimeout(
      () => {
        timer = undefined;
        void connect();
      },
      Math.min(5000, 250 * 2 ** failures),
    );
    timer.unref();
  }

  function lost(which: pg.Client) {
    if (which !== client || closed) return;
    client = undefined;
    failures = Math.max(failures, 1);
    log.warn("notifications: connection lost; listening again when the database is back");
    which.end().catch(() => {});
    retry();
  }

  void connect();
  return {
    ...registry(handlers, reconnectHandlers, (channel) => {
      // One statement at a time on the connection (pg queues them, but warns it will stop doing so).
      const on = client;
      if (!on) return; // listened to when it connects
      listening = listening
        .then(() => on.query(`listen ${quoted(channel)}`))
        .then(
          () => {},
          () => {},
        );
    }),
    async close() {
      closed = true;
      clearTimeout(timer);
      handlers.clear();
      await connecting;
      await client?.end().catch(() => {});
      client = undefined;
    },
  };
}
