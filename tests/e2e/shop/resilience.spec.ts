import { expect, test, type Page } from "@playwright/test";
import { localePath, messages, settingsLabel, type Lang } from "../support/i18n.ts";
import { isSameDocument, markDocument, waitForHydration } from "../support/page.ts";

const ind = messages.ind;
const productLink = 'a[href*="/h5/products/prd_"]';

/** Counts full document loads of the page from now on. */
function countLoads(page: Page) {
  const counter = { loads: 0 };
  page.on("load", () => counter.loads++);
  return counter;
}

test.describe("lazy chunk reload guard", () => {
  test("a lazy chunk that fails to load reloads the page once, and not again within 10 s", async ({
    page,
  }) => {
    await page.route("**/assets/preferences-dialog-*.js", (route) => route.abort());
    await page.goto("/h5");
    await waitForHydration(page);
    const counter = countLoads(page);
    await markDocument(page);

    await page.getByRole("button", { name: settingsLabel("ind") }).click();
    await expect
      .poll(() => counter.loads, {
        message: "the page did not reload after the settings chunk failed to load",
        timeout: 3000,
      })
      .toBe(1);
    await expect(page.getByRole("heading", { level: 2, name: ind.catalog.home.hot })).toBeVisible();

    // The chunk is still unavailable: a second failure right away must not start a reload loop.
    await waitForHydration(page);
    const second = await markDocument(page);
    // Resolves once the app's own handler of the failure has run (listeners run in the order they were added);
    // had it reloaded, this page would be gone and the evaluation would fail.
    const handled = page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          window.addEventListener("vite:preloadError", () => setTimeout(resolve, 0), { once: true }),
        ),
    );
    await page.getByRole("button", { name: settingsLabel("ind") }).click();
    await handled;
    expect(counter.loads, "the page reloaded a second time within 10 s").toBe(1);
    expect(await isSameDocument(page, second)).toBe(true);
  });
});

test.describe("new deployment check", () => {
  async function openFirstCardAfterVersionCheck(page: Page) {
    await page.goto("/h5");
    await waitForHydration(page);
    const doc = await markDocument(page);
    // The page has read the server's answer.
    await expect(page.locator("html")).toHaveAttribute("data-build", /^(current|stale)$/);

    const documents: string[] = [];
    page.on("request", (req) => {
      if (req.resourceType() === "document") documents.push(new URL(req.url()).pathname);
    });
    const card = page.getByRole("region", { name: ind.catalog.home.hot }).locator(productLink).first();
    const name = (await card.getByRole("heading", { level: 3 }).innerText()).trim();
    const href = (await card.getAttribute("href"))!;
    await card.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await page.waitForLoadState("load");
    return { sameDocument: await isSameDocument(page, doc), documents, href };
  }

  test("when the server runs a newer build, the next navigation is a full page load", async ({ page }) => {
    await page.route("**/builds/latest.json", (route) =>
      route.fulfill({ json: { id: "e2e-newer-build" }, headers: { "cache-control": "no-store" } }),
    );
    const result = await openFirstCardAfterVersionCheck(page);
    expect(result.sameDocument, "the stale page navigated in place instead of loading the new build").toBe(
      false,
    );
    expect(result.documents).toContain(result.href);
  });

  test("when the build is unchanged, navigation stays in the page", async ({ page }) => {
    const result = await openFirstCardAfterVersionCheck(page);
    expect(result.sameDocument).toBe(true);
    expect(result.documents).toEqual([]);
  });
});

test.describe("error toasts", () => {
  /**
   * A list's first page comes with the page; the next pages are the browser's own API calls (the small client),
   * made as the shopper scrolls to the end: those are made to fail here.
   */
  async function openList(page: Page, lang: Lang) {
    await page.goto(localePath(lang, "/h5/products/list"));
    await waitForHydration(page);
    await expect(page.getByTestId("product-grid").locator("li")).toHaveCount(20);
  }

  async function scrollToTheEnd(page: Page) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByTestId("product-grid").locator("li").last().scrollIntoViewIfNeeded();
  }

  function toasts(page: Page, lang: Lang) {
    return page.getByRole("region", { name: messages[lang].shell.toast.region });
  }

  test("an API error shows its message as a toast, which the close button removes", async ({ page }) => {
    await openList(page, "ind");
    let calls = 0;
    await page.route("**/trpc/listings.list*", (route) => {
      calls++;
      return route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({
          error: {
            json: {
              message: "Kategori sedang gangguan",
              code: -32603,
              data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 500 },
            },
          },
        }),
      });
    });
    await scrollToTheEnd(page);

    const toast = toasts(page, "ind").getByRole("alert");
    await expect(toast).toHaveText("Kategori sedang gangguan");
    expect(calls).toBe(1);
    // What was shown stays, and the list offers the next page by its button, without asking again by itself.
    await expect(page.getByTestId("product-grid").locator("li")).toHaveCount(20);
    await expect(page.getByRole("button", { name: ind.catalog.list.loadMore })).toBeEnabled();
    await scrollToTheEnd(page);
    await page.waitForTimeout(500);
    expect(calls).toBe(1);
    // It sits at the bottom of the screen.
    const box = (await toast.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.y + box.height).toBeGreaterThan(viewport.height * 0.75);

    await toast.getByRole("button", { name: ind.shell.toast.close }).click();
    await expect(toast).toHaveCount(0);
  });

  test("a malformed error answer shows the translated 'Unknown error'", async ({ page }) => {
    await openList(page, "en");
    await page.route("**/trpc/listings.list*", (route) =>
      route.fulfill({
        status: 500,
        contentType: "text/html",
        body: "<html><body>502 Bad Gateway</body></html>",
      }),
    );
    await scrollToTheEnd(page);
    await expect(toasts(page, "en").getByRole("alert")).toHaveText(messages.en.errors.api.unknown);
    await expect(page.getByRole("button", { name: messages.en.catalog.list.loadMore })).toBeEnabled();
  });

  test("a toast closes by itself after 5 s, but not while the pointer rests on it", async ({ page }) => {
    await page.clock.install();
    await openList(page, "ind");
    await page.route("**/trpc/listings.list*", (route) =>
      route.fulfill({ status: 500, contentType: "text/plain", body: "oops" }),
    );
    await scrollToTheEnd(page);
    const toast = toasts(page, "ind").getByRole("alert");
    await expect(toast).toHaveText(ind.errors.api.unknown);

    await toast.hover();
    await page.clock.fastForward(8000);
    await expect(toast, "the toast closed while the pointer was on it").toBeVisible();

    await page.mouse.move(10, 10);
    await page.clock.fastForward(6000);
    await expect(toast).toHaveCount(0);

    // Without the pointer on it, a new toast leaves on its own (the list's button asks again).
    await page.getByRole("button", { name: ind.catalog.list.loadMore }).click();
    await expect(toast).toBeVisible();
    await page.mouse.move(10, 10);
    await page.clock.fastForward(5500);
    await expect(toast).toHaveCount(0);
  });
});
