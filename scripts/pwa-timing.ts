// What the service worker (public/sw.js, issue 44) costs the home page: a first visit (fresh browser profile, the
// worker registers during it) and the next visit (the worker controls it, with navigation preload), each against the
// same visit with service workers blocked, on a phone on a slow network (CPU 4x slower, 1.6 Mbit/s, 150 ms, as the
// browser tests' slowPhone). Medians of the runs, taken in turns so both see the same machine.
// Usage (a running production server): node scripts/pwa-timing.ts http://localhost:3000 [runs, default 8] [path, default /h5]
import { chromium, type Browser, type Page, type Request } from "playwright-core";
import { chromiumLaunchOptions } from "../tests/setup/chromium.ts";
import { slowPhone } from "../tests/e2e/support/page.ts";

const [base = "http://localhost:3000", runsArg = "8", path = "/h5"] = process.argv.slice(2);
const runs = Math.max(1, Number(runsArg));

interface Visit {
  /** Milliseconds from the navigation's start. */
  responseStart: number;
  firstContentfulPaint: number;
  largestContentfulPaint: number;
  domContentLoaded: number;
  load: number;
  hydrated: number;
  /** The network quiet for half a second after hydration (the end of what `npm run measure` counts). */
  settled: number;
  /** When the worker was active, if it was by the time the network was quiet. */
  workerReady: number;
  /**
   * Bytes the page's scripts, styles, pictures and data transferred (Resource Timing). Not the page itself: handed
   * over by the worker, Resource Timing counts it decoded, though it came compressed. Nor the worker's own files.
   */
  bytes: number;
  controlled: boolean;
}

/** In the page before anything runs: when hydration claimed <main>, when the worker became active, the largest paint. */
function probes() {
  const w = window as unknown as Record<string, number>;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__lcp = entry.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  const poll = () => {
    const main = document.querySelector("main");
    if (main && Object.keys(main).some((k) => k.startsWith("__reactProps"))) w.__hydrated = performance.now();
    else requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
  navigator.serviceWorker?.ready.then(() => (w.__workerReady = performance.now()));
}

async function visit(page: Page): Promise<Visit> {
  let pending = 0;
  let last = performance.now();
  const waited = (r: Request) => !r.url().includes("/chat/stream");
  const settle = (r: Request) => {
    if (!waited(r)) return;
    pending--;
    last = performance.now();
  };
  page.on("request", (r) => {
    if (!waited(r)) return;
    pending++;
    last = performance.now();
  });
  page.on("requestfinished", settle);
  page.on("requestfailed", settle);
  await page.goto(base + path, { waitUntil: "load" });
  await page.waitForFunction(() => (window as unknown as Record<string, number>).__hydrated !== undefined);
  while (pending > 0 || performance.now() - last < 500) await page.waitForTimeout(50);
  const quietFor = performance.now() - last;
  return page.evaluate((quietFor) => {
    const w = window as unknown as Record<string, number>;
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    return {
      responseStart: nav.responseStart,
      firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
      largestContentfulPaint: w.__lcp ?? NaN,
      domContentLoaded: nav.domContentLoadedEventEnd,
      load: nav.loadEventEnd,
      hydrated: w.__hydrated!,
      settled: Math.max(w.__hydrated!, performance.now() - quietFor),
      workerReady: w.__workerReady ?? NaN,
      bytes: resources.reduce((sum, r) => sum + r.transferSize, 0),
      controlled: navigator.serviceWorker?.controller != null,
    };
  }, quietFor);
}

/** A first visit in a fresh profile, then the next visit in the same one. */
async function session(browser: Browser, worker: boolean): Promise<[Visit, Visit]> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: "id-ID",
    serviceWorkers: worker ? "allow" : "block",
  });
  await context.addInitScript(probes);
  const first = await context.newPage();
  await slowPhone(first);
  const firstVisit = await visit(first);
  if (worker) {
    // The worker installs in the background during the first visit; the next visit comes once it is active.
    firstVisit.workerReady = await first.evaluate(() =>
      navigator.serviceWorker.ready.then(() => performance.now()),
    );
  }
  await first.close();
  const next = await context.newPage();
  await slowPhone(next);
  const nextVisit = await visit(next);
  await context.close();
  return [firstVisit, nextVisit];
}

const median = (values: number[]) => {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const browser = await chromium.launch(chromiumLaunchOptions);
// One visit of each to warm the server's page cache and the machine.
await session(browser, true);
await session(browser, false);
const results = { with: [] as [Visit, Visit][], without: [] as [Visit, Visit][] };
for (let i = 0; i < runs; i++) {
  results.with.push(await session(browser, true));
  results.without.push(await session(browser, false));
}
await browser.close();

const metrics: [keyof Visit, string][] = [
  ["responseStart", "first byte"],
  ["firstContentfulPaint", "first contentful paint"],
  ["largestContentfulPaint", "largest contentful paint"],
  ["domContentLoaded", "DOMContentLoaded"],
  ["load", "load event"],
  ["hydrated", "hydrated"],
  ["settled", "network quiet after hydration"],
  ["workerReady", "the worker active"],
  ["bytes", "bytes transferred for the page's resources"],
];
console.log(`${base}${path}, slow phone (CPU 4x, 1.6 Mbit/s, 150 ms), median of ${runs} runs each\n`);
for (const [index, name] of [
  [0, "first visit"],
  [1, "next visit"],
] as const) {
  const controlled = results.with.filter((r) => r[index].controlled).length;
  console.log(
    `${name}${index === 1 ? ` (controlled by the worker in ${controlled} of ${runs} runs with it)` : ""}:`,
  );
  console.log(`| | with the worker | without | difference |\n|---|---|---|---|`);
  for (const [key, label] of metrics) {
    if (key === "controlled") continue;
    const a = median(results.with.map((r) => r[index][key] as number));
    const b = median(results.without.map((r) => r[index][key] as number));
    if (Number.isNaN(a) && Number.isNaN(b)) continue;
    const unit = key === "bytes" ? " B" : " ms";
    const shown = (v: number) => (Number.isNaN(v) ? "-" : `${v.toFixed(0)}${unit}`);
    console.log(`| ${label} | ${shown(a)} | ${shown(b)} | ${Number.isNaN(a - b) ? "-" : shown(a - b)} |`);
  }
  console.log("");
}
