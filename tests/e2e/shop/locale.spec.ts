import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { firstProduct } from "../support/catalog.ts";
import {
  browserLocale,
  escapeRegExp,
  htmlLang,
  languageName,
  localePath,
  messages,
  pageTitle,
  settingsLabel,
  type Lang,
} from "../support/i18n.ts";
import { expectNoSeriousViolations } from "../support/axe.ts";
import { waitForHydration } from "../support/page.ts";

async function localeCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === "pasar_locale")?.value;
}

async function expectHomeIn(page: Page, lang: Lang) {
  const m = messages[lang];
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(localePath(lang, "/h5"))}(\\?.*)?$`));
  await expect(page.locator("html")).toHaveAttribute("lang", htmlLang[lang]);
  await expect(page).toHaveTitle(pageTitle(m.catalog.home.title));
  await expect(page.getByRole("button", { name: settingsLabel(lang) })).toBeVisible();
  await expect(page.getByRole("navigation", { name: m.shell.nav.main })).toContainText(m.shell.nav.home);
}

test.describe("URL prefixes", () => {
  for (const lang of ["en", "zh"] as const) {
    test(`/${lang}/h5 is the shop in ${lang} whatever the browser language`, async ({ page }) => {
      await page.goto(`/${lang}/h5`);
      await expectHomeIn(page, lang);
      const m = messages[lang].catalog.home;
      await expect(page.getByRole("heading", { level: 2, name: m.hot })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: m.new })).toBeVisible();
      // Product cards stay in the language.
      await expect(page.locator('a[href*="/h5/products/prd_"]').first()).toHaveAttribute(
        "href",
        new RegExp(`^/${lang}/h5/products/prd_`),
      );
    });
  }

  test("/ind/h5 permanently redirects to the unprefixed page, keeping the query", async ({
    request,
    page,
  }) => {
    const res = await request.get("/ind/h5?tab=40", { maxRedirects: 0 });
    expect(res.status()).toBe(301);
    const location = new URL(res.headers()["location"] ?? "", "http://shop.test");
    expect(location.pathname + location.search).toBe("/h5?tab=40");
    await page.goto("/ind/h5");
    await expectHomeIn(page, "ind");
  });

  test("a product page has the same product in every language", async ({ page, request }) => {
    const { id } = await firstProduct(request);
    for (const lang of ["ind", "en", "zh"] as const) {
      const product = await firstProduct(request, lang);
      expect(product.id).toBe(id);
      const response = await page.goto(localePath(lang, `/h5/products/${id}`));
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", htmlLang[lang]);
      await expect(page).toHaveTitle(pageTitle(product.name));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
      await expect(page.getByRole("banner")).toContainText(messages[lang].catalog.product.title);
      await expect(page.getByRole("region", { name: messages[lang].catalog.product.gallery })).toBeVisible();
    }
  });
});

/** The offer to read the shop in `lang` (written in `lang`), shown on Indonesian pages. */
function languageOffer(page: Page, lang: Lang) {
  return page.getByRole("complementary", { name: messages[lang].shell.languageOffer.label, exact: true });
}

test.describe("unprefixed URLs: Indonesian, never a redirect by the browser's language", () => {
  test("an Indonesian browser stays on /h5 and is offered nothing", async ({ page }) => {
    await page.goto("/h5");
    await expectHomeIn(page, "ind");
    await waitForHydration(page);
    for (const lang of ["en", "zh"] as const) await expect(languageOffer(page, lang)).toHaveCount(0);
  });

  for (const lang of ["en", "zh"] as const) {
    test.describe(`browser in ${browserLocale[lang]}`, () => {
      test.use({ locale: browserLocale[lang] });

      test(`/h5 answers the Indonesian page at once and offers ${lang}, in ${lang}`, async ({
        page,
        request,
      }) => {
        const m = messages[lang].shell.languageOffer;
        const res = await request.get("/h5?tab=40", {
          maxRedirects: 0,
          headers: { "accept-language": browserLocale[lang] },
        });
        expect(res.status()).toBe(200);
        // Rendered by the server, in the first paint.
        expect(await res.text()).toContain(`>${m.switch}</a>`);

        await page.goto("/h5?tab=40");
        await expectHomeIn(page, "ind");
        expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/h5?tab=40");
        const offer = languageOffer(page, lang);
        await expect(offer).toBeVisible();
        await expect(offer).toHaveAttribute("lang", htmlLang[lang]);
        await expect(offer).toContainText(m.text);
        await waitForHydration(page);
        await expectNoSeriousViolations(page, `home with the ${lang} offer`);

        // / leads to the Indonesian home too.
        await page.goto("/");
        await expectHomeIn(page, "ind");
        await expect(languageOffer(page, lang)).toBeVisible();
      });

      test(`taking the offer switches to ${lang} on the same page and is remembered`, async ({
        page,
        context,
      }) => {
        await page.goto("/h5?tab=40");
        await waitForHydration(page);
        await languageOffer(page, lang)
          .getByRole("link", { name: messages[lang].shell.languageOffer.switch })
          .click();
        await expect(page).toHaveURL(new RegExp(`/${lang}/h5\\?tab=40$`));
        await expectHomeIn(page, lang);
        expect(await localeCookie(context)).toBe(lang);
        // The choice stands: an unprefixed visit goes to that language.
        await page.goto("/h5");
        await expectHomeIn(page, lang);
      });

      test("declining keeps Indonesian, remembered: the offer does not come back", async ({
        page,
        context,
      }) => {
        await page.goto("/h5/category");
        await waitForHydration(page);
        const offer = languageOffer(page, lang);
        await offer.getByRole("button", { name: messages[lang].shell.languageOffer.keep }).click();
        await expect(offer).toHaveCount(0);
        expect(await localeCookie(context)).toBe("ind");
        await page.goto("/h5");
        await expectHomeIn(page, "ind");
        await waitForHydration(page);
        await expect(languageOffer(page, lang)).toHaveCount(0);
      });

      test("a visitor who chose Indonesian is offered nothing", async ({ page, context, baseURL }) => {
        await context.addCookies([{ name: "pasar_locale", value: "ind", url: baseURL! }]);
        await page.goto("/h5");
        await expectHomeIn(page, "ind");
        await waitForHydration(page);
        await expect(languageOffer(page, lang)).toHaveCount(0);
      });
    });
  }

  test("unknown pages answer 404 in the URL's language", async ({ browser }) => {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    let response = await page.goto("/en/h5/nope");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle(pageTitle(messages.en.errors.page.notFoundTitle));
    await expect(page.getByRole("link", { name: messages.en.errors.page.goHome })).toBeVisible();
    // Unprefixed is Indonesian, whatever the browser prefers.
    response = await page.goto("/h5/nope");
    expect(response?.status()).toBe(404);
    expect(new URL(page.url()).pathname).toBe("/h5/nope");
    await expect(page).toHaveTitle(pageTitle(messages.ind.errors.page.notFoundTitle));
    await context.close();
  });
});

test.describe("language switch", () => {
  async function switchLanguage(page: Page, from: Lang, to: Lang) {
    await waitForHydration(page);
    const settings = page.getByRole("button", { name: settingsLabel(from) });
    await expect(settings, "this page offers no settings button to switch the language").toBeVisible({
      timeout: 2000,
    });
    await settings.click();
    const dialog = page.getByRole("dialog");
    const group = dialog.getByRole("group", { name: messages[from].shell.language.label });
    await expect(group.getByRole("radio", { name: languageName[from] })).toBeChecked();
    // A click, not check(): choosing a language closes the dialog and navigates.
    await group.getByRole("radio", { name: languageName[to] }).click();
  }

  test("switching to English keeps the page, translates it and remembers the choice", async ({
    page,
    context,
  }) => {
    await page.goto("/h5");
    const tabs = page.getByRole("navigation", { name: messages.ind.catalog.home.categories });
    await tabs.getByRole("link").nth(1).click();
    await expect(page).toHaveURL(/\/h5\?tab=\d+$/);
    const tabQuery = new URL(page.url()).search;

    await switchLanguage(page, "ind", "en");
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/en/h5${escapeRegExp(tabQuery)}$`));
    await expectHomeIn(page, "en");
    await expect(
      page.getByRole("navigation", { name: messages.en.catalog.home.categories }).getByRole("link", {
        name: messages.en.catalog.home.all,
      }),
    ).toBeVisible();
    expect(await localeCookie(context)).toBe("en");

    // The choice is remembered: an unprefixed visit goes to English.
    await page.goto("/h5");
    await expectHomeIn(page, "en");

    // And back to Indonesian.
    await switchLanguage(page, "en", "ind");
    await expectHomeIn(page, "ind");
    expect(await localeCookie(context)).toBe("ind");
    await page.goto("/h5");
    await expectHomeIn(page, "ind");
  });

  test("switching language on a product page stays on that product", async ({ page, request }) => {
    const product = await firstProduct(request);
    const inChinese = await firstProduct(request, "zh");
    await page.goto(`/h5/products/${product.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
    await switchLanguage(page, "ind", "zh");
    await expect(page).toHaveURL(new RegExp(`/zh/h5/products/${product.id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(inChinese.name);
    await expect(page.getByRole("banner")).toContainText(messages.zh.catalog.product.title);
  });
});
