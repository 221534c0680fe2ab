import { expect, test, type Page } from "@playwright/test";
import {
  listPath,
  signInFreshShopper,
  sneakersListing,
  storeNamed,
  shoesCategoryId,
} from "../support/browsing.ts";
import { missingProductId } from "../support/catalog.ts";
import { langs, localePath, messages } from "../support/i18n.ts";
import { waitForHydration } from "../support/page.ts";

/**
 * No page may be wider than the phone: a page that scrolls sideways shows a strip of blank space and a
 * wobbling layout. On a phone the browser then zooms out, so `innerWidth` grows with the page; the
 * phone's own width is the viewport's.
 */
async function expectFitsPhone(page: Page, what: string) {
  const phone = page.viewportSize()!.width;
  const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect.soft(width, `${what} is ${width} px wide on a ${phone} px phone`).toBeLessThanOrEqual(phone);
}

async function open(page: Page, path: string, status = 200) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(status);
  await waitForHydration(page);
  await expect(page.getByRole("main")).toBeVisible();
}

for (const lang of langs) {
  test(`every page in ${lang} fits the phone's width, also with the clear-history dialog open`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const m = messages[lang];
    const product = await sneakersListing(request, lang);
    const store = await storeNamed(request, "Toko Batik Sari");
    const visitorPages: [string, string, number?][] = [
      ["home", "/h5"],
      ["category", "/h5/category"],
      ["product list by category", `/h5/products/list?category=${shoesCategoryId}`],
      ["product list by search", "/h5/products/list?q=sepatu"],
      ["product", `/h5/products/${product.id}`],
      ["shop street", "/h5/merchant/street"],
      ["shop page", `/h5/merchant/shop/${store.id}`],
      ["FAQ", "/h5/question"],
      ["sign-in", "/h5/signin"],
      ["sign-up", "/h5/signup"],
      ["forget", "/h5/forget"],
      ["download", "/down"],
      ["404", `/h5/products/${missingProductId}`, 404],
    ];
    for (const [name, path, status] of visitorPages) {
      await open(page, localePath(lang, path), status);
      await expectFitsPhone(page, `${name} (${lang})`);
    }

    // The clear-history question, over the search page.
    await page.evaluate(() => localStorage.setItem("pasar-search-history", JSON.stringify(["sepatu"])));
    await open(page, listPath(lang));
    await page.getByRole("searchbox").click();
    await page.getByRole("button", { name: m.catalog.search.clearHistory, exact: true }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: m.catalog.search.confirmClear })).toBeVisible();
    await expectFitsPhone(page, `the clear-history dialog (${lang})`);
    const box = (await dialog.boundingBox())!;
    expect.soft(box.x, "the dialog starts off the screen").toBeGreaterThanOrEqual(0);
    expect
      .soft(box.x + box.width, "the dialog runs off the screen")
      .toBeLessThanOrEqual(page.viewportSize()!.width);
    await dialog.getByRole("button", { name: m.catalog.search.cancel, exact: true }).click();

    await signInFreshShopper(page, `width-${lang}`);
    for (const [name, path] of [
      ["collection", "/h5/collection"],
      ["footmark", "/h5/footmark"],
      ["account", "/h5/account"],
    ] as const) {
      await open(page, localePath(lang, path));
      await expectFitsPhone(page, `${name} (${lang})`);
    }
  });
}
