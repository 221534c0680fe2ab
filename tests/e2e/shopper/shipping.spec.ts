import { enterPin } from "../support/accounts.ts";
import { expect, test, type Page } from "@playwright/test";
import { signInFreshShopper } from "../support/browsing.ts";
import { langs, localePath, messages } from "../support/i18n.ts";
import { demoOperator } from "../support/money.ts";
import { waitForHydration } from "../support/page.ts";
import { tokenOf, twoStoresOffers } from "../support/roles.ts";
import { expectScreen } from "../support/screens.ts";
import { credit, jakartaAddress, saveAddress } from "../support/setup.ts";

// Issue 27: two stores in one checkout, each with its own courier service, to a Jakarta address and then to a
// Papua one (different postage, different totals); the shopper picks an express service for one store, pays from
// the wallet, and each order keeps the service it was sent with. At 390 and 320 px, axe clean, in three languages.

/** Gurabesi, Jayapura Utara, Kota Jayapura, Papua. */
const jayapura = {
  ...jakartaAddress,
  name: "Yohanes Wenda",
  provinceCode: "91",
  regencyCode: "91.71",
  districtCode: "91.71.01",
  villageCode: "91.71.01.1001",
  postcode: "99111",
  detail: "Jl. Percetakan No. 21",
  isDefault: false,
};

/** The rupiah figure of a line of the page's text (Rp 12.500 → 12500). */
const rupiahIn = (text: string) => Number((/Rp\s?([\d.]+)/.exec(text)?.[1] ?? "0").replaceAll(".", ""));

async function totalOnButton(page: Page) {
  return rupiahIn((await page.locator("main button.rounded-full").last().textContent()) ?? "");
}

for (const lang of langs) {
  test(`courier choice per store to Jakarta and to Papua (${lang})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const m = messages[lang];
    const s = m.orders.shipping;
    const { email, token } = await signInFreshShopper(page, `ship-${lang}`);
    await credit(request, await tokenOf(request, demoOperator.account), email, 3_000_000);
    const jakartaId = await saveAddress(request, token);
    const papuaId = await saveAddress(request, token, jayapura);
    const [a, b] = await twoStoresOffers(request);
    const lines = `${a!.id}*1,${b!.id}*1`;

    // To Jakarta: each store's cheapest service is preselected, with its kind and arrival estimate.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(localePath(lang, `/h5/pay?lines=${encodeURIComponent(lines)}&address=${jakartaId}`));
    await waitForHydration(page);
    const pickers = page.locator("details");
    await expect(pickers).toHaveCount(2);
    await expect(pickers.first()).toContainText(s.kinds.regular);
    const toJakarta = await totalOnButton(page);
    await expectScreen(page, `checkout to Jakarta (${lang})`);

    // To Papua: dearer for both stores.
    await page.goto(localePath(lang, `/h5/pay?lines=${encodeURIComponent(lines)}&address=${papuaId}`));
    await waitForHydration(page);
    await expect(page.getByText("Gurabesi").first()).toBeVisible();
    const toPapua = await totalOnButton(page);
    expect(toPapua).toBeGreaterThan(toJakarta);

    // No next-day service to Papua: none of them arrives there the next day.
    const first = pickers.first();
    await first.locator("summary").click();
    await expect(first.getByRole("radio", { name: new RegExp(s.kinds.regular) }).first()).toBeVisible();
    await expect(first.getByRole("radio", { name: new RegExp(s.kinds.express) })).toHaveCount(0);

    // To Jakarta, the first store goes express instead: its postage and the total follow, and the list closes to
    // the choice.
    await page.goto(localePath(lang, `/h5/pay?lines=${encodeURIComponent(lines)}&address=${jakartaId}`));
    await waitForHydration(page);
    await first.locator("summary").click();
    const express = first.getByRole("radio", { name: new RegExp(s.kinds.express) }).first();
    await express.check();
    await expect(first.locator("summary")).toContainText(s.kinds.express);
    await expect(first).not.toHaveAttribute("open");
    await expect(express).toBeHidden();
    await expect.poll(() => totalOnButton(page)).toBeGreaterThan(toJakarta);
    await page.setViewportSize({ width: 320, height: 844 });
    await expectScreen(page, `checkout to Jakarta, express chosen (${lang})`);
    await page.setViewportSize({ width: 390, height: 844 });

    // Paid from the wallet: two orders, each with the service it was sent with.
    await page.getByRole("radio", { name: new RegExp(m.orders.pay.wallet) }).check();
    await page.locator("main button.rounded-full").last().click();
    await enterPin(page);
    await page.waitForURL(/\/h5\/order/);
    await page.goto(localePath(lang, "/h5/order?tab=pending_shipment"));
    await waitForHydration(page);
    await page.getByTestId("order-card").first().getByRole("link").first().click();
    await page.waitForURL(/\/h5\/order\/detail\?id=ord_/);
    await waitForHydration(page);
    const tracking = page.getByRole("region", { name: m.orders.tracking.title });
    await expect(tracking).toBeVisible();
    await expect(tracking).toContainText(/\d/);
    await expectScreen(page, `order with its courier service (${lang})`);
  });
}
