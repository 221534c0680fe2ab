import { expect, test } from "@playwright/test";
import { listAll, listPath, shoesCategoryId } from "../support/browsing.ts";
import { localePath, type Lang } from "../support/i18n.ts";
import { isSameDocument, markDocument, slowPhone, waitForHydration } from "../support/page.ts";

// The page paints before its JavaScript is fetched (issue 9): on a slow mobile network, 140 KB of scripts
// fetched together with the stylesheet and the first images delay the first paint of a page that is complete
// without them. The server sends the scripts' preloads and boot module inert; they start after the first frame.

test.use({ viewport: { width: 390, height: 844 } });

interface Timing {
  stylesheetEnd: number;
  firstScriptStart: number;
  catalogueStart: number;
  scripts: number;
}

const pages: { lang: Lang; path: (productId: string) => string }[] = [
  { lang: "ind", path: () => localePath("ind", "/h5") },
  { lang: "en", path: (id) => localePath("en", `/h5/products/${id}`) },
  { lang: "zh", path: () => listPath("zh", { category: shoesCategoryId }) },
];

for (const { lang, path } of pages) {
  test(`${lang}: the page paints first, then fetches its scripts and becomes interactive`, async ({
    page,
    request,
  }) => {
    test.slow();
    const [product] = await listAll(request, { categoryId: shoesCategoryId });
    const url = path(product!.id);

    // As sent: no script preload and no runnable module in the document.
    const html = await (await request.get(url)).text();
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('<link rel="preload" as="fetch"');
    expect(html).not.toMatch(/<script[^>]*type="module"/);

    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(m.text());
    });
    page.on("pageerror", (e) => problems.push(String(e)));
    await slowPhone(page);
    // The document, not every picture: on a throttled phone sharing two busy cores, pictures the browser fetches
    // early (its lazy-loading margin is wide on a slow network) once held the load event past 30 s in CI.
    await page.goto(url, { waitUntil: "domcontentloaded", timeout: 60_000 });
    // Hydrated: the module ran, with the nonce the page's Content-Security-Policy asks for.
    await waitForHydration(page);
    const timing = await page.evaluate((): Timing => {
      const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      const scripts = entries.filter((e) => /\/assets\/.+\.js$/.test(e.name));
      const stylesheet = entries.find((e) => /\/assets\/.+\.css$/.test(e.name))!;
      return {
        stylesheetEnd: stylesheet.responseEnd,
        firstScriptStart: Math.min(...scripts.map((e) => e.startTime)),
        catalogueStart: entries.find((e) => /\/assets\/.+\.json$/.test(e.name))!.startTime,
        scripts: scripts.length,
      };
    });
    // The stylesheet is all the first paint waits for; no script competed with it for the slow network.
    expect(timing.scripts).toBeGreaterThan(5);
    expect(timing.firstScriptStart).toBeGreaterThanOrEqual(timing.stylesheetEnd);
    expect(timing.catalogueStart).toBeGreaterThanOrEqual(timing.stylesheetEnd);
    expect(problems).toEqual([]);

    // And the page works: opening another product is a client-side navigation (the document is kept).
    const tag = await markDocument(page);
    const other = page.locator(`a[href*="/h5/products/prd_"]:not([href$="${product!.id}"])`).first();
    const href = (await other.getAttribute("href"))!;
    expect(href.startsWith(localePath(lang, "/h5"))).toBe(true);
    await other.click();
    await expect(page).toHaveURL(href);
    expect(await isSameDocument(page, tag)).toBe(true);
  });
}
