// The README's first command, run exactly as a new user would: `./run start` in a fresh copy of the project,
// with no settings at all (only PATH, without the project's Node 24, and HOME), on the default port 3000.
import { spawn, execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

/** A fresh checkout: the project's files (tracked and new, not ignored), with the installed dependencies. */
function freshCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "pasar-fresh-"));
  const files = execFileSync("git", ["ls-files", "-z", "-co", "--exclude-standard"], { cwd: root })
    .toString()
    .split("\0")
    .filter((f) => f && existsSync(path.join(root, f)));
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    cpSync(path.join(root, file), path.join(dir, file), { preserveTimestamps: true });
  }
  // Dependencies as `./run` would install them (hard links: instant); Node 24 where the machine's is older.
  execFileSync("cp", ["-al", path.join(root, "node_modules"), path.join(dir, "node_modules")]);
  if (existsSync(path.join(root, ".tools"))) symlinkSync(path.join(root, ".tools"), path.join(dir, ".tools"));
  return dir;
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
      .once("error", () => resolve(false))
      .once("listening", () => probe.close(() => resolve(true)))
      .listen(port, "0.0.0.0");
  });
}

let copy: string | undefined;
let startedGroup: number | undefined;
afterAll(() => {
  // Also after a failed or timed-out test: no shop is left running on port 3000.
  if (startedGroup) {
    try {
      process.kill(-startedGroup, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  if (copy) rmSync(copy, { recursive: true, force: true });
});

// The started shop keeps its own PGlite data directory: this file runs once (vitest.config.ts's `unit` project).
describe("the README's start command", () => {
  it(
    "`./run start` with no settings serves the seeded shop on http://localhost:3000",
    { timeout: 300_000 },
    async () => {
      expect(await portFree(3000), "port 3000 must be free for the README's start command").toBe(true);
      copy = freshCopy();
      const PATH = (process.env.PATH ?? "")
        .split(":")
        .filter((p) => !p.includes(".tools"))
        .join(":");
      const child = spawn("./run", ["start"], {
        cwd: copy,
        env: { PATH, HOME: process.env.HOME ?? tmpdir() },
        stdio: ["ignore", "pipe", "pipe"],
        detached: true,
      });
      startedGroup = child.pid;
      let output = "";
      child.stdout.on("data", (d) => (output += d));
      child.stderr.on("data", (d) => (output += d));
      const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
      try {
        await new Promise<void>((resolve, reject) => {
          const timer = setInterval(() => {
            if (output.includes("Pasar is running at http://localhost:3000")) {
              clearInterval(timer);
              resolve();
            }
          }, 200);
          void exited.then((code) => {
            clearInterval(timer);
            reject(new Error(`./run start exited with ${code}:\n${output}`));
          });
        });
        expect(output).toMatch(/Demo shop seeded in \d+ s: sign in as shopper@pasar\.test/);
        // A production start without PUBLIC_URL says it is a local shop.
        expect(output).toMatch(/WARNING: PUBLIC_URL is not set: this is a LOCAL shop/);
        expect(output).toMatch(/local outbox, http:\/\/localhost:3000\/dev\/outbox/);

        const home = await fetch("http://localhost:3000/h5");
        expect(home.status).toBe(200);
        const html = await home.text();
        expect(html.slice(0, 100)).toContain('<html lang="id-ID"');
        // The seeded shop, server-rendered: a demo product with its price in Rupiah.
        expect(html.includes("Smartphone Android 8/256 GB"), "a seeded product on the home page").toBe(true);
        expect(/Rp\s?\d{1,3}(\.\d{3})+/.test(html), "a price in Rupiah").toBe(true);
        // The outbox page opens for this machine.
        expect((await fetch("http://127.0.0.1:3000/dev/outbox")).status).toBe(200);
      } finally {
        if (child.pid) process.kill(-child.pid, "SIGTERM");
        await exited;
      }
    },
  );
});
