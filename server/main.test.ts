import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import { request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { serverArgs, serverEnvironment } from "../scripts/server-command.ts";
import { requireBuild } from "../tests/setup/build.ts";

const root = path.resolve(import.meta.dirname, "..");

/** Servers started by a test; any still running when it ends (a failed or timed-out test) are killed. */
const running = new Set<ChildProcess>();
afterEach(() => {
  for (const child of running) child.kill("SIGKILL");
  running.clear();
});

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, serverArgs, {
    cwd: root,
    env: {
      ...process.env,
      ...serverEnvironment,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      SEED_DEMO_DATA: "false",
      // Never used by these tests: no code is sent.
      SMTP_URL: "smtp://127.0.0.1:1",
      SMS_WEBHOOK_URL: "http://127.0.0.1:1/sms",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  running.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { child, exited, output: () => output };
}

/** A port the system has just given out and taken back: free, unlike a random pick in a range others use too. */
function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** Waits for the server to answer; if it stops first or never answers, fails with what it printed. */
async function waitFor(url: string, server: ReturnType<typeof start>) {
  let stopped = false;
  void server.exited.then(() => (stopped = true));
  for (let i = 0; i < 400 && !stopped; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `${url} ${stopped ? "stopped before it answered" : "never answered"}. It printed:\n${server.output()}`,
  );
}

/** Signs in with the published demo shopper account. */
function signIn(port: number) {
  return fetch(`http://127.0.0.1:${port}/trpc/auth.signIn`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      json: { method: "password", account: "shopper@pasar.test", password: "pasar-demo-2026" },
    }),
  });
}

// Process-level behaviour: each server keeps its own PGlite data directory, so this file runs once (the `unit`
// project of vitest.config.ts), not once per test database.
describe("the server process", { timeout: 120_000 }, () => {
  it("stops at start-up with a message naming a bad variable", async () => {
    const server = start({ PORT: "not-a-port" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/PORT/);
    expect(server.output()).not.toMatch(/at .*\.ts:\d+/);
  });

  it("refuses to start as a public shop without a channel for codes, naming what is missing", async () => {
    const server = start({ SMTP_URL: "", SMS_WEBHOOK_URL: "", PUBLIC_URL: "https://pasar.example.id" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/SMTP_URL: is required when PUBLIC_URL is a public address/);
    expect(server.output()).toMatch(/SMS_WEBHOOK_URL: is required when PUBLIC_URL is a public address/);
  });

  it("refuses to start as a public shop on the sandbox gateway alone, naming the setting", async () => {
    const server = start({ PUBLIC_URL: "https://pasar.example.id" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/ALLOW_SANDBOX_PAYMENTS: must be true to run a public shop/);
    expect(server.output()).not.toMatch(/Pasar is running/);
  });

  it("stops with a clear message when the demo data cannot be seeded, and seeds it on the next start", async () => {
    requireBuild();
    const port = await freePort();
    const dataDir = await mkdtemp(path.join(tmpdir(), "pasar-main-"));
    // The payment provider does not answer: the demo's last order, waiting at the provider, cannot be opened.
    const env = { PORT: String(port), DATA_DIR: dataDir, SEED_DEMO_DATA: "true", SEED_IMAGE_SIZE: "32" };
    const failed = start({
      ...env,
      PAYMENT_PROVIDER: "midtrans",
      MIDTRANS_SERVER_KEY: "SB-Mid-server-test-key",
      MIDTRANS_API_URL: `http://127.0.0.1:${await freePort()}`,
    });
    expect(await failed.exited).toBe(1);
    expect(failed.output()).toMatch(/the demo data could not be seeded/);
    expect(failed.output()).not.toMatch(/Pasar is running/);

    // The next start, on a provider that answers (the sandbox), seeds the whole shop.
    const server = start(env);
    await waitFor(`http://127.0.0.1:${port}/readyz`, server);
    expect(server.output()).toMatch(/Demo shop seeded/);
    expect((await signIn(port)).status).toBe(200);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  });

  // The public shop is also the one whose stop is proven: a request in flight is finished, new ones refused.
  it("does not seed the demo shop, with its published passwords, on a public address; on SIGTERM finishes a request in flight, refuses new ones, closes the database and exits 0", async () => {
    requireBuild();
    const port = await freePort();
    const server = start({
      PORT: String(port),
      DATA_DIR: await mkdtemp(path.join(tmpdir(), "pasar-main-")),
      PUBLIC_URL: "https://pasar.example.id",
      SEED_DEMO_DATA: "",
      ALLOW_SANDBOX_PAYMENTS: "true",
      // Its "shutting down" line says when the signal has been handled.
      LOG_LEVEL: "info",
    });
    await waitFor(`http://127.0.0.1:${port}/readyz`, server);
    // Allowed explicitly, the play money is announced at every start; its page is there for the demo.
    expect(server.output()).toMatch(/WARNING: payments go to the SANDBOX provider/);
    // The published password opens nothing: the account does not exist.
    const published = await signIn(port);
    expect(published.status).toBeGreaterThanOrEqual(400);
    expect(published.status).toBeLessThan(500);
    expect(server.output()).not.toMatch(/Demo shop seeded|outbox/);

    // A sign-in whose body is held back: the server has the request (it answers "100 Continue" as it hands it
    // to the app) but cannot finish it before the body arrives, so the request is in flight when the signal is.
    const body = JSON.stringify({
      json: { method: "password", account: "nobody@pasar.test", password: "x" },
    });
    const req = request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/trpc/auth.signIn",
      headers: {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
        expect: "100-continue",
      },
    });
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      req.on("error", reject);
      req.on("response", (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        res.on("error", reject);
      });
    });
    await new Promise<void>((resolve) => req.once("continue", resolve));

    server.child.kill("SIGTERM");
    await expect.poll(() => server.output(), { timeout: 30_000 }).toMatch(/shutting down/);
    // Stopping: no new connection is taken...
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    // ...and the one in flight is answered in full, by the app with the database still open: no such account.
    req.end(body);
    const res = await answered;
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toMatchObject({
      error: { json: { message: "Akun atau kata sandi salah. Sisa percobaan: 7." } },
    });
    expect(await server.exited).toBe(0);
    expect(server.output()).toMatch(/"msg":"stopped"/);
  });
});
