import net, { type AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { openPostgres, type Db } from "#server/db/client.ts";
import { adminUrl } from "./test-db.ts";

/** A TCP proxy to PostgreSQL that a test can cut (as if the server stopped) and restore. */
export async function startProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on("error", () => {});
          s.on("close", () => {
            sockets.delete(s);
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    /** Refuses new connections and drops open ones, like a stopped server. */
    cut: () =>
      new Promise<void>((resolve) => {
        server!.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
    restore: listen,
  };
}

/** Waits until `check` holds, polling every 100 ms, or fails after `ms`. */
export async function eventually(check: () => Promise<boolean>, ms = 15_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("condition not met in time");
}

/** The name of a PostgreSQL test database, to reach it again through a proxy. */
export async function databaseName(db: Db): Promise<string> {
  const result = (await db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  return result.rows[0]!.name;
}

/** The test database `name`, reached through the proxy on `port` (which the test can cut and restore). */
export function openThroughProxy(port: number, name: string) {
  const url = new URL(adminUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  url.pathname = `/${name}`;
  return openPostgres(url.toString(), { max: 3, connectionTimeoutMillis: 1000 });
}
