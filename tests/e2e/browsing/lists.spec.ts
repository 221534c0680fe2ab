import { expect, test, type Page } from "@playwright/test";
import { trpcMutation } from "../support/accounts.ts";
import { expectNoSeriousViolations } from "../support/axe.ts";
import {
  categoryTree,
  listAll,
  listPath,
  productGrid,
  shoesCategoryId,
  signInFreshShopper,
  streetStores,
  trpcQuery,
} from "../support/browsing.ts";
import { fill, localePath, messagePattern, messages, pageTitle, plural } from "../support/i18n.ts";
import { waitForHydration } from "../support/page.ts";

/** The products listed on a collection or recently-viewed page, by their remove buttons. */
function removeButtons(page: Page, label: string) {
  return page.getByRole("main").getByRole("button", { name: messagePattern(label, { name: ".+" }) });
}

/** Scrolls to the end of the list until the "seen all" line shows. */
async function scrollToListEnd(page: Page, count: () => Promise<number>, total: number) {
  const end = page.getByText(messages.en.catalog.list.end, { exact: true });
  await expect(async () => {
    await page.getByRole("main").getByRole("listitem").last().scrollIntoViewIfNeeded();
    expect(await count()).toBe(total);
  }).toPass();
  await expect(end).toBeVisible();
}

test("en: collection and recently viewed show every product, more loading as the shopper scrolls", async ({
  page,
  request,
}) => {
  const { token } = await signInFreshShopper(page, "long-lists");
  const products = (await listAll(request, {}, "en")).slice(0, 27);
  expect(products.length).toBe(27);
  for (const p of products) {
    await trpcMutation(request, "collection.add", { listingId: p.id }, { authorization: token });
    await trpcMutation(request, "footprints.record", { listingId: p.id }, { authorization: token });
  }
  const m = messages.en.browsing;

  await page.goto(localePath("en", "/h5/collection"));
  await waitForHydration(page);
  const collected = removeButtons(page, m.collection.remove);
  await expect(collected).toHaveCount(20);
  await scrollToListEnd(page, () => collected.count(), 27);
  // Newest first: the last product added leads; the first added is at the end.
  await expect(collected.first()).toHaveAccessibleName(
    fill(m.collection.remove, { name: products[26]!.name }),
  );
  await expect(collected.last()).toHaveAccessibleName(fill(m.collection.remove, { name: products[0]!.name }));

  await page.goto(localePath("en", "/h5/footmark"));
  await waitForHydration(page);
  await expect(page).toHaveTitle(pageTitle(m.footmark.title));
  await expect(page.getByRole("banner")).toContainText("Recently viewed");
  const viewed = removeButtons(page, m.footmark.remove);
  await expect(viewed).toHaveCount(20);
  await scrollToListEnd(page, () => viewed.count(), 27);
  await expectNoSeriousViolations(page, "recently viewed, all loaded");
});

test("ind: a product page records a footprint only once shown to a signed-in shopper", async ({
  page,
  request,
}) => {
  const { token } = await signInFreshShopper(page, "footprint-once");
  const [product] = await listAll(request, { categoryId: shoesCategoryId }, "ind");
  // Loading the page without running it (a crawler, a prefetch, a link preview) records nothing.
  const raw = await page.request.get(localePath("ind", `/h5/products/${product!.id}`), {
    headers: { authorization: token },
  });
  expect(raw.ok()).toBe(true);
  const footprints = () =>
    trpcQuery<{ items: { product: { id: string } }[] }>(request, "footprints.list", {}, "ind", token);
  expect((await footprints()).items).toEqual([]);
  await page.goto(localePath("ind", `/h5/products/${product!.id}`));
  await waitForHydration(page);
  await expect.poll(async () => (await footprints()).items.map((i) => i.product.id)).toEqual([product!.id]);
});

test("en: a category's list is titled by its name, and every card names its store", async ({
  page,
  request,
}) => {
  const shoes = (await categoryTree(request, "en"))
    .flatMap((c) => c.children)
    .find((c) => c.id === shoesCategoryId)!;
  await page.goto(listPath("en", { category: shoesCategoryId }));
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(shoes.name);
  await expect(page.getByRole("banner")).toContainText(shoes.name);
  await expect(page).toHaveTitle(pageTitle(shoes.name));
  const listed = await listAll(request, { categoryId: shoesCategoryId }, "en");
  const stores = new Map((await streetStores(request)).map((s) => [s.id, s.name]));
  const shown = await productGrid(page).getByTestId("card-store").allInnerTexts();
  expect(shown.length).toBeGreaterThan(0);
  expect(shown).toEqual(listed.slice(0, shown.length).map((p) => stores.get(p.storeId)));
});

test("ind: shop street cards show the figure they are sorted by", async ({ page, request }) => {
  const m = messages.ind.stores.street;
  await page.goto(localePath("ind", "/h5/merchant/street?sort=visits"));
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Daftar toko");
  const page1 = await trpcQuery<{ items: { name: string; visits: number }[] }>(request, "stores.list", {
    sort: "visits",
    order: "desc",
    limit: 20,
  });
  const cards = page.getByTestId("store-list").getByRole("listitem");
  await expect(cards).toHaveCount(page1.items.length);
  for (const [i, store] of page1.items.entries()) {
    await expect(cards.nth(i)).toContainText(store.name);
    await expect(cards.nth(i).getByTestId("sort-figure")).toHaveText(
      fill(plural("ind", m.figure.visits, store.visits), { count: store.visits.toLocaleString("id-ID") }),
    );
  }
});
