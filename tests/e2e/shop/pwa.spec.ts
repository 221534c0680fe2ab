import { readFileSync } from "node:fs";
import path from "node:path";
import {
  chromium,
  expect,
  test,
  type Browser,
  type BrowserContext,
  type Page,
  type Worker,
} from "@playwright/test";
import { base64UrlToBytes } from "../../../web/features/notifications/push.ts";
import { chromiumBrowserPath, chromiumLaunchOptions } from "../../setup/chromium.ts";
import { expectNoSeriousViolations } from "../support/axe.ts";
import { localePath, messages, type Lang } from "../support/i18n.ts";
import { waitForHydration } from "../support/page.ts";

// The installable app (issue 44): the manifest and its icons, the service worker (public/sw.js) with its pushes,
// their taps and the offline page, the push helpers (web/features/notifications/push.ts), and the home page's tip
// installing with the browser's offer. How much the worker costs a first visit is measured outside the tests
// (scripts/pwa-timing.ts), not timed here.

const ind = messages.ind;

/** A PNG's width and height, from its header. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** The worker once it is active, its registration's scope, and whether it controls the page. */
function workerState(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return {
      script: registration.active?.scriptURL ?? "",
      scope: registration.scope,
      controlled: navigator.serviceWorker.controller !== null,
    };
  });
}

/** Opens the home page, waits for the worker to be active, and reloads so that it controls the page. */
async function controlledHome(page: Page): Promise<Worker> {
  await page.goto("/h5");
  await waitForHydration(page);
  const first = await workerState(page);
  expect(first.script).toMatch(/\/sw\.js$/);
  await page.reload();
  expect((await workerState(page)).controlled, "the worker controls the page after a reload").toBe(true);
  const context = page.context();
  return context.serviceWorkers()[0] ?? context.waitForEvent("serviceworker");
}

test.describe("the installable app", () => {
  test("the manifest is valid, its icons load at their sizes, and the pages link it", async ({ request }) => {
    const answer = await request.get("/manifest.webmanifest");
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toBe("application/manifest+json");
    const manifest = (await answer.json()) as {
      name: string;
      short_name: string;
      description: string;
      lang: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      name: "Pasar",
      short_name: "Pasar",
      lang: "id",
      start_url: "/h5?source=pwa",
      scope: "/",
      display: "standalone",
      theme_color: "#16a34a",
    });
    expect(manifest.description.length).toBeGreaterThan(20);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);

    const icons = new Map<string, string>();
    for (const icon of manifest.icons) {
      const file = await request.get(icon.src);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()["content-type"]?.split(";")[0], icon.src).toBe(icon.type);
      if (icon.type === "image/png") {
        expect(pngSize(await file.body()), icon.src).toBe(icon.sizes);
        icons.set(`${icon.purpose ?? "any"} ${icon.sizes}`, icon.src);
      } else {
        expect(icon.type).toBe("image/svg+xml");
        expect(icon.sizes).toBe("any");
      }
    }
    expect([...icons.keys()].sort()).toEqual(["any 192x192", "any 512x512", "maskable 512x512"]);
    // Where an iPhone looks for its home-screen icon by itself.
    expect(pngSize(await (await request.get("/apple-touch-icon.png")).body())).toBe("180x180");

    const worker = await request.get("/sw.js");
    expect(worker.headers()["content-type"]).toMatch(/^text\/javascript/);
    expect(worker.headers()["cache-control"]).toBe("no-cache");

    // The app starts at /h5?source=pwa: a page the page cache keeps like /h5 (decision 9). A kept page keeps the
    // nonce it was rendered with, so two answers with one nonce are one render.
    const nonce = async (url: string) =>
      /'nonce-([^']+)'/.exec((await request.get(url)).headers()["content-security-policy"] ?? "")?.[1];
    const firstStart = await nonce(manifest.start_url);
    expect(firstStart).toBeTruthy();
    expect(await nonce(manifest.start_url), "the start page came from the page cache").toBe(firstStart);

    const html = await (await request.get(manifest.start_url)).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
  });

  test("the service worker registers once the page is idle, controls it after a reload, and a page that cannot be reached shows the offline page", async ({
    page,
  }) => {
    await page.goto("/h5");
    await waitForHydration(page);
    const first = await workerState(page);
    expect(first).toMatchObject({ scope: new URL("/", page.url()).href, controlled: false });
    expect(first.script).toMatch(/\/sw\.js$/);
    await page.reload();
    expect((await workerState(page)).controlled).toBe(true);

    // Pages and API calls still come from the server, through the worker or past it.
    const faq = "/h5/question";
    await page.goto(faq);
    await expect(page).toHaveTitle(new RegExp(ind.support.faq.title));
    expect(await page.evaluate(() => fetch("/healthz").then((r) => r.status))).toBe(200);

    await page.context().setOffline(true);
    await page.goto(faq);
    const offline = page.getByRole("heading", { level: 1, name: "Anda sedang offline" });
    await expect(offline).toBeVisible();
    await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "您目前处于离线状态" })).toBeVisible();
    expect(new URL(page.url()).pathname, "the address stays the page's").toBe(faq);
    // Anything but a page is left to fail as it would without the worker: no offline page for an API call.
    expect(
      await page.evaluate(() =>
        fetch("/healthz").then(
          (r) => `${r.status}`,
          () => "failed",
        ),
      ),
    ).toBe("failed");
    await expectNoSeriousViolations(page, "the offline page at 390 px");
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expectNoSeriousViolations(page, "the offline page at 320 px");

    await page.context().setOffline(false);
    await page.getByRole("link", { name: /Coba lagi/ }).click();
    await expect(page).toHaveTitle(new RegExp(ind.support.faq.title));
    expect(new URL(page.url()).pathname).toBe(faq);
  });

  test("the home page's tip installs with the browser's offer where there is one, and is not shown in the installed app", async ({
    browser,
  }) => {
    const langs: Lang[] = ["ind", "en", "zh"];
    const context = await browser.newContext();
    const page = await context.newPage();
    for (const [i, lang] of langs.entries()) {
      const m = messages[lang];
      const width = i === 0 ? 320 : 390;
      await page.setViewportSize({ width, height: 700 });
      // A new visitor each time: installing closes the tip for good (its cookie).
      await context.clearCookies();
      await page.goto(localePath(lang, "/h5"));
      await waitForHydration(page);
      const tip = page.getByRole("complementary", { name: m.shell.download.text });
      await expect(tip.getByRole("link", { name: m.shell.download.open, exact: true })).toBeVisible();

      // What Chromium does when the shop can be installed: a `beforeinstallprompt` whose prompt() asks the person.
      const held = await page.evaluate(() => {
        const offer = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
          prompt: async () => void (window.__e2ePrompted = true),
          userChoice: Promise.resolve({ outcome: "accepted" }),
        });
        dispatchEvent(offer);
        return offer.defaultPrevented;
      });
      expect(held, "the browser's own install bar is held back while the tip shows").toBe(true);
      const install = tip.getByRole("button", { name: m.shell.download.install, exact: true });
      await expect(install).toBeVisible();
      if (i < 2) {
        await expectNoSeriousViolations(page, `${lang}: the tip with its install button at ${width} px`);
      }
      await install.click();
      await expect(tip).toBeHidden();
      expect(await page.evaluate(() => window.__e2ePrompted)).toBe(true);
    }

    // Opened from the home screen (the display mode the manifest asks for), the tip has nothing to offer: its style
    // hides it there. Chromium cannot emulate that display mode, so the test reads the rule that applies to it.
    await context.clearCookies();
    await page.goto("/h5");
    const hiddenWhenInstalled = await page
      .getByRole("complementary", { name: ind.shell.download.text })
      .evaluate((tip) => {
        // The rule sits in the stylesheet's layers: every grouping rule is looked into.
        const hides = (rules: CSSRuleList, standalone: boolean): boolean =>
          [...rules].some((rule) => {
            if (rule instanceof CSSStyleRule) {
              return standalone && tip.matches(rule.selectorText) && rule.style.display === "none";
            }
            if (!(rule instanceof CSSGroupingRule)) return false;
            const media = rule instanceof CSSMediaRule ? rule.conditionText.replace(/\s/g, "") : "";
            return hides(rule.cssRules, standalone || media === "(display-mode:standalone)");
          });
        return [...document.styleSheets].some((sheet) => hides(sheet.cssRules, false));
      });
    expect(hiddenWhenInstalled, "the tip is hidden in display-mode standalone").toBe(true);
    await context.close();
  });

  test("the push helpers decode the shop's key as the Push API takes it", () => {
    const key = "BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U";
    expect(Buffer.from(base64UrlToBytes(key))).toEqual(Buffer.from(key, "base64url"));
    expect(base64UrlToBytes(key)).toHaveLength(65);
  });
});

declare global {
  interface Window {
    __e2ePrompted?: boolean;
  }
}

/** The push helpers, as the page would run them: their source as JavaScript, in a function's body. */
async function pushHelpers(): Promise<string> {
  const { default: ts } = await import("typescript");
  const source = readFileSync(
    path.resolve(import.meta.dirname, "../../../web/features/notifications/push.ts"),
    "utf8",
  );
  const js = ts.transpileModule(source, { compilerOptions: { target: ts.ScriptTarget.ES2022 } }).outputText;
  return js.replace(/^export /gm, "");
}

test.describe("pushes", () => {
  // The headless shell has no notifications (their permission always reads "denied"): the whole browser, headless.
  let browser: Browser;
  let context: BrowserContext;
  test.beforeAll(async () => {
    browser = await chromium.launch({ ...chromiumLaunchOptions, executablePath: chromiumBrowserPath });
  });
  test.afterAll(() => browser.close());
  test.beforeEach(async ({ baseURL, contextOptions, viewport }) => {
    context = await browser.newContext({ ...contextOptions, baseURL, viewport });
    await context.grantPermissions(["notifications"], { origin: baseURL! });
  });
  test.afterEach(() => context.close());

  test("a push shows its notification, one per tag, and a tap opens its page in the shop's tab or a new window", async ({
    baseURL,
  }) => {
    const page = await context.newPage();
    const worker = await controlledHome(page);

    // Chromium here has no push service to subscribe to; DevTools hands the worker a push as one would.
    const cdp = await context.newCDPSession(page);
    const registrations = new Promise<string>((resolve) =>
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const mine = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
        if (mine) resolve(mine.registrationId);
      }),
    );
    await cdp.send("ServiceWorker.enable");
    const registrationId = await registrations;
    const push = (payload: unknown) =>
      cdp.send("ServiceWorker.deliverPushMessage", {
        origin: baseURL!,
        registrationId,
        data: JSON.stringify(payload),
      });
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          link: (n.data as { link: string }).link,
          icon: new URL(n.icon).pathname,
          // Not in TypeScript's DOM types yet.
          badge: new URL((n as Notification & { badge: string }).badge).pathname,
        })),
      );

    await push({ title: "Pesanan dikirim", body: "JNE REG, resi 123", link: "/h5/order", tag: "order-1" });
    await expect.poll(shown).toEqual([
      {
        title: "Pesanan dikirim",
        body: "JNE REG, resi 123",
        tag: "order-1",
        link: "/h5/order",
        icon: "/icons/icon-192.png",
        badge: "/icons/badge-96.png",
      },
    ]);
    // The same tag replaces it; a link elsewhere is not followed (the notification centre instead).
    await push({ title: "Pesanan tiba", body: "Diterima", link: "/h5/order/detail?id=1", tag: "order-1" });
    await push({ title: "Promo", body: "Lihat", link: "https://evil.example/h5", tag: "promo" });
    await expect
      .poll(async () => (await shown()).map((n) => [n.title, n.tag, n.link]))
      .toEqual([
        ["Pesanan tiba", "order-1", "/h5/order/detail?id=1"],
        ["Promo", "promo", "/h5/notifications"],
      ]);

    // A tap: the worker's handler opens the notification's link. DevTools cannot tap a notification, so the test
    // runs the handler's own function in the worker: the shop's tab goes to the page…
    await worker.evaluate(() =>
      (self as unknown as { openLink(link: string): Promise<unknown> }).openLink("/h5/category"),
    );
    await page.waitForURL("**/h5/category");
    // …nothing happens for another site's address…
    expect(
      await worker.evaluate(async () => {
        const sw = self as unknown as { openLink(link: string): Promise<unknown> };
        return [await sw.openLink("https://evil.example/"), await sw.openLink("//evil.example/x")].map(
          (opened) => opened === undefined,
        );
      }),
    ).toEqual([true, true]);
    expect(new URL(page.url()).pathname).toBe("/h5/category");
    // …and with no tab of the shop open, a new window (a stand-in for the worker's clients sees it asked).
    const opened = await worker.evaluate(async () => {
      const asked: string[] = [];
      const clients = { matchAll: async () => [], openWindow: async (url: string) => void asked.push(url) };
      await (self as unknown as { openLink(link: string, c: unknown): Promise<unknown> }).openLink(
        "/h5/order/detail?id=1",
        clients,
      );
      return asked;
    });
    expect(opened).toEqual([`${baseURL}/h5/order/detail?id=1`]);
  });

  test("the push helpers say where the browser stands and answer null when the person refuses", async ({
    baseURL,
  }) => {
    const helpers = await pushHelpers();
    const page = await context.newPage();
    await page.goto("/h5");
    const run = (p: Page, body: string) => p.evaluate(`(async () => { ${helpers}\n${body} })()`);
    // Allowed, not subscribed: off, once the worker is there (registered by them if the page has not yet); nothing
    // to unsubscribe.
    expect(
      await run(
        page,
        "await navigator.serviceWorker.ready; return [await pushState(), await unsubscribePush()];",
      ),
    ).toEqual(["off", null]);

    // Refused: subscribing answers null without asking the push service, and the state is denied.
    const refusing = await browser.newContext({ baseURL });
    const other = await refusing.newPage();
    await other.goto("/h5");
    const key = "A".repeat(87);
    expect(await run(other, `return [await subscribePush("${key}"), await pushState()];`)).toEqual([
      null,
      "denied",
    ]);
    await refusing.close();
  });
});
