import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { toasts, trpcMutation } from "../support/accounts.ts";
import { expectNoSeriousViolations } from "../support/axe.ts";
import { signInFreshShopper, trpcQuery } from "../support/browsing.ts";
import { fill, langs, localePath, messages, type Lang } from "../support/i18n.ts";
import { demoOperator, rupiah } from "../support/money.ts";
import { waitForHydration } from "../support/page.ts";
import { demoStores, pageAs, tokenOf } from "../support/roles.ts";
import { expectScreen } from "../support/screens.ts";
import {
  credit,
  deliverRequestParcel,
  formMutation,
  idempotencyKey,
  itemOf,
  payGoodsAndShip,
  placeWalletOrder,
  saveAddress,
} from "../support/setup.ts";

/** The language the journey is clicked through in; the others see its screens by set-up (decision 0016). */
const journeyLang: Lang = "ind";

/**
 * Through the API: a fresh shopper's received order at a demo store (its own per language: the languages run at
 * once), reviewed abusively, and returned; the store refused the return and the shopper passed it to Pasar.
 */
async function escalatedReturn(page: Page, request: APIRequestContext, index: number, lang: Lang) {
  const { email, token } = await signInFreshShopper(page, `opsas-${lang}`);
  const opsToken = await tokenOf(request, demoOperator.account);
  const [storeId, merchant] = [...(await demoStores(request)).entries()][(index + 2) % 5]!;
  const merchantToken = await tokenOf(request, merchant);
  for (const account of [email, merchant]) await credit(request, opsToken, account, 3_000_000);
  const listings = await trpcQuery<{ items: { id: string }[] }>(request, "listings.list", {
    limit: 5,
    storeId,
  });
  const listingId = listings.items[0]!.id;
  const addressId = await saveAddress(request, token);
  const [orderId] = await placeWalletOrder(request, token, addressId, [{ listingId, quantity: 1 }]);
  await payGoodsAndShip(request, orderId!, { merchant: merchantToken, ops: opsToken });
  await trpcMutation(
    request,
    "orders.confirm",
    { id: orderId, idempotencyKey: idempotencyKey("confirm") },
    { authorization: token },
  );
  const abusive = `Penjualnya bodoh sekali ${lang} ${Date.now()}`;
  // Its own note: the three languages run at once, and the queue lists every escalated request.
  const note = `Lihat foto jahitan ${lang} ${Date.now()}`;
  const review = await formMutation<{ id: string }>(
    request,
    "reviews.write",
    {
      orderId: orderId!,
      variantId: await itemOf(request, token, orderId!, listingId),
      rating: "1",
      text: abusive,
    },
    token,
  );
  const asked = await formMutation<{ id: string }>(
    request,
    "orders.requestAfterSales",
    {
      orderId: orderId!,
      variantId: await itemOf(request, token, orderId!, listingId),
      kind: "return",
      category: "damaged",
      quantity: "1",
      reason: "Jahitan lepas",
      idempotencyKey: idempotencyKey("ask"),
    },
    token,
  );
  await trpcMutation(
    request,
    "merchantOrders.decideAfterSales",
    { id: asked.id, approve: false, reason: "Tidak ada kerusakan", idempotencyKey: idempotencyKey("refuse") },
    { authorization: merchantToken },
  );
  await trpcMutation(
    request,
    "orders.escalate",
    { id: asked.id, note, idempotencyKey: idempotencyKey("escalate") },
    { authorization: token },
  );
  return {
    token,
    opsToken,
    orderId: orderId!,
    listingId,
    returnId: asked.id,
    reviewId: review.id,
    abusive,
    note,
  };
}

/** The shopper's balance. */
async function balance(request: APIRequestContext, lang: Lang, token: string): Promise<number> {
  return (await trpcQuery<{ balance: number }>(request, "wallet.summary", undefined, lang, token)).balance;
}

/** The product's reviews leave the abusive one out, and say it was hidden, with the reason. */
async function expectHidden(request: APIRequestContext, listingId: string, abusive: string) {
  const reviews = await trpcQuery<{ items: { text: string; hidden: { reason: string } | null }[] }>(
    request,
    "reviews.forProduct",
    { listingId, limit: 30 },
  );
  expect(reviews.items.map((r) => r.text)).not.toContain(abusive);
  expect(reviews.items.some((r) => r.hidden?.reason === "Kata-kata kasar")).toBe(true);
}

// The journey, in one language: a received order whose review is abusive and whose return the store refused;
// the operator sees the escalated return on the dashboard, approves it (the shopper is refunded), and hides the
// review with a reason, which the product page then shows instead of the review.
for (const [index, lang] of langs.entries()) {
  if (lang !== journeyLang) continue;
  test(`the operator decides an escalated return and hides a review in ${lang}`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const m = messages[lang];
    const { token, orderId, listingId, abusive, note } = await escalatedReturn(page, request, index, lang);

    // The dashboard's queue leads to the escalated request; the operator approves it with a reason.
    const ops = await pageAs(browser, demoOperator.account);
    await ops.goto(localePath(lang, "/ops"));
    await waitForHydration(ops);
    await ops.getByRole("link", { name: new RegExp(m.ops.dashboard.queues.escalated) }).click();
    await ops.waitForURL(/\/ops\/aftersales\?status=escalated/);
    await waitForHydration(ops);
    await expectNoSeriousViolations(ops, `ops after-sales (${lang})`);
    const before = await balance(request, lang, token);
    const item = ops.getByTestId("after-sales").filter({ hasText: note });
    await item.getByRole("button", { name: m.aftersales.approve }).click();
    const dialog = ops.getByRole("dialog");
    const quote = await dialog.getByTestId("refund-quote").innerText();
    await dialog.getByLabel(m.ops.reason).fill("Kerusakan terlihat di foto");
    await dialog.getByRole("button", { name: m.aftersales.approve }).click();
    await expect(toasts(ops, lang).getByText(m.ops.aftersales.decided)).toBeVisible();
    // Approved, the return travels back: nothing is refunded yet. The courier is late; the operator refunds now,
    // with a reason, from the returns on their way.
    expect(await balance(request, lang, token)).toBe(before);
    await ops.goto(localePath(lang, "/ops/aftersales?status=returns"));
    await waitForHydration(ops);
    const travelling = ops.getByTestId("after-sales").filter({ hasText: note });
    await expect(travelling).toContainText(m.aftersales.status.returning);
    await expect(travelling.getByTestId("request-parcel")).toBeVisible();
    await travelling.getByRole("button", { name: m.ops.aftersales.refundNow }).click();
    await ops.getByRole("dialog").getByLabel(m.ops.reason).fill("Kurir terlambat");
    await ops.getByRole("dialog").getByRole("button", { name: m.ops.aftersales.refundNow }).click();
    await expect(toasts(ops, lang).getByText(m.ops.aftersales.refunded)).toBeVisible();
    const after = await balance(request, lang, token);
    expect(after).toBeGreaterThan(before);
    // The dialog named exactly the amount refunded.
    expect(quote).toContain(rupiah(after - before));
    await page.goto(localePath(lang, `/h5/order/detail?id=${orderId}`));
    await waitForHydration(page);
    await expect(page.getByTestId("refund")).toHaveText(
      fill(m.aftersales.refunded, { amount: rupiah(after - before) }),
    );

    // The abusive review: hidden with a reason; the product page says so instead of showing it.
    await ops.goto(localePath(lang, "/ops/reviews?status=low"));
    await waitForHydration(ops);
    await expectNoSeriousViolations(ops, `ops reviews (${lang})`);
    const review = ops.getByTestId("ops-review").filter({ hasText: abusive });
    await review.getByRole("button", { name: m.ops.reviews.hide }).click();
    await ops.getByRole("dialog").getByLabel(m.ops.reason).fill("Kata-kata kasar");
    await ops.getByRole("dialog").getByRole("button", { name: m.ops.reviews.hide }).click();
    await expect(toasts(ops, lang).getByText(m.ops.reviews.hidden)).toBeVisible();
    await ops.context().close();
    await expectHidden(request, listingId, abusive);
  });
}

// The same journey's screens in the other languages: the return is approved and the review hidden through the
// API; each screen is checked for its texts, its layout at 390 px and axe, with the approval and hiding dialogs
// open (the approval's refund quote checked against the refund).
for (const [index, lang] of langs.entries()) {
  if (lang === journeyLang) continue;
  test(`the operator decides an escalated return and hides a review: the screens in ${lang}, reached by set-up`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const m = messages[lang];
    const set = await escalatedReturn(page, request, index, lang);
    const opsAuth = { authorization: set.opsToken };

    // The dashboard's queue of escalated returns, and the request it leads to with its approval dialog.
    const ops = await pageAs(browser, demoOperator.account);
    await ops.goto(localePath(lang, "/ops"));
    await waitForHydration(ops);
    const queue = ops.getByRole("link", { name: new RegExp(m.ops.dashboard.queues.escalated) });
    await expect(queue).toHaveAttribute("href", localePath(lang, "/ops/aftersales?status=escalated"));
    await queue.click();
    await ops.waitForURL(/\/ops\/aftersales\?status=escalated/);
    await waitForHydration(ops);
    const item = ops.getByTestId("after-sales").filter({ hasText: set.note });
    await expect(item).toContainText(m.aftersales.status.escalated);
    await expectScreen(ops, `ops after-sales (${lang})`);
    await item.getByRole("button", { name: m.aftersales.approve }).click();
    const dialog = ops.getByRole("dialog");
    const quote = await dialog.getByTestId("refund-quote").innerText();
    await expect(dialog.getByLabel(m.ops.reason)).toBeVisible();
    await expect(dialog.getByRole("button", { name: m.aftersales.approve })).toBeVisible();
    await expectScreen(ops, `ops after-sales approval (${lang})`, { axe: false });
    await dialog.getByRole("button", { name: m.catalog.search.cancel, exact: true }).click();
    const before = await balance(request, lang, set.token);
    await trpcMutation(
      request,
      "ops.afterSales.decide",
      {
        id: set.returnId,
        approve: true,
        reason: "Kerusakan terlihat di foto",
        idempotencyKey: idempotencyKey("decide"),
      },
      opsAuth,
    );
    // The return parcel reaches the warehouse: the refund is paid.
    await deliverRequestParcel(request, { shopper: set.token, ops: set.opsToken }, set.orderId);
    const after = await balance(request, lang, set.token);
    expect(after).toBeGreaterThan(before);
    expect(quote).toContain(rupiah(after - before));

    // The shopper's order with the refund.
    await page.goto(localePath(lang, `/h5/order/detail?id=${set.orderId}`));
    await waitForHydration(page);
    await expect(page.getByTestId("refund")).toHaveText(
      fill(m.aftersales.refunded, { amount: rupiah(after - before) }),
    );
    await expectScreen(page, `order refunded by Pasar (${lang})`, { axe: false });

    // The low-rated reviews and the hiding dialog; hidden through the API.
    await ops.goto(localePath(lang, "/ops/reviews?status=low"));
    await waitForHydration(ops);
    const review = ops.getByTestId("ops-review").filter({ hasText: set.abusive });
    await expect(review).toBeVisible();
    await expectScreen(ops, `ops reviews (${lang})`);
    await review.getByRole("button", { name: m.ops.reviews.hide }).click();
    const hide = ops.getByRole("dialog");
    await expect(hide.getByRole("heading", { name: m.ops.reviews.hideTitle })).toBeVisible();
    await expect(hide).toContainText(m.ops.reviews.hideBody);
    await hide.getByRole("button", { name: m.ops.reviews.hide }).click();
    await expect(hide.getByText(m.errors.ops.reasonRequired)).toBeVisible();
    await expect(hide.getByLabel(m.ops.reason)).toBeVisible();
    await expectScreen(ops, `ops review hiding dialog (${lang})`, { axe: false });
    await hide.getByRole("button", { name: m.catalog.search.cancel, exact: true }).click();
    await ops.context().close();
    await trpcMutation(request, "ops.reviews.hide", { id: set.reviewId, reason: "Kata-kata kasar" }, opsAuth);
    await expectHidden(request, set.listingId, set.abusive);
  });
}
