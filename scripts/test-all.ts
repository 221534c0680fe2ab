// The whole test command: static checks, the production build, Vitest (database tests on PostgreSQL, those about
// the engine on PGlite too; one suite starts the built server), Playwright in Chromium (which also holds every
// page to its JavaScript budget, tests/e2e/shop/budgets.spec.ts). Stops at the first failing step and ends with one summary line.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules/.bin", name);
const reports = path.join(root, ".reports");
const vitestReport = path.join(reports, "vitest.json");
const playwrightReport = path.join(reports, "playwright.json");

interface Step {
  name: string;
  cmd: string;
  args: string[];
  env?: Record<string, string>;
}

// A list of steps runs them side by side: the static checks are each single-threaded, so two cores do them in
// about the time of the longest (typecheck) instead of their sum.
const steps: (Step | Step[])[] = [
  [
    { name: "typecheck", cmd: "npm", args: ["run", "-s", "typecheck"] },
    { name: "lint", cmd: bin("eslint"), args: ["--max-warnings=0", "."] },
    { name: "format", cmd: bin("oxfmt"), args: ["--check"] },
    { name: "locales", cmd: process.execPath, args: ["scripts/i18n-check.ts"] },
  ],
  { name: "build", cmd: "npm", args: ["run", "-s", "build"] },
  {
    name: "vitest (database tests on PostgreSQL, those about the engine on PGlite too; the rest once)",
    cmd: bin("vitest"),
    args: ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`],
  },
  {
    name: "playwright (Chromium)",
    cmd: bin("playwright"),
    args: ["test", "--reporter=list,json"],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
  },
];

rmSync(vitestReport, { force: true });
rmSync(playwrightReport, { force: true });

/**
 * Runs one step. Alone, its output goes straight to the terminal; beside others, it is collected and printed
 * when the step ends, so the steps' lines do not interleave.
 */
function run(step: Step, alone: boolean): Promise<boolean> {
  const t0 = Date.now();
  if (alone) console.log(`\n▶ ${step.name}`);
  const child = spawn(step.cmd, step.args, {
    cwd: root,
    stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...step.env, FORCE_COLOR: process.env.CI ? "0" : "1" },
  });
  const output: Buffer[] = [];
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.on("error", (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on("close", (code) => {
      if (!alone) {
        console.log(`\n▶ ${step.name}`);
        process.stdout.write(Buffer.concat(output));
      }
      console.log(
        `  ${step.name}: ${code === 0 ? "ok" : "FAILED"} in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
      );
      resolve(code === 0);
    });
  });
}

const started = Date.now();
let failedStep: string | undefined;
for (const entry of steps) {
  const group = Array.isArray(entry) ? entry : [entry];
  const results = await Promise.all(group.map((step) => run(step, group.length === 1)));
  const failedIndex = results.indexOf(false);
  if (failedIndex >= 0) {
    failedStep = group[failedIndex]!.name;
    break;
  }
}

/** The ten files that took longest, as lines to print: so every change sees what its tests cost. */
function slowest(runner: string, seconds: Map<string, number[]>, note: string): string[] {
  const rows = [...seconds].map(([file, runs]) => ({ file, runs, total: runs.reduce((a, b) => a + b, 0) }));
  rows.sort((a, b) => b.total - a.total);
  return [
    `\nslowest ${runner} files (seconds${note}):`,
    ...rows
      .slice(0, 10)
      .map(
        (r) =>
          `  ${r.total.toFixed(1).padStart(6)}  ${r.file}${r.runs.length > 1 ? ` (${r.runs.map((x) => x.toFixed(1)).join(" + ")})` : ""}`,
      ),
  ];
}

interface PlaywrightSuite {
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { file: string; tests: { results: { duration: number }[] }[] }[];
}

let passed = 0;
let failed = 0;
const report: string[] = [];
if (existsSync(vitestReport)) {
  const v = JSON.parse(readFileSync(vitestReport, "utf8"));
  passed += v.numPassedTests ?? 0;
  failed += v.numFailedTests ?? 0;
  const seconds = new Map<string, number[]>();
  for (const t of v.testResults as { name: string; startTime: number; endTime: number }[]) {
    const file = path.relative(root, t.name);
    seconds.set(file, [...(seconds.get(file) ?? []), (t.endTime - t.startTime) / 1000]);
  }
  report.push(...slowest("Vitest", seconds, "; a database file's runs on each engine added up"));
}
if (existsSync(playwrightReport)) {
  const p = JSON.parse(readFileSync(playwrightReport, "utf8"));
  passed += p.stats?.expected ?? 0;
  failed += (p.stats?.unexpected ?? 0) + (p.stats?.flaky ?? 0);
  const seconds = new Map<string, number[]>();
  const walk = (suite: PlaywrightSuite) => {
    for (const child of suite.suites ?? []) walk(child);
    for (const spec of suite.specs ?? []) {
      const ms = spec.tests.flatMap((t) => t.results).reduce((sum, r) => sum + r.duration, 0);
      seconds.set(spec.file, [(seconds.get(spec.file)?.[0] ?? 0) + ms / 1000]);
    }
  };
  for (const suite of p.suites as PlaywrightSuite[]) walk(suite);
  report.push(...slowest("Playwright", seconds, ", its tests' time added up"));
}
if (report.length > 0) console.log(report.join("\n"));
if (failedStep && failed === 0) failed = 1;
console.log(
  `\nall checks ${failedStep ? `stopped at "${failedStep}"` : "passed"} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failedStep ? 1 : 0);
