import { expect, test, type APIRequestContext } from "@playwright/test";
import { createEmailAccount, toasts, trpcMutation } from "../support/accounts.ts";
import { expectNoSeriousViolations } from "../support/axe.ts";
import { categoryTree, parseRupiah, signInFreshShopper, trpcQuery } from "../support/browsing.ts";
import { setPin } from "../support/pool.ts";
import { fill, langs, localePath, messages, type Lang } from "../support/i18n.ts";
import { pngImage } from "../support/images.ts";
import { demoOperator, rupiah } from "../support/money.ts";
import { waitForHydration } from "../support/page.ts";
import { pageAs, tokenOf } from "../support/roles.ts";
import { expectScreen } from "../support/screens.ts";
import { credit, formMutation, idempotencyKey, placeWalletOrder, saveAddress } from "../support/setup.ts";

/** The language the whole story is clicked through in; the others see its screens by set-up (decision 0016). */
const journeyLang: Lang = "en";

// The whole merchant story, in one language: a new user applies with the form (its messages first), the operator
// approves, the merchant sets the store up with a logo, lists two supply products at its own price, a shopper
// buys one, the merchant pays the goods from the order centre, and the home's figures and chart follow.
for (const lang of [journeyLang]) {
  test(`becoming a merchant and selling in ${lang}`, async ({ page, browser, request }) => {
    test.setTimeout(240_000);
    const m = messages[lang];
    const t = m.merchant;
    const { email, token } = await signInFreshShopper(page, `mch-${lang}`);
    const storeName = `Toko E2E ${lang} ${Date.now().toString(36)}`;

    // Not yet a merchant: the way to apply.
    await page.goto(localePath(lang, "/h5/merchant"));
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: m.orders.merchant.notMerchant })).toBeVisible();
    await page.getByRole("link", { name: t.home.apply }).click();
    await page.waitForURL(/\/h5\/merchant\/apply/);
    await waitForHydration(page);

    // The form's own messages, then a complete application with a logo.
    await page.getByRole("button", { name: t.apply.submit }).click();
    for (const message of [
      m.errors.merchant.storeName,
      m.errors.merchant.phone,
      m.errors.merchant.intro,
      m.errors.merchant.ownerName,
      m.errors.merchant.category,
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await page.getByLabel(t.fields.storeName, { exact: true }).fill(storeName);
    await page.getByLabel(t.fields.phone, { exact: true }).fill("0812 7777 2026");
    await page.getByLabel(t.fields.intro, { exact: true }).fill("Kaos dan kemeja untuk sehari-hari.");
    await page.getByLabel(t.fields.ownerName, { exact: true }).fill("Rina Wulandari");
    await page.getByLabel(t.fields.category, { exact: true }).selectOption({ index: 1 });
    // The logo is optional, and the form says so (it is accepted without one).
    await expect(page.getByText(t.apply.logoOptional)).toBeVisible();
    await page
      .getByLabel(t.fields.chooseLogoOptional, { exact: true })
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await pngImage(200, 200) });
    await expectNoSeriousViolations(page, `merchant application (${lang})`);
    await page.getByRole("button", { name: t.apply.submit }).click();
    await page.waitForURL((url) => url.pathname.endsWith("/h5/merchant"));
    await expect(page.getByTestId("application-state")).toContainText(t.apply.submitted);

    // The operator approves it from the applications queue.
    const ops = await pageAs(browser, demoOperator.account);
    await ops.goto(localePath(lang, "/ops/merchants"));
    await waitForHydration(ops);
    const application = ops.getByTestId("ops-merchant").filter({ hasText: storeName });
    await expect(application).toContainText("Rina Wulandari");
    await expectNoSeriousViolations(ops, `ops merchants (${lang})`);
    await application.getByRole("button", { name: m.ops.merchants.approve }).click();
    await ops.getByRole("dialog").getByRole("button", { name: m.ops.merchants.approve }).click();
    await expect(toasts(ops, lang).getByText(m.ops.merchants.approved)).toBeVisible();
    await ops.context().close();

    // The merchant centre: the new store, empty.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: storeName })).toBeVisible();
    await expect(page.getByTestId("figure-products")).toContainText("0");
    await expect(page.getByTestId("figure-turnover")).toContainText(rupiah(0));

    // Store management: a new logo and description; the public page shows them.
    await page.getByRole("link", { name: t.manage.title }).click();
    await page.waitForURL(/\/h5\/merchant\/shop\/manage/);
    await waitForHydration(page);
    await page
      .getByLabel(t.fields.changeLogo)
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await pngImage(300, 240) });
    await expect(toasts(page, lang).getByText(t.manage.logoSaved)).toBeVisible();
    await page.getByLabel(t.fields.intro, { exact: true }).fill("Kaos katun Bandung, dijahit rapi.");
    await page.getByLabel(t.fields.autoPay).uncheck();
    await expectNoSeriousViolations(page, `store management (${lang})`);
    await page.getByRole("button", { name: t.manage.save }).click();
    await expect(toasts(page, lang).getByText(t.manage.saved)).toBeVisible();
    const status = await trpcQuery<{ store: { id: string } }>(
      request,
      "merchants.status",
      undefined,
      "ind",
      token,
    );
    await page.goto(localePath(lang, `/h5/merchant/shop/${status.store.id}`));
    await expect(page.getByText("Kaos katun Bandung, dijahit rapi.")).toBeVisible();
    await expect(page.locator("main img").first()).toBeVisible();

    // Two supply products listed at the store's own price: never below the merchant price.
    await page.goto(localePath(lang, "/h5/merchant/products?status=catalogue"));
    await waitForHydration(page);
    const listed: number[] = [];
    // The first two products by name: other tests add supply products meanwhile, which shifts the rows.
    const names = (
      await page.getByTestId("supply-product").locator("p.line-clamp-2").allTextContents()
    ).slice(0, 2);
    for (const [index, name] of names.entries()) {
      const row = page.getByTestId("supply-product").filter({ hasText: name });
      await row.getByRole("button", { name: t.products.list }).click();
      const dialog = page.getByRole("dialog");
      const cost = parseRupiah(
        (await dialog.getByText(t.products.merchantPrice, { exact: true }).locator("+ dd").textContent()) ??
          "",
      );
      const price = dialog.getByLabel(t.products.yourPrice);
      await price.fill(String(cost - 1000));
      await dialog.getByRole("button", { name: t.products.list }).click();
      await expect(
        dialog.getByText(fill(m.errors.listing.belowCost, { cost: rupiah(cost) }), { exact: true }),
      ).toBeVisible();
      await price.fill(String(cost + 25_000));
      await expect(dialog.getByTestId("margin")).toContainText(rupiah(25_000));
      if (index === 0) await expectNoSeriousViolations(page, `listing price (${lang})`);
      await dialog.getByRole("button", { name: t.products.list }).click();
      await expect(toasts(page, lang).getByText(t.products.listed).first()).toBeVisible();
      await expect(row).toContainText(fill(t.products.listedAt, { price: rupiah(cost + 25_000) }));
      listed.push(cost + 25_000);
    }
    await page.goto(localePath(lang, "/h5/merchant/products"));
    await waitForHydration(page);
    await expect(page.getByTestId("own-listing")).toHaveCount(2);
    await expectNoSeriousViolations(page, `merchant products (${lang})`);

    // A shopper buys the first listing (through the API: the buying screens have their own test).
    const opsToken = await tokenOf(request, demoOperator.account);
    const listings = await trpcQuery<{ items: { id: string; price: number; merchantPrice: number }[] }>(
      request,
      "merchants.listings",
      { status: "active" },
      "ind",
      token,
    );
    const sold = listings.items.find((l) => l.price === listed[0])!;
    const buyerEmail = `buyer.${Date.now().toString(36)}.${lang}@e2e.pasar.test`;
    const buyer = await createBuyer(request, buyerEmail, opsToken);
    await placeWalletOrder(request, buyer.token, buyer.addressId, [{ listingId: sold.id, quantity: 1 }]);

    // The merchant pays the goods from the order centre (after a top-up: auto-pay is off).
    await credit(request, opsToken, email, sold.merchantPrice, "modal e2e");
    await page.goto(localePath(lang, "/h5/merchant/order?status=goods_unpaid"));
    await waitForHydration(page);
    await page.getByRole("link", { name: m.orders.merchant.periods.yesterday, exact: true }).click();
    await expect(page.getByText(m.orders.merchant.empty)).toBeVisible();
    await page.getByRole("link", { name: m.orders.merchant.periods.today, exact: true }).click();
    const order = page.getByTestId("merchant-order");
    await expect(order).toHaveCount(1);
    await expectNoSeriousViolations(page, `order centre (${lang})`);
    const detailHref = (await order.getByRole("link").getAttribute("href"))!;
    await order.getByRole("button", { name: m.orders.merchant.payGoods }).click();
    // Paying asks first, with what leaves the balance.
    await page.getByRole("dialog").getByRole("button", { name: m.orders.merchant.payGoods }).click();
    await expect(toasts(page, lang).getByText(m.orders.merchant.paidToast)).toBeVisible();

    // The order leaves the unpaid view; its detail shows the goods cost leaving the balance.
    await expect(order).toHaveCount(0);
    await page.goto(detailHref);
    await expect(page.getByTestId("store-moves")).toContainText(rupiah(sold.merchantPrice));
    await expect(page.getByTestId("store-moves")).toContainText(m.wallet.fund.entries.goods_payment);

    // The home's figures and chart follow the sale.
    await page.goto(localePath(lang, "/h5/merchant"));
    await waitForHydration(page);
    await expect(page.getByTestId("figure-products")).toContainText("2");
    await expect(page.getByTestId("figure-turnover")).toContainText(rupiah(sold.price));
    await expect(page.getByTestId("figure-assets")).toContainText(rupiah(sold.merchantPrice));
    await expect(page.locator("figcaption")).toContainText(rupiah(sold.price));
    await expect(page.getByTestId("sales-chart").locator("canvas")).toBeVisible();
    await expectNoSeriousViolations(page, `merchant home (${lang})`);

    // The funds page shows the turnover and profit beside the balance.
    await page
      .getByRole("navigation", { name: t.home.title })
      .getByRole("link", { name: m.account.page.funds, exact: true })
      .click();
    await page.waitForURL(/\/h5\/merchant\/fund/);
    await expect(page.getByTestId("store-money")).toContainText(rupiah(sold.price));
  });
}

// The same story's screens in the other languages: the application, its approval, the store's settings, the
// listings, a sale and the goods payment go through the API; each screen is checked for its texts, its layout
// at 390 px and axe, with the forms' own messages shown and the listing dialog open.
for (const lang of langs.filter((l) => l !== journeyLang)) {
  test(`becoming a merchant and selling: the screens in ${lang}, reached by set-up`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const m = messages[lang];
    const t = m.merchant;
    const { email, token } = await signInFreshShopper(page, `mch-${lang}`);
    const opsToken = await tokenOf(request, demoOperator.account);
    const storeName = `Toko E2E ${lang} ${Date.now().toString(36)}`;

    // Not yet a merchant; the application form and its messages.
    await page.goto(localePath(lang, "/h5/merchant"));
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: m.orders.merchant.notMerchant })).toBeVisible();
    await expect(page.getByRole("link", { name: t.home.apply })).toBeVisible();
    await page.goto(localePath(lang, "/h5/merchant/apply"));
    await waitForHydration(page);
    await page.getByRole("button", { name: t.apply.submit }).click();
    for (const message of [
      m.errors.merchant.storeName,
      m.errors.merchant.phone,
      m.errors.merchant.intro,
      m.errors.merchant.ownerName,
      m.errors.merchant.category,
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    for (const label of [
      t.fields.storeName,
      t.fields.phone,
      t.fields.intro,
      t.fields.ownerName,
      t.fields.category,
    ]) {
      await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    }
    await expect(page.getByText(t.apply.logoOptional)).toBeVisible();
    await expect(page.getByLabel(t.fields.chooseLogoOptional, { exact: true })).toBeAttached();
    await expectScreen(page, `merchant application (${lang})`);
    const application = await formMutation<{ id: string }>(
      request,
      "merchants.applyForStore",
      {
        storeName,
        phone: "0812 7777 2026",
        intro: "Kaos dan kemeja untuk sehari-hari.",
        ownerName: "Rina Wulandari",
        categoryId: String(await firstCategory(request)),
        // With a logo, as the journey's store (the shop street other tests measure lists every store).
        logo: { name: "logo.png", mimeType: "image/png", buffer: await pngImage(200, 200) },
      },
      token,
    );
    await page.goto(localePath(lang, "/h5/merchant"));
    await expect(page.getByTestId("application-state")).toContainText(t.apply.submitted);

    // The operator's applications queue.
    const ops = await pageAs(browser, demoOperator.account);
    await ops.goto(localePath(lang, "/ops/merchants"));
    await waitForHydration(ops);
    const applied = ops.getByTestId("ops-merchant").filter({ hasText: storeName });
    await expect(applied).toContainText("Rina Wulandari");
    await expect(applied.getByRole("button", { name: m.ops.merchants.approve })).toBeVisible();
    await expectScreen(ops, `ops merchants (${lang})`);
    await ops.context().close();
    await trpcMutation(
      request,
      "ops.merchants.approve",
      { id: application.id, idempotencyKey: idempotencyKey("approve") },
      { authorization: opsToken },
    );

    // The new store's centre and its management form.
    await page.goto(localePath(lang, "/h5/merchant"));
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: storeName })).toBeVisible();
    await expect(page.getByTestId("figure-products")).toContainText("0");
    await expect(page.getByTestId("figure-turnover")).toContainText(rupiah(0));
    await expect(page.getByRole("link", { name: t.manage.title })).toBeVisible();
    await page.goto(localePath(lang, "/h5/merchant/shop/manage"));
    await waitForHydration(page);
    await expect(page.getByLabel(t.fields.changeLogo)).toBeAttached();
    await expect(page.getByLabel(t.fields.intro, { exact: true })).toBeVisible();
    await expect(page.getByLabel(t.fields.autoPay)).toBeAttached();
    await expect(page.getByRole("button", { name: t.manage.save })).toBeVisible();
    await expectScreen(page, `store management (${lang})`);
    await trpcMutation(
      request,
      "merchants.updateStore",
      {
        name: storeName,
        phone: "0812 7777 2026",
        intro: "Kaos katun Bandung, dijahit rapi.",
        autoPay: false,
      },
      { authorization: token },
    );

    // The supply catalogue's listing dialog and its message.
    await page.goto(localePath(lang, "/h5/merchant/products?status=catalogue"));
    await waitForHydration(page);
    const row = page.getByTestId("supply-product").first();
    await row.getByRole("button", { name: t.products.list }).click();
    const dialog = page.getByRole("dialog");
    const cost = parseRupiah(
      (await dialog.getByText(t.products.merchantPrice, { exact: true }).locator("+ dd").textContent()) ?? "",
    );
    const price = dialog.getByLabel(t.products.yourPrice);
    await price.fill(String(cost - 1000));
    await dialog.getByRole("button", { name: t.products.list }).click();
    await expect(
      dialog.getByText(fill(m.errors.listing.belowCost, { cost: rupiah(cost) }), { exact: true }),
    ).toBeVisible();
    await price.fill(String(cost + 25_000));
    await expect(dialog.getByTestId("margin")).toContainText(rupiah(25_000));
    await expectScreen(page, `listing price (${lang})`);
    const supply = await trpcQuery<{ items: { id: string; merchantPrice: number }[] }>(
      request,
      "merchants.supply",
      { limit: 2 },
      lang,
      token,
    );
    const listed: { id: string; price: number }[] = [];
    for (const product of supply.items) {
      listed.push(
        await trpcMutation<{ id: string; price: number }>(
          request,
          "merchants.list",
          { supplyProductId: product.id, price: product.merchantPrice + 25_000 },
          { authorization: token },
        ),
      );
    }
    await page.reload();
    await expect(
      page.getByTestId("supply-product").filter({
        hasText: fill(t.products.listedAt, { price: rupiah(listed[0]!.price) }),
      }),
    ).not.toHaveCount(0);
    await page.goto(localePath(lang, "/h5/merchant/products"));
    await waitForHydration(page);
    await expect(page.getByTestId("own-listing")).toHaveCount(2);
    await expectScreen(page, `merchant products (${lang})`);

    // A sale, waiting for the goods to be paid from the order centre.
    const listings = await trpcQuery<{ items: { id: string; price: number; merchantPrice: number }[] }>(
      request,
      "merchants.listings",
      { status: "active" },
      "ind",
      token,
    );
    const sold = listings.items.find((l) => l.id === listed[0]!.id)!;
    const buyer = await createBuyer(
      request,
      `buyer.${Date.now().toString(36)}.${lang}@e2e.pasar.test`,
      opsToken,
    );
    await placeWalletOrder(request, buyer.token, buyer.addressId, [{ listingId: sold.id, quantity: 1 }]);
    await credit(request, opsToken, email, sold.merchantPrice, "modal e2e");
    await page.goto(localePath(lang, "/h5/merchant/order?status=goods_unpaid"));
    await waitForHydration(page);
    await expect(
      page.getByRole("link", { name: m.orders.merchant.periods.yesterday, exact: true }),
    ).toBeVisible();
    await expect(
      page.getByRole("link", { name: m.orders.merchant.periods.today, exact: true }),
    ).toBeVisible();
    const order = page.getByTestId("merchant-order");
    await expect(order).toHaveCount(1);
    await expect(order.getByRole("button", { name: m.orders.merchant.payGoods })).toBeVisible();
    await expectScreen(page, `order centre (${lang})`);
    await page.getByRole("link", { name: m.orders.merchant.periods.yesterday, exact: true }).click();
    await expect(page.getByText(m.orders.merchant.empty)).toBeVisible();
    const { items: storeOrders } = await trpcQuery<{ items: { id: string }[] }>(
      request,
      "merchantOrders.list",
      {},
      "ind",
      token,
    );
    await trpcMutation(
      request,
      "merchantOrders.payGoods",
      { orderIds: [storeOrders[0]!.id], idempotencyKey: idempotencyKey("goods") },
      { authorization: token },
    );
    await page.goto(localePath(lang, `/h5/merchant/order/detail?id=${storeOrders[0]!.id}`));
    await expect(page.getByTestId("store-moves")).toContainText(rupiah(sold.merchantPrice));
    await expect(page.getByTestId("store-moves")).toContainText(m.wallet.fund.entries.goods_payment);

    // The home's figures and chart, and the funds page.
    await page.goto(localePath(lang, "/h5/merchant"));
    await waitForHydration(page);
    await expect(page.getByTestId("figure-products")).toContainText("2");
    await expect(page.getByTestId("figure-turnover")).toContainText(rupiah(sold.price));
    await expect(page.getByTestId("figure-assets")).toContainText(rupiah(sold.merchantPrice));
    await expect(page.locator("figcaption")).toContainText(rupiah(sold.price));
    await expect(page.getByTestId("sales-chart").locator("canvas")).toBeVisible();
    await expect(
      page
        .getByRole("navigation", { name: t.home.title })
        .getByRole("link", { name: m.account.page.funds, exact: true }),
    ).toBeVisible();
    await expectScreen(page, `merchant home (${lang})`);
    await page.goto(localePath(lang, "/h5/merchant/fund"));
    await expect(page.getByTestId("store-money")).toContainText(rupiah(sold.price));
  });
}

/** A top category an application may name (the first of the tree). */
async function firstCategory(request: APIRequestContext): Promise<number> {
  return (await categoryTree(request))[0]!.id;
}

/** A new shopper with money (an operator's credit), the payment PIN and a default address, through the API. */
async function createBuyer(request: APIRequestContext, email: string, opsToken: string) {
  const { token } = await createEmailAccount(request, email);
  await setPin(request, email, token, 2);
  await credit(request, opsToken, email, 2_000_000, "saldo e2e");
  return { token, addressId: await saveAddress(request, token) };
}
