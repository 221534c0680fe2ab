import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerFor } from "../../tests/setup/caller.ts";
import { startTestServer } from "../../tests/setup/server.ts";
import { freshEmail } from "../../tests/setup/accounts.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-db.ts";
import { queryInput } from "../../tests/setup/test-app.ts";
import { isFromThisMachine } from "./app.ts";

/**
 * The local outbox (sign-in and reset codes) and the metrics answer only a request from this machine itself.
 * These requests go over a real loopback socket, as a reverse proxy on the same host would send them.
 */
let database: TestDatabase;
const servers: { url: string; close(): Promise<void> }[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  // A code waits in the outbox, as after someone asked to sign up.
  await callerFor(database).auth.sendCode({ account: freshEmail(), purpose: "signup" });
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await database.destroy();
});

async function serve(opts: Parameters<typeof startTestServer>[1] = {}) {
  const server = await startTestServer(database, opts);
  servers.push(server);
  return server.url;
}

/** GET over a loopback socket with exactly these headers (fetch cannot set Host). */
function get(url: string, path: string, headers: Record<string, string> = {}) {
  const { port } = new URL(url);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, path, method: "GET", headers: { host: `localhost:${port}`, ...headers } },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const outboxPath = `/trpc/notifications.outbox?input=${queryInput(undefined)}`;

describe("the local outbox", () => {
  it("answers a request made on this machine, straight to the shop", async () => {
    const url = await serve();
    const res = await get(url, outboxPath);
    expect(res.status).toBe(200);
    expect(res.body).toContain("Pasar");
  });

  it.each([
    ["X-Forwarded-For", { "x-forwarded-for": "203.0.113.9" }],
    ["a spoofed loopback X-Forwarded-For", { "x-forwarded-for": "127.0.0.1" }],
    ["Forwarded", { forwarded: "for=203.0.113.9;proto=https" }],
    ["X-Real-IP", { "x-real-ip": "203.0.113.9" }],
    ["a public Host", { host: "pasar.example.id" }],
    ["a LAN Host", { host: "192.168.1.5:3000" }],
  ])("does not exist for a request that came through a proxy: %s", async (_name, headers) => {
    const url = await serve();
    const res = await get(url, outboxPath, headers);
    expect(res.status).toBe(404);
    expect(res.body).not.toContain("Pasar");
  });

  it("a loopback address claimed in X-Forwarded-For behind a trusted proxy does not open it", async () => {
    const url = await serve({ trustProxyHops: 1 });
    for (const forwarded of ["127.0.0.1", "203.0.113.9, 127.0.0.1", "::1"]) {
      const res = await get(url, outboxPath, { "x-forwarded-for": forwarded });
      expect(res.status, forwarded).toBe(404);
    }
  });

  it("does not exist on a shop without an outbox, even for this machine", async () => {
    const url = await serve({ localOutbox: false });
    expect((await get(url, outboxPath)).status).toBe(404);
  });
});

describe("the metrics", () => {
  it("answer this machine, and a scraper elsewhere only with the token", async () => {
    const token = "scraper-token-0123456789";
    const url = await serve({ trustProxyHops: 1, metricsToken: token });
    expect((await get(url, "/metrics")).status).toBe(200);
    expect((await get(url, "/metrics")).body).toContain("process_cpu_user_seconds_total");
    // A stranger through the proxy, one spoofing a loopback forward, a wrong token: nothing.
    const strangers: Record<string, string>[] = [
      { "x-forwarded-for": "203.0.113.9" },
      { "x-forwarded-for": "127.0.0.1" },
      { host: "pasar.example.id" },
      { "x-forwarded-for": "203.0.113.9", authorization: "Bearer wrong-token-0123456789" },
      { "x-forwarded-for": "203.0.113.9", authorization: `Bearer ${token}x` },
    ];
    for (const headers of strangers) {
      const res = await get(url, "/metrics", headers);
      expect(res.status, JSON.stringify(headers)).toBe(404);
      expect(res.body).not.toContain("process_cpu");
    }
    const scraped = await get(url, "/metrics", {
      "x-forwarded-for": "203.0.113.9",
      authorization: `Bearer ${token}`,
    });
    expect(scraped.status).toBe(200);
    expect(scraped.body).toContain("trpc_calls_total");
  });

  it("without a token, nobody but this machine reads them", async () => {
    const url = await serve();
    expect((await get(url, "/metrics", { host: "pasar.example.id" })).status).toBe(404);
    expect((await get(url, "/metrics", { authorization: "Bearer anything-at-all-here" })).status).toBe(200);
  });
});

describe("isFromThisMachine", () => {
  it("needs a loopback socket, no forwarding header and a loopback Host", () => {
    const h = (init: Record<string, string>) => new Headers(init);
    expect(isFromThisMachine(h({ host: "localhost:3000" }), "127.0.0.1")).toBe(true);
    expect(isFromThisMachine(h({ host: "[::1]:3000" }), "::1")).toBe(true);
    expect(isFromThisMachine(h({ host: "localhost:3000" }), "192.168.1.20")).toBe(false);
    expect(isFromThisMachine(h({ host: "localhost:3000" }), "unknown")).toBe(false);
    expect(isFromThisMachine(h({}), "127.0.0.1")).toBe(false);
    expect(isFromThisMachine(h({ host: "localhost.evil.example" }), "127.0.0.1")).toBe(false);
    expect(isFromThisMachine(h({ host: "localhost@evil.example" }), "127.0.0.1")).toBe(false);
    expect(isFromThisMachine(h({ host: "localhost", "x-forwarded-host": "x" }), "127.0.0.1")).toBe(false);
  });
});
