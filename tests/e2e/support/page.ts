import { expect, type Page, type Route } from "@playwright/test";

declare global {
  interface Window {
    __e2eDocument?: string;
    __e2eFirstPaintTheme?: { className: string; colorScheme: string; appStarted: boolean };
  }
}

/**
 * Waits until React has hydrated the server-rendered page: before that, links are plain anchors and a
 * click is a full page load. Hydration attaches React's props to the elements it claims; the modal
 * <dialog> (shop pages) and <main> (every page) are among the last and first it claims.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const claimed = (el: Element | null) => !!el && Object.keys(el).some((k) => k.startsWith("__reactProps"));
    const main = document.querySelector("main");
    const dialog = document.querySelector("dialog");
    return claimed(main) && (dialog === null || claimed(dialog));
  });
}

/** Tags the current document; a full page load (reload or hard navigation) loses the tag. */
export async function markDocument(page: Page): Promise<string> {
  const tag = `doc-${Math.random().toString(36).slice(2)}`;
  await page.evaluate((t) => (window.__e2eDocument = t), tag);
  return tag;
}

/** Whether the page still shows the document tagged by `markDocument`. */
export async function isSameDocument(page: Page, tag: string): Promise<boolean> {
  return page.evaluate((t) => window.__e2eDocument === t, tag);
}

/**
 * Records the <html> theme at the moment <body> is first inserted by the parser: only the inline
 * <head> script can have run by then (the app's module scripts are deferred), so this is what the very
 * first frame is painted with. Install with `page.addInitScript(recordFirstPaintTheme)`.
 */
export function recordFirstPaintTheme() {
  const snapshot = () => {
    const html = document.documentElement;
    if (window.__e2eFirstPaintTheme || !html || !document.body) return false;
    window.__e2eFirstPaintTheme = {
      className: html.className,
      colorScheme: html.style.colorScheme,
      // React Router's client entry creates this; it must not have run yet.
      appStarted: "__reactRouterDataRouter" in window,
    };
    return true;
  };
  // <html> may not exist yet when init scripts run, so watch the whole document.
  const observer = new MutationObserver(() => {
    if (snapshot()) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
}

export async function firstPaintTheme(page: Page) {
  const theme = await page.evaluate(() => window.__e2eFirstPaintTheme);
  expect(theme, "the first-paint probe did not run").toBeTruthy();
  expect(theme!.appStarted, "the first-paint probe ran after the app's scripts").toBe(false);
  return theme!;
}

/** Delays matching requests, so a navigation visibly loads. */
export async function delayRoute(page: Page, url: string | RegExp, ms: number): Promise<void> {
  await page.route(url, async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.fallback();
  });
}

/** How bright the page background is (0 black … 255 white), as the shopper sees it. */
export async function backgroundBrightness(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext("2d")!;
    ctx.fillStyle = getComputedStyle(document.documentElement).backgroundColor;
    ctx.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = ctx.getImageData(0, 0, 1, 1).data;
    return Math.round(0.2126 * r + 0.7152 * g + 0.0722 * b);
  });
}

/**
 * A mid-range phone on a slow mobile network (CPU 4x slower, 1.6 Mbit/s, 150 ms): what arrives after the
 * first paint (scripts, hydration, the API client, API answers, images) arrives late enough to move things.
 */
export async function slowPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}
