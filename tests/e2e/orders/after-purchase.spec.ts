import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { toasts, trpcMutation } from "../support/accounts.ts";
import { expectNoSeriousViolations } from "../support/axe.ts";
import { signInFreshShopper, trpcQuery } from "../support/browsing.ts";
import {
  escapeRegExp,
  fill,
  langs,
  localePath,
  messagePattern,
  messages,
  type Lang,
} from "../support/i18n.ts";
import { jpegImage } from "../support/images.ts";
import { demoOperator, rupiah } from "../support/money.ts";
import { waitForHydration } from "../support/page.ts";
import { demoStores, pageAs, tokenOf } from "../support/roles.ts";
import { expectScreen } from "../support/screens.ts";
import {
  credit,
  deliverRequestParcel,
  formMutation,
  idempotencyKey,
  payGoodsAndShip,
  placeWalletOrder,
  saveAddress,
} from "../support/setup.ts";

/** Two products of one demo store (its merchant is the one this test signs in as). */
async function twoProductsOfOneStore(request: APIRequestContext, index: number) {
  const demo = [...(await demoStores(request)).entries()];
  const [storeId, merchant] = demo[index % demo.length]!;
  const page = await trpcQuery<{ items: { id: string; storeId: string }[] }>(request, "listings.list", {
    limit: 50,
    storeId,
  });
  const items = page.items.filter((i) => i.storeId === storeId);
  return { storeId, merchant, products: items.slice(0, 2) };
}

/**
 * A fresh shopper's order of two items of one demo store, paid from the wallet, its goods paid by the store and
 * shipped by the operator, all through the API: ready to be received.
 */
async function receivedOrder(page: Page, request: APIRequestContext, index: number, lang: Lang) {
  const { email, token } = await signInFreshShopper(page, `after-${lang}`);
  const opsToken = await tokenOf(request, demoOperator.account);
  const { merchant, products } = await twoProductsOfOneStore(request, index + 1);
  const merchantToken = await tokenOf(request, merchant);
  for (const account of [email, merchant]) await credit(request, opsToken, account, 3_000_000);
  const addressId = await saveAddress(request, token);
  const [orderId] = await placeWalletOrder(
    request,
    token,
    addressId,
    products.map((p) => ({ listingId: p.id, quantity: 1 })),
  );
  await payGoodsAndShip(request, orderId!, { merchant: merchantToken, ops: opsToken });

  return { orderId: orderId!, token, merchant, merchantToken, opsToken };
}

/** The language the whole story is clicked through in; the others see its screens by set-up (decision 0016). */
const journeyLang: Lang = "zh";

// The whole story, in one language: a shopper's received order of two items of one store; the shopper reviews
// one with a photo, the store replies, the product page shows both; the shopper asks to return the other, the store approves,
// and the shopper sees the refund in the order and the balance.
for (const [index, lang] of langs.entries()) {
  if (lang !== journeyLang) continue;
  test(`reviews and a return end to end in ${lang}`, async ({ page, browser, request }) => {
    test.setTimeout(240_000);
    const m = messages[lang];
    const { orderId, token, merchant, opsToken } = await receivedOrder(page, request, index, lang);

    // The shopper receives it, and the order waits for a review.
    await page.goto(localePath(lang, `/h5/order/detail?id=${orderId}`));
    await waitForHydration(page);
    await page.getByRole("button", { name: m.orders.detail.confirm }).click();
    await page.getByRole("dialog").getByRole("button", { name: m.orders.detail.confirm }).click();
    await expect(page.getByText(m.orders.status.completed).first()).toBeVisible();

    // Review the first item: 4 stars, text and a photo.
    await page.getByRole("link", { name: m.reviews.write.open }).click();
    await page.waitForURL(/\/h5\/order\/review\?id=ord_/);
    await waitForHydration(page);
    const items = await trpcQuery<{ items: { name: string; listingId: string }[] }>(
      request,
      "reviews.forOrder",
      { orderId },
      lang,
      token,
    );
    const first = page.getByRole("form", {
      name: fill(m.reviews.write.formFor, { name: items.items[0]!.name }),
    });
    await first.getByRole("button", { name: m.reviews.write.submit }).click();
    await expect(first.getByText(m.errors.reviews.rating)).toBeVisible();
    // The stars are radio buttons; a shopper taps the fourth star (its label).
    const fourStars = page.getByRole("radio", { name: fill(m.reviews.starsOf, { rating: 4 }) });
    await first.locator("label").filter({ has: fourStars }).click();
    await expect(first.getByRole("radio", { name: fill(m.reviews.starsOf, { rating: 4 }) })).toBeChecked();
    const text = `Bahan bagus, pengiriman cepat (${lang})`;
    await first.getByLabel(m.reviews.write.text).fill(text);
    await first.locator('input[type="file"]').setInputFiles({
      name: "photo.jpg",
      mimeType: "image/jpeg",
      buffer: await jpegImage(640, 480),
    });
    await expect(
      first.getByRole("button", { name: fill(m.reviews.write.removePhoto, { n: 1 }) }),
    ).toBeVisible();
    await expectNoSeriousViolations(page, `review form (${lang})`);
    await first.getByRole("button", { name: m.reviews.write.submit }).click();
    await expect(toasts(page, lang).getByText(m.reviews.write.thanks)).toBeVisible();
    await expect(page.getByText(text)).toBeVisible();
    await expect(page.getByRole("list", { name: m.reviews.photo }).getByRole("img")).toHaveCount(1);

    // The store replies from its reviews list.
    const store = await pageAs(browser, merchant);
    await store.goto(localePath(lang, "/h5/merchant/reviews?view=unreplied"));
    await waitForHydration(store);
    const review = store.getByTestId("review").filter({ hasText: text });
    await expect(review).toBeVisible();
    await expectNoSeriousViolations(store, `store reviews (${lang})`);
    await review.getByRole("button", { name: m.reviews.merchant.reply }).click();
    const reply = `Terima kasih, ditunggu pesanan berikutnya (${lang})`;
    await store.getByRole("dialog").getByLabel(m.reviews.merchant.replyLabel).fill(reply);
    await store.getByRole("dialog").getByRole("button", { name: m.reviews.merchant.send }).click();
    await expect(toasts(store, lang).getByText(m.reviews.merchant.sent)).toBeVisible();

    // The product page shows the rating, the review with its photo, and the reply.
    await page.goto(localePath(lang, `/h5/products/${items.items[0]!.listingId}`));
    await waitForHydration(page);
    const section = page.getByRole("region", { name: m.reviews.title });
    await expect(section.getByText(text)).toBeVisible();
    await expect(section.getByText(reply)).toBeVisible();
    await expect(
      section.getByRole("img", { name: fill(m.reviews.starsOf, { rating: 4 }) }).first(),
    ).toBeVisible();
    await expectNoSeriousViolations(page, `product reviews (${lang})`);
    await section.getByRole("link", { name: messagePattern(m.reviews.seeAll, { count: "\\d+" }) }).click();
    await page.waitForURL(/\/reviews/);
    await waitForHydration(page);
    await page.getByRole("link", { name: messagePattern(m.reviews.withPhotos, { count: "\\d+" }) }).click();
    await expect(page.getByTestId("review").filter({ hasText: text })).toBeVisible();
    await expectNoSeriousViolations(page, `all reviews (${lang})`);

    // Return the second item.
    await page.goto(localePath(lang, `/h5/order/detail?id=${orderId}`));
    await waitForHydration(page);
    await page.getByRole("link", { name: `${m.aftersales.request}: ${items.items[1]!.name}` }).click();
    await page.waitForURL(/\/h5\/order\/aftersales\?/);
    await waitForHydration(page);
    await page.getByRole("button", { name: m.aftersales.form.submit }).click();
    await expect(page.getByText(m.errors.returns.kind)).toBeVisible();
    await expect(page.getByText(m.errors.returns.category)).toBeVisible();
    await expect(page.getByText(m.errors.returns.reasonRequired)).toBeVisible();
    await page.getByRole("radio", { name: new RegExp(escapeRegExp(m.aftersales.kinds.return)) }).check();
    await page.getByRole("radio", { name: m.aftersales.categories.damaged }).check();
    await page.getByLabel(m.aftersales.form.reason).fill("Ukuran tidak sesuai");
    await expectNoSeriousViolations(page, `after-sales form (${lang})`);
    await page.getByRole("button", { name: m.aftersales.form.submit }).click();
    await page.waitForURL(/\/h5\/order\/detail\?id=ord_/);
    await expect(page.getByText(m.aftersales.status.requested)).toBeVisible();

    // The store approves it from the order; the shopper gets the item's price and VAT back.
    const before = (await trpcQuery<{ balance: number }>(request, "wallet.summary", undefined, lang, token))
      .balance;
    await store.goto(localePath(lang, `/h5/merchant/order/detail?id=${orderId}`));
    await waitForHydration(store);
    await expectNoSeriousViolations(store, `store after-sales (${lang})`);
    await store.getByTestId("after-sales").getByRole("button", { name: m.aftersales.approve }).click();
    // The dialog states what will be refunded (one of two items: its price and VAT, no postage; Pasar pays
    // the return parcel of a damaged item).
    const quote = await store.getByRole("dialog").getByTestId("refund-quote").innerText();
    await expect(store.getByRole("dialog").getByTestId("postage-quote")).toHaveText(
      messagePattern(m.aftersales.quote.platform, { postage: "Rp.*" }),
    );
    await store.getByRole("dialog").getByRole("button", { name: m.aftersales.approve }).click();
    await expect(toasts(store, lang).getByText(m.aftersales.approved)).toBeVisible();
    await store.context().close();

    // Nothing is refunded until the item is back at the warehouse: the shopper sees the return parcel.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByText(m.aftersales.status.returning)).toBeVisible();
    await expect(page.getByTestId("request-parcel")).toBeVisible();
    await deliverRequestParcel(request, { shopper: token, ops: opsToken }, orderId);
    await page.reload();
    await waitForHydration(page);
    const refund = page.getByTestId("refund");
    await expect(refund).toBeVisible();
    const after = (await trpcQuery<{ balance: number }>(request, "wallet.summary", undefined, lang, token))
      .balance;
    expect(after).toBeGreaterThan(before);
    await expect(refund).toHaveText(fill(m.aftersales.refunded, { amount: rupiah(after - before) }));
    // Exactly what the dialog said.
    expect(quote).toMatch(new RegExp(`^${escapeRegExp(m.aftersales.quote.total.split("{{total}}")[0]!)}`));
    expect(quote).toContain(rupiah(after - before));
    await expect(page.getByText(m.orders.events.return_approved)).toBeVisible();
    await expectNoSeriousViolations(page, `order after the refund (${lang})`);
  });
}

// The same story's screens in the other languages: the order is received, reviewed (with a photo), replied to,
// returned and refunded through the API; each screen is checked for its texts, its layout at 390 px and axe,
// with the forms' own messages shown and the dialogs open.
for (const [index, lang] of langs.entries()) {
  if (lang === journeyLang) continue;
  test(`reviews and a return: the screens in ${lang}, reached by set-up`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const m = messages[lang];
    const { orderId, token, merchant, merchantToken, opsToken } = await receivedOrder(
      page,
      request,
      index,
      lang,
    );
    await trpcMutation(
      request,
      "orders.confirm",
      { id: orderId, idempotencyKey: idempotencyKey("confirm") },
      {
        authorization: token,
      },
    );
    const items = (
      await trpcQuery<{ items: { name: string; listingId: string; variantId: string }[] }>(
        request,
        "reviews.forOrder",
        { orderId },
        lang,
        token,
      )
    ).items;

    // The received order: a review to write, each item to return.
    await page.goto(localePath(lang, `/h5/order/detail?id=${orderId}`));
    await waitForHydration(page);
    await expect(page.getByText(m.orders.status.completed).first()).toBeVisible();
    await expect(page.getByRole("link", { name: m.reviews.write.open })).toBeVisible();
    for (const item of items) {
      await expect(page.getByRole("link", { name: `${m.aftersales.request}: ${item.name}` })).toBeVisible();
    }
    await expectScreen(page, `received order (${lang})`, { axe: false });

    // The review form and its message.
    await page.goto(localePath(lang, `/h5/order/review?id=${orderId}`));
    await waitForHydration(page);
    const first = page.getByRole("form", { name: fill(m.reviews.write.formFor, { name: items[0]!.name }) });
    await first.getByRole("button", { name: m.reviews.write.submit }).click();
    await expect(first.getByText(m.errors.reviews.rating)).toBeVisible();
    await expect(first.getByRole("radio", { name: fill(m.reviews.starsOf, { rating: 4 }) })).toBeAttached();
    await expect(first.getByLabel(m.reviews.write.text)).toBeVisible();
    await expectScreen(page, `review form (${lang})`);

    const text = `Bahan bagus, pengiriman cepat (${lang})`;
    const review = await formMutation<{ id: string }>(
      request,
      "reviews.write",
      {
        orderId,
        variantId: items[0]!.variantId,
        rating: "4",
        text,
        photos: { name: "photo.jpg", mimeType: "image/jpeg", buffer: await jpegImage(640, 480) },
      },
      token,
    );

    // The store's reviews and its reply dialog.
    const store = await pageAs(browser, merchant);
    await store.goto(localePath(lang, "/h5/merchant/reviews?view=unreplied"));
    await waitForHydration(store);
    const listed = store.getByTestId("review").filter({ hasText: text });
    await expect(listed).toBeVisible();
    await expectScreen(store, `store reviews (${lang})`);
    await listed.getByRole("button", { name: m.reviews.merchant.reply }).click();
    await expect(store.getByRole("dialog").getByLabel(m.reviews.merchant.replyLabel)).toBeVisible();
    await expect(
      store.getByRole("dialog").getByRole("button", { name: m.reviews.merchant.send }),
    ).toBeVisible();
    const reply = `Terima kasih, ditunggu pesanan berikutnya (${lang})`;
    await trpcMutation(
      request,
      "merchantReviews.reply",
      { id: review.id, reply },
      {
        authorization: merchantToken,
      },
    );

    // The product page's reviews and the page of all reviews with photos.
    await page.goto(localePath(lang, `/h5/products/${items[0]!.listingId}`));
    await waitForHydration(page);
    const section = page.getByRole("region", { name: m.reviews.title });
    await expect(section.getByText(text)).toBeVisible();
    await expect(section.getByText(reply)).toBeVisible();
    await expect(
      section.getByRole("img", { name: fill(m.reviews.starsOf, { rating: 4 }) }).first(),
    ).toBeVisible();
    await expectScreen(page, `product reviews (${lang})`);
    const seeAll = section.getByRole("link", { name: messagePattern(m.reviews.seeAll, { count: "\\d+" }) });
    await page.goto((await seeAll.getAttribute("href"))!);
    await waitForHydration(page);
    await page.getByRole("link", { name: messagePattern(m.reviews.withPhotos, { count: "\\d+" }) }).click();
    await expect(page.getByTestId("review").filter({ hasText: text })).toBeVisible();
    await expect(page.getByRole("list", { name: m.reviews.photo }).first().getByRole("img")).toHaveCount(1);
    await expectScreen(page, `all reviews (${lang})`);

    // The after-sales form and its messages.
    await page.goto(localePath(lang, `/h5/order/aftersales?id=${orderId}&item=${items[1]!.listingId}`));
    await waitForHydration(page);
    await page.getByRole("button", { name: m.aftersales.form.submit }).click();
    await expect(page.getByText(m.errors.returns.kind)).toBeVisible();
    await expect(page.getByText(m.errors.returns.category)).toBeVisible();
    await expect(page.getByText(m.errors.returns.reasonRequired)).toBeVisible();
    await expect(
      page.getByRole("radio", { name: new RegExp(escapeRegExp(m.aftersales.kinds.return)) }),
    ).toBeVisible();
    await expect(page.getByLabel(m.aftersales.form.reason)).toBeVisible();
    await expectScreen(page, `after-sales form (${lang})`);
    const asked = await formMutation<{ id: string }>(
      request,
      "orders.requestAfterSales",
      {
        orderId,
        variantId: items[1]!.variantId,
        kind: "return",
        category: "damaged",
        quantity: "1",
        reason: "Ukuran tidak sesuai",
        idempotencyKey: idempotencyKey("ask"),
      },
      token,
    );
    await page.goto(localePath(lang, `/h5/order/detail?id=${orderId}`));
    await expect(page.getByText(m.aftersales.status.requested)).toBeVisible();

    // The store's order with the request, and its approval dialog stating the refund.
    await store.goto(localePath(lang, `/h5/merchant/order/detail?id=${orderId}`));
    await waitForHydration(store);
    await expectScreen(store, `store after-sales (${lang})`);
    await store.getByTestId("after-sales").getByRole("button", { name: m.aftersales.approve }).click();
    const quote = await store.getByRole("dialog").getByTestId("refund-quote").innerText();
    await expect(store.getByRole("dialog").getByTestId("postage-quote")).toBeVisible();
    await expectScreen(store, `store approval dialog (${lang})`, { axe: false });
    await store.context().close();
    const before = (await trpcQuery<{ balance: number }>(request, "wallet.summary", undefined, lang, token))
      .balance;
    await trpcMutation(
      request,
      "merchantOrders.decideAfterSales",
      { id: asked.id, approve: true, idempotencyKey: idempotencyKey("approve") },
      { authorization: merchantToken },
    );
    // The return parcel travels back to the warehouse; its arrival pays the refund.
    await page.goto(localePath(lang, `/h5/order/detail?id=${orderId}`));
    await expect(page.getByText(m.aftersales.status.returning)).toBeVisible();
    await expectScreen(page, `order with its return parcel (${lang})`);
    await deliverRequestParcel(request, { shopper: token, ops: opsToken }, orderId);

    // The shopper's order after the refund.
    const after = (await trpcQuery<{ balance: number }>(request, "wallet.summary", undefined, lang, token))
      .balance;
    expect(after).toBeGreaterThan(before);
    await page.goto(localePath(lang, `/h5/order/detail?id=${orderId}`));
    await waitForHydration(page);
    await expect(page.getByTestId("refund")).toHaveText(
      fill(m.aftersales.refunded, { amount: rupiah(after - before) }),
    );
    expect(quote).toMatch(new RegExp(`^${escapeRegExp(m.aftersales.quote.total.split("{{total}}")[0]!)}`));
    expect(quote).toContain(rupiah(after - before));
    await expect(page.getByText(m.orders.events.return_approved)).toBeVisible();
    await expectScreen(page, `order after the refund (${lang})`);
  });
}
