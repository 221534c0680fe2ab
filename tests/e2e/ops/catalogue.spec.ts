import { expect, test } from "@playwright/test";
import { toasts, trpcMutation } from "../support/accounts.ts";
import { expectNoSeriousViolations } from "../support/axe.ts";
import { fill, htmlLang, langs, localePath, messages, plural, type Lang } from "../support/i18n.ts";
import { jpegImage } from "../support/images.ts";
import { demoOperator, rupiah } from "../support/money.ts";
import { waitForHydration } from "../support/page.ts";
import { pageAs, tokenOf } from "../support/roles.ts";
import { expectScreen } from "../support/screens.ts";
import { formMutation } from "../support/setup.ts";
import {
  axisGroup,
  colours,
  expectInMerchantCatalogue,
  fillProductForm,
  groups,
  productBySetUp,
  productNames,
  sizes,
  valueGroup,
  variantName,
} from "../support/supply-catalogue.ts";

/** The language the journey is clicked through in; the others see its screens by set-up (decision 0016). */
const journeyLang: Lang = "zh";

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

// The options and variants, in one language: on a product with one variant, the operator adds a colour and a size
// axis (names in every language, a swatch per colour, sizes the same in every language), generates the
// combinations, removes one, types an initial stock, is told what is wrong until it is right, saves; the list shows
// the price range, the summed stock and the variant count, and the stock dialog asks which variant.
for (const lang of [journeyLang]) {
  test(`the operator's options and variants in ${lang}`, async ({ browser, request }) => {
    test.setTimeout(180_000);
    const m = messages[lang];
    const c = m.ops.catalog;
    const v = c.variants;
    const tag = `${lang}v${Date.now().toString(36)}`;
    const names = productNames(tag);
    const page = await pageAs(browser, demoOperator.account);
    const ops = { authorization: await tokenOf(request, demoOperator.account) };
    const product = await productBySetUp(request, ops, tag);

    await page.goto(localePath(lang, `/ops/catalog?edit=${product.id}`));
    await waitForHydration(page);
    const section = page.getByRole("group", { name: v.title });
    await expect(section).toContainText(v.note);
    // Prices and size are the product's while it has one variant.
    await expect(page.getByLabel(m.merchant.products.merchantPrice)).toHaveValue(
      (40_000).toLocaleString(htmlLang[lang]),
    );

    // A colour axis: named by its kind in every language, a value per colour with its swatch.
    await section.getByRole("button", { name: v.addAxis }).click();
    const colour = axisGroup(page, lang, 1);
    await colour.getByLabel(v.kind).selectOption("colour");
    const axisNames = colour.getByRole("group", { name: v.axisName });
    await expect(axisNames.getByLabel("Indonesia")).toHaveValue("Warna");
    await expect(axisNames.getByLabel("English")).toHaveValue("Colour");
    await expect(axisNames.getByLabel("中文")).toHaveValue("颜色");
    // The product's own price and size give way to the variants'.
    await expect(page.getByLabel(m.merchant.products.merchantPrice)).toHaveCount(0);
    await expect(page.getByText(v.perVariant)).toBeVisible();
    for (const [index, value] of colours.entries()) {
      if (index > 0) await colour.getByRole("button", { name: v.addValue }).click();
      const group = valueGroup(colour, lang, index + 1);
      await group.getByLabel("Indonesia").fill(value.ind);
      await group.getByLabel("English").fill(value.en);
      await group.getByLabel("中文").fill(value.zh);
      await group.getByLabel(v.swatch).fill(value.swatch);
    }

    // A size axis: the same in every language, so one name per value.
    await section.getByRole("button", { name: v.addAxis }).click();
    await expect(section.getByRole("button", { name: v.addAxis })).toHaveCount(0);
    const size = axisGroup(page, lang, 2);
    await size.getByLabel(v.kind).selectOption("size");
    await expect(size.getByLabel(v.same)).toBeChecked();
    for (const [index, value] of sizes.entries()) {
      if (index > 0) await size.getByRole("button", { name: v.addValue }).click();
      // One field a value, labelled by its number.
      await size.getByLabel(fill(v.value, { number: index + 1 }), { exact: true }).fill(value);
    }

    // Saving before generating: the old variant is no combination of the new options.
    await page.getByRole("button", { name: c.save }).click();
    await expect(section.getByRole("alert")).toHaveText(m.errors.supply.variantsStale);

    // Generated: four combinations; the variant without options will be archived, with its stock.
    await section.getByRole("button", { name: v.generate }).click();
    const rows = section.getByTestId("variant-row");
    await expect(rows).toHaveCount(4);
    await expect(section).toContainText(plural(lang, v.count, 4).replace("{{count}}", "4"));
    await expect(section).toContainText(plural(lang, v.archivedNote, 1).replace("{{count}}", "1"));
    await expect(section).toContainText(fill(v.archivedStock, { stock: "25" }));
    const row = (colourIndex: number, sizeIndex: number) =>
      section.getByRole("group", { name: variantName(lang, colourIndex, sizeIndex), exact: true });
    await expect(row(0, 1).getByLabel(v.sku)).toHaveValue(`${product.id.toUpperCase()}-HITAM-250G`);
    await expect(row(0, 1).getByLabel(m.merchant.products.merchantPrice)).toHaveValue(
      (40_000).toLocaleString(htmlLang[lang]),
    );

    // One combination is not sold: removed. Another costs more; one gets its first stock.
    await section
      .getByRole("button", { name: fill(v.removeRow, { label: variantName(lang, 1, 0) }) })
      .click();
    await expect(rows).toHaveCount(3);
    await row(1, 1).getByLabel(m.merchant.products.merchantPrice).fill("45000");
    await row(1, 1).getByLabel(m.merchant.products.suggestedPrice).fill("44000");
    await row(1, 1).getByLabel(v.sku).fill("teh putih 250");
    await row(0, 1).getByLabel(v.initialStock).fill("12");
    await page.getByRole("button", { name: c.save }).click();
    await expect(row(1, 1).getByText(m.errors.supply.suggestedBelowCost)).toBeVisible();
    await expect(row(1, 1).getByText(m.errors.supply.sku)).toBeVisible();
    await row(1, 1).getByLabel(m.merchant.products.suggestedPrice).fill("60000");
    await row(1, 1).getByLabel(v.sku).fill(`${product.id.toUpperCase()}-PUTIH-250G`);
    await expect(row(1, 1).getByText(m.errors.supply.sku)).toHaveCount(0);
    await expectNoSeriousViolations(page, `options and variants (${lang})`);
    await page.setViewportSize({ width: 320, height: 700 });
    await expectScreen(page, `options and variants (${lang}, 320 px)`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: c.save }).click();
    await expect(toasts(page, lang).getByText(c.saved, { exact: true })).toBeVisible();

    // The list: the price range, the summed stock and the variant count.
    await page.goto(localePath(lang, `/ops/catalog?q=${encodeURIComponent(names.en)}`));
    await waitForHydration(page);
    const listed = page.getByTestId("ops-supply").filter({ hasText: names[lang] });
    await expect(listed).toContainText(`${rupiah(40_000)} – ${rupiah(45_000)}`);
    await expect(listed).toContainText(`${rupiah(55_000)} – ${rupiah(60_000)}`);
    await expect(listed.getByTestId("supply-variants")).toHaveText(
      plural(lang, v.count, 3).replace("{{count}}", "3"),
    );
    await expect(listed.getByTestId("supply-parcel")).toHaveCount(0);
    await expect(listed).toContainText("12");

    // The stock dialog asks which variant, with its SKU and stock.
    await listed.getByRole("button", { name: c.addStock }).click();
    const dialog = page.getByRole("dialog");
    const variant = dialog.getByLabel(v.choose);
    await expect(variant.locator("option")).toHaveText([
      v.chooseNone,
      ...[
        [0, 0, "0"],
        [0, 1, "12"],
        [1, 1, "0"],
      ].map(([ci, si, stock]) =>
        fill(v.stockOption, {
          label: variantName(lang, Number(ci), Number(si)),
          sku: `${product.id.toUpperCase()}-${["HITAM", "PUTIH"][Number(ci)]}-${["100G", "250G"][Number(si)]}`,
          stock: String(stock),
        }),
      ),
    ]);
    await dialog.getByLabel(c.stockChange).fill("5");
    await dialog.getByRole("button", { name: c.saveStock }).click();
    await expect(dialog.getByText(m.errors.supply.chooseVariant)).toBeVisible();
    await variant.selectOption({ index: 3 });
    await expect(dialog).toContainText(fill(c.stockAfter, { stock: "5" }));
    await expectNoSeriousViolations(page, `stock dialog with variants (${lang})`);
    await dialog.getByRole("button", { name: c.saveStock }).click();
    await expect(toasts(page, lang).getByText(c.stocked)).toBeVisible();
    await expect(listed).toContainText("17");

    // Opened again: the saved variants with their stock; prices and size stay per variant.
    await listed.getByRole("button", { name: c.edit }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(c.editTitle);
    await expect(section.getByTestId("variant-row")).toHaveCount(3);
    await expect(row(1, 1)).toContainText("5");
    await expect(row(1, 1).getByLabel(v.initialStock)).toHaveCount(0);
    await expect(page.getByLabel(m.merchant.products.merchantPrice)).toHaveCount(3);
    await page.context().close();
  });
}

// The options and variants' screens in the other languages, reached by set-up: the product's options and variants
// saved through the API, then the form (with a new value, its combinations generated, a row removed and an error),
// the list row and the stock dialog, each checked for its texts, at 390 and 320 px, with axe.
for (const lang of langs.filter((l) => l !== journeyLang)) {
  test(`the operator's options and variants: the screens in ${lang}, reached by set-up`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const m = messages[lang];
    const c = m.ops.catalog;
    const v = c.variants;
    const tag = `${lang}v${Date.now().toString(36)}`;
    const names = productNames(tag);
    const page = await pageAs(browser, demoOperator.account);
    const ops = { authorization: await tokenOf(request, demoOperator.account) };
    const product = await productBySetUp(request, ops, tag);
    const sku = (ci: number, si: number) =>
      `${product.id.toUpperCase()}-${["HITAM", "PUTIH"][ci]}-${["100G", "250G"][si]}`;
    await trpcMutation(
      request,
      "ops.catalog.saveVariants",
      {
        id: product.id,
        axes: [
          {
            name: { ind: "Warna", en: "Colour", zh: "颜色" },
            kind: "colour",
            values: colours.map((colour) => ({
              name: { ind: colour.ind, en: colour.en, zh: colour.zh },
              swatch: colour.swatch,
            })),
          },
          {
            name: { ind: "Ukuran", en: "Size", zh: "尺码" },
            kind: "size",
            values: sizes.map((s) => ({ name: { ind: s, en: s, zh: s } })),
          },
        ],
        variants: [
          [0, 0, 40_000, 3],
          [0, 1, 45_000, 4],
          [1, 0, 40_000, 0],
          [1, 1, 45_000, 1],
        ].map(([ci, si, price, stock]) => ({
          values: [ci, si],
          sku: sku(ci!, si!),
          merchantPrice: price,
          suggestedPrice: price! + 15_000,
          weightGrams: 120,
          lengthCm: 15,
          widthCm: 8,
          heightCm: 6,
          stock,
        })),
      },
      ops,
    );

    // The list row: the range, the summed stock, the variant count.
    await page.goto(localePath(lang, `/ops/catalog?q=${encodeURIComponent(names.en)}`));
    await waitForHydration(page);
    const listed = page.getByTestId("ops-supply").filter({ hasText: names[lang] });
    await expect(listed).toContainText(`${rupiah(40_000)} – ${rupiah(45_000)}`);
    await expect(listed).toContainText(`${rupiah(55_000)} – ${rupiah(60_000)}`);
    await expect(listed.getByTestId("supply-variants")).toHaveText(
      plural(lang, v.count, 4).replace("{{count}}", "4"),
    );
    await expect(listed).toContainText("8");
    await expectScreen(page, `ops catalogue with variants (${lang})`);
    await page.setViewportSize({ width: 320, height: 700 });
    await expectScreen(page, `ops catalogue with variants (${lang}, 320 px)`);
    await page.setViewportSize({ width: 390, height: 844 });

    // The stock dialog: which variant, with its message until one is chosen.
    await listed.getByRole("button", { name: c.addStock }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByLabel(v.choose).locator("option")).toHaveText([
      v.chooseNone,
      ...[
        [0, 0, 3],
        [0, 1, 4],
        [1, 0, 0],
        [1, 1, 1],
      ].map(([ci, si, stock]) =>
        fill(v.stockOption, { label: variantName(lang, ci!, si!), sku: sku(ci!, si!), stock: String(stock) }),
      ),
    ]);
    await dialog.getByLabel(c.stockChange).fill("5");
    await dialog.getByRole("button", { name: c.saveStock }).click();
    await expect(dialog.getByText(m.errors.supply.chooseVariant)).toBeVisible();
    await expectScreen(page, `stock dialog with variants (${lang})`);
    await page.setViewportSize({ width: 320, height: 700 });
    await expectScreen(page, `stock dialog with variants (${lang}, 320 px)`);
    await page.setViewportSize({ width: 390, height: 844 });
    await dialog.getByRole("button", { name: m.catalog.search.cancel, exact: true }).click();

    // The form: the saved options and variants; a third colour generated, a row removed, a SKU refused.
    await page.goto(localePath(lang, `/ops/catalog?edit=${product.id}`));
    await waitForHydration(page);
    const section = page.getByRole("group", { name: v.title });
    await expect(page.getByText(v.perVariant)).toBeVisible();
    await expect(page.getByLabel(m.merchant.products.merchantPrice)).toHaveCount(4);
    const colour = axisGroup(page, lang, 1);
    await expect(colour.getByLabel(v.kind)).toHaveValue("colour");
    await expect(axisGroup(page, lang, 2).getByLabel(v.same)).toBeChecked();
    await colour.getByRole("button", { name: v.addValue }).click();
    const third = valueGroup(colour, lang, 3);
    await third.getByLabel("Indonesia").fill("Merah");
    await third.getByLabel("English").fill("Red");
    await third.getByLabel("中文").fill("红色");
    await section.getByRole("button", { name: v.generate }).click();
    const rows = section.getByTestId("variant-row");
    await expect(rows).toHaveCount(6);
    await section
      .getByRole("button", { name: fill(v.removeRow, { label: variantName(lang, 1, 0) }) })
      .click();
    await expect(rows).toHaveCount(5);
    await expect(section).toContainText(plural(lang, v.archivedNote, 1).replace("{{count}}", "1"));
    const red = section.getByRole("group", {
      name: `${lang === "en" ? "Red" : "Merah"} / ${sizes[0]}`,
      exact: true,
    });
    await red.getByLabel(v.sku).fill("");
    await page.getByRole("button", { name: c.save }).click();
    await expect(red.getByText(m.errors.supply.sku)).toBeVisible();
    await expectScreen(page, `options and variants (${lang})`);
    await page.setViewportSize({ width: 320, height: 700 });
    await expectScreen(page, `options and variants (${lang}, 320 px)`);
    await page.context().close();
  });
}
