import { expect, test, type Page } from "@playwright/test";
import { langs, localePath, messages, pageTitle, type Lang } from "../support/i18n.ts";
import { isSameDocument, markDocument, waitForHydration } from "../support/page.ts";

// A page does not carry its language's whole message catalogue (decision 14): the catalogue is a file the
// browser fetches once, with the scripts, and keeps; the server-rendered page is complete without it.

test.use({ viewport: { width: 390, height: 844 } });

/** Every text of a part of the catalogue, long enough not to appear on a page by chance. */
function textsOf(tree: unknown, minLength: number): string[] {
  if (typeof tree === "string") return tree.length >= minLength && !/[{"<&\\]/.test(tree) ? [tree] : [];
  return Object.values(tree as Record<string, unknown>).flatMap((t) => textsOf(t, minLength));
}

/** The catalogue files the page has fetched so far, with the bytes each one cost on the network. */
function catalogueFetches(page: Page) {
  return page.evaluate(() =>
    (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
      .filter((e) => /\/assets\/[^/]+\.json$/.test(e.name))
      .map((e) => ({ url: new URL(e.name).pathname, transferred: e.transferSize })),
  );
}

/** Opens the category page from the tab bar: rendered by the hydrated app in the page's language. */
async function expectClientSideCategoryPage(page: Page, lang: Lang) {
  const m = messages[lang];
  const tag = await markDocument(page);
  await page.getByRole("link", { name: m.shell.nav.category }).click();
  await expect(page).toHaveTitle(pageTitle(m.catalog.category.title));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.catalog.category.title);
  expect(await isSameDocument(page, tag)).toBe(true);
}

for (const lang of langs) {
  test(`${lang}: the home page sends no message catalogue; the browser fetches it once and keeps it`, async ({
    page,
    request,
  }) => {
    const m = messages[lang];
    const home = localePath(lang, "/h5");
    const html = await (await request.get(home)).text();
    // The operator's and the wallet's texts are not on the home page, so they are nowhere in its document.
    const minLength = lang === "zh" ? 6 : 12;
    const elsewhere = [...textsOf(m.ops, minLength), ...textsOf(m.wallet, minLength)];
    expect(elsewhere.length).toBeGreaterThan(50);
    expect(elsewhere.filter((text) => html.includes(text))).toEqual([]);

    await page.goto(home);
    await waitForHydration(page);
    const first = await catalogueFetches(page);
    expect(first).toHaveLength(1);
    expect(first[0]!.url).toMatch(new RegExp(`^/assets/${lang}-[\\w-]+\\.json$`));
    expect(first[0]!.transferred).toBeGreaterThan(0);

    // Another page load reads it from the browser's cache: nothing goes over the network for it.
    await page.reload();
    await waitForHydration(page);
    const again = await catalogueFetches(page);
    expect(again).toEqual([{ url: first[0]!.url, transferred: 0 }]);
    // And the hydrated page translates with it: the next page is rendered in the browser, in the language.
    await expectClientSideCategoryPage(page, lang);
  });
}

test("a catalogue request that fails leaves the page as rendered, and it hydrates when the retry gets through", async ({
  page,
}) => {
  const lang: Lang = "en";
  const m = messages[lang];
  let failures = 0;
  await page.route(/\/assets\/en-[\w-]+\.json$/, async (route) => {
    if (failures < 2) {
      failures++;
      await route.abort("connectionreset");
    } else {
      await route.continue();
    }
  });
  await page.goto(localePath(lang, "/h5"));
  await waitForHydration(page);
  expect(failures).toBe(2);
  // Not an error page: the shop's own home, now interactive.
  await expect(page).toHaveTitle(pageTitle(m.catalog.home.title));
  await expectClientSideCategoryPage(page, lang);
});
