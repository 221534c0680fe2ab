// Measures every page of web/routes.ts on the production build: server response time (p50/p95 of
// sequential requests), HTML size (raw and gzip), and the JavaScript Chromium actually loads until the network
// is idle, as a phone receives it over HTTPS: brotli, the precompressed `.br` files the server sends. Fails
// (exit 1) when a page loads more JavaScript than its budget (scripts/page-budgets.ts). Pages for signed-in
// shoppers are measured as the demo shopper.
//
// Usage: npm run build && node scripts/measure.ts   (starts its own server with a fresh database)
//   MEASURE_PORT   port of that server (default 3290)
//   MEASURE_RUNS   sequential requests per page for the timings (default 40)
//   MEASURE_PAGES  only the pages whose names contain one of these comma-separated words (all by default)
//   MEASURE_CONCURRENCY  pages loaded in the browser at once (default 4; the server's times are taken one by one)
//   MEASURE_FILES  =1 lists every script each page loads, with its brotli size and its largest modules
//                  (from build/client-modules.json, written by the build)
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Browser, type BrowserContext } from "playwright-core";
import { chromiumLaunchOptions } from "../tests/setup/chromium.ts";
import { bundleReportFile, type ChunkReport } from "./bundle-report.ts";
import { budgetKb, pages, type DemoIds, type PageSpec } from "./page-budgets.ts";
import { apiToken, demoAccount, demoIds, demoPassword, hydrated, inParallel, loadPage } from "./page-load.ts";
import { serverArgs, serverEnvironment } from "./server-command.ts";

const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.MEASURE_PORT ?? 3290);
const runs = Math.max(1, Number(process.env.MEASURE_RUNS ?? 40));
const listFiles = process.env.MEASURE_FILES === "1";
const only = (process.env.MEASURE_PAGES ?? "").split(",").filter(Boolean);
const concurrency = Math.max(1, Number(process.env.MEASURE_CONCURRENCY ?? 4));
const base = `http://localhost:${port}`;
const dataDir = `/tmp/pasar-measure-${process.pid}`;

if (!existsSync(path.join(root, "build/server/index.js"))) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}

const server = spawn(process.execPath, serverArgs, {
  cwd: root,
  env: {
    ...process.env,
    ...serverEnvironment,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    SEED_IMAGE_SIZE: "320",
    // Every picture drawn before the pages are loaded: a missing file is a failure here.
    SEED_PICTURES: "now",
  },
  stdio: ["ignore", "ignore", "inherit"],
});

async function waitReady() {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not become ready");
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timing(url: string, cookie: string) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { "accept-language": "id-ID", cookie }, redirect: "manual" });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** A browser context signed in as a demo account through the sign-in form, as a person would. */
async function signedInContext(browser: Browser, who: keyof typeof demoAccount): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "id-ID" });
  const page = await context.newPage();
  await page.goto(`${base}/h5/signin`);
  await hydrated(page);
  await page.locator('input[name="account"]').fill(demoAccount[who]);
  await page.locator('input[name="password"]').fill(demoPassword);
  await Promise.all([
    page.waitForURL((url) => url.pathname === "/h5/account"),
    page.locator('form button[type="submit"][value="submit"]:not([hidden])').click(),
  ]);
  await page.close();
  return context;
}

interface Row {
  spec: PageSpec;
  status: number;
  p50: number;
  p95: number;
  htmlRaw: number;
  htmlGzip: number;
  jsBrotli: number;
  files: { path: string; brotli: number }[];
  /** Requests to /trpc the page made while it loaded. */
  apiCalls: number;
  /** Errors the page reported in the browser while it loaded. */
  errors: string[];
}

/** The server's answer to a page: its status, its HTML and its response times (requests one at a time). */
async function serverSide(spec: PageSpec, ids: DemoIds, context: BrowserContext) {
  const url = base + spec.path(ids);
  const cookie = (await context.cookies(base)).map((c) => `${c.name}=${c.value}`).join("; ");
  const first = await fetch(url, { headers: { "accept-language": "id-ID", cookie }, redirect: "manual" });
  const html = Buffer.from(await first.arrayBuffer());
  return { status: first.status, html, ...(await timing(url, cookie)) };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

try {
  await waitReady();
  const ids = await demoIds(base, {
    shopper: await apiToken(base, "shopper"),
    merchant: await apiToken(base, "merchant"),
  });
  const browser = await chromium.launch(chromiumLaunchOptions);
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "id-ID" });
  const contexts = {
    shopper: await signedInContext(browser, "shopper"),
    merchant: await signedInContext(browser, "merchant"),
    operator: await signedInContext(browser, "operator"),
  };
  const chosen = pages.filter((p) => only.length === 0 || only.some((word) => p.name.includes(word)));
  const contextOf = (spec: PageSpec) => (spec.signedIn ? contexts[spec.signedIn] : visitor);
  // The server's times with nothing else running; then the pages in the browser a few at a time (what a page
  // loads does not depend on what else loads meanwhile, and most of a page's time is waiting for quiet).
  const answers: Awaited<ReturnType<typeof serverSide>>[] = [];
  for (const spec of chosen) answers.push(await serverSide(spec, ids, contextOf(spec)));
  const loaded = await inParallel(chosen, concurrency, async (spec) => {
    const page = await contextOf(spec).newPage();
    const result = await loadPage(page, base, base + spec.path(ids));
    await page.close();
    return result;
  });
  await browser.close();
  const rows: Row[] = chosen.map((spec, i) => ({
    spec,
    status: answers[i]!.status,
    p50: answers[i]!.p50,
    p95: answers[i]!.p95,
    htmlRaw: answers[i]!.html.length,
    htmlGzip: gzipSync(answers[i]!.html).length,
    ...loaded[i]!,
  }));

  const problems: string[] = [];
  console.log(`\nProduction build, PGlite, this machine; ${runs} sequential requests per page:\n`);
  console.log(
    "| page | path | status | server p50 | server p95 | HTML | HTML gzip | JS brotli | budget | API calls while loading |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  for (const r of rows) {
    const budget = budgetKb[r.spec.budget];
    const over = r.jsBrotli > budget * 1024;
    if (over)
      problems.push(
        `${r.spec.name}: ${kb(r.jsBrotli)} of JavaScript (${r.jsBrotli - budget * 1024} bytes), over its ${budget} KB budget`,
      );
    const expected = r.spec.status ?? 200;
    if (r.status !== expected) problems.push(`${r.spec.name}: answered ${r.status}, expected ${expected}`);
    for (const error of r.errors) problems.push(`${r.spec.name}: the browser reported "${error}"`);
    console.log(
      `| ${r.spec.name}${r.spec.signedIn ? ` (${r.spec.signedIn})` : ""} | ${r.spec.path(ids)} | ${r.status} | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${kb(r.htmlRaw)} | ${kb(r.htmlGzip)} | ${kb(r.jsBrotli)} in ${r.files.length} files${over ? " **OVER**" : ""} | ${budget} KB | ${r.apiCalls} |`,
    );
  }
  if (listFiles) {
    const reportPath = path.join(root, bundleReportFile);
    const report: Record<string, ChunkReport> = existsSync(reportPath)
      ? JSON.parse(readFileSync(reportPath, "utf8"))
      : {};
    for (const r of rows) {
      console.log(`\n${r.spec.name}:`);
      for (const f of r.files) {
        const modules = Object.entries(report[f.path]?.modules ?? {})
          .slice(0, 4)
          .map(([id, bytes]) => `${id.replace(/^\/node_modules\//, "")} ${(bytes / 1024).toFixed(1)}`);
        console.log(`  ${kb(f.brotli).padStart(9)}  ${f.path}  ${modules.join(", ")}`);
      }
    }
  }
  console.log(
    `\nBudgets of JavaScript, brotli as transferred: ${Object.entries(budgetKb)
      .map(([k, v]) => `${k} ${v} KB`)
      .join(", ")} (scripts/page-budgets.ts).`,
  );
  if (problems.length > 0) {
    console.log(`\nFAILED:\n${problems.map((p) => `  ${p}`).join("\n")}`);
    process.exitCode = 1;
  } else {
    console.log("Every page is within its budget.");
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}
