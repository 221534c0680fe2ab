// The whole test command: static checks, the production build, every page's JavaScript against its budget
// (scripts/measure.ts), Vitest on PGlite and PostgreSQL
// (one suite starts the built server), Playwright in Chromium. Stops at the first failing step and ends with one summary line.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules/.bin", name);
const reports = path.join(root, ".reports");
const vitestReport = path.join(reports, "vitest.json");
const playwrightReport = path.join(reports, "playwright.json");

const steps: { name: string; cmd: string; args: string[]; env?: Record<string, string> }[] = [
  { name: "typecheck", cmd: "npm", args: ["run", "-s", "typecheck"] },
  { name: "lint", cmd: bin("eslint"), args: ["--max-warnings=0", "."] },
  { name: "format", cmd: bin("prettier"), args: ["--check", "--log-level=warn", "."] },
  { name: "locales", cmd: process.execPath, args: ["scripts/i18n-check.ts"] },
  { name: "build", cmd: "npm", args: ["run", "-s", "build"] },
  // Every page within its JavaScript budget (a few timed requests per page: the figures are not the point here).
  {
    name: "measure (JavaScript budgets)",
    cmd: process.execPath,
    args: ["scripts/measure.ts"],
    env: { MEASURE_RUNS: "3" },
  },
  {
    name: "vitest (unit once; database tests on PGlite and PostgreSQL)",
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

const started = Date.now();
let failedStep: string | undefined;
for (const step of steps) {
  const t0 = Date.now();
  console.log(`\n▶ ${step.name}`);
  const result = spawnSync(step.cmd, step.args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...step.env, FORCE_COLOR: process.env.CI ? "0" : "1" },
  });
  console.log(
    `  ${step.name}: ${result.status === 0 ? "ok" : "FAILED"} in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) {
    failedStep = step.name;
    break;
  }
}

let passed = 0;
let failed = 0;
if (existsSync(vitestReport)) {
  const v = JSON.parse(readFileSync(vitestReport, "utf8"));
  passed += v.numPassedTests ?? 0;
  failed += v.numFailedTests ?? 0;
}
if (existsSync(playwrightReport)) {
  const p = JSON.parse(readFileSync(playwrightReport, "utf8"));
  passed += p.stats?.expected ?? 0;
  failed += (p.stats?.unexpected ?? 0) + (p.stats?.flaky ?? 0);
}
if (failedStep && failed === 0) failed = 1;
console.log(
  `\nall checks ${failedStep ? `stopped at "${failedStep}"` : "passed"} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failedStep ? 1 : 0);
