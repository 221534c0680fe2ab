import { expect, test } from "@playwright/test";
import { toasts } from "../support/accounts.ts";
import { expectNoSeriousViolations } from "../support/axe.ts";
import { fill, langs, localePath, messages } from "../support/i18n.ts";
import { jpegImage } from "../support/images.ts";
import { demoOperator, rupiah } from "../support/money.ts";
import { waitForHydration } from "../support/page.ts";
import { pageAs } from "../support/roles.ts";

// Each language: the operator adds a category, then a supply product in every language with a picture, in
// the boutique; changes its stock; takes it off sale and back. Merchants see it in their supply catalogue.
for (const lang of langs) {
  test(`the operator's supply catalogue in ${lang}`, async ({ browser }) => {
    test.setTimeout(180_000);
    const m = messages[lang];
    const c = m.ops.catalog;
    const tag = `${lang}${Date.now().toString(36)}`;
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
    await page.getByRole("button", { name: c.create }).click();
    await expect(page.getByText(m.errors.supply.name, { exact: true }).first()).toBeVisible();
    // Listed as "Food & drinks › Tea …" in the reader's language.
    const option = page.locator("#supply-category option", { hasText: tag });
    await page.getByLabel(c.category).selectOption((await option.getAttribute("value"))!);
    const names = { ind: `Teh Melati ${tag}`, en: `Jasmine Tea ${tag}`, zh: `茉莉花茶 ${tag}` };
    for (const [group, name] of [
      ["Bahasa Indonesia", names.ind],
      ["English", names.en],
      ["中文", names.zh],
    ] as const) {
      const fieldset = page.getByRole("group", { name: group });
      await fieldset.getByLabel(c.name).fill(name);
      await fieldset.getByLabel(c.description).fill(`${name}: 100 g`);
    }
    await page.getByLabel(m.merchant.products.merchantPrice).fill("40000");
    await page.getByLabel(m.merchant.products.suggestedPrice).fill("30000");
    await page.getByRole("button", { name: c.create }).click();
    await expect(page.getByText(m.errors.supply.suggestedBelowCost)).toBeVisible();
    await page.getByLabel(m.merchant.products.suggestedPrice).fill("55000");
    await page.getByLabel(c.stock, { exact: true }).fill("25");
    await page.getByLabel(c.boutique).check();
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
    await merchant.goto(
      localePath(lang, `/h5/merchant/products?status=catalogue&q=${encodeURIComponent(tag)}`),
    );
    await waitForHydration(merchant);
    await expect(merchant.getByTestId("supply-product").filter({ hasText: names[lang] })).toContainText(
      rupiah(40_000),
    );
    await merchant.context().close();
    await page.context().close();
  });
}
