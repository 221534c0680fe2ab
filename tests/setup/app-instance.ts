// One more instance of the shop's HTTP application on an existing PostgreSQL database, in a process of its own:
// what the chat's delivery and kept values between instances are proven with (server/http/chat-stream.test.ts,
// server/platform/kept-sync.test.ts). Prints `{"port":N}` once listening; ends on SIGTERM.
import { createLogger } from "#server/platform/logger.ts";
import { startInstanceApp } from "./instance-app.ts";

const url = process.argv[2];
if (!url) throw new Error("usage: app-instance.ts <postgres url>");
await startInstanceApp({
  url,
  log: createLogger("silent"),
  poolSize: 3,
  localOutbox: true,
  buildId: "instance",
});
