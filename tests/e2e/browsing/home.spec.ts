import { expect, test, type Page } from "@playwright/test";
import { trpcMutation } from "../support/accounts.ts";
import { listAll, productCards, shownCards, signInFreshShopper, streetStores } from "../support/browsing.ts";
import { langs, localePath, messages, pageTitle, type Lang } from "../support/i18n.ts";
import { waitForHydration } from "../support/page.ts";

function banner(page: Page, lang: Lang) {
  return page.getByRole("complementary", { name: messages[lang].shell.download.text });
}

test("ind: the app-download banner links to /down, and once closed stays closed after a reload", async ({
  page,
}) => {
  const m = messages.ind;
  await page.goto("/h5");
  await waitForHydration(page);
  const notice = banner(page, "ind");
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(m.shell.download.text);
  const open = notice.getByRole("link", { name: m.shell.download.open, exact: true });
  await expect(open).toHaveAttribute("href", "/down");

  await open.click();
  await expect(page).toHaveURL(/\/down$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.pages.down.heading);
  await page.goBack();
  await expect(page).toHaveURL(/\/h5$/);
  // Only closing it dismisses it.
  await expect(notice).toBeVisible();

  await notice.getByRole("button", { name: m.shell.download.dismiss, exact: true }).click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("region", { name: m.catalog.home.hot })).toBeVisible();
  // The page's start-up effects have all run (its version check, a second after load, has answered).
  await expect(page.locator("html")).toHaveAttribute("data-build", "current");
  await expect(notice).toHaveCount(0);

  // A new visitor (another browser) still gets it.
  const other = await page.context().browser()!.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto("/h5");
  await waitForHydration(otherPage);
  await expect(banner(otherPage, "ind")).toBeVisible();
  await other.close();
});

test("the app-download banner speaks English and Chinese and links to that language's /down", async ({
  page,
}) => {
  for (const lang of ["en", "zh"] as const) {
    const m = messages[lang];
    await page.goto(localePath(lang, "/h5"));
    await waitForHydration(page);
    const notice = banner(page, lang);
    await expect(notice).toContainText(m.shell.download.text);
    await expect(notice.getByRole("link", { name: m.shell.download.open, exact: true })).toHaveAttribute(
      "href",
      `/${lang}/down`,
    );
    await expect(notice.getByRole("button", { name: m.shell.download.dismiss, exact: true })).toBeVisible();
  }
});

test("zh: home shows the shop street's stores, and a shopper's collection once it holds products", async ({
  page,
  request,
}) => {
  const m = messages.zh;
  const stores = await streetStores(request);
  await page.goto("/zh/h5");
  await waitForHydration(page);

  const street = page.getByRole("region", { name: m.catalog.home.shopStreet });
  await expect(street.getByRole("heading", { level: 2 })).toHaveText(m.catalog.home.shopStreet);
  await expect(street.getByRole("link", { name: m.catalog.home.seeAll })).toHaveAttribute(
    "href",
    "/zh/h5/merchant/street",
  );
  const storeLinks = street.getByRole("link").filter({ hasNotText: m.catalog.home.seeAll });
  await expect(storeLinks).toHaveCount(Math.min(5, stores.length));
  expect((await storeLinks.allInnerTexts()).map((t) => t.trim()).sort()).toEqual(
    stores.map((s) => s.name).sort(),
  );
  for (const store of stores) {
    await expect(street.getByRole("link", { name: store.name })).toHaveAttribute(
      "href",
      `/zh/h5/merchant/shop/${store.id}`,
    );
  }
  // A visitor has no collection row.
  await expect(page.getByRole("region", { name: m.catalog.home.myCollection })).toHaveCount(0);

  await street.getByRole("link", { name: stores[0]!.name }).click();
  await expect(page).toHaveURL(new RegExp(`/zh/h5/merchant/shop/${stores[0]!.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(stores[0]!.name);

  // A signed-in shopper with saved products sees them, the latest first.
  const { token } = await signInFreshShopper(page, "home");
  const [first, second] = await listAll(request, { categoryId: 4302 }, "zh");
  for (const product of [first!, second!]) {
    await trpcMutation(request, "collection.add", { listingId: product.id }, { authorization: token });
  }
  await page.goto("/zh/h5");
  await waitForHydration(page);
  const mine = page.getByRole("region", { name: m.catalog.home.myCollection });
  await expect(mine.getByRole("heading", { level: 2 })).toHaveText(m.catalog.home.myCollection);
  await expect(productCards(mine)).toHaveCount(2);
  expect((await shownCards(mine)).map((c) => c.name)).toEqual([second!.name, first!.name]);
  await productCards(mine).first().click();
  await expect(page).toHaveURL(new RegExp(`/zh/h5/products/${second!.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(second!.name);
});

/** The seed's promises as each language's FAQ words them. */
const faqFacts: Record<Lang, RegExp[]> = {
  ind: [/dalam 7 hari setelah barang diterima/, /jaminan penggantian 15 hari/, /2 sampai 7 hari kerja/],
  en: [/within 7 days of receiving it/, /15-day replacement guarantee/, /2 to 7 business days/],
  zh: [/签收后 7 天内均可退货/, /15 天换新保障/, /2 至 7 个工作日内送达/],
};

for (const lang of langs) {
  test(`${lang}: the FAQ answers state 7-day returns, 15-day replacement and 2 to 7 business days`, async ({
    page,
  }) => {
    const m = messages[lang];
    await page.goto(localePath(lang, "/h5/question"));
    await waitForHydration(page);
    await expect(page).toHaveTitle(pageTitle(m.support.faq.title));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.support.faq.title);
    const main = page.getByRole("main");
    const items = main.locator("details");
    expect(await items.count()).toBeGreaterThanOrEqual(3);
    // Only the first answer starts open; the others open when their question is tapped.
    await expect(items.first()).toHaveAttribute("open", "");
    await expect(main.getByText(faqFacts[lang][2]!)).toBeHidden();
    for (const item of await items.all()) {
      if ((await item.getAttribute("open")) === null) await item.locator("summary").click();
      await expect(item).toHaveAttribute("open", "");
    }
    for (const fact of faqFacts[lang]) await expect(main.getByText(fact)).toBeVisible();
  });
}
