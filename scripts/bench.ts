// `npm run bench`: every performance figure of the shop in one run, each beside its goal.
//
// It builds the production bundle, starts the shop on PostgreSQL (a fresh `pasar_bench` database) and on
// PGlite (a fresh data folder), seeds the demo data, and measures: start-up, server throughput and latency
// under load (from a process of its own, scripts/bench-load.ts, on the same machine), the plain node:http + pg
// baseline for the product list, memory under a minute of load, JavaScript and HTML per page in Chromium, and Lighthouse
// (mobile, default throttling, median of five) for the home, product and product-list pages. It stops every
// process it started, prints a table, and exits 0 whatever the figures are: it is a benchmark, not a test.
//
// Settings (all optional): BENCH_DATABASE_URL (a PostgreSQL server's maintenance database; default
// postgres://postgres@127.0.0.1:5432/postgres), BENCH_PORT (first of four ports; default 3380),
// BENCH_SECONDS (seconds per throughput run; default 10), BENCH_SKIP_BUILD=1, BENCH_SKIP_LIGHTHOUSE=1.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { openSync, readFileSync, rmSync } from "node:fs";
import { get } from "node:http";
import path from "node:path";
import { gzipSync } from "node:zlib";
import lighthouse from "lighthouse";
import pg from "pg";
import { chromium } from "playwright-core";
import { platformCode } from "../common/platform.ts";
import { chromiumLaunchOptions } from "../tests/setup/chromium.ts";
import { serverArgs } from "./server-command.ts";

const root = path.resolve(import.meta.dirname, "..");
const env = process.env;
const adminUrl = env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const firstPort = Number(env.BENCH_PORT ?? 3380);
const seconds = Number(env.BENCH_SECONDS ?? 10);
const connections = 16;
const benchDb = "pasar_bench";
const databaseUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${benchDb}`;
  return u.toString();
})();

interface Row {
  measure: string;
  result: string;
  goal: string;
  met?: boolean;
}
const rows: Row[] = [];
const children = new Set<ChildProcess>();

function record(measure: string, result: string, goal = "", met?: boolean) {
  rows.push({ measure, result, goal, met });
  console.log(`  ${measure}: ${result}${goal ? `  (goal ${goal})` : ""}`);
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

async function waitFor(url: string, timeoutMs = 180_000, gone: () => string | undefined = () => undefined) {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    const why = gone();
    if (why) throw new Error(`${url} will not answer: ${why}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

interface Shop {
  base: string;
  pid: number;
  readyMs: number;
  stop(): Promise<void>;
}

/** Starts the production build and returns once /readyz answers, with the time that took. */
async function startShop(port: number, extra: Record<string, string>): Promise<Shop> {
  const started = performance.now();
  const logFile = `/tmp/pasar-bench-${port}.log`;
  const child = spawn(process.execPath, serverArgs, {
    cwd: root,
    env: {
      PATH: env.PATH ?? "",
      HOME: env.HOME ?? "/tmp",
      NODE_ENV: "production",
      PORT: String(port),
      SEED_DEMO_DATA: "true",
      ...extra,
    },
    // The server's log, to read when it does not come up (its last lines are printed then).
    stdio: ["ignore", openSync(logFile, "w"), "inherit"],
  });
  children.add(child);
  const base = `http://localhost:${port}`;
  const lastLines = () => readFileSync(logFile, "utf8").trimEnd().split("\n").slice(-5).join("\n");
  await waitFor(`${base}/readyz`, 180_000, () =>
    child.exitCode !== null || child.signalCode !== null
      ? `the server exited (${child.exitCode ?? child.signalCode})`
      : undefined,
  ).catch((error: unknown) => {
    throw new Error(`${String(error)}; the end of ${logFile}:\n${lastLines()}`);
  });
  const readyMs = performance.now() - started;
  return {
    base,
    pid: child.pid!,
    readyMs,
    async stop() {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
      children.delete(child);
    },
  };
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Load at full speed (or at `rate` requests per second) for `duration` seconds, from its own process. */
async function load(url: string, opts: { duration?: number; rate?: number } = {}): Promise<Load> {
  const args = JSON.stringify({ url, connections, duration: opts.duration ?? seconds, rate: opts.rate });
  const child = spawn(process.execPath, ["scripts/bench-load.ts", args], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`the load generator exited with ${code}`);
  return JSON.parse(out.trim().split("\n").at(-1)!) as Load;
}

const warm = (url: string) => load(url, { duration: 2 });

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

const trpcUrl = (base: string, procedure: string, input: unknown) =>
  `${base}/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;

async function trpcData<T>(base: string, procedure: string, input: unknown): Promise<T> {
  const body = (await (await fetch(trpcUrl(base, procedure, input))).json()) as {
    result: { data: { json: T } };
  };
  return body.result.data.json;
}

/** The demo data's first top category and its first product, the pages the figures are taken on. */
async function samplePages(base: string) {
  const tree = await trpcData<{ id: number }[]>(base, "catalog.categories", undefined);
  const categoryId = tree[0]!.id;
  const list = await trpcData<{ items: { id: string }[] }>(base, "listings.list", {
    categoryId,
    sort: "newest",
  });
  const productId = list.items[0]!.id;
  return {
    categoryId,
    productId,
    pages: {
      home: "/h5",
      product: `/h5/products/${productId}`,
      list: `/h5/products/list?category=${categoryId}`,
    },
  };
}

function loadRow(measure: string, l: Load, goal: string, met: boolean) {
  record(
    measure,
    `${fmt(l.rps)} req/s, p50 ${l.p50} ms, p99 ${l.p99} ms${l.errors ? `, ${l.errors} errors` : ""}`,
    goal,
    met && l.errors === 0,
  );
}

async function pageWeights(base: string, pages: Record<string, string>) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    for (const [name, pagePath] of Object.entries(pages)) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "id-ID" });
      const page = await context.newPage();
      const scripts: Promise<number>[] = [];
      page.on("response", (r) => {
        if (new URL(r.url()).pathname.endsWith(".js")) {
          scripts.push(
            r.body().then(
              (b) => gzipSync(b).length,
              () => 0,
            ),
          );
        }
      });
      await page.goto(base + pagePath, { waitUntil: "networkidle" });
      const js = (await Promise.all(scripts)).reduce((a, b) => a + b, 0) / 1024;
      record(`JS gzip, ${name}`, `${fmt(js, 1)} KB in ${scripts.length} files`, "<= 120 KB", js <= 120);
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

async function homeHtml(base: string) {
  const html = await (await fetch(`${base}/h5`, { headers: { "accept-language": "id-ID" } })).text();
  // node:http, not fetch: fetch decompresses, and the size on the wire is the point.
  const compressed = await new Promise<{ encoding: string | undefined; bytes: number }>((resolve, reject) => {
    get(`${base}/h5`, { headers: { "accept-encoding": "gzip, br" } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => resolve({ encoding: res.headers["content-encoding"], bytes }));
    }).on("error", reject);
  });
  const hydration = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1]!)
    .filter((s) => s.includes("streamController"))
    .reduce((sum, s) => sum + Buffer.byteLength(s), 0);
  record(
    "HTML of the home page",
    `${fmt(Buffer.byteLength(html) / 1024, 1)} KB, ${fmt(compressed.bytes / 1024, 1)} KB on the wire (${compressed.encoding ?? "uncompressed"}); hydration data ${fmt(hydration / 1024, 1)} KB`,
    "compressed",
    compressed.encoding !== undefined,
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function lighthouseRuns(base: string, pages: Record<string, string>) {
  const port = firstPort + 3;
  const dataDir = `/tmp/pasar-bench-chrome-${process.pid}`;
  const chrome = spawn(
    chromiumLaunchOptions.executablePath ?? "chromium",
    [
      "--headless=new",
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${dataDir}`,
      ...(chromiumLaunchOptions.args ?? []),
      "about:blank",
    ],
    { stdio: "ignore" },
  );
  children.add(chrome);
  try {
    await waitFor(`http://127.0.0.1:${port}/json/version`, 30_000);
    for (const [name, pagePath] of Object.entries(pages)) {
      const runs: { score: number; lcp: number; fcp: number; cls: number; tbt: number }[] = [];
      // A run Lighthouse could not finish measured nothing: it is named, not counted as a score of 0.
      const failures: string[] = [];
      for (let i = 0; i < 5; i++) {
        const result = await lighthouse(base + pagePath, {
          port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
        });
        const lhr = result!.lhr;
        const score = lhr.categories.performance!.score;
        if (lhr.runtimeError || score === null) {
          failures.push(
            lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : "no score",
          );
          continue;
        }
        runs.push({
          score: Math.round(score * 100),
          lcp: lhr.audits["largest-contentful-paint"]!.numericValue! / 1000,
          fcp: lhr.audits["first-contentful-paint"]!.numericValue! / 1000,
          cls: lhr.audits["cumulative-layout-shift"]!.numericValue!,
          tbt: lhr.audits["total-blocking-time"]!.numericValue!,
        });
      }
      if (runs.length === 0) {
        record(`Lighthouse mobile, ${name}`, `every run failed: ${failures.join("; ")}`, ">= 98", false);
        continue;
      }
      const m = {
        score: median(runs.map((r) => r.score)),
        lcp: median(runs.map((r) => r.lcp)),
        fcp: median(runs.map((r) => r.fcp)),
        cls: median(runs.map((r) => r.cls)),
        tbt: median(runs.map((r) => r.tbt)),
      };
      const failed = failures.length > 0 ? `; ${failures.length} run(s) failed: ${failures.join("; ")}` : "";
      record(
        `Lighthouse mobile, ${name} (median of ${runs.length})`,
        `score ${m.score}, LCP ${fmt(m.lcp, 2)} s, FCP ${fmt(m.fcp, 2)} s, CLS ${fmt(m.cls, 3)}, TBT ${fmt(m.tbt)} ms (scores ${runs.map((r) => r.score).join("/")}${failed})`,
        ">= 98; LCP <= 1.5 s; CLS <= 0.01",
        m.score >= 98 && m.lcp <= 1.5 && m.cls <= 0.01,
      );
    }
  } finally {
    chrome.kill("SIGTERM");
    children.delete(chrome);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A minute of mixed load (pages and API calls); RSS sampled every 10 s. */
async function memoryUnderLoad(shop: Shop, urls: string[]) {
  const samples: number[] = [rssMb(shop.pid)];
  const until = performance.now() + 60_000;
  const sampler = setInterval(() => samples.push(rssMb(shop.pid)), 10_000);
  let i = 0;
  while (performance.now() < until) {
    await load(urls[i++ % urls.length]!, { duration: 5 });
  }
  clearInterval(sampler);
  const after = rssMb(shop.pid);
  samples.push(after);
  record(
    "server RSS after 60 s of load (PostgreSQL)",
    `${fmt(after)} MB (every 10 s: ${samples.map((s) => fmt(s)).join(", ")} MB)`,
    "<= 200 MB, flat",
    after <= 200 && Math.max(...samples.slice(2)) - Math.min(...samples.slice(2)) <= 30,
  );
}

async function resetDatabase() {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${benchDb} with (force)`);
  await admin.query(`create database ${benchDb}`);
  await admin.end();
}

async function main() {
  if (!env.BENCH_SKIP_BUILD) {
    console.log("building the production bundle…");
    const build = spawnSync("npm", ["run", "-s", "build"], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (build.status !== 0) throw new Error("the build failed");
  }
  console.log(`\nPostgreSQL (${benchDb}), port ${firstPort}`);
  await resetDatabase();
  const pgEnv = { DATABASE_URL: databaseUrl, DATA_DIR: `/tmp/pasar-bench-pg-${process.pid}` };
  let shop = await startShop(firstPort, pgEnv);
  record("first start to ready (migrations and demo data), PostgreSQL", `${fmt(shop.readyMs)} ms`);
  await shop.stop();
  shop = await startShop(firstPort, pgEnv);
  record("cold start to ready, PostgreSQL", `${fmt(shop.readyMs)} ms`, "", undefined);
  record("server RSS when ready, PostgreSQL", `${fmt(rssMb(shop.pid))} MB`);

  const { categoryId, pages } = await samplePages(shop.base);
  const baseline = spawn(process.execPath, ["scripts/bench-baseline.ts"], {
    cwd: root,
    env: { ...env, DATABASE_URL: databaseUrl, PORT: String(firstPort + 1) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.add(baseline);
  const baselineUrl = `http://127.0.0.1:${firstPort + 1}/list?category=${categoryId}`;
  await waitFor(baselineUrl, 30_000);

  const listUrl = trpcUrl(shop.base, "listings.list", { categoryId, sort: "newest" });
  await warm(baselineUrl);
  const plain = await load(baselineUrl);
  loadRow("plain node:http + pg: product list (category, newest)", plain, "", true);
  await warm(listUrl);
  const list = await load(listUrl);
  loadRow(
    "listings.list (category, newest), PostgreSQL",
    list,
    `>= 0.6x of plain (${fmt(plain.rps * 0.6)} req/s)`,
    list.rps >= 0.6 * plain.rps,
  );
  record("  ratio to plain", `${fmt(list.rps / plain.rps, 2)}x`, ">= 0.6x", list.rps >= 0.6 * plain.rps);
  const half = await load(listUrl, { rate: list.rps / 2 });
  record(
    "listings.list p99 at half of peak",
    `${half.p99} ms at ${fmt(half.rps)} req/s`,
    "<= 20 ms",
    half.p99 <= 20,
  );
  const plainHalf = await load(baselineUrl, { rate: list.rps / 2 });
  record("  plain node:http + pg at the same rate", `p99 ${plainHalf.p99} ms at ${fmt(plainHalf.rps)} req/s`);
  baseline.kill("SIGTERM");
  children.delete(baseline);

  const webConfigUrl = trpcUrl(shop.base, "settings.webConfig", { platformCode });
  await warm(webConfigUrl);
  const trivial = await load(webConfigUrl);
  loadRow("settings.webConfig (a trivial procedure)", trivial, ">= 8,000 req/s", trivial.rps >= 8000);

  for (const [name, pagePath] of Object.entries({ home: pages.home, product: pages.product })) {
    await warm(shop.base + pagePath);
    const l = await load(shop.base + pagePath);
    loadRow(
      `server-rendered ${name} page, PostgreSQL`,
      l,
      ">= 1,000 pages/s, p99 <= 50 ms",
      l.rps >= 1000 && l.p99 <= 50,
    );
  }

  await memoryUnderLoad(shop, [
    shop.base + pages.home,
    shop.base + pages.product,
    shop.base + pages.list,
    listUrl,
    webConfigUrl,
  ]);

  await homeHtml(shop.base);
  await pageWeights(shop.base, pages);
  if (!env.BENCH_SKIP_LIGHTHOUSE) await lighthouseRuns(shop.base, pages);
  await shop.stop();

  console.log(`\nPGlite, port ${firstPort + 2}`);
  const dataDir = `/tmp/pasar-bench-pglite-${process.pid}`;
  rmSync(dataDir, { recursive: true, force: true });
  let lite = await startShop(firstPort + 2, { DATA_DIR: dataDir });
  record("first start to ready (migrations and demo data), PGlite", `${fmt(lite.readyMs)} ms`);
  await lite.stop();
  lite = await startShop(firstPort + 2, { DATA_DIR: dataDir });
  record("cold start to ready, PGlite", `${fmt(lite.readyMs)} ms`);
  const litePages = (await samplePages(lite.base)).pages;
  for (const [name, pagePath] of Object.entries({ home: litePages.home, product: litePages.product })) {
    await warm(lite.base + pagePath);
    const l = await load(lite.base + pagePath);
    loadRow(`server-rendered ${name} page, PGlite`, l, "", true);
  }
  await lite.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

try {
  await main();
} finally {
  for (const child of children) child.kill("SIGTERM");
}

console.log(
  `\n## Pasar benchmark (${new Date().toISOString().slice(0, 10)}, ${(await import("node:os")).cpus().length} cores, Node ${process.versions.node}, ${connections} connections, ${seconds} s per run)\n`,
);
console.log("| measure | result | goal | met |");
console.log("|---|---|---|---|");
for (const r of rows) {
  console.log(
    `| ${r.measure} | ${r.result} | ${r.goal} | ${r.met === undefined ? "" : r.met ? "yes" : "no"} |`,
  );
}
