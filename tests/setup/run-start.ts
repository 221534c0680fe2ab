// The README's start command as a newcomer meets it: a fresh copy of the project, and `./run start` in it with no
// settings (only PATH, without the project's Node 24, and HOME), on the default port 3000. Used by its test
// (scripts/run-start.test.ts) and its measure (scripts/measure-start.ts).
import { spawn, execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** A fresh checkout: the project's files (tracked and new, not ignored), with the installed dependencies. */
export function freshCopy(): string {
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

export function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
      .once("error", () => resolve(false))
      .once("listening", () => probe.close(() => resolve(true)))
      .listen(port, "0.0.0.0");
  });
}

/**
 * `./run start` in the copy (`onLine`: each line it prints, as it comes), with only PATH (without the project's Node 24) and HOME; resolves once it says
 * the shop is running, with what it printed and how to stop it.
 */
export async function runStart(
  dir: string,
  onStart?: (pid: number) => void,
  onLine?: (line: string) => void,
) {
  const PATH = (process.env.PATH ?? "")
    .split(":")
    .filter((p) => !p.includes(".tools"))
    .join(":");
  const started = performance.now();
  const child = spawn("./run", ["start"], {
    cwd: dir,
    env: { PATH, HOME: process.env.HOME ?? tmpdir() },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  if (child.pid) onStart?.(child.pid);
  let output = "";
  // Whole lines only: a chunk of output can end in the middle of one.
  let partial = "";
  const take = (d: Buffer) => {
    const text = d.toString();
    output += text;
    if (!onLine) return;
    const lines = (partial + text).split("\n");
    partial = lines.pop()!;
    for (const line of lines) onLine(line);
  };
  child.stdout.on("data", take);
  child.stderr.on("data", take);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const stop = async () => {
    if (child.pid) process.kill(-child.pid, "SIGTERM");
    await exited;
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (output.includes("Pasar is running at http://localhost:3000")) {
          clearInterval(timer);
          resolve();
        }
      }, 100);
      void exited.then((code) => {
        clearInterval(timer);
        reject(new Error(`./run start exited with ${code}:\n${output}`));
      });
      // Not running after 4 minutes: what it printed says where it stopped (a test's own timeout would not).
      setTimeout(() => {
        clearInterval(timer);
        reject(new Error(`./run start was not running after 240 s; it printed:\n${output}`));
      }, 240_000).unref();
    });
  } catch (error) {
    await stop();
    throw error;
  }
  /** Milliseconds from the command to the first page answered (the home page, 200). */
  const firstPage = async () => {
    for (;;) {
      const res = await fetch("http://localhost:3000/h5").catch(() => undefined);
      if (res?.status === 200) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { output: () => output, stop, firstPage };
}
