import { expect, test, type Page } from "@playwright/test";
import { trpcMutation } from "../support/accounts.ts";
import { listAll, productCards, signInFreshShopper } from "../support/browsing.ts";
import { browserLocale, messages } from "../support/i18n.ts";
import { slowPhone, waitForHydration } from "../support/page.ts";

// Cumulative layout shift of the home page on a phone (performance issue: goal <= 0.01): every
// 'layout-shift' entry the browser reports while the page loads, hydrates and settles, summed, except
// shifts right after the visitor's own input (which do not count as layout shift either).

declare global {
  interface Window {
    __layoutShift?: { total: number; entries: { value: number; sources: string[] }[] };
  }
}

test.use({ viewport: { width: 390, height: 844 } });

/** Records layout shifts from the very start of the document. */
async function recordLayoutShift(page: Page) {
  await page.addInitScript(() => {
    const record = { total: 0, entries: [] as { value: number; sources: string[] }[] };
    window.__layoutShift = record;
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null }[];
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        record.total += entry.value;
        const sources = (entry.sources ?? []).map((s) => {
          const el = s.node instanceof Element ? s.node : s.node?.parentElement;
          return el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${el.className}` : "?";
        });
        record.entries.push({ value: entry.value, sources });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/**
 * Loads `path` and waits until everything that could still move the page has arrived: the document and its
 * images (the load event), hydration (after the message catalogue), the fonts, and every image the page shows
 * by then (a lazy one only once on screen), including those the app added after hydration. Returns the summed layout shift.
 */
async function layoutShiftOf(page: Page, path: string): Promise<number> {
  await recordLayoutShift(page);
  await slowPhone(page);
  // What is measured is how much the page moves, not how fast it loads: on a slow phone beside the suite's other
  // browsers, the load event has taken over 25 s. The test's own (slow) timeout bounds the wait.
  await page.goto(path, { waitUntil: "load", timeout: 0 });
  await waitForHydration(page);
  await page.waitForFunction(
    async () => {
      await document.fonts.ready;
      // A lazy image below the fold is not fetched until scrolled to; every other image must have arrived.
      const fetched = (img: HTMLImageElement) =>
        img.loading !== "lazy" || img.getBoundingClientRect().top < window.innerHeight;
      return [...document.images].filter(fetched).every((img) => img.complete);
    },
    undefined,
    { timeout: 0 },
  );
  // Two frames, so the browser has reported the last one.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const record = await page.evaluate(() => window.__layoutShift!);
  expect(record.total, `layout shifts: ${JSON.stringify(record.entries)}`).toBeLessThanOrEqual(0.01);
  return record.total;
}

test("a first visit to home does not shift: the home-screen tip comes with the page", async ({
  page,
  request,
}) => {
  test.slow();
  const m = messages.ind;
  // The server renders the tip for a visitor who never closed it: it is in the first paint.
  const tipMarkup = `aria-label="${m.shell.download.text}"`;
  expect(await (await request.get("/h5")).text()).toContain(tipMarkup);

  await layoutShiftOf(page, "/h5");
  const tip = page.getByRole("complementary", { name: m.shell.download.text });
  await expect(tip).toBeVisible();

  // Closed, it stays closed: the next page comes from the server without it.
  await tip.getByRole("button", { name: m.shell.download.dismiss, exact: true }).click();
  await expect(tip).toHaveCount(0);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "pasar_download_tip")?.value).toBe("dismissed");
  const again = await page.context().request.get("/h5");
  expect(await again.text()).not.toContain(tipMarkup);
});

test("a signed-in shopper's home does not shift: the collection row, asked after hydration, is below the first screen", async ({
  page,
  request,
}) => {
  test.slow();
  const m = messages.ind;
  const { token } = await signInFreshShopper(page, "shift");
  const [first, second] = await listAll(request, { categoryId: 4302 });
  for (const product of [first!, second!]) {
    await trpcMutation(request, "collection.add", { listingId: product.id }, { authorization: token });
  }
  await layoutShiftOf(page, "/h5");
  await expect(productCards(page.getByRole("region", { name: m.catalog.home.myCollection }))).toHaveCount(2);
  await expect(page.getByRole("region", { name: m.catalog.home.shopStreet })).toBeVisible();
});

test.describe("with an English browser", () => {
  test.use({ locale: browserLocale.en });

  test("the offer to read the shop in English does not shift home either", async ({ page }) => {
    test.slow();
    await layoutShiftOf(page, "/h5");
    await expect(
      page.getByRole("complementary", { name: messages.en.shell.languageOffer.label }),
    ).toBeVisible();
  });
});
