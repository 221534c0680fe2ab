// `npm run bench`: every performance figure of the shop in one run, each beside its goal (issue 30).
//
// It builds the production bundle, starts the shop on PostgreSQL (a fresh `pasar_bench` database) and on
// PGlite (a fresh data folder), seeds the demo data, and measures: start-up; server throughput and latency
// under load (from a process of its own, scripts/bench-load.ts, on the same machine) for API calls, for browse
// pages as visitors and as a signed-in shopper, and for personal pages; `listings.list` against the plain node:http
// + pg server with a prepared statement; memory under signed-in load (after a minute, then over
// BENCH_MEMORY_MINUTES); JavaScript per page as transferred (brotli) in Chromium; Lighthouse (five runs of home,
// product and product list on the mobile profile and on a stress profile); and the two-instance soak
// (scripts/soak.ts). It stops every process it started, prints a table, and exits 0 whatever the figures are: it is
// a benchmark, not a test.
//
// Settings (all optional): BENCH_DATABASE_URL (a PostgreSQL server's maintenance database; default
// postgres://postgres@127.0.0.1:5432/postgres), BENCH_PORT (first of four ports; default 3380),
// BENCH_SECONDS (seconds per throughput run; default 10), BENCH_MEMORY_MINUTES (default 5), BENCH_SOAK_SECONDS
// (default 120), BENCH_SKIP_BUILD=1, BENCH_SKIP_LIGHTHOUSE=1, BENCH_SKIP_SOAK=1.
//
// Its parts: scripts/bench-kit.ts (the table of figures, the processes started, waiting for a server) and
// scripts/bench-pages.ts (what Chromium and Lighthouse measure of the pages).
import { spawn, spawnSync } from "node:child_process";
import { openSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { platformCode } from "../common/platform.ts";
import { children, fmt, record, rows, waitFor } from "./bench-kit.ts";
import { homeHtml, lighthouseRuns, pageWeights } from "./bench-pages.ts";
import { serverArgs, serverEnvironment } from "./server-command.ts";

const root = path.resolve(import.meta.dirname, "..");
const env = process.env;
const adminUrl = env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const firstPort = Number(env.BENCH_PORT ?? 3380);
const seconds = Number(env.BENCH_SECONDS ?? 10);
const memoryMinutes = Number(env.BENCH_MEMORY_MINUTES ?? 5);
const connections = 16;
const benchDb = "pasar_bench";
const databaseUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${benchDb}`;
  return u.toString();
})();

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
      ...serverEnvironment,
      NODE_ENV: "production",
      PORT: String(port),
      SEED_DEMO_DATA: "true",
      // Pictures drawn before the shop answers: Lighthouse and the page loads measure the shop with them.
      SEED_PICTURES: "now",
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
async function load(
  url: string,
  opts: { duration?: number; rate?: number; headers?: Record<string, string> } = {},
): Promise<Load> {
  const args = JSON.stringify({
    url,
    connections,
    duration: opts.duration ?? seconds,
    rate: opts.rate,
    headers: opts.headers,
  });
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

const warm = (url: string, headers?: Record<string, string>) => load(url, { duration: 2, headers });

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
  const list = await trpcData<{ items: { id: string; storeId: string }[] }>(base, "listings.list", {
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
    /** The other browse pages, whose JavaScript is measured too. */
    morePages: {
      category: "/h5/category",
      street: "/h5/merchant/street",
      store: `/h5/merchant/shop/${list.items[0]!.storeId}`,
      "sign-in": "/h5/signin",
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

/**
 * Memory under signed-in load: mixed pages and API calls with the demo shopper's session, RSS sampled every 10 s;
 * the figure after the first minute (goal 250 MB), then whether it stays flat for the rest of `minutes`.
 */
async function memoryUnderLoad(shop: Shop, targets: { url: string; headers?: Record<string, string> }[]) {
  const samples: number[] = [rssMb(shop.pid)];
  const started = performance.now();
  const until = started + memoryMinutes * 60_000;
  const sampler = setInterval(() => samples.push(rssMb(shop.pid)), 10_000);
  let i = 0;
  let afterMinute: number | undefined;
  while (performance.now() < until) {
    const target = targets[i++ % targets.length]!;
    await load(target.url, { duration: 5, headers: target.headers });
    if (afterMinute === undefined && performance.now() - started >= 60_000) afterMinute = rssMb(shop.pid);
  }
  clearInterval(sampler);
  const after = rssMb(shop.pid);
  samples.push(after);
  afterMinute ??= after;
  record(
    "server RSS after 60 s of signed-in load (PostgreSQL)",
    `${fmt(afterMinute)} MB`,
    "<= 250 MB",
    afterMinute <= 250,
  );
  // Flat: after the first minute, the highest sample is within 30 MB of the lowest (no steady growth).
  const later = samples.slice(7);
  const spread = later.length > 0 ? Math.max(...later) - Math.min(...later) : 0;
  record(
    `  over ${memoryMinutes} minutes`,
    `${fmt(after)} MB at the end (every 10 s: ${samples.map((x) => fmt(x)).join(", ")} MB)`,
    "flat (within 30 MB after the first minute), <= 250 MB",
    spread <= 30 && Math.max(...later, afterMinute) <= 250,
  );
}

/** The demo shopper's session: what a signed-in shopper's browser sends with every page. */
async function signInDemoShopper(base: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/trpc/auth.signIn`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      json: { method: "password", account: "shopper@pasar.test", password: "pasar-demo-2026" },
    }),
  });
  const body = (await res.json()) as { result: { data: { json: { token: string } } } };
  return { cookie: `pasar_session=${body.result.data.json.token}; pasar_signed_in=1` };
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

  const { categoryId, pages, morePages } = await samplePages(shop.base);
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

  // Signed-in shoppers: browse pages are the visitors' page (decision 27); personal pages are rendered for them.
  const session = await signInDemoShopper(shop.base);
  const visitorRates: Record<string, number> = {};
  for (const [name, pagePath] of Object.entries(pages)) {
    await warm(shop.base + pagePath);
    visitorRates[name] = (await load(shop.base + pagePath)).rps;
  }
  for (const [name, pagePath] of Object.entries(pages)) {
    await warm(shop.base + pagePath, session);
    const l = await load(shop.base + pagePath, { headers: session });
    const half = visitorRates[name]! / 2;
    loadRow(
      `${name} page, signed in (visitors: ${fmt(visitorRates[name]!)} pages/s)`,
      l,
      `>= 1,000 pages/s and >= ${fmt(half)} (half the visitors'), p99 <= 50 ms`,
      l.rps >= 1000 && l.rps >= half && l.p99 <= 50,
    );
  }
  const personal = { cart: "/h5/cart", orders: "/h5/order", wallet: "/h5/merchant/fund" };
  for (const [name, pagePath] of Object.entries(personal)) {
    await warm(shop.base + pagePath, session);
    const l = await load(shop.base + pagePath, { headers: session });
    loadRow(`${name} page, signed in (rendered for the shopper)`, l, ">= 300 pages/s", l.rps >= 300);
  }

  await memoryUnderLoad(shop, [
    { url: shop.base + pages.home, headers: session },
    { url: shop.base + pages.product, headers: session },
    { url: shop.base + personal.cart, headers: session },
    { url: shop.base + pages.list, headers: session },
    { url: shop.base + personal.orders, headers: session },
    { url: listUrl },
    { url: webConfigUrl },
  ]);

  await homeHtml(shop.base);
  await pageWeights(shop.base, { ...pages, ...morePages });
  if (!env.BENCH_SKIP_LIGHTHOUSE) await lighthouseRuns(shop.base, pages, firstPort + 3);
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

  if (!env.BENCH_SKIP_SOAK) await soak();
}

/** The two-instance soak (scripts/soak.ts) for `BENCH_SOAK_SECONDS` (default 120): its throughput and its losses. */
async function soak() {
  const soakSeconds = env.BENCH_SOAK_SECONDS ?? "120";
  console.log(`\ntwo instances behind nginx, ${soakSeconds} s (scripts/soak.ts)`);
  const child = spawn(process.execPath, ["scripts/soak.ts"], {
    cwd: root,
    env: { ...env, SOAK_SECONDS: soakSeconds },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.add(child);
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  await new Promise((resolve) => child.once("exit", resolve));
  children.delete(child);
  const line = out.split("\n").find((l) => l.startsWith("SOAK "));
  if (!line) {
    record("two-instance soak", `did not finish: ${out.trim().split("\n").slice(-3).join(" / ")}`, "", false);
    return;
  }
  const r = JSON.parse(line.slice(5)) as {
    seconds: number;
    ordersPlaced: number;
    ordersPerSecond: number;
    cancelled: number;
    shipped: number;
    completed: number;
    browsePerSecond: number;
    unansweredAndSentAgain: number;
    lostWrites: number;
    failures: string[];
  };
  record(
    "two-instance soak: orders through nginx while an instance is killed and the replica restarted",
    `${fmt(r.ordersPerSecond, 1)} orders/s (${r.ordersPlaced} in ${r.seconds} s; ${r.cancelled} cancelled, ${r.shipped} shipped, ${r.completed} completed), ${fmt(r.browsePerSecond)} browse reads/s alongside; ${r.unansweredAndSentAgain} writes cut off and sent again`,
  );
  record(
    "  what it lost or did twice",
    r.failures.length === 0 ? `nothing (${r.lostWrites} answered writes missing)` : r.failures.join("; "),
    "nothing",
    r.failures.length === 0 && r.lostWrites === 0,
  );
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
