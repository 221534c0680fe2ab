import { expect, test, type Page } from "@playwright/test";
import { authPath, createEmailAccount, newEmail, openAuth } from "../support/accounts.ts";
import { expectNoSeriousViolations, storeTheme } from "../support/axe.ts";
import { htmlLang, langs, localePath, messages, type Lang } from "../support/i18n.ts";
import { waitForHydration } from "../support/page.ts";

/** Submits the empty form, so every field shows its message, and checks the page again. */
async function checkWithErrors(page: Page, lang: Lang, submit: string, what: string) {
  await page.getByRole("button", { name: submit, exact: true }).click();
  await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
  await expectNoSeriousViolations(page, `${what} with field errors (${lang})`);
}

async function openAccount(page: Page, lang: Lang) {
  await createEmailAccount(page.request, newEmail("a11y"));
  await page.goto(authPath(lang, "account"));
  await expect(page.getByTestId("account-name")).toBeVisible();
  await waitForHydration(page);
}

// Each screen is checked softly: one test reports every screen with violations.
for (const lang of langs) {
  const m = messages[lang];
  test.describe(`in ${lang}`, () => {
    test.beforeEach(async ({ page }) => storeTheme(page, "light"));

    test("sign-in (both methods), sign-up and forgot password have no serious axe violations", async ({
      page,
    }) => {
      await openAuth(page, lang, "signin");
      await expect(page.locator("html")).toHaveAttribute("lang", htmlLang[lang]);
      await expectNoSeriousViolations(page, `sign-in by password (${lang})`);
      await page.getByRole("button", { name: m.auth.signin.withCode }).click();
      await expect(page.getByRole("button", { name: m.auth.fields.sendCode })).toBeVisible();
      await checkWithErrors(page, lang, m.auth.signin.submit, "sign-in by code");

      await openAuth(page, lang, "signup");
      await expectNoSeriousViolations(page, `sign-up (${lang})`);
      await checkWithErrors(page, lang, m.auth.signup.submit, "sign-up");

      await openAuth(page, lang, "forget");
      await expectNoSeriousViolations(page, `forgot password (${lang})`);
    });

    test("the account page and the development outbox have no serious axe violations", async ({ page }) => {
      await openAccount(page, lang);
      await expect(page.locator("html")).toHaveAttribute("lang", htmlLang[lang]);
      await expectNoSeriousViolations(page, `account (${lang})`);

      await page.goto(localePath(lang, "/dev/outbox"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.dev.outbox.title);
      await expect(page.locator("html")).toHaveAttribute("lang", htmlLang[lang]);
      await waitForHydration(page);
      await expectNoSeriousViolations(page, `development outbox (${lang})`);
    });
  });
}

test.describe("dark mode", () => {
  test.beforeEach(async ({ page }) => storeTheme(page, "dark"));

  test("sign-in and the account page in dark mode have no serious axe violations", async ({ page }) => {
    await openAuth(page, "ind", "signin");
    await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
    await expectNoSeriousViolations(page, "sign-in (dark)");
    await page.getByRole("button", { name: messages.ind.auth.signin.withCode }).click();
    await checkWithErrors(page, "ind", messages.ind.auth.signin.submit, "sign-in by code (dark)");

    await openAccount(page, "ind");
    await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
    await expectNoSeriousViolations(page, "account (dark)");
  });
});
