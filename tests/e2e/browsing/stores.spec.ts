import { expect, test, type Page } from "@playwright/test";
import { authPath, toasts } from "../support/accounts.ts";
import {
  signInFreshShopper,
  sneakersListing,
  storeFigure,
  storeNamed,
  streetStores,
} from "../support/browsing.ts";
import { escapeRegExp, localePath, messages, pageTitle, type Lang } from "../support/i18n.ts";
import { waitForHydration } from "../support/page.ts";

const batikSari = "Toko Batik Sari";
/** The seeded stores in the order they opened. */
const firstOpened = "Toko Batik Sari";
const lastOpened = "Sumber Rejeki Sport";

const storeSorts = ["overall", "new", "rating", "level", "visits", "sales", "collections"] as const;

/** The store names the shop street lists, top to bottom. */
function listedStores(page: Page) {
  return page.getByTestId("store-list").getByRole("link");
}

async function storeNames(page: Page): Promise<string[]> {
  return listedStores(page).evaluateAll((links) =>
    links.map((a) => (a.querySelector("p")?.textContent ?? "").trim()),
  );
}

/** The street's order as the address keeps it. */
function address(page: Page) {
  const search = new URL(page.url()).searchParams;
  return { sort: search.get("sort") ?? "overall", direction: search.get("direction") ?? "desc" };
}

function street(page: Page, lang: Lang) {
  const m = messages[lang].stores.street;
  return {
    name: page.getByRole("searchbox", { name: m.search, exact: true }),
    sort: page.getByRole("combobox", { name: m.sort, exact: true }),
    direction: page.getByRole("combobox", { name: m.direction, exact: true }),
  };
}

/**
 * Waits until the street has answered (stores listed, or an error shown) and fails on any error
 * message, quoting it.
 */
async function expectStreetLoaded(page: Page, lang: Lang) {
  const alerts = toasts(page, lang).getByRole("alert");
  await expect(listedStores(page).first().or(alerts.first())).toBeVisible();
  expect(await alerts.allInnerTexts(), "the shop street shows an error").toEqual([]);
}

test("ind: a store is followed and unfollowed from its page, reached from the home page's shop street", async ({
  page,
  request,
}) => {
  const m = messages.ind;
  const store = await storeNamed(request, batikSari);
  const shopPath = localePath("ind", `/h5/merchant/shop/${store.id}`);

  // A visitor is asked to sign in first, with the way back to the store (and the follow to carry out).
  await page.goto(shopPath);
  await waitForHydration(page);
  await page.getByRole("button", { name: m.stores.page.follow, exact: true }).click();
  await expect(page).toHaveURL(
    new RegExp(
      `${escapeRegExp(authPath("ind", "signin"))}\\?redirect=${escapeRegExp(encodeURIComponent(`${shopPath}?after=follow`))}$`,
    ),
  );

  await signInFreshShopper(page, "follower");
  await page.goto("/h5");
  await waitForHydration(page);
  await page
    .getByRole("region", { name: m.catalog.home.shopStreet })
    .getByRole("link", { name: batikSari })
    .click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(shopPath)}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(batikSari);
  await expect(page).toHaveTitle(pageTitle(batikSari));
  await waitForHydration(page);
  const before = await storeFigure(page, m.stores.page.followers);
  expect(before).toBe((await storeNamed(request, batikSari)).followers);

  const follow = page.getByRole("button", { name: m.stores.page.follow, exact: true });
  await expect(follow).toHaveAttribute("aria-pressed", "false");
  await follow.click();
  await expect(toasts(page, "ind").getByText(m.stores.page.followed, { exact: true })).toBeVisible();
  const following = page.getByRole("button", { name: m.stores.page.following, exact: true });
  await expect(following).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => storeFigure(page, m.stores.page.followers)).toBe(before + 1);

  await page.reload();
  await waitForHydration(page);
  await expect(following).toHaveAttribute("aria-pressed", "true");
  expect(await storeFigure(page, m.stores.page.followers)).toBe(before + 1);

  await following.click();
  await expect(toasts(page, "ind").getByText(m.stores.page.unfollowed, { exact: true })).toBeVisible();
  await expect(follow).toHaveAttribute("aria-pressed", "false");
  await expect.poll(() => storeFigure(page, m.stores.page.followers)).toBe(before);
  await page.reload();
  await expect(follow).toHaveAttribute("aria-pressed", "false");
  expect(await storeFigure(page, m.stores.page.followers)).toBe(before);
});

for (const lang of ["ind", "en", "zh"] as const) {
  test(`${lang}: a store is followed from a product's page: a visitor signs in and comes back following it`, async ({
    page,
    request,
  }) => {
    const m = messages[lang];
    const product = await sneakersListing(request, lang);
    const productPath = localePath(lang, `/h5/products/${product.id}`);
    const storeRegion = () => page.getByRole("region", { name: m.catalog.product.store });
    await page.goto(productPath);
    await waitForHydration(page);
    await storeRegion().getByRole("button", { name: m.stores.page.follow, exact: true }).click();
    await expect(page).toHaveURL(
      new RegExp(
        `${escapeRegExp(authPath(lang, "signin"))}\\?redirect=${escapeRegExp(encodeURIComponent(`${productPath}?after=follow`))}$`,
      ),
    );
    // Signed in, back on the product: the follow the visitor asked for is carried out.
    await signInFreshShopper(page, `follow-product-${lang}`);
    await page.goto(`${productPath}?after=follow`);
    await waitForHydration(page);
    await expect(toasts(page, lang).getByText(m.stores.page.followed, { exact: true })).toBeVisible();
    const following = storeRegion().getByRole("button", { name: m.stores.page.following, exact: true });
    await expect(following).toHaveAttribute("aria-pressed", "true");
    // The store's page agrees; unfollowing from the product page works too.
    await page.goto(localePath(lang, `/h5/merchant/shop/${product.storeId}`));
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: m.stores.page.following, exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await page.goto(productPath);
    await waitForHydration(page);
    await following.click();
    await expect(toasts(page, lang).getByText(m.stores.page.unfollowed, { exact: true })).toBeVisible();
    await expect(
      storeRegion().getByRole("button", { name: m.stores.page.follow, exact: true }),
    ).toHaveAttribute("aria-pressed", "false");
  });
}

test("ind: the shop street lists every store, and typing part of a name finds that store, which opens its page", async ({
  page,
  request,
}) => {
  const m = messages.ind.stores;
  const all = await streetStores(request);
  const store = all.find((s) => s.name === batikSari)!;
  await page.goto("/h5/merchant/street");
  await waitForHydration(page);
  await expect(page).toHaveTitle(pageTitle(m.street.title));
  await expectStreetLoaded(page, "ind");
  await expect(listedStores(page)).toHaveCount(all.length);

  const box = street(page, "ind");
  await box.name.fill("batik sa");
  await expect(page).toHaveURL(/\/h5\/merchant\/street\?q=batik\+sa$/);
  await expect(listedStores(page)).toHaveCount(1);
  expect(await storeNames(page)).toEqual([batikSari]);
  await box.name.fill("zzz");
  await expect(page.getByText(m.street.empty, { exact: true })).toBeVisible();
  await box.name.fill("BATIK");
  await expect(listedStores(page)).toHaveCount(1);
  await listedStores(page).click();
  await expect(page).toHaveURL(new RegExp(`/h5/merchant/shop/${store.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(batikSari);
});

test("zh: every sort of the shop street, ascending and descending, lists all the stores", async ({
  page,
  request,
}) => {
  const m = messages.zh.stores.street;
  const all = (await streetStores(request)).map((s) => s.name).sort();
  expect(all).toHaveLength(5);
  await page.goto(localePath("zh", "/h5/merchant/street"));
  await waitForHydration(page);
  await expectStreetLoaded(page, "zh");
  const box = street(page, "zh");
  await expect(box.sort).toHaveValue("overall");
  await expect(box.direction).toHaveValue("desc");
  await expect(box.sort.getByRole("option")).toHaveText(storeSorts.map((s) => m[s]));
  await expect(box.direction.getByRole("option")).toHaveText([m.desc, m.asc]);

  for (const sort of storeSorts) {
    for (const direction of ["asc", "desc"] as const) {
      await box.sort.selectOption({ label: m[sort] });
      await expect.poll(() => address(page).sort).toBe(sort);
      await box.direction.selectOption({ label: m[direction] });
      await expect.poll(() => address(page)).toEqual({ sort, direction });
      await expect(box.sort).toHaveValue(sort);
      await expect(box.direction).toHaveValue(direction);
      await expect
        .poll(async () => (await storeNames(page)).sort(), {
          message: `the street sorted by ${sort} ${direction}`,
        })
        .toEqual(all);
      if (sort === "new") {
        const names = await storeNames(page);
        expect(names[0], `the first store by ${m.new} ${m[direction]}`).toBe(
          direction === "asc" ? firstOpened : lastOpened,
        );
      }
    }
  }

  // The chosen order is in the address: it survives a reload.
  await box.sort.selectOption({ label: m.new });
  await expect.poll(() => address(page).sort).toBe("new");
  await box.direction.selectOption({ label: m.asc });
  await expect.poll(() => address(page)).toEqual({ sort: "new", direction: "asc" });
  await page.reload();
  await waitForHydration(page);
  await expect(box.sort).toHaveValue("new");
  await expect(box.direction).toHaveValue("asc");
  expect((await storeNames(page))[0]).toBe(firstOpened);
});
