// What a page costs a phone, as `npm run measure` reports it and the browser tests hold it to its budget
// (tests/e2e/shop/budgets.spec.ts): the JavaScript Chromium loads until the network is quiet after hydration,
// counted as the precompressed brotli files the server sends, the API calls it makes and the errors it reports.
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import type { DemoIds } from "./page-budgets.ts";

const root = path.resolve(import.meta.dirname, "..");

export const demoPassword = "pasar-demo-2026";
export const demoAccount = {
  shopper: "shopper@pasar.test",
  merchant: "merchant1@pasar.test",
  operator: "operator@pasar.test",
} as const;

/**
 * The size a built file is transferred in to a browser that accepts brotli (every phone browser, over HTTPS): its
 * precompressed `.br`, or the file itself where compressing saves nothing (scripts/precompress.ts).
 */
export function brotliSizeOf(urlPath: string): number {
  const file = path.join(root, "build/client", urlPath);
  if (existsSync(`${file}.br`)) return statSync(`${file}.br`).size;
  if (existsSync(file)) return statSync(file).size;
  throw new Error(`${urlPath} was loaded but is not in build/client`);
}

async function trpcQuery<T>(base: string, procedure: string, input: unknown, token?: string): Promise<T> {
  const url = `${base}/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  const headers = token ? { authorization: token } : undefined;
  const body = (await (await fetch(url, { headers })).json()) as { result: { data: { json: T } } };
  return body.result.data.json;
}

/** A session token of a demo account, through the API. */
export async function apiToken(base: string, who: keyof typeof demoAccount): Promise<string> {
  const response = await fetch(`${base}/trpc/auth.signIn`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ json: { method: "password", account: demoAccount[who], password: demoPassword } }),
  });
  return ((await response.json()) as { result: { data: { json: { token: string } } } }).result.data.json
    .token;
}

/**
 * The ids the pages' paths need, from the demo shop through the API. Reads only: the payment attempt is the one
 * the seed opened for the demo shopper's unpaid order (a BCA virtual account), whatever became of it since.
 */
export async function demoIds(base: string, tokens: { shopper: string; merchant: string }): Promise<DemoIds> {
  const products = await trpcQuery<{ items: { id: string }[] }>(base, "listings.list", { limit: 1 });
  const stores = await trpcQuery<{ items: { id: string }[] }>(base, "stores.list", { limit: 1 });
  const orders = await trpcQuery<{ items: { id: string }[] }>(
    base,
    "orders.list",
    { tab: "all", limit: 50 },
    tokens.shopper,
  );
  let attemptId: string | undefined;
  for (const order of orders.items) {
    const detail = await trpcQuery<{ attemptId: string | null }>(
      base,
      "orders.get",
      { id: order.id },
      tokens.shopper,
    );
    if ((attemptId = detail.attemptId ?? undefined)) break;
  }
  if (!attemptId) throw new Error("the demo shopper has no order with a payment attempt");
  const storeOrders = await trpcQuery<{ items: { id: string }[] }>(
    base,
    "merchantOrders.list",
    { view: "all", limit: 1 },
    tokens.merchant,
  );
  const storeChats = await trpcQuery<{ items: { id: string }[] }>(
    base,
    "merchantChat.list",
    {},
    tokens.merchant,
  );
  return {
    productId: products.items[0]!.id,
    storeId: stores.items[0]!.id,
    orderId: orders.items[0]!.id,
    merchantOrderId: storeOrders.items[0]!.id,
    attemptId,
    conversationId: storeChats.items[0]!.id,
  };
}

/** Waits until React has claimed the page's <main> (the scripts start after the first paint). */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return !main || Object.keys(main).some((k) => k.startsWith("__reactProps"));
  });
}

/**
 * Loads `url` in `page` and waits until the network has been quiet for half a second after hydration; answers the
 * scripts it loaded (brotli, largest first), the API calls it made and the errors it reported.
 */
export async function loadPage(page: Page, base: string, url: string) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    // The page's own status (a 404 page) is not an error of the page.
    if (message.type() === "error" && message.location().url !== url) errors.push(message.text());
  });
  const scripts = new Set<string>();
  let apiCalls = 0;
  let pending = 0;
  let lastActivity = performance.now();
  // The chat's live stream stays open as long as the page: never "finished", so not waited for.
  const waitedFor = (r: { url(): string }) => !r.url().includes("/chat/stream");
  const settle = (r: { url(): string }) => {
    if (!waitedFor(r)) return;
    pending--;
    lastActivity = performance.now();
  };
  page.on("request", (r) => {
    if (!waitedFor(r)) return;
    pending++;
    lastActivity = performance.now();
  });
  page.on("requestfinished", settle);
  page.on("requestfailed", settle);
  page.on("response", (r) => {
    const u = new URL(r.url());
    if (u.origin !== base) return;
    if (u.pathname.endsWith(".js")) scripts.add(u.pathname);
    if (u.pathname.startsWith("/trpc/")) apiCalls++;
  });
  await page.goto(url, { waitUntil: "load" });
  await hydrated(page);
  while (pending > 0 || performance.now() - lastActivity < 500) await page.waitForTimeout(100);
  const files = [...scripts]
    .map((p) => ({ path: p, brotli: brotliSizeOf(p) }))
    .sort((a, b) => b.brotli - a.brotli);
  return { jsBrotli: files.reduce((sum, f) => sum + f.brotli, 0), files, apiCalls, errors };
}

/** Runs `work` on every item, `width` at a time; the results in the items' order. */
export async function inParallel<T, R>(
  items: T[],
  width: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await work(items[i]!);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}
