import { expect, test } from "@playwright/test";
import { langs, localePath, messages } from "../support/i18n.ts";
import { demoOperator } from "../support/money.ts";
import { waitForHydration } from "../support/page.ts";
import { pageAs } from "../support/roles.ts";
import { expectScreen } from "../support/screens.ts";

// The operator's payments page (decision 19), reached from the operator's navigation, in each language, at 390
// and 320 px: the demo shopper's BCA virtual account attempt is listed, the channel filter narrows the list, and
// the notifications and reconciliation sections are there. What the lists hold is proven by
// server/flows/payments/payments.test.ts.
for (const lang of langs) {
  test(`the operator's payments page in ${lang}`, async ({ browser }) => {
    const m = messages[lang];
    const page = await pageAs(browser, demoOperator.account);
    await page.goto(localePath(lang, "/ops/audit"));
    await waitForHydration(page);
    await page
      .getByRole("navigation", { name: m.ops.title })
      .getByRole("link", { name: m.ops.nav.payments })
      .click();
    await expect(page).toHaveURL(new RegExp(`${localePath(lang, "/ops/payments")}$`));
    await expect(page.getByRole("heading", { level: 1, name: m.ops.nav.payments })).toBeVisible();
    const attempts = page.getByTestId("payment-attempt");
    await expect(attempts.filter({ hasText: "BCA Virtual Account" }).first()).toBeVisible();
    await page.getByLabel(m.ops.payments.channel).selectOption("qris");
    await expect(page).toHaveURL(/channel=qris/);
    await expect(attempts.filter({ hasText: "BCA Virtual Account" })).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 2, name: m.ops.payments.unapplied })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: m.ops.payments.reconciliation })).toBeVisible();
    await expectScreen(page, `ops payments (${lang}, 390 px)`);
    await page.setViewportSize({ width: 320, height: 700 });
    await expectScreen(page, `ops payments (${lang}, 320 px)`, { axe: false });
    await page.context().close();
  });
}
