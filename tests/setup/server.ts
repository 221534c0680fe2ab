import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import type { TestDatabase } from "./test-db.ts";
import { createTestApp } from "./test-app.ts";

/** The real HTTP application listening on a free loopback port. */
export async function startTestServer(
  database: TestDatabase,
  opts: Parameters<typeof createTestApp>[1] = {},
): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const app = createTestApp(database, opts);
  const server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
