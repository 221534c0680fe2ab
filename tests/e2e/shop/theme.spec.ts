import { expect, test, type Page } from "@playwright/test";
import { firstProduct } from "../support/catalog.ts";
import { messages, settingsLabel } from "../support/i18n.ts";
import {
  backgroundBrightness,
  firstPaintTheme,
  recordFirstPaintTheme,
  waitForHydration,
} from "../support/page.ts";

const ind = messages.ind;
const themeKey = "pasar-theme";

/** Stores a theme before any page script runs, as a returning shopper's browser would have it. */
async function storeTheme(page: Page, theme: "light" | "dark" | "system") {
  await page.addInitScript(
    ({ key, value }) => {
      // Only once per tab, so the page's own choices afterwards are not overwritten on reload.
      if (sessionStorage.getItem("e2e-theme-seeded")) return;
      sessionStorage.setItem("e2e-theme-seeded", "1");
      localStorage.setItem(key, value);
    },
    { key: themeKey, value: theme },
  );
}

const html = (page: Page) => page.locator("html");

async function openSettings(page: Page) {
  await waitForHydration(page);
  await page.getByRole("button", { name: settingsLabel("ind") }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  return dialog.getByRole("group", { name: ind.shell.theme.label });
}

test.describe("no flash of the wrong theme", () => {
  test("a stored dark theme is on <html> before the first paint, though the server sends no theme", async ({
    page,
    request,
  }) => {
    const product = await firstProduct(request);
    await storeTheme(page, "dark");
    await page.addInitScript(recordFirstPaintTheme);
    await page.emulateMedia({ colorScheme: "light" });

    for (const path of ["/h5", `/h5/products/${product.id}`]) {
      const response = await page.goto(path, { waitUntil: "commit" });
      const serverHtml = await response!.text();
      const htmlTag = /<html[^>]*>/.exec(serverHtml)?.[0] ?? "";
      expect(htmlTag, "the server cannot know the stored theme").not.toMatch(/class="[^"]*dark/);

      await page.waitForLoadState("domcontentloaded");
      const first = await firstPaintTheme(page);
      expect(first.className.split(/\s+/), `first frame of ${path}`).toContain("dark");
      expect(first.colorScheme).toBe("dark");
      await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
      // The page really looks dark.
      expect(await backgroundBrightness(page)).toBeLessThan(60);
    }
  });

  test("a stored light theme wins over a dark system from the first frame", async ({ page }) => {
    await storeTheme(page, "light");
    await page.addInitScript(recordFirstPaintTheme);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/h5");
    const first = await firstPaintTheme(page);
    expect(first.className.split(/\s+/)).not.toContain("dark");
    expect(first.colorScheme).toBe("light");
    await waitForHydration(page);
    await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);
    expect(await backgroundBrightness(page)).toBeGreaterThan(200);
  });

  test("with no stored theme the first frame follows a dark system", async ({ page }) => {
    await page.addInitScript(recordFirstPaintTheme);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/h5");
    const first = await firstPaintTheme(page);
    expect(first.className.split(/\s+/)).toContain("dark");
  });
});

test.describe("theme setting", () => {
  test("choosing Dark and Light in the settings applies at once and survives a reload", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/h5");
    const group = await openSettings(page);
    await expect(group.getByRole("radio", { name: ind.shell.theme.system })).toBeChecked();

    await group.getByRole("radio", { name: ind.shell.theme.dark }).check();
    await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
    expect(await page.evaluate((k) => localStorage.getItem(k), themeKey)).toBe("dark");

    await page.reload();
    await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
    const again = await openSettings(page);
    await expect(again.getByRole("radio", { name: ind.shell.theme.dark })).toBeChecked();

    await page.emulateMedia({ colorScheme: "dark" });
    await again.getByRole("radio", { name: ind.shell.theme.light }).check();
    await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);
    await page.getByRole("dialog").getByRole("button", { name: ind.shell.toast.close }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await page.reload();
    await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);
  });

  test("in System mode the page follows the OS colour scheme live, with the settings open", async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/h5");
    const group = await openSettings(page);
    await group.getByRole("radio", { name: ind.shell.theme.system }).check();
    await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
    await page.emulateMedia({ colorScheme: "light" });
    await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);
  });

  test("in System mode the page follows the OS colour scheme live while shopping", async ({
    page,
    request,
  }) => {
    const product = await firstProduct(request);
    await storeTheme(page, "system");
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto(`/h5/products/${product.id}`);
    await waitForHydration(page);
    await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);

    await page.emulateMedia({ colorScheme: "dark" });
    await expect(html(page), "the page stayed light after the phone switched to dark mode").toHaveClass(
      /(^|\s)dark(\s|$)/,
      { timeout: 2000 },
    );
    await page.emulateMedia({ colorScheme: "light" });
    await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);
  });
});

test.describe("forced dark page", () => {
  test("/down is dark from the first frame even with a stored light theme, and leaving it restores light", async ({
    page,
  }) => {
    await storeTheme(page, "light");
    await page.addInitScript(recordFirstPaintTheme);
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/down");
    const first = await firstPaintTheme(page);
    expect(first.className.split(/\s+/)).toContain("dark");
    await waitForHydration(page);
    await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);

    await page.getByRole("link", { name: ind.pages.down.continue }).click();
    await expect(page).toHaveURL(/\/h5$/);
    await expect(page.getByRole("heading", { level: 2, name: ind.catalog.home.hot })).toBeVisible();
    await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);
    expect(await page.evaluate((k) => localStorage.getItem(k), themeKey)).toBe("light");
  });
});
