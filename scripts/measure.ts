// Measures the home and product pages on the production build: server response time (p50/p95 of
// sequential requests), HTML size, and the gzipped JavaScript Chromium actually loads.
// Usage: npm run build && node scripts/measure.ts   (starts its own server with a fresh database)
import { spawn } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { chromiumLaunchOptions } from "../tests/setup/chromium.ts";

const root = path.resolve(import.meta.dirname, "..");
const port = 3290;
const base = `http://localhost:${port}`;
const budgetKb = 150;
const runs = 40;

const server = spawn(process.execPath, ["server/main.ts"], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: `/tmp/pasar-measure-${process.pid}`,
    LOG_LEVEL: "warn",
    // Production needs channels for codes; nothing is sent while measuring.
    SMTP_URL: "smtp://127.0.0.1:1",
    SMS_WEBHOOK_URL: "http://127.0.0.1:1/sms",
    SEED_IMAGE_SIZE: "320",
  },
  stdio: ["ignore", "ignore", "inherit"],
});

async function waitReady() {
  for (let i = 0; i < 240; i++) {
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

async function timing(url: string) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { "accept-language": "id-ID" } });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

function gzipSizeOf(urlPath: string): number {
  const file = path.join(root, "build/client", urlPath);
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  return 0;
}

try {
  await waitReady();
  const list = await (
    await fetch(
      `${base}/trpc/listings.list?input=${encodeURIComponent(JSON.stringify({ json: { limit: 1 } }))}`,
    )
  ).json();
  const productId: string = list.result.data.json.items[0].id;
  const pages = { home: "/h5", product: `/h5/products/${productId}` };

  const browser = await chromium.launch(chromiumLaunchOptions);
  const rows: string[] = [];
  let overBudget = false;
  for (const [name, pagePath] of Object.entries(pages)) {
    const html = await (await fetch(base + pagePath)).text();
    const htmlRaw = Buffer.byteLength(html);
    const htmlGzip = gzipSync(html).length;
    const t = await timing(base + pagePath);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "id-ID" });
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on("response", (r) => {
      const u = new URL(r.url());
      if (u.pathname.endsWith(".js")) scripts.add(u.pathname);
    });
    await page.goto(base + pagePath, { waitUntil: "networkidle" });
    await context.close();
    const jsGzip = [...scripts].reduce((sum, p) => sum + gzipSizeOf(p), 0);
    if (jsGzip / 1024 > budgetKb) overBudget = true;
    rows.push(
      `| ${name} | ${t.p50.toFixed(1)} ms | ${t.p95.toFixed(1)} ms | ${(htmlRaw / 1024).toFixed(1)} KB (${(htmlGzip / 1024).toFixed(1)} KB gzip) | ${(jsGzip / 1024).toFixed(1)} KB in ${scripts.size} files |`,
    );
  }
  await browser.close();
  console.log(`\nProduction build, ${runs} sequential requests per page, PGlite, this machine:\n`);
  console.log("| page | server p50 | server p95 | HTML | JavaScript (gzip) |");
  console.log("|---|---|---|---|---|");
  for (const row of rows) console.log(row);
  console.log(`\nBudget: ${budgetKb} KB of gzipped JavaScript per page: ${overBudget ? "EXCEEDED" : "met"}.`);
  process.exitCode = overBudget ? 1 : 0;
} finally {
  server.kill("SIGTERM");
}
