import { expect, test } from "@playwright/test";
import {
  categoryTree,
  listAll,
  listingPage,
  listPath,
  productCards,
  productGrid,
  scrollToEnd,
  shoesCategoryId,
  shownCards,
  sneakers,
} from "../support/browsing.ts";
import { escapeRegExp, localePath, messages, pageTitle, type Lang } from "../support/i18n.ts";
import { waitForHydration } from "../support/page.ts";

/** "Shoes, bags & accessories": the top category with more products (21) than one page (20). */
const shoesBagsId = 41;
const foodId = 43;
const ids = (cards: { id: string }[]) => cards.map((c) => c.id);

test("zh: from the Category tab, a top category's subcategory lists exactly that subcategory's products", async ({
  page,
  request,
}) => {
  const m = messages.zh;
  const tree = await categoryTree(request, "zh");
  const top = tree.find((c) => c.id === shoesBagsId)!;
  const other = tree.find((c) => c.id === foodId)!;
  const shoes = top.children.find((c) => c.id === shoesCategoryId)!;

  await page.goto("/zh/h5");
  await waitForHydration(page);
  await page
    .getByRole("navigation", { name: m.shell.nav.main })
    .getByRole("link", { name: m.shell.nav.category })
    .click();
  await expect(page).toHaveURL(/\/zh\/h5\/category$/);
  await expect(page).toHaveTitle(pageTitle(m.catalog.category.title));

  const tops = page.getByRole("navigation", { name: m.catalog.category.title });
  await expect(tops.getByRole("button")).toHaveText(tree.map((c) => c.name));

  // Picking a top category shows its subcategories, and only those.
  await tops.getByRole("button", { name: other.name, exact: true }).click();
  await expect(tops.getByRole("button", { name: other.name, exact: true })).toHaveAttribute(
    "aria-current",
    "true",
  );
  const foodPanel = page.getByRole("region", { name: other.name });
  await expect(foodPanel.getByRole("link", { name: shoes.name, exact: true })).toHaveCount(0);

  await tops.getByRole("button", { name: top.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`\\?top=${shoesBagsId}$`));
  await expect(tops.getByRole("button", { name: top.name, exact: true })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await expect(tops.getByRole("button", { name: other.name, exact: true })).not.toHaveAttribute(
    "aria-current",
  );
  const panel = page.getByRole("region", { name: top.name });
  await expect(panel.getByRole("heading", { level: 2 })).toHaveText(top.name);
  await expect(panel.getByRole("link", { name: `全部${top.name}`, exact: true })).toHaveAttribute(
    "href",
    listPath("zh", { category: shoesBagsId }),
  );
  for (const child of top.children) {
    await expect(panel.getByRole("link", { name: child.name, exact: true })).toHaveAttribute(
      "href",
      listPath("zh", { category: child.id }),
    );
  }

  await panel.getByRole("link", { name: shoes.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(listPath("zh", { category: shoesCategoryId }))}$`));
  const expected = await listAll(request, { categoryId: shoesCategoryId }, "zh");
  const grid = productGrid(page);
  await expect(productCards(grid)).toHaveCount(expected.length);
  const shown = await shownCards(grid);
  expect(ids(shown), "the list is not the subcategory's products").toEqual(ids(expected));
  expect(shown.map((c) => c.name)).toContain(sneakers.names.zh);
  await expect(page.getByText(m.catalog.list.end, { exact: true })).toBeVisible();

  // Opening a couple of them shows the same product.
  for (const card of shown.slice(0, 2)) {
    await productCards(grid).filter({ hasText: card.name }).first().click();
    await expect(page).toHaveURL(new RegExp(`/zh/h5/products/${card.id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(card.name);
    await page.getByRole("button", { name: m.shell.back }).click();
    await expect(page).toHaveURL(
      new RegExp(`${escapeRegExp(listPath("zh", { category: shoesCategoryId }))}$`),
    );
  }

  // "All <top category>" lists the subcategories' products together.
  await page.goto(localePath("zh", `/h5/category?top=${shoesBagsId}`));
  await waitForHydration(page);
  await page.getByRole("link", { name: `全部${top.name}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(listPath("zh", { category: shoesBagsId }))}$`));
  const firstPage = await listingPage(request, { categoryId: shoesBagsId }, "zh");
  await expect(productCards(productGrid(page))).toHaveCount(firstPage.items.length);
  expect(ids(await shownCards(productGrid(page)))).toEqual(ids(firstPage.items));
});

const sorts = [
  { key: "sortSales", value: "sales" },
  { key: "sortPriceAsc", value: "priceAsc" },
  { key: "sortPriceDesc", value: "priceDesc" },
  { key: "sortNewest", value: "newest" },
  { key: "sortOverall", value: "overall" },
] as const;

test("en: each sort reorders the list and stays in the address; price sorts are in price order across pages", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const lang: Lang = "en";
  const m = messages[lang];
  await page.goto(listPath(lang, { category: shoesBagsId }));
  await waitForHydration(page);
  const group = page.getByRole("group", { name: m.catalog.list.sort });
  await expect(group.getByRole("radio", { name: m.catalog.list.sortOverall })).toBeChecked();
  const grid = productGrid(page);
  const total = (await listAll(request, { categoryId: shoesBagsId }, lang)).length;
  expect(total, "the seeded top category no longer needs a second page").toBeGreaterThan(20);

  for (const { key, value } of sorts) {
    await group.getByText(m.catalog.list[key], { exact: true }).click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get("sort"), { message: `the address after ${value}` })
      .toBe(value === "overall" ? null : value);
    expect(new URL(page.url()).searchParams.get("category"), "the category was lost").toBe(
      String(shoesBagsId),
    );
    await expect(group.getByRole("radio", { name: m.catalog.list[key] })).toBeChecked();
    const expected = await listingPage(request, { categoryId: shoesBagsId, sort: value }, lang);
    await expect
      .poll(async () => ids(await shownCards(grid)), { message: `the first page sorted by ${value}` })
      .toEqual(ids(expected.items));

    if (value === "priceAsc" || value === "priceDesc") {
      await scrollToEnd(page, lang);
      const shown = await shownCards(grid);
      expect(shown).toHaveLength(total);
      expect(new Set(ids(shown)).size, "a product shows twice").toBe(total);
      const prices = shown.map((c) => c.price);
      const ordered = [...prices].sort((a, b) => (value === "priceAsc" ? a - b : b - a));
      expect(prices, `prices are not ${value === "priceAsc" ? "rising" : "falling"}`).toEqual(ordered);
      expect(prices[0]).not.toBe(prices.at(-1));
    }
  }

  // The chosen sort survives a reload: it lives in the address.
  await group.getByText(m.catalog.list.sortPriceDesc, { exact: true }).click();
  await expect(page).toHaveURL(/sort=priceDesc/);
  await page.reload();
  await waitForHydration(page);
  await expect(group.getByRole("radio", { name: m.catalog.list.sortPriceDesc })).toBeChecked();
  const expected = await listingPage(request, { categoryId: shoesBagsId, sort: "priceDesc" }, lang);
  expect(ids(await shownCards(grid))).toEqual(ids(expected.items));
});

test("ind: the whole catalogue shows 20 products, then more on each scroll, without repeats, to the 'seen all' line", async ({
  page,
  request,
}) => {
  const m = messages.ind;
  const all = await listAll(request, {}, "ind");
  expect(all.length).toBeGreaterThan(40);

  await page.goto("/h5");
  await waitForHydration(page);
  await page.getByRole("link", { name: m.catalog.home.search }).click();
  await expect(page).toHaveURL(/\/h5\/products\/list$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.catalog.list.title);
  const grid = productGrid(page);
  await expect(productCards(grid)).toHaveCount(20);
  await expect(page.getByText(m.catalog.list.end, { exact: true })).toHaveCount(0);

  const counts = await scrollToEnd(page, "ind");
  expect(counts[1], "the first scroll did not load the next 20").toBe(40);
  for (let i = 1; i < counts.length; i++) expect(counts[i]).toBeGreaterThanOrEqual(counts[i - 1]!);

  const shown = await shownCards(grid);
  expect(shown).toHaveLength(all.length);
  expect(new Set(ids(shown)).size, "some product cards are repeated").toBe(shown.length);
  expect(ids(shown)).toEqual(ids(all));
  await expect(page.getByRole("button", { name: m.catalog.list.loadMore })).toHaveCount(0);
});
