import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousViolations, storeTheme } from "../support/axe.ts";
import { firstProduct, missingProductId } from "../support/catalog.ts";
import { htmlLang, langs, localePath, messages, settingsLabel, type Lang } from "../support/i18n.ts";
import { waitForHydration } from "../support/page.ts";

const pages: { name: string; path: (productId: string) => string; status: number }[] = [
  { name: "home", path: () => "/h5", status: 200 },
  { name: "product", path: (id) => `/h5/products/${id}`, status: 200 },
  { name: "404", path: () => `/h5/products/${missingProductId}`, status: 404 },
  { name: "app download", path: () => "/down", status: 200 },
];

async function open(page: Page, path: string, lang: Lang, status: number) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(status);
  await expect(page.locator("html")).toHaveAttribute("lang", htmlLang[lang]);
  await waitForHydration(page);
  await expect(page.getByRole("main")).toBeVisible();
}

// The home page in the light theme is checked in every language by browsing/a11y.spec.ts (the same page, its
// shop street shown first): it is not loaded and checked a second time here.
for (const lang of langs) {
  for (const p of pages.filter((x) => x.name !== "home")) {
    test(`${p.name} in ${lang} has no serious axe violations`, async ({ page, request }) => {
      const product = p.name === "product" ? await firstProduct(request, lang) : undefined;
      await storeTheme(page, "light");
      await open(page, localePath(lang, p.path(product?.id ?? "")), lang, p.status);
      await expectNoSeriousViolations(page, `${p.name} (${lang})`);
    });
  }
}

test.describe("dark mode", () => {
  for (const p of pages.filter((x) => x.name !== "app download")) {
    test(`${p.name} in dark mode has no serious axe violations`, async ({ page, request }) => {
      const product = p.name === "product" ? await firstProduct(request) : undefined;
      await storeTheme(page, "dark");
      await open(page, p.path(product?.id ?? ""), "ind", p.status);
      await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
      await expectNoSeriousViolations(page, `${p.name} (dark)`);
    });
  }

  test("the open settings dialog in dark mode has no serious axe violations", async ({ page }) => {
    await storeTheme(page, "dark");
    await open(page, "/en/h5", "en", 200);
    await page.getByRole("button", { name: settingsLabel("en") }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("radio", { name: messages.en.shell.theme.dark })).toBeChecked();
    await expectNoSeriousViolations(page, "settings dialog (dark)");
  });
});
