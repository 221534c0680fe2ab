// What the benchmark measures of the pages themselves (scripts/bench.ts): JavaScript per page as transferred, in
// Chromium; the home page's HTML; Lighthouse on the mobile and the stress profile.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { get } from "node:http";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { chromiumBrowserPath, chromiumLaunchOptions } from "../tests/setup/chromium.ts";
import { children, fmt, record, waitFor } from "./bench-kit.ts";

/** JavaScript per browse page as the phone downloads it: brotli, as transferred (decision 27's budget). */
export async function pageWeights(base: string, pages: Record<string, string>) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    for (const [name, pagePath] of Object.entries(pages)) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "id-ID" });
      const page = await context.newPage();
      const scripts: Promise<{ bytes: number; encoding: string }>[] = [];
      page.on("response", (r) => {
        if (new URL(r.url()).pathname.endsWith(".js")) {
          scripts.push(
            Promise.all([r.request().sizes(), r.headerValue("content-encoding")]).then(
              ([sizes, encoding]) => ({ bytes: sizes.responseBodySize, encoding: encoding ?? "identity" }),
              () => ({ bytes: 0, encoding: "?" }),
            ),
          );
        }
      });
      await page.goto(base + pagePath, { waitUntil: "networkidle" });
      const files = await Promise.all(scripts);
      const kb = files.reduce((a, f) => a + f.bytes, 0) / 1024;
      const encodings = [...new Set(files.map((f) => f.encoding))].join(", ");
      record(
        `JS as transferred, ${name}`,
        `${fmt(kb, 1)} KB in ${files.length} files (${encodings})`,
        "<= 110 KB brotli",
        kb <= 110 && encodings === "br",
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

/** The home page's HTML: its size, on the wire, and the hydration data in it. */
export async function homeHtml(base: string) {
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

/** Lighthouse's mobile profile, and the stress profile of issue 30: a slower phone on a slower network. */
const lighthouseProfiles = {
  mobile: { label: "Lighthouse mobile", settings: {}, goal: 98 },
  stress: {
    label: "Lighthouse stress (6x CPU slow-down, 150 ms round trip)",
    settings: { throttling: { cpuSlowdownMultiplier: 6, rttMs: 150, requestLatencyMs: 150 * 3.75 } },
    goal: 90,
  },
} as const;

/** Lighthouse, five runs of each page on each profile, with Chromium's debugging on `port`. */
export async function lighthouseRuns(base: string, pages: Record<string, string>, port: number) {
  const dataDir = `/tmp/pasar-bench-chrome-${process.pid}`;
  const chrome = spawn(
    chromiumBrowserPath,
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
    for (const profile of Object.values(lighthouseProfiles)) {
      for (const [name, pagePath] of Object.entries(pages)) {
        const runs: { score: number; lcp: number; fcp: number; cls: number; tbt: number }[] = [];
        // A run Lighthouse could not finish measured nothing: it is named, not counted as a score of 0.
        const failures: string[] = [];
        for (let i = 0; i < 5; i++) {
          const result = await lighthouse(
            base + pagePath,
            { port, output: "json", logLevel: "error", onlyCategories: ["performance"] },
            profile.settings === lighthouseProfiles.mobile.settings
              ? undefined
              : { extends: "lighthouse:default", settings: profile.settings },
          );
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
          record(
            `${profile.label}, ${name}`,
            `every run failed: ${failures.join("; ")}`,
            `>= ${profile.goal}`,
            false,
          );
          continue;
        }
        const m = {
          lcp: median(runs.map((r) => r.lcp)),
          fcp: median(runs.map((r) => r.fcp)),
          cls: median(runs.map((r) => r.cls)),
          tbt: median(runs.map((r) => r.tbt)),
        };
        const lowest = Math.min(...runs.map((r) => r.score));
        const failed =
          failures.length > 0 ? `; ${failures.length} run(s) failed: ${failures.join("; ")}` : "";
        const mobile = profile === lighthouseProfiles.mobile;
        record(
          `${profile.label}, ${name} (${runs.length} runs)`,
          `lowest score ${lowest} (${runs.map((r) => r.score).join("/")}), median LCP ${fmt(m.lcp, 2)} s, FCP ${fmt(m.fcp, 2)} s, CLS ${fmt(m.cls, 3)}, TBT ${fmt(m.tbt)} ms${failed}`,
          mobile ? `>= ${profile.goal} in every run; TBT <= 100 ms` : `>= ${profile.goal} in every run`,
          failures.length === 0 && lowest >= profile.goal && (!mobile || m.tbt <= 100),
        );
      }
    }
  } finally {
    chrome.kill("SIGTERM");
    children.delete(chrome);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
