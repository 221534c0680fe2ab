import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { trpcMutation } from "./accounts.ts";
import { fill, localePath, messages, type Lang } from "./i18n.ts";
import { rupiah } from "./money.ts";
import { waitForHydration } from "./page.ts";

/** What the supply catalogue's journeys (tests/e2e/ops/catalogue.spec.ts) fill in, make and look for. */

/** A supply product's name in every language, told apart by `tag`. */
export const productNames = (tag: string) => ({
  ind: `Teh Melati ${tag}`,
  en: `Jasmine Tea ${tag}`,
  zh: `茉莉花茶 ${tag}`,
});

/** The languages' fieldsets of the operator's forms, by their legends. */
export const groups = [
  ["Bahasa Indonesia", "ind"],
  ["English", "en"],
  ["中文", "zh"],
] as const;

/**
 * The new product form, filled in every language under the category tagged `tag` (the form's messages first:
 * nothing filled, then a suggested price below the merchant price), in the boutique.
 */
export async function fillProductForm(page: Page, lang: Lang, tag: string) {
  const m = messages[lang];
  const c = m.ops.catalog;
  await page.getByRole("button", { name: c.create }).click();
  await expect(page.getByText(m.errors.supply.name, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(m.errors.supply.weight, { exact: true })).toBeVisible();
  await expect(page.getByText(m.errors.supply.size, { exact: true })).toHaveCount(3);
  // Listed as "Food & drinks › Tea …" in the reader's language.
  const option = page.locator("#supply-category option", { hasText: tag });
  await page.getByLabel(c.category).selectOption((await option.getAttribute("value"))!);
  for (const [group, l] of groups) {
    const fieldset = page.getByRole("group", { name: group });
    const name = productNames(tag)[l];
    await fieldset.getByLabel(c.name).fill(name);
    await fieldset.getByLabel(c.description).fill(`${name}: 100 g`);
  }
  await page.getByLabel(m.merchant.products.merchantPrice).fill("40000");
  await page.getByLabel(m.merchant.products.suggestedPrice).fill("30000");
  await page.getByRole("button", { name: c.create }).click();
  await expect(page.getByText(m.errors.supply.suggestedBelowCost)).toBeVisible();
  await page.getByLabel(m.merchant.products.suggestedPrice).fill("55000");
  await page.getByLabel(c.stock, { exact: true }).fill("25");
  // Packed for shipping: a box of tea, 120 g in 15 × 8 × 6 cm.
  const parcel = page.getByRole("group", { name: c.parcel });
  await parcel.getByLabel(c.weight).fill("120");
  await parcel.getByLabel(c.length).fill("15");
  await parcel.getByLabel(c.width).fill("8");
  await parcel.getByLabel(c.height).fill("6");
  await page.getByLabel(c.boutique).check();
}

/** A merchant finds the product in the supply catalogue, in its own language, at the merchant price. */
export async function expectInMerchantCatalogue(merchant: Page, lang: Lang, tag: string) {
  await merchant.goto(
    localePath(lang, `/h5/merchant/products?status=catalogue&q=${encodeURIComponent(tag)}`),
  );
  await waitForHydration(merchant);
  await expect(
    merchant.getByTestId("supply-product").filter({ hasText: productNames(tag)[lang] }),
  ).toContainText(rupiah(40_000));
}

/** A category under Food & drinks and a supply product in it with one variant (25 in stock), made through the API. */
export async function productBySetUp(request: APIRequestContext, ops: Record<string, string>, tag: string) {
  const category = await trpcMutation<{ id: number }>(
    request,
    "ops.catalog.addCategory",
    { parentId: 43, name: { ind: `Teh ${tag}`, en: `Tea ${tag}`, zh: `茶 ${tag}` } },
    ops,
  );
  const names = productNames(tag);
  return trpcMutation<{ id: string }>(
    request,
    "ops.catalog.create",
    {
      categoryId: category.id,
      name: names,
      description: { ind: `${names.ind}: 100 g`, en: `${names.en}: 100 g`, zh: `${names.zh}: 100 g` },
      merchantPrice: 40_000,
      suggestedPrice: 55_000,
      stock: 25,
      boutique: false,
      weightGrams: 120,
      lengthCm: 15,
      widthCm: 8,
      heightCm: 6,
    },
    ops,
  );
}

/** The tin's colours and sizes, in every language. */
export const colours = [
  { ind: "Hitam", en: "Black", zh: "黑色", swatch: "#111111" },
  { ind: "Putih", en: "White", zh: "白色", swatch: "#fafafa" },
];
export const sizes = ["100 g", "250 g"];

/** "黑色 / 100 g": a variant's label in `lang`. */
export const variantName = (lang: Lang, colour: number, size: number) =>
  `${colours[colour]![lang]} / ${sizes[size]}`;

/** An option axis of the form, and one of its values, by their numbers. */
export const axisGroup = (page: Page, lang: Lang, number: number) =>
  page.getByRole("group", { name: fill(messages[lang].ops.catalog.variants.axis, { number }), exact: true });
export const valueGroup = (axis: Locator, lang: Lang, number: number) =>
  axis.getByRole("group", { name: fill(messages[lang].ops.catalog.variants.value, { number }), exact: true });
