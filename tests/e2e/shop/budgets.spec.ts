import { expect, test } from "@playwright/test";
import { budgetKb, pages, type PageSpec } from "../../../scripts/page-budgets.ts";
import { demoAccount, demoIds, inParallel, loadPage } from "../../../scripts/page-load.ts";
import { pageAs, tokenOf } from "../support/roles.ts";

/**
 * Every page of web/routes.ts within its budget of JavaScript (scripts/page-budgets.ts), loaded as a phone loads it
 * and counted as the brotli files the server sends (scripts/page-load.ts, which `npm run measure` reports with the
 * server's times): it answers the status it should and reports no error in the browser. The demo accounts' pages
 * signed in as them; reads only, so the other tests' demo data is left as it is.
 */
const who = ["visitor", "shopper", "merchant", "operator"] as const;

for (const role of who) {
  test(`every ${role === "visitor" ? "public" : `${role}'s`} page within its JavaScript budget`, async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(180_000);
    const base = baseURL!;
    const ids = await demoIds(base, {
      shopper: await tokenOf(request, demoAccount.shopper),
      merchant: await tokenOf(request, demoAccount.merchant),
    });
    const first =
      role === "visitor"
        ? await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage()
        : await pageAs(browser, demoAccount[role]);
    const context = first.context();
    const mine = pages.filter((p: PageSpec) => (p.signedIn ?? "visitor") === role);
    expect(mine.length).toBeGreaterThan(0);
    // Four pages at a time: what a page loads does not depend on what else loads, and most of its time is the
    // half second of quiet the count waits for.
    await inParallel(mine, 4, async (spec) => {
      const url = base + spec.path(ids);
      const answer = await context.request.get(url, {
        maxRedirects: 0,
        headers: { "accept-language": "id-ID" },
      });
      expect.soft(answer.status(), `${spec.name}: status`).toBe(spec.status ?? 200);
      const page = await context.newPage();
      const loaded = await loadPage(page, base, url);
      await page.close();
      const budget = budgetKb[spec.budget] * 1024;
      expect
        .soft(
          loaded.jsBrotli,
          `${spec.name}: ${(loaded.jsBrotli / 1024).toFixed(1)} KB of JavaScript, budget ${budgetKb[spec.budget]} KB (${loaded.files.map((f) => `${f.path} ${f.brotli}`).join(", ")})`,
        )
        .toBeLessThanOrEqual(budget);
      expect.soft(loaded.errors, `${spec.name}: errors in the browser`).toEqual([]);
    });
    await context.close();
  });
}
