// The server `npm run bench:chat` loads (scripts/bench-chat.ts): the shop's HTTP application with the chat hub on
// an existing PostgreSQL database, in a process of its own so its memory can be read, like
// tests/setup/app-instance.ts but with the production pool (10 connections), warnings logged, and one trusted
// proxy hop (TRUST_PROXY_HOPS=1), so the load's senders can come from addresses of their own. Prints
// `{"port":N}` once listening; for each line `mem` on stdin, collects garbage (with --expose-gc) and prints
// `{"mem":{…},"cpu":{…},"queries":N,"open":N}`; ends on SIGTERM.
import { createInterface } from "node:readline";
import pg from "pg";
import { createLogger } from "#server/platform/logger.ts";
import { startInstanceApp } from "../tests/setup/instance-app.ts";

// Every query the app sends to PostgreSQL, counted (the bench reports queries per message).
let queries = 0;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  queries += 1;
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

const url = process.argv[2];
if (!url) throw new Error("usage: bench-chat-instance.ts <postgres url>");
const { chatHub } = await startInstanceApp({
  url,
  log: createLogger("warn"),
  localOutbox: false,
  buildId: "bench-chat",
  trustProxyHops: 1,
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
