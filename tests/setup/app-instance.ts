// One more instance of the shop's HTTP application on an existing PostgreSQL database, in a process of its own:
// what the chat's delivery and kept values between instances are proven with (server/http/chat-stream.test.ts,
// server/platform/kept-sync.test.ts). Prints `{"port":N}` once listening; ends on SIGTERM.
import { mkdtemp } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { openPostgres } from "#server/db/client.ts";
import { createApp } from "#server/http/app.ts";
import { createChatHub } from "#server/http/chat-stream.ts";
import { createSandboxGateway } from "#server/modules/gateway/gateway.service.ts";
import { createLogger } from "#server/platform/logger.ts";
import { createMetrics } from "#server/platform/metrics.ts";
import { followKeptValues } from "#server/platform/kept-sync.ts";
import { createNotifyBus } from "#server/platform/pg-notify.ts";
import { createRateLimits } from "#server/platform/rate-limit.ts";
import { createLocalStorage } from "#server/platform/storage.ts";

const url = process.argv[2];
if (!url) throw new Error("usage: app-instance.ts <postgres url>");
const log = createLogger("silent");
const database = await openPostgres(url, { max: 3 });
const uploadsDir = await mkdtemp(path.join(tmpdir(), "pasar-instance-"));
const storage = createLocalStorage(uploadsDir);
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
  localOutbox: true,
  metrics: createMetrics(),
  maxBatchSize: 20,
  buildId: "instance",
  chatHub,
  render: async () => new Response("page", { headers: { "content-type": "text/html" } }),
});
const server = createServer(getRequestListener(app.fetch));
server.listen(0, "127.0.0.1", () => {
  console.log(JSON.stringify({ port: (server.address() as AddressInfo).port }));
});
process.on("SIGTERM", () => {
  chatHub.close();
  server.close();
  void bus.close().then(() => database.close().then(() => process.exit(0)));
});
