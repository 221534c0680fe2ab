import { expect, test, type Page } from "@playwright/test";
import { toasts, trpcMutation } from "../support/accounts.ts";
import { expectNoSeriousViolations, storeTheme } from "../support/axe.ts";
import {
  productCards,
  productGrid,
  shoesCategoryId,
  signInFreshShopper,
  sneakersListing,
  storeNamed,
} from "../support/browsing.ts";
import { fill, htmlLang, langs, localePath, messages, type Lang } from "../support/i18n.ts";
import { waitForHydration } from "../support/page.ts";

type Theme = "light" | "dark";

// axe's report is the evidence here; tracing its walks over the page only slows the run.
test.use({ trace: "off" });

/** "Shoes, bags & accessories", a top category. */
const shoesBagsId = 41;

async function open(page: Page, lang: Lang, path: string, theme: Theme = "light") {
  const response = await page.goto(localePath(lang, path));
  expect(response?.status(), `${path} did not answer 200`).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", htmlLang[lang]);
  if (theme === "dark") await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
  await waitForHydration(page);
  await expect(page.getByRole("main")).toBeVisible();
}

const visitorScreens = [
  "home",
  "category",
  "product list with the search panel open",
  "product page",
  "shop street",
  "shop page",
  "FAQ",
] as const;
type VisitorScreen = (typeof visitorScreens)[number];

/** The public browsing screens (all unless `only` says), each shown with its content before it is checked. */
async function checkVisitorScreens(
  page: Page,
  lang: Lang,
  theme: Theme,
  only: readonly VisitorScreen[] = visitorScreens,
) {
  const m = messages[lang];
  const what = (screen: string) => `${screen} (${lang}, ${theme})`;
  const wanted = (screen: VisitorScreen) => only.includes(screen);
  const request = page.request;

  if (wanted("home")) {
    await open(page, lang, "/h5", theme);
    await expect(page.getByRole("region", { name: m.catalog.home.shopStreet })).toBeVisible();
    await expectNoSeriousViolations(page, what("home"));
  }

  if (wanted("category")) {
    await open(page, lang, `/h5/category?top=${shoesBagsId}`, theme);
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toBeVisible();
    await expectNoSeriousViolations(page, what("category"));
  }

  if (wanted("product list with the search panel open")) {
    // A list with results, and above it the search panel open with suggestions and hot keywords.
    await open(page, lang, `/h5/products/list?category=${shoesCategoryId}`, theme);
    await expect(productCards(productGrid(page)).first()).toBeVisible();
    await page.getByRole("search").getByRole("searchbox").fill("sneak");
    await expect(page.getByRole("region", { name: m.catalog.search.suggestions, exact: true })).toBeVisible();
    await expect(productCards(productGrid(page)).first()).toBeAttached();
    await expectNoSeriousViolations(page, what("product list with the search panel open"));
  }

  if (wanted("product page")) {
    const product = await sneakersListing(request, lang);
    await open(page, lang, `/h5/products/${product.id}`, theme);
    await expect(page.getByRole("region", { name: m.catalog.product.recommended })).toBeVisible();
    await expectNoSeriousViolations(page, what("product page"));
  }

  if (wanted("shop street")) {
    await open(page, lang, "/h5/merchant/street", theme);
    await expect(page.getByRole("searchbox", { name: m.stores.street.search })).toBeVisible();
    await expectNoSeriousViolations(page, what("shop street"));
  }

  if (wanted("shop page")) {
    const store = await storeNamed(request, "Toko Batik Sari");
    await open(page, lang, `/h5/merchant/shop/${store.id}`, theme);
    await expect(productCards(productGrid(page)).first()).toBeVisible();
    await expectNoSeriousViolations(page, what("shop page"));
  }

  if (wanted("FAQ")) {
    await open(page, lang, "/h5/question", theme);
    await expect(page.locator("details").first()).toBeVisible();
    await expectNoSeriousViolations(page, what("FAQ"));
  }
}

/** The signed-in shopper's own screens, with a product in the collection and in the footprints. */
async function checkShopperScreens(
  page: Page,
  lang: Lang,
  theme: Theme,
  product: { id: string; name: string },
  extras: { home?: boolean; dialog?: boolean } = {},
) {
  const m = messages[lang];
  const what = (screen: string) => `${screen} (${lang}, ${theme})`;

  await open(page, lang, "/h5/collection", theme);
  await expect(
    page.getByRole("button", { name: fill(m.browsing.collection.remove, { name: product.name }) }),
  ).toBeVisible();
  await expectNoSeriousViolations(page, what("collection"));

  await open(page, lang, "/h5/footmark", theme);
  await expect(page.getByRole("region", { name: m.browsing.footmark.today, exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, what("footmark"));

  if (extras.dialog) {
    await page.getByRole("banner").getByRole("button", { name: m.browsing.footmark.clear }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoSeriousViolations(page, what("footmark clear dialog"));
  }

  if (extras.home) {
    await open(page, lang, "/h5", theme);
    await expect(page.getByRole("region", { name: m.catalog.home.myCollection })).toBeVisible();
    await expectNoSeriousViolations(page, what("home with my collection"));
  }
}

for (const lang of langs) {
  test(`browsing screens in ${lang} have no serious axe violations`, async ({ page }) => {
    test.setTimeout(90_000);
    await storeTheme(page, "light");
    await checkVisitorScreens(page, lang, "light");
  });
}

test("a shopper's collection and footmark in every language and in dark mode have no serious axe violations", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await storeTheme(page, "light");
  const { token } = await signInFreshShopper(page, "a11y");
  const product = await sneakersListing(page.request);
  await trpcMutation(page.request, "collection.add", { listingId: product.id }, { authorization: token });
  // The product page, once shown, records a footprint.
  await trpcMutation(page.request, "footprints.record", { listingId: product.id }, { authorization: token });

  for (const lang of langs) {
    const named = { id: product.id, name: (await sneakersListing(page.request, lang)).name };
    await checkShopperScreens(page, lang, "light", named, { home: lang === "zh" });
  }
  await storeTheme(page, "dark");
  const named = { id: product.id, name: (await sneakersListing(page.request, "en")).name };
  await checkShopperScreens(page, "en", "dark", named, { dialog: true });
});

test("en: the product page with its 'added' notification showing has no serious axe violations", async ({
  page,
}) => {
  const m = messages.en;
  await storeTheme(page, "light");
  await signInFreshShopper(page, "a11y-toast");
  const product = await sneakersListing(page.request, "en");
  await open(page, "en", `/h5/products/${product.id}`);
  await page.getByRole("button", { name: m.catalog.product.addToCollection }).click();
  const notice = toasts(page, "en").getByText(m.catalog.product.added, { exact: true });
  // Held open under the pointer while axe looks at it.
  await notice.hover();
  await expect(notice).toBeVisible();
  await expectNoSeriousViolations(page, "product page with a notification (en)");
});

test("the product list with search panel, product and shop pages in dark mode have no serious axe violations", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await storeTheme(page, "dark");
  await checkVisitorScreens(page, "ind", "dark", [
    "product list with the search panel open",
    "product page",
    "shop page",
  ]);
});
