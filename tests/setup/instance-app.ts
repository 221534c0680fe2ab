import { mkdtemp } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { openPostgres } from "#server/db/client.ts";
import { createApp } from "#server/http/app.ts";
import { createChatHub, type Hub } from "#server/http/chat-stream.ts";
import { createSandboxGateway } from "#server/modules/gateway/gateway.service.ts";
import { followKeptValues } from "#server/platform/kept-sync.ts";
import type { Logger } from "#server/platform/logger.ts";
import { createMetrics } from "#server/platform/metrics.ts";
import { createNotifyBus } from "#server/platform/pg-notify.ts";
import { createRateLimits } from "#server/platform/rate-limit.ts";
import { createLocalStorage } from "#server/platform/storage.ts";

/**
 * The shop's HTTP application (no pages: they answer a marker) with its chat hub and its bus on an existing PostgreSQL
 * database, listening on a free port of 127.0.0.1: one instance of several, in a process of its own
 * (tests/setup/app-instance.ts for the tests, scripts/bench-chat-instance.ts for the chat's benchmark). Prints
 * `{"port":N}` once listening; closes everything on SIGTERM.
 */
export async function startInstanceApp(opts: {
  url: string;
  log: Logger;
  /** Connections of its pool (the production pool's 10 when not given). */
  poolSize?: number;
  localOutbox: boolean;
  buildId: string;
  trustProxyHops?: number;
}): Promise<{ server: Server; chatHub: Hub }> {
  const { log } = opts;
  const database = await openPostgres(opts.url, {
    max: opts.poolSize,
    onIdleError: (err) => log.warn({ err }, "idle database connection failed"),
  });
  const storage = createLocalStorage(await mkdtemp(path.join(tmpdir(), "pasar-instance-")));
  const bus = createNotifyBus(database.connection, log);
  followKeptValues(bus);
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
    localOutbox: opts.localOutbox,
    metrics: createMetrics(),
    maxBatchSize: 20,
    buildId: opts.buildId,
    trustProxyHops: opts.trustProxyHops,
    chatHub,
    render: async () => new Response("page", { headers: { "content-type": "text/html" } }),
  });
  const server = createServer(getRequestListener(app.fetch));
  server.keepAliveTimeout = 65_000;
  server.listen(0, "127.0.0.1", () => {
    console.log(JSON.stringify({ port: (server.address() as AddressInfo).port }));
  });
  process.on("SIGTERM", () => {
    chatHub.close();
    server.closeAllConnections();
    server.close();
    void bus.close().then(() => database.close().then(() => process.exit(0)));
  });
  return { server, chatHub };
}
