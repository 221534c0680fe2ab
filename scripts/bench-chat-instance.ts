// The server `npm run bench:chat` loads (scripts/bench-chat.ts): the shop's HTTP application with the chat hub on
// an existing PostgreSQL database, in a process of its own so its memory can be read, like
// tests/setup/app-instance.ts but with the production pool (10 connections), warnings logged, and one trusted
// proxy hop (TRUST_PROXY_HOPS=1), so the load's senders can come from addresses of their own. Prints
// `{"port":N}` once listening; for each line `mem` on stdin, collects garbage (with --expose-gc) and prints
// `{"mem":{…},"cpu":{…},"queries":N,"open":N}`; ends on SIGTERM.
import { mkdtemp } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { getRequestListener } from "@hono/node-server";
import pg from "pg";
import { openPostgres } from "#server/db/client.ts";
import { createApp } from "#server/http/app.ts";
import { createChatHub } from "#server/http/chat-stream.ts";
import { createSandboxGateway } from "#server/modules/gateway/gateway.service.ts";
import { createLogger } from "#server/platform/logger.ts";
import { createMetrics } from "#server/platform/metrics.ts";
import { createNotifyBus } from "#server/platform/pg-notify.ts";
import { createRateLimits } from "#server/platform/rate-limit.ts";
import { createLocalStorage } from "#server/platform/storage.ts";

// Every query the app sends to PostgreSQL, counted (the bench reports queries per message).
let queries = 0;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  queries += 1;
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

const url = process.argv[2];
if (!url) throw new Error("usage: bench-chat-instance.ts <postgres url>");
const log = createLogger("warn");
const database = await openPostgres(url, {
  onIdleError: (err) => log.warn({ err }, "idle database connection failed"),
});
const uploadsDir = await mkdtemp(path.join(tmpdir(), "pasar-bench-chat-"));
const storage = createLocalStorage(uploadsDir);
const bus = createNotifyBus(database.connection, log);
const chatHub = createChatHub({ db: database.db, storage, log, bus });
const publicUrl = "http://localhost:3000";
const app = createApp({
  database,
  storage,
  channels: {},
  limits: createRateLimits(),
  log,
  sessionTtlDays: 30,
  publicUrl,
  gateway: createSandboxGateway(database.db, { publicUrl }),
  localOutbox: false,
  metrics: createMetrics(),
  maxBatchSize: 20,
  buildId: "bench-chat",
  trustProxyHops: 1,
  chatHub,
  render: async () => new Response("page", { headers: { "content-type": "text/html" } }),
});
const server = createServer(getRequestListener(app.fetch));
server.keepAliveTimeout = 65_000;
server.listen(0, "127.0.0.1", () => {
  console.log(JSON.stringify({ port: (server.address() as AddressInfo).port }));
});

const gc = (globalThis as { gc?: () => void }).gc;
createInterface({ input: process.stdin }).on("line", (line) => {
  if (line.trim() !== "mem") return;
  gc?.();
  gc?.();
  const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
  const cpu = process.cpuUsage();
  console.log(
    JSON.stringify({
      mem: { rss, heapUsed, heapTotal, external, arrayBuffers },
      cpu,
      queries,
      open: chatHub.open,
    }),
  );
});

process.on("SIGTERM", () => {
  chatHub.close();
  server.closeAllConnections();
  server.close();
  void bus.close().then(() => database.close().then(() => process.exit(0)));
});
