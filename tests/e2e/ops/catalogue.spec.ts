import { expect, test, type Page } from "@playwright/test";
import { toasts, trpcMutation } from "../support/accounts.ts";
import { expectNoSeriousViolations } from "../support/axe.ts";
import { fill, langs, localePath, messages, type Lang } from "../support/i18n.ts";
import { jpegImage } from "../support/images.ts";
import { demoOperator, rupiah } from "../support/money.ts";
import { waitForHydration } from "../support/page.ts";
import { pageAs, tokenOf } from "../support/roles.ts";
import { expectScreen } from "../support/screens.ts";
import { formMutation } from "../support/setup.ts";

/** The language the journey is clicked through in; the others see its screens by set-up (decision 0016). */
const journeyLang: Lang = "zh";

/** A supply product's name in every language, told apart by `tag`. */
const productNames = (tag: string) => ({
  ind: `Teh Melati ${tag}`,
  en: `Jasmine Tea ${tag}`,
  zh: `茉莉花茶 ${tag}`,
});

/** The languages' fieldsets of the operator's forms, by their legends. */
const groups = [
  ["Bahasa Indonesia", "ind"],
  ["English", "en"],
  ["中文", "zh"],
] as const;

/**
 * The new product form, filled in every language under the category tagged `tag` (the form's messages first:
 * nothing filled, then a suggested price below the merchant price), in the boutique.
 */
async function fillProductForm(page: Page, lang: Lang, tag: string) {
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
async function expectInMerchantCatalogue(merchant: Page, lang: Lang, tag: string) {
  await merchant.goto(
    localePath(lang, `/h5/merchant/products?status=catalogue&q=${encodeURIComponent(tag)}`),
  );
  await waitForHydration(merchant);
  await expect(
    merchant.getByTestId("supply-product").filter({ hasText: productNames(tag)[lang] }),
  ).toContainText(rupiah(40_000));
}

// The journey, in one language: the operator adds a category, then a supply product in every language with a
// picture, in the boutique; changes its stock; takes it off sale and back. Merchants see it in their supply
// catalogue.
for (const lang of [journeyLang]) {
  test(`the operator's supply catalogue in ${lang}`, async ({ browser }) => {
    test.setTimeout(180_000);
    const m = messages[lang];
    const c = m.ops.catalog;
    const tag = `${lang}${Date.now().toString(36)}`;
    const names = productNames(tag);
    const page = await pageAs(browser, demoOperator.account);

    // A new category under Food & drinks (id 43), named in every language: under a top category, so the home
    // page's tabs other tests read stay as the seed made them.
    await page.goto(localePath(lang, "/ops/categories"));
    await waitForHydration(page);
    await page.getByRole("button", { name: m.ops.categories.add }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel(m.ops.categories.parent).selectOption("43");
    await dialog.getByRole("textbox", { name: /Bahasa Indonesia/ }).fill(`Teh ${tag}`);
    await dialog.getByRole("textbox", { name: /English/ }).fill(`Tea ${tag}`);
    await dialog.getByRole("textbox", { name: /中文/ }).fill(`茶 ${tag}`);
    await dialog.getByRole("button", { name: c.save }).click();
    await expect(toasts(page, lang).getByText(m.ops.categories.saved)).toBeVisible();
    await expect(page.getByTestId("ops-category").filter({ hasText: `Tea ${tag}` })).toBeVisible();
    await expect(page.getByText(`Tea ${tag}`)).toBeVisible();
    await expectNoSeriousViolations(page, `ops categories (${lang})`);

    // A product in every language (the form's messages first), then its picture.
    await page.goto(localePath(lang, "/ops/catalog"));
    await waitForHydration(page);
    await page.getByRole("button", { name: c.new }).click();
    await fillProductForm(page, lang, tag);
    await expectNoSeriousViolations(page, `supply product form (${lang})`);
    await page.getByRole("button", { name: c.create }).click();
    await expect(toasts(page, lang).getByText(c.created)).toBeVisible();
    await page
      .getByLabel(c.addImage)
      .setInputFiles({ name: "teh.jpg", mimeType: "image/jpeg", buffer: await jpegImage(640, 480) });
    await expect(page.getByTestId("supply-images").locator("img")).toHaveCount(1);
    await page.getByRole("button", { name: c.done }).click();

    // In the boutique list; stock changed; off sale and back.
    await page.goto(localePath(lang, `/ops/catalog?status=boutique&q=${encodeURIComponent(names.en)}`));
    await waitForHydration(page);
    const row = page.getByTestId("ops-supply").filter({ hasText: names[lang] });
    await expect(row).toContainText(rupiah(40_000));
    await expect(row.getByTestId("supply-parcel")).toHaveText(
      fill(c.packedValue, { weight: "120", length: 15, width: 8, height: 6 }),
    );
    await expect(row.locator("img")).toBeVisible();
    await expectNoSeriousViolations(page, `ops catalogue (${lang})`);
    await row.getByRole("button", { name: c.addStock }).click();
    await page.getByRole("dialog").getByLabel(c.stockChange).fill("-30");
    await page.getByRole("dialog").getByRole("button", { name: c.saveStock }).click();
    await expect(page.getByRole("dialog").getByText(m.errors.supply.stockBelowZero)).toBeVisible();
    await page.getByRole("dialog").getByLabel(c.stockChange).fill("15");
    await expect(page.getByRole("dialog")).toContainText(fill(c.stockAfter, { stock: "40" }));
    await page.getByRole("dialog").getByRole("button", { name: c.saveStock }).click();
    await expect(toasts(page, lang).getByText(c.stocked)).toBeVisible();
    await expect(row).toContainText("40");
    await row.getByRole("button", { name: c.archive }).click();
    await expect(toasts(page, lang).getByText(c.archived)).toBeVisible();
    await expect(row).toHaveCount(0);
    await page.goto(localePath(lang, `/ops/catalog?status=archived&q=${encodeURIComponent(names.en)}`));
    await waitForHydration(page);
    await page
      .getByTestId("ops-supply")
      .filter({ hasText: names[lang] })
      .getByRole("button", { name: c.restore })
      .click();
    await expect(toasts(page, lang).getByText(c.restored)).toBeVisible();

    // A merchant finds it in the supply catalogue, in its own language.
    const merchant = await pageAs(browser, "merchant1@pasar.test");
    await expectInMerchantCatalogue(merchant, lang, tag);
    await merchant.context().close();
    await page.context().close();
  });
}

// The same journey's screens in the other languages: the category, the product and its picture, the stock change,
// taking it off sale and back go through the API; each screen is checked for its texts, its layout at 390 px and
// axe, with the forms' messages shown and the category and stock dialogs open.
for (const lang of langs.filter((l) => l !== journeyLang)) {
  test(`the operator's supply catalogue: the screens in ${lang}, reached by set-up`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const m = messages[lang];
    const c = m.ops.catalog;
    const tag = `${lang}${Date.now().toString(36)}`;
    const names = productNames(tag);
    const page = await pageAs(browser, demoOperator.account);
    const ops = { authorization: await tokenOf(request, demoOperator.account) };

    // The categories page and the new category's dialog with its message; the category made through the API.
    await page.goto(localePath(lang, "/ops/categories"));
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.ops.nav.categories);
    await page.getByRole("button", { name: m.ops.categories.add }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByLabel(m.ops.categories.parent)).toBeVisible();
    for (const [group] of groups) {
      await expect(dialog.getByRole("textbox", { name: new RegExp(group) })).toBeVisible();
    }
    await dialog.getByRole("button", { name: c.save }).click();
    await expect(dialog.getByText(m.errors.supply.name)).toBeVisible();
    await expectScreen(page, `ops category dialog (${lang})`, { axe: false });
    await dialog.getByRole("button", { name: m.catalog.search.cancel, exact: true }).click();
    await trpcMutation(
      request,
      "ops.catalog.addCategory",
      { parentId: 43, name: { ind: `Teh ${tag}`, en: `Tea ${tag}`, zh: `茶 ${tag}` } },
      ops,
    );
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByTestId("ops-category").filter({ hasText: `Tea ${tag}` })).toBeVisible();
    await expectScreen(page, `ops categories (${lang})`);

    // The new product's form with its messages, filled; the product and its picture made through the API.
    await page.goto(localePath(lang, "/ops/catalog"));
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.ops.nav.catalog);
    await page.getByRole("button", { name: c.new }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(c.newTitle);
    await fillProductForm(page, lang, tag);
    const categoryId = Number(await page.getByLabel(c.category).inputValue());
    await expectScreen(page, `supply product form (${lang})`);
    const created = await trpcMutation<{ id: string }>(
      request,
      "ops.catalog.create",
      {
        categoryId,
        name: names,
        description: { ind: `${names.ind}: 100 g`, en: `${names.en}: 100 g`, zh: `${names.zh}: 100 g` },
        merchantPrice: 40_000,
        suggestedPrice: 55_000,
        stock: 25,
        boutique: true,
        weightGrams: 120,
        lengthCm: 15,
        widthCm: 8,
        heightCm: 6,
      },
      ops,
    );
    await formMutation(
      request,
      "ops.catalog.addImage",
      {
        id: created.id,
        image: { name: "teh.jpg", mimeType: "image/jpeg", buffer: await jpegImage(640, 480) },
      },
      ops.authorization,
    );

    // The product's form with its picture.
    await page.goto(localePath(lang, `/ops/catalog?edit=${created.id}`));
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(c.editTitle);
    await expect(page.getByTestId("supply-images").locator("img")).toHaveCount(1);
    await expect(page.getByRole("button", { name: fill(c.removeImage, { number: 1 }) })).toBeVisible();
    await expect(page.getByLabel(c.addImage)).toBeAttached();
    await expectScreen(page, `supply product with its picture (${lang})`, { axe: false });

    // In the boutique list, with the stock dialog and its message; the stock changed through the API.
    await page.goto(localePath(lang, `/ops/catalog?status=boutique&q=${encodeURIComponent(names.en)}`));
    await waitForHydration(page);
    const row = page.getByTestId("ops-supply").filter({ hasText: names[lang] });
    await expect(row).toContainText(rupiah(40_000));
    await expect(row).toContainText(c.boutique);
    await expect(row.locator("img")).toBeVisible();
    for (const button of [c.edit, c.addStock, c.archive]) {
      await expect(row.getByRole("button", { name: button, exact: true })).toBeVisible();
    }
    await expectScreen(page, `ops catalogue (${lang})`);
    await row.getByRole("button", { name: c.addStock }).click();
    const stock = page.getByRole("dialog");
    await stock.getByLabel(c.stockChange).fill("-30");
    await stock.getByRole("button", { name: c.saveStock }).click();
    await expect(stock.getByText(m.errors.supply.stockBelowZero)).toBeVisible();
    await stock.getByLabel(c.stockChange).fill("15");
    await expect(stock).toContainText(fill(c.stockAfter, { stock: "40" }));
    await expectScreen(page, `stock dialog (${lang})`, { axe: false });
    await stock.getByRole("button", { name: m.catalog.search.cancel, exact: true }).click();
    await trpcMutation(request, "ops.catalog.stock", { id: created.id, change: 15 }, ops);

    // Off sale through the API: the archived list offers it back; back on sale through the API.
    await trpcMutation(request, "ops.catalog.setStatus", { id: created.id, status: "archived" }, ops);
    await page.goto(localePath(lang, `/ops/catalog?status=archived&q=${encodeURIComponent(names.en)}`));
    await waitForHydration(page);
    const archived = page.getByTestId("ops-supply").filter({ hasText: names[lang] });
    await expect(archived).toContainText("40");
    await expect(archived.getByRole("button", { name: c.restore })).toBeVisible();
    await expectScreen(page, `archived supply (${lang})`, { axe: false });
    await trpcMutation(request, "ops.catalog.setStatus", { id: created.id, status: "active" }, ops);

    // A merchant finds it in the supply catalogue, in this language.
    const merchant = await pageAs(browser, "merchant1@pasar.test");
    await expectInMerchantCatalogue(merchant, lang, tag);
    await expectScreen(merchant, `supply catalogue (${lang})`, { axe: false });
    await merchant.context().close();
    await page.context().close();
  });
}
