import { globSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";
import LongestFirst from "./tests/setup/sequencer.ts";

const root = import.meta.dirname;
const include = [
  "server/**/*.test.ts",
  "common/**/*.test.ts",
  "web/**/*.test.ts",
  "web/**/*.test.tsx",
  "scripts/**/*.test.ts",
];
// One migrated and one seeded database per run and database, which each test file copies.
const globalSetup = ["tests/setup/db-snapshots.ts"];
/**
 * The database projects share a worker's modules between its test files (importing the server anew for each file
 * was a sixth of the run); tests/setup/shared-worker.ts puts back what a file may change of them.
 */
const shared = { isolate: false, setupFiles: ["tests/setup/shared-worker.ts"] };

/**
 * The test files that use a database: those that import, directly or through other helpers of tests/setup/, the
 * module that hands out test databases (tests/setup/test-db.ts) or the snapshots it copies. They run on
 * the real PostgreSQL server, and those about the engine on embedded PGlite too (`onBothEngines`); every other
 * test file runs once, in the `unit` project.
 * A file put in the wrong project cannot pass unnoticed: outside the database projects test-db.ts throws (no
 * snapshots are provided there), and every file the globs find is in exactly one of the two lists.
 */
function databaseTestFiles(files: string[]): string[] {
  const markers = new Set(["tests/setup/test-db.ts", "tests/setup/db-snapshots.ts"]);
  const setupDir = "tests/setup/";
  const importsOf = (file: string): string[] => {
    const source = readFileSync(path.join(root, file), "utf8");
    const specifiers = [
      ...source.matchAll(/\bfrom\s*["']([^"']+)["']|\bimport\s*\(?\s*["']([^"']+)["']/g),
    ].map((m) => (m[1] ?? m[2])!);
    return specifiers.flatMap((s) => {
      if (s.startsWith(".")) return [path.posix.join(path.posix.dirname(file), s)];
      if (s.startsWith("#server/")) return [`server/${s.slice("#server/".length)}`];
      if (s.startsWith("#common/")) return [`common/${s.slice("#common/".length)}`];
      return [];
    });
  };
  const reaches = new Map<string, boolean>();
  // Follows imports through tests/setup/ only: the helpers are what hand out databases.
  const usesDatabase = (file: string, seen = new Set<string>()): boolean => {
    if (markers.has(file)) return true;
    const known = reaches.get(file);
    if (known !== undefined) return known;
    if (seen.has(file)) return false;
    seen.add(file);
    const result = importsOf(file).some((f) => f.startsWith(setupDir) && usesDatabase(f, seen));
    reaches.set(file, result);
    return result;
  };
  return files.filter((file) => usesDatabase(file));
}

/**
 * The database test files that run on both engines (docs/decisions/0029-test-command-within-15-minutes.md): those
 * whose subject is the engine or the driver, not a domain rule. The migrations, transactions and the single
 * connection (server/db), the job queue, notifications and the kept caches (server/platform), the seed, the HTTP
 * and tRPC layers (how a driver's errors reach a client, streams fed by NOTIFY), search (pg_trgm), the store
 * statistics' triggers (hand-written SQL), and the races
 * and the randomized workload (PGlite runs one statement at a time, PostgreSQL truly at once). Every other
 * database test file proves a domain rule through the same SQL on either engine: it runs once, on PostgreSQL,
 * the engine production runs; the browser tests run the whole shop on PGlite.
 */
const onBothEngines = [
  /^server\/(db|platform|seed|http|trpc)\//,
  /^web\//,
  /(concurrency|race|flash-sale|huge-amounts|search|lifecycle-workload)[^/]*\.test\.ts$/,
  // The store statistics are kept by triggers written by hand in SQL (migration 0020): the engine runs them.
  /^server\/modules\/stores\/store-stats\.test\.ts$/,
  // Account protection (issue 43): sessions ended everywhere, the PIN and its codes, the payout hold, passkeys and the
  // audit trail hold on the embedded engine too.
  /^server\/modules\/auth\/(sessions|pin|passkeys|security-history)\.test\.ts$/,
  /^server\/modules\/wallet\/payout-hold\.test\.ts$/,
  // Notifications are written in their event's transaction (issue 44): a rollback on either engine leaves none;
  // each event tells once (events-*.test.ts).
  /^server\/modules\/notifications\/(inbox|events-[a-z]+)\.test\.ts$/,
  // Their deliveries (at most once per channel, quiet hours, opt-outs) on both engines too.
  /^server\/flows\/notifications\/deliver\.test\.ts$/,
];

const testFiles = globSync(include, { cwd: root, exclude: (f) => f.includes("node_modules") })
  .map((f) => f.split(path.sep).join("/"))
  .sort();
const databaseFiles = databaseTestFiles(testFiles);
if (databaseFiles.length === 0)
  throw new Error("vitest.config.ts: no test file uses a database: the rule is broken");
const pgliteFiles = databaseFiles.filter((file) => onBothEngines.some((pattern) => pattern.test(file)));

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Both cores: half of a test file's time is waiting on PostgreSQL or on imports, which another file can use.
    maxWorkers: 2,
    // The longest files first, whatever their project: no worker runs one of them alone at the end.
    sequence: { sequencer: LongestFirst },
    projects: [
      // Files without a database, once.
      { extends: true, test: { name: "unit", include, exclude: ["**/node_modules/**", ...databaseFiles] } },
      // Files with a database: on the real PostgreSQL server, and those about the engine on embedded PGlite too.
      {
        extends: true,
        test: { name: "pglite", include: pgliteFiles, globalSetup, ...shared, env: { TEST_DB: "pglite" } },
      },
      {
        extends: true,
        test: {
          name: "postgres",
          include: databaseFiles,
          globalSetup,
          ...shared,
          env: { TEST_DB: "postgres" },
        },
      },
    ],
  },
});
