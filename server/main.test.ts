import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testDbKind } from "../tests/setup/test-db.ts";

const root = path.resolve(import.meta.dirname, "..");
const built = existsSync(path.join(root, "build/server/index.js"));

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
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
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitFor(url: string) {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} never answered`);
}

// Process-level behaviour needs one database kind only; it runs in the PGlite project.
describe.runIf(testDbKind === "pglite")("the server process", () => {
  it("stops at start-up with a message naming a bad variable", async () => {
    const server = start({ PORT: "not-a-port" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/PORT/);
    expect(server.output()).not.toMatch(/at .*\.ts:\d+/);
  });

  it("refuses to start in production without a channel for codes, naming what is missing", async () => {
    const server = start({ SMTP_URL: "", SMS_WEBHOOK_URL: "" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/SMTP_URL: is required in production/);
    expect(server.output()).toMatch(/SMS_WEBHOOK_URL: is required in production/);
  });

  it.runIf(built)("finishes in-flight requests on SIGTERM, closes the database and exits 0", async () => {
    const port = 3300 + Math.floor(Math.random() * 500);
    const server = start({ PORT: String(port), DATA_DIR: await mkdtemp(path.join(tmpdir(), "pasar-main-")) });
    await waitFor(`http://127.0.0.1:${port}/readyz`);
    const inFlight = fetch(`http://127.0.0.1:${port}/h5`, { headers: { "accept-language": "id" } });
    await new Promise((r) => setTimeout(r, 30)); // the connection is accepted; the first render takes longer
    server.child.kill("SIGTERM");
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("</html>");
    expect(await server.exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });
});
