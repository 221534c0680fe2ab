import { expect, test, type Page } from "@playwright/test";
import { firstProduct, formatRupiah, missingProductId, rupiahPattern } from "../support/catalog.ts";

import {
  escapeRegExp,
  fill,
  langs,
  localePath,
  messagePattern,
  messages,
  pageTitle,
  settingsLabel,
  type Lang,
} from "../support/i18n.ts";
import { delayRoute, isSameDocument, markDocument, waitForHydration } from "../support/page.ts";

// A range keeps its amounts whole with no-break spaces ("Rp\u00a099.000\u00a0– Rp\u00a0129.000").
const rupiahOrRange = /^Rp\s\d{1,3}(\.\d{3})*(\s–\sRp\s\d{1,3}(\.\d{3})*)?$/;

const ind = messages.ind;
const productLink = 'a[href*="/h5/products/prd_"]';

function section(page: Page, heading: string) {
  return page.getByRole("region", { name: heading });
}

test.describe("home", () => {
  test("shows the shop header, category tabs, the three product sections and the tab bar", async ({
    page,
  }) => {
    const response = await page.goto("/h5");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(pageTitle(ind.catalog.home.title));
    await expect(page.locator("html")).toHaveAttribute("lang", "id-ID");

    const header = page.getByRole("banner");
    await expect(header).toContainText("Pasar");
    await expect(header.getByRole("button", { name: settingsLabel("ind") })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: ind.catalog.home.title })).toBeAttached();

    const tabs = page.getByRole("navigation", { name: ind.catalog.home.categories });
    await expect(tabs.getByRole("link", { name: ind.catalog.home.all })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(await tabs.getByRole("link").count()).toBeGreaterThan(2);

    for (const heading of [ind.catalog.home.hot, ind.catalog.home.boutique, ind.catalog.home.new]) {
      const row = section(page, heading);
      await expect(row.getByRole("heading", { level: 2, name: heading })).toBeVisible();
      const cards = row.locator(productLink);
      expect(await cards.count(), `section "${heading}" has no product cards`).toBeGreaterThan(0);
      const first = cards.first();
      await expect(first.getByRole("heading", { level: 3 })).not.toBeEmpty();
      // One price, or a range for a product whose variants differ in price (which products sell best depends on
      // what the other tests bought).
      await expect(first.getByText(rupiahOrRange).first()).toBeVisible();
    }

    const tabBar = page.getByRole("navigation", { name: ind.shell.nav.main });
    await expect(tabBar).toBeVisible();
    await expect(tabBar.getByRole("link", { name: ind.shell.nav.home })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("the root URL leads to the shop home", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/h5$/);
    await expect(page).toHaveTitle(pageTitle(ind.catalog.home.title));
  });

  test("a category tab shows that category's products without a page load, and 'All' goes back", async ({
    page,
  }) => {
    await page.goto("/h5");
    await waitForHydration(page);
    const doc = await markDocument(page);
    const tabs = page.getByRole("navigation", { name: ind.catalog.home.categories });
    const tab = tabs.getByRole("link").nth(2);
    const name = (await tab.innerText()).trim();
    await tab.click();

    await expect(page).toHaveURL(/\/h5\?tab=\d+$/);
    await expect(tab).toHaveAttribute("aria-current", "page");
    await expect(tabs.getByRole("link", { name: ind.catalog.home.all })).not.toHaveAttribute("aria-current");
    const grid = section(page, name);
    await expect(grid.getByRole("heading", { level: 2, name })).toBeVisible();
    await expect(grid.locator(productLink).first()).toBeVisible();
    await expect(section(page, ind.catalog.home.hot)).toHaveCount(0);
    expect(await isSameDocument(page, doc), "switching tabs reloaded the page").toBe(true);

    await tabs.getByRole("link", { name: ind.catalog.home.all }).click();
    await expect(section(page, ind.catalog.home.hot)).toBeVisible();
    await expect(tabs.getByRole("link", { name: ind.catalog.home.all })).toHaveAttribute(
      "aria-current",
      "page",
    );
    // The address bar must read the plain home address again (the link's own href is "/h5").
    await expect(tabs.getByRole("link", { name: ind.catalog.home.all })).toHaveAttribute("href", "/h5");
    await expect(page).toHaveURL(/\/h5$/, { timeout: 2000 });
  });

  test("is server-rendered: products and links work without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: "id-ID" });
    const page = await context.newPage();
    await page.goto("/h5");
    const card = section(page, ind.catalog.home.new).locator(productLink).first();
    const name = (await card.getByRole("heading", { level: 3 }).innerText()).trim();
    await card.click();
    await expect(page).toHaveURL(/\/h5\/products\/prd_/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await context.close();
  });
});

test.describe("product page", () => {
  test("opening a card shows that product: gallery, price, name, stock, store and description", async ({
    page,
  }) => {
    await page.goto("/h5");
    await waitForHydration(page);
    const card = section(page, ind.catalog.home.new).locator(productLink).first();
    const name = (await card.getByRole("heading", { level: 3 }).innerText()).trim();
    const price = (await card.getByText(rupiahPattern).first().innerText()).trim();
    const doc = await markDocument(page);
    await card.click();

    await expect(page).toHaveURL(/\/h5\/products\/prd_\w+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    expect(await isSameDocument(page, doc), "opening a product was a full page load").toBe(true);
    await expect(page).toHaveTitle(pageTitle(name));
    await expect(page.getByRole("banner")).toContainText(ind.catalog.product.title);

    const main = page.getByRole("main");
    await expect(main.getByText(price, { exact: true }).first()).toBeVisible();
    await expect(
      main.getByText(messagePattern(ind.catalog.product.stock, { count: "[\\d.]+" })),
    ).toBeVisible();

    const gallery = page.getByRole("region", { name: ind.catalog.product.gallery });
    const images = gallery.getByRole("img");
    await expect(images).toHaveCount(3);
    await expect(images.first()).toHaveAccessibleName(
      `${name} — ${fill(ind.catalog.product.image, { index: 1, total: 3 })}`,
    );
    await expect(gallery.getByText("1/3", { exact: true })).toBeVisible();

    const store = main.getByRole("region", { name: ind.catalog.product.store });
    await expect(store).toContainText(/\S{3,}/);
    const description = main.getByRole("region", { name: ind.catalog.product.description });
    await expect(description.getByRole("heading", { level: 2 })).toBeVisible();
    await expect(description).toContainText(/\S+ \S+ \S+/);
  });

  test("swiping the gallery moves the position indicator", async ({ page, request }) => {
    const product = await firstProduct(request);
    await page.goto(`/h5/products/${product.id}`);
    await waitForHydration(page);
    const gallery = page.getByRole("region", { name: ind.catalog.product.gallery });
    await expect(gallery.getByText("1/3", { exact: true })).toBeVisible();
    await gallery
      .getByRole("list")
      .evaluate((el) => el.scrollTo({ left: el.clientWidth, behavior: "instant" }));
    await expect(gallery.getByText("2/3", { exact: true })).toBeVisible();
    await gallery
      .getByRole("list")
      .evaluate((el) => el.scrollTo({ left: el.clientWidth * 2, behavior: "instant" }));
    await expect(gallery.getByText("3/3", { exact: true })).toBeVisible();
  });

  test("a direct visit shows the listed price and the back button returns to the previous page", async ({
    page,
    request,
  }) => {
    const product = await firstProduct(request);
    await page.goto("/h5");
    await page.goto(`/h5/products/${product.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
    await expect(
      page.getByRole("main").getByText(formatRupiah(product.price), { exact: true }),
    ).toBeVisible();
    await waitForHydration(page);
    await page.getByRole("button", { name: ind.shell.back }).click();
    await expect(page).toHaveURL(/\/h5$/);
    await expect(section(page, ind.catalog.home.hot)).toBeVisible();
  });
});

test.describe("not found", () => {
  const cases: { path: string; lang: Lang; detail?: string; followHome?: boolean }[] = [
    { path: "/h5/nope", lang: "ind", followHome: true },
    { path: "/xx/h5", lang: "ind" },
    { path: "/en/h5/nope", lang: "en" },
    { path: `/h5/products/${missingProductId}`, lang: "ind", detail: messages.ind.catalog.product.notFound },
    {
      path: `/en/h5/products/${missingProductId}`,
      lang: "en",
      detail: messages.en.catalog.product.notFound,
      followHome: true,
    },
    { path: `/zh/h5/products/${missingProductId}`, lang: "zh", detail: messages.zh.catalog.product.notFound },
  ];
  for (const { path, lang, detail, followHome } of cases) {
    test(`${path} answers 404 with the error page in ${lang}`, async ({ page }) => {
      const m = messages[lang].errors.page;
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page).toHaveTitle(pageTitle(m.notFoundTitle));
      const main = page.getByRole("main");
      await expect(main.getByText("404", { exact: true })).toBeVisible();
      await expect(main.getByRole("heading", { level: 1, name: m.name })).toBeVisible();
      await expect(main.getByText(m.message, { exact: true })).toBeVisible();
      if (detail) await expect(main.getByText(detail, { exact: true })).toBeVisible();
      else await expect(main.getByText(messages[lang].catalog.product.notFound)).toHaveCount(0);

      const home = main.getByRole("link", { name: m.goHome });
      await expect(home).toHaveAttribute("href", lang === "ind" ? "/" : `/${lang}`);
      if (!followHome) return;
      await waitForHydration(page);
      await home.click();
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(localePath(lang, "/h5"))}$`));
      await expect(page).toHaveTitle(pageTitle(messages[lang].catalog.home.title));
    });
  }
});

test.describe("app download notice", () => {
  test("/down explains adding the shop to the home screen and leads back to shopping", async ({ page }) => {
    const response = await page.goto("/down");
    expect(response?.status()).toBe(200);
    const m = ind.pages.down;
    await expect(page).toHaveTitle(pageTitle(m.title));
    await expect(page.getByRole("heading", { level: 1, name: m.heading })).toBeVisible();
    await expect(page.getByText(m.body)).toBeVisible();
    await waitForHydration(page);
    await page.getByRole("link", { name: m.continue }).click();
    await expect(page).toHaveURL(/\/h5$/);
    await expect(section(page, ind.catalog.home.hot)).toBeVisible();
  });

  test("/en/down is in English", async ({ page }) => {
    await page.goto("/en/down");
    await expect(page).toHaveTitle(pageTitle(messages.en.pages.down.title));
    await expect(page.getByRole("heading", { level: 1, name: messages.en.pages.down.heading })).toBeVisible();
    await expect(page.getByRole("link", { name: messages.en.pages.down.continue })).toHaveAttribute(
      "href",
      "/en/h5",
    );
  });
});

test.describe("favicon", () => {
  test("the icon every page names and /favicon.ico answer with a cached image the browser draws", async ({
    page,
  }) => {
    const icons = new Set<string>(["/favicon.ico"]);
    for (const path of ["/h5", "/en/h5/category", "/zh/down", "/h5/signin"]) {
      await page.goto(path);
      for (const href of await page
        .locator('link[rel~="icon"]')
        .evaluateAll((links) => links.map((l) => l.getAttribute("href") ?? "")))
        icons.add(href);
    }
    for (const icon of icons) {
      const response = await page.request.get(icon);
      expect(response.status(), icon).toBe(200);
      expect(response.headers()["content-type"], icon).toMatch(/^image\//);
      expect(response.headers()["cache-control"], icon).toMatch(/^public, max-age=\d+/);
      // What the tab shows: the browser decodes it into an image of some size.
      const width = await page.evaluate(async (src) => {
        const image = new Image();
        image.src = src;
        await image.decode();
        return image.naturalWidth;
      }, icon);
      expect(width, icon).toBeGreaterThan(0);
    }
  });
});

/** What a screen reader says after a navigation, as a listener hears it in each language. */
const navigatedTo: Record<Lang, string> = { ind: "Berpindah ke", en: "Navigated to", zh: "已进入" };

function announcement(lang: Lang, title: string): string {
  return `${navigatedTo[lang]} ${pageTitle(title)}`;
}

test.describe("navigation feedback", () => {
  for (const lang of langs) {
    test(`the route announcer says the new page's title, without braces (${lang})`, async ({ page }) => {
      const m = messages[lang];
      await page.goto(localePath(lang, "/h5"));
      await waitForHydration(page);
      await page
        .getByRole("navigation", { name: m.shell.nav.main })
        .getByRole("link", { name: m.shell.nav.category })
        .click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.catalog.category.title);
      const announcer = page.getByTestId("route-announcer");
      await expect(announcer).toHaveText(announcement(lang, m.catalog.category.title));
      expect(await announcer.textContent()).not.toMatch(/[{}]/);
    });
  }

  test("the route announcer tells the new page's title after a client navigation", async ({ page }) => {
    await page.goto("/h5");
    await waitForHydration(page);
    const announcer = page.getByTestId("route-announcer");
    await expect(announcer).toHaveAttribute("aria-live", "polite");
    const card = section(page, ind.catalog.home.hot).locator(productLink).first();
    const name = (await card.getByRole("heading", { level: 3 }).innerText()).trim();
    await card.click();
    await expect(announcer).toHaveText(announcement("ind", name));
  });

  test("the route announcer stays silent when no navigation happened", async ({ page }) => {
    await page.goto("/h5");
    await waitForHydration(page);
    // Let the page settle the way a shopper would just start reading: its last start-up task, the version
    // check a second after load, has run (and said so on <html>).
    await expect(page.locator("html")).toHaveAttribute("data-build", "current");
    await expect(page).toHaveURL(/\/h5$/);
    expect(
      (await page.getByTestId("route-announcer").textContent()) ?? "",
      "a screen reader was told about a navigation on a page that was only loaded",
    ).toBe("");
  });

  test("while the next page loads, the loading bar shows and the announcer does not announce the page being left", async ({
    page,
  }) => {
    await page.goto("/h5");
    await waitForHydration(page);
    // Long enough that a loaded machine still sees the page being left while the bar grows.
    await delayRoute(page, /\/h5\/products\/[^/]+\.data/, 4000);
    const announcer = page.getByTestId("route-announcer");
    const card = section(page, ind.catalog.home.hot).locator(productLink).first();
    const name = (await card.getByRole("heading", { level: 3 }).innerText()).trim();
    await card.click();

    const bar = page.getByTestId("loading-bar");
    await expect(bar).toBeAttached();
    // The bar waits 200 ms before it grows, then advances: it is visibly wider than zero while loading.
    await expect
      .poll(async () => (await bar.boundingBox())?.width ?? 0, { timeout: 3000 })
      .toBeGreaterThan(10);
    // Still on the home page: nothing has been navigated to yet, so nothing must be announced.
    await expect(page).toHaveTitle(pageTitle(ind.catalog.home.title));
    expect(
      (await announcer.textContent()) ?? "",
      "the announcer announced a navigation to the page that is being left",
    ).toBe("");

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(bar).toHaveCount(0);
    await expect(announcer).toHaveText(announcement("ind", name));
  });
});
