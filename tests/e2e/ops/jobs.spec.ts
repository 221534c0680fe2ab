import { expect, test } from "@playwright/test";
import { langs, localePath, messages } from "../support/i18n.ts";
import { demoOperator } from "../support/money.ts";
import { waitForHydration } from "../support/page.ts";
import { pageAs } from "../support/roles.ts";
import { expectScreen } from "../support/screens.ts";

// The failed-jobs page of the operator area (pg-boss's dead-letter queue). A job lands there only after 12
// tries over about 8 hours, which a browser test cannot wait for: the list's rendering with jobs is proven by
// web/features/ops/dead-jobs.test.tsx and the procedures by server/platform/jobs.test.ts; here the page itself,
// reached from the operator's navigation, in each language, at 390 and 320 px.
for (const lang of langs) {
  test(`the operator's failed-jobs page in ${lang}`, async ({ browser }) => {
    const m = messages[lang];
    const page = await pageAs(browser, demoOperator.account);
    await page.goto(localePath(lang, "/ops/audit"));
    await waitForHydration(page);
    await page
      .getByRole("navigation", { name: m.ops.title })
      .getByRole("link", { name: m.ops.nav.jobs })
      .click();
    await expect(page).toHaveURL(new RegExp(`${localePath(lang, "/ops/jobs")}$`));
    await expect(page.getByRole("heading", { level: 1, name: m.ops.nav.jobs })).toBeVisible();
    await expect(page.getByText(m.ops.jobs.note)).toBeVisible();
    await expect(page.getByText(m.ops.empty)).toBeVisible();
    await expectScreen(page, `failed jobs (${lang}, 390 px)`);
    await page.setViewportSize({ width: 320, height: 700 });
    await expectScreen(page, `failed jobs (${lang}, 320 px)`, { axe: false });
    await page.context().close();
  });
}

test("the failed-jobs page sends a visitor to sign in", async ({ page }) => {
  await page.goto(localePath("en", "/ops/jobs"));
  await expect(page).toHaveURL(/\/en\/h5\/signin\?redirect=/);
  await expect(page.getByRole("heading", { level: 1, name: messages.en.ops.nav.jobs })).toHaveCount(0);
});
