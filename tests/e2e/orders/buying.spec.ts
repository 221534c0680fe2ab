import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { tokenStorageKey, toasts, trpcMutation } from "../support/accounts.ts";
import { expectNoSeriousViolations } from "../support/axe.ts";
import { parseRupiah, signInFreshShopper } from "../support/browsing.ts";
import { fill, langs, localePath, messages } from "../support/i18n.ts";
import { decideOnGateway, demoOperator } from "../support/money.ts";
import { waitForHydration } from "../support/page.ts";
import { demoStores, pageAs, tokenOf } from "../support/roles.ts";

/**
 * Two products of two different demo stores, from the shop's own list (other tests open stores of their own
 * at the same time; the demo merchants are the ones this test signs in as).
 */
async function twoStoresProducts(request: APIRequestContext) {
  const demo = await demoStores(request);
  const res = await request.get(
    `/trpc/listings.list?input=${encodeURIComponent(JSON.stringify({ json: { limit: 50 } }))}`,
  );
  const items = (
    (await res.json()) as { result: { data: { json: { items: { id: string; storeId: string }[] } } } }
  ).result.data.json.items.filter((i) => demo.has(i.storeId));
  const first = items[0]!;
  return [first, items.find((i) => i.storeId !== first.storeId)!];
}

// Each language's whole purchase: two stores in one checkout paid from the wallet (two orders), an address
// made with the area pickers, another order paid on the sandbox gateway and then cancelled (refunded), the
// store paying the goods from its order centre, the operator shipping, the shopper confirming receipt, and
// the store's profit in its fund history.
for (const lang of langs) {
  test(`buying end to end in ${lang}`, async ({ page, browser, request }) => {
    test.setTimeout(240_000);
    const m = messages[lang];
    const o = m.orders;
    const { email } = await signInFreshShopper(page, `buy-${lang}`);
    const opsToken = await tokenOf(request, demoOperator.account);
    await trpcMutation(
      request,
      "ops.money.adjust",
      {
        account: email,
        amount: 2_000_000,
        reason: "uji e2e",
        idempotencyKey: `e2e-buy-credit-${lang}-${Date.now()}`,
      },
      { authorization: opsToken },
    );
    const [a, b] = await twoStoresProducts(request);

    // Add one product from each store.
    for (const product of [a!, b!]) {
      await page.goto(localePath(lang, `/h5/products/${product.id}`));
      await waitForHydration(page);
      await page.getByRole("button", { name: o.cart.addToCart }).click();
      await expect(toasts(page, lang).getByText(o.cart.added)).toBeVisible();
    }

    // The cart: grouped by store, both selected.
    await page.goto(localePath(lang, "/h5/cart"));
    await waitForHydration(page);
    await expect(page.getByTestId("cart-item")).toHaveCount(2);
    await expectNoSeriousViolations(page, `cart (${lang})`);
    await page.getByRole("button", { name: fill(o.cart.checkout, { count: 2 }) }).click();

    // Checkout without an address: add one with the area pickers (the seed's messages first).
    await page.waitForURL(/\/h5\/pay\?/);
    await waitForHydration(page);
    await page.getByRole("link", { name: o.pay.addAddress }).click();
    await page.waitForURL(/edit=new/);
    await waitForHydration(page);
    await page.getByRole("button", { name: o.delivery.save }).click();
    for (const message of [m.errors.address.name, m.errors.address.mobile, m.errors.address.detail]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await page.getByLabel(o.delivery.name, { exact: true }).fill("Siti Aminah");
    await page.getByLabel(o.delivery.mobile, { exact: true }).fill("0812 3456 7890");
    const pick = async (label: string, typed: string, option: string) => {
      const box = page.getByRole("combobox", { name: label, exact: true });
      await box.click();
      await box.fill(typed);
      await page.getByRole("option", { name: option, exact: true }).click();
    };
    await pick(o.delivery.province, "jakarta", "Daerah Khusus Ibukota Jakarta");
    await pick(o.delivery.regency, "pusat", "Kota Administrasi Jakarta Pusat");
    const district = page.getByRole("combobox", { name: o.delivery.district, exact: true });
    await district.click();
    await district.fill("zzz");
    await expect(page.getByText(fill(m.shell.select.noResults, { query: "zzz" }))).toBeVisible();
    await district.fill("tanah");
    await page.getByRole("option", { name: "Tanah Abang", exact: true }).click();
    await pick(o.delivery.village, "kebon", "Kebon Kacang");
    await page.getByLabel(o.delivery.postcode, { exact: true }).fill("10240");
    await page.getByLabel(o.delivery.detail, { exact: true }).fill("Jl. Kebon Kacang Raya No. 12");
    await expectNoSeriousViolations(page, `address form (${lang})`);
    await page.getByRole("button", { name: o.delivery.save }).click();
    await page.getByRole("button", { name: o.delivery.use }).click();

    // Pay both stores' orders from the wallet: postage, fee and VAT shown per store first.
    await page.waitForURL(/address=adr_/);
    await waitForHydration(page);
    await expect(page.getByText("Kebon Kacang", { exact: false })).toBeVisible();
    await expect(page.getByText(o.pay.postage)).toHaveCount(2);
    const place = page.getByRole("button", { name: new RegExp(`^${fill(o.pay.place, { total: "" })}`) });
    await place.click();
    await expect(page.getByText(m.errors.checkout.selectMethod)).toBeVisible();
    await page.getByRole("radio", { name: new RegExp(o.pay.wallet) }).check();
    await expectNoSeriousViolations(page, `checkout (${lang})`);
    await place.click();
    await page.waitForURL(/\/h5\/order\?tab=pending_shipment/);
    await expect(page.getByTestId("order-card")).toHaveCount(2);
    await expectNoSeriousViolations(page, `orders (${lang})`);

    // Another order, through the sandbox gateway: "buy now", the default address already chosen.
    await page.goto(localePath(lang, `/h5/products/${a!.id}`));
    await waitForHydration(page);
    await page.getByRole("button", { name: o.cart.buyNow }).click();
    await page.waitForURL(/\/h5\/pay\?/);
    await waitForHydration(page);
    await page.getByRole("radio", { name: new RegExp(o.pay.sandbox) }).check();
    const total = parseRupiah((await place.textContent()) ?? "");
    await place.click();
    await decideOnGateway(page, lang, total, "pay", /\/h5\/pay\?result=chk_/);
    await expect(page.getByRole("heading", { name: o.pay.resultPaid })).toBeVisible();
    await page.getByRole("link", { name: o.pay.viewOrders }).click();
    await page.waitForURL(/\/h5\/order\/detail\?id=ord_/);
    await waitForHydration(page);

    // Cancel it: refunded to the balance in full.
    const balanceBefore = async () =>
      (
        await (
          await request.get("/trpc/wallet.summary", {
            headers: { authorization: (await tokenOfShopper(page))! },
          })
        ).json()
      ).result.data.json.balance as number;
    const before = await balanceBefore();
    await page.getByRole("button", { name: o.detail.cancel }).click();
    await page.getByRole("dialog").getByRole("button", { name: o.detail.cancel }).click();
    await expect(page.getByText(o.status.cancelled).first()).toBeVisible();
    await expect(page.getByText(o.events.refunded)).toBeVisible();
    expect(await balanceBefore()).toBe(before + total);

    // The store of product A pays the goods from its order centre.
    await page.goto(localePath(lang, "/h5/order?tab=pending_shipment"));
    await waitForHydration(page);
    const storeCard = page
      .getByTestId("order-card")
      .filter({ hasText: await storeNameOf(request, a!.storeId) });
    await storeCard.getByRole("link").click();
    await page.waitForURL(/\/h5\/order\/detail\?id=ord_/);
    const orderId = new URL(page.url()).searchParams.get("id")!;
    const code = (await page.locator("dd .font-mono").first().textContent())!.trim();
    const merchant = await pageAs(browser, await merchantOf(request, a!.storeId));
    await merchant.goto(localePath(lang, "/h5/merchant/order?status=goods_unpaid"));
    await waitForHydration(merchant);
    await expectNoSeriousViolations(merchant, `order centre (${lang})`);
    await merchant
      .getByTestId("merchant-order")
      .filter({ hasText: code })
      .getByRole("button", { name: o.merchant.payGoods })
      .click();
    await expect(toasts(merchant, lang).getByText(o.merchant.paidToast)).toBeVisible();

    // The operator ships it with a courier and a tracking number.
    const ops = await pageAs(browser, demoOperator.account);
    await ops.goto(localePath(lang, "/ops/orders"));
    await waitForHydration(ops);
    await expectNoSeriousViolations(ops, `ops orders (${lang})`);
    await ops
      .getByTestId("ops-order")
      .filter({ hasText: code })
      .getByRole("button", { name: o.ops.ship })
      .click();
    const dialog = ops.getByRole("dialog");
    await dialog.getByLabel(o.ops.courier).selectOption("jne");
    await dialog.getByLabel(o.ops.tracking).fill(`JNE${Date.now()}`);
    await dialog.getByRole("button", { name: o.ops.ship }).click();
    await expect(toasts(ops, lang).getByText(o.ops.shipped)).toBeVisible();

    // The shopper sees the tracking number and confirms receipt.
    await page.goto(localePath(lang, `/h5/order/detail?id=${orderId}`));
    await waitForHydration(page);
    await expect(page.getByText("JNE", { exact: true }).first()).toBeVisible();
    await page.getByRole("button", { name: o.detail.confirm }).click();
    await page.getByRole("dialog").getByRole("button", { name: o.detail.confirm }).click();
    await expect(page.getByText(o.status.completed).first()).toBeVisible();
    await expectNoSeriousViolations(page, `order detail (${lang})`);

    // The store's fund history has the profit of this order.
    await merchant.goto(localePath(lang, "/h5/merchant/fund?type=profit"));
    await waitForHydration(merchant);
    await expect(
      merchant.locator(`a[href*="/h5/merchant/order/detail?id=${orderId}"]`).first(),
    ).toBeVisible();
    await merchant.context().close();
    await ops.context().close();
  });
}

/** The shopper's stored token in the page. */
async function tokenOfShopper(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), tokenStorageKey);
}

async function storeNameOf(request: APIRequestContext, storeId: string): Promise<string> {
  const res = await request.get(
    `/trpc/stores.get?input=${encodeURIComponent(JSON.stringify({ json: { storeId } }))}`,
  );
  return ((await res.json()) as { result: { data: { json: { name: string } } } }).result.data.json.name;
}

/** The demo merchant whose store has the order (the order's store, without signing anyone in). */
async function merchantOf(request: APIRequestContext, storeId: string): Promise<string> {
  const account = (await demoStores(request)).get(storeId);
  if (!account) throw new Error(`store ${storeId} is not a demo store`);
  return account;
}
