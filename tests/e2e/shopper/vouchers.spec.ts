import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { enterPin, toasts, trpcMutation } from "../support/accounts.ts";
import { expectNoSeriousViolations } from "../support/axe.ts";
import { signInFreshShopper, trpcQuery } from "../support/browsing.ts";
import { fill, localePath, messages, type Lang } from "../support/i18n.ts";
import { demoOperator, rupiah } from "../support/money.ts";
import { waitForHydration } from "../support/page.ts";
import { demoStores, tokenOf } from "../support/roles.ts";
import { expectScreen } from "../support/screens.ts";
import {
  credit,
  formMutation,
  idempotencyKey,
  payGoodsAndShip,
  saveAddress,
  withVariants,
} from "../support/setup.ts";

// Issue 42: vouchers as a shopper meets them. The seed gives the platform a discount and free shipping, and the
// first two demo stores a voucher each (server/seed/seed.ts).

interface Quote {
  total: number;
  storeDiscount: number;
  platformDiscount: number;
  shippingDiscount: number;
  stores: { storeId: string; total: number }[];
  vouchers: { id: string; kind: string; chosen: boolean }[];
}

/** Two demo stores with a voucher of their own, their merchants, and one product of each of at least Rp 100.000. */
async function voucherStores(request: APIRequestContext) {
  const found: { storeId: string; merchant: string; listingId: string }[] = [];
  for (const [storeId, merchant] of await demoStores(request)) {
    const own = await trpcQuery<unknown[]>(request, "vouchers.store", { storeId });
    if (own.length === 0) continue;
    const page = await trpcQuery<{ items: { id: string; storeId: string; price: number }[] }>(
      request,
      "listings.list",
      { limit: 50, storeId },
    );
    const product = page.items.find((i) => i.storeId === storeId && i.price >= 100_000)!;
    found.push({ storeId, merchant, listingId: product.id });
  }
  return found.slice(0, 2);
}

/** The checkout of one unit of each product, as a `?lines=` value, with each product's first variant in stock. */
async function checkoutPath(request: APIRequestContext, lang: Lang, listingIds: string[]) {
  const lines = await withVariants(
    request,
    listingIds.map((listingId) => ({ listingId, quantity: 1 })),
  );
  return {
    lines,
    path: localePath(lang, `/h5/pay?lines=${lines.map((l) => `${l.listingId}.${l.variantId}*1`).join(",")}`),
  };
}

const saving = (q: Quote) => q.storeDiscount + q.platformDiscount + q.shippingDiscount;

async function expectCheckoutShows(page: Page, lang: Lang, q: Quote) {
  await expect(page.getByTestId("voucher-saving")).toHaveText(
    fill(messages[lang].vouchers.checkout.saving, { amount: rupiah(saving(q)) }),
  );
  await expect(page.getByTestId("checkout-total")).toHaveText(rupiah(q.total));
}

test("vouchers end to end in ind: claimed on a store's page and the voucher page, the best chosen at checkout, changed, paid, and a returned order refunded to the rupiah", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const lang: Lang = "ind";
  const m = messages[lang];
  const v = m.vouchers;
  const { email, token } = await signInFreshShopper(page, "vouchers");
  const opsToken = await tokenOf(request, demoOperator.account);
  await credit(request, opsToken, email, 2_000_000);
  const addressId = await saveAddress(request, token);
  const [a, b] = await voucherStores(request);

  // The store's voucher, claimed from its page: its row leads to the store's vouchers.
  await page.goto(localePath(lang, `/h5/merchant/shop/${a!.storeId}`));
  await waitForHydration(page);
  await page.getByRole("link", { name: new RegExp(v.store.title) }).click();
  await expect(page.getByRole("heading", { name: v.store.title })).toBeAttached();
  await waitForHydration(page);
  await page.getByRole("button", { name: v.claim }).first().click();
  await expect(toasts(page, lang).getByText(v.claimedToast)).toBeVisible();
  await expect(page.getByText(v.claimed).first()).toBeVisible();
  await expectNoSeriousViolations(page, `a store's vouchers (${lang})`);

  // Free shipping, claimed on the voucher page; both are the shopper's now.
  await page.goto(localePath(lang, "/h5/vouchers"));
  await waitForHydration(page);
  const shipping = page.getByTestId("voucher").filter({ hasText: v.kinds.shipping });
  await shipping.getByRole("button", { name: v.claim }).click();
  await expect(toasts(page, lang).getByText(v.claimedToast)).toBeVisible();
  await expect(shipping.getByText(v.claimed)).toBeVisible();
  await expectNoSeriousViolations(page, `voucher page (${lang})`);
  await page.getByRole("link", { name: v.page.mine }).click();
  await expect(page.getByTestId("voucher")).toHaveCount(2);

  // The checkout of a product of each store picks the best vouchers and says what they save.
  const { lines, path } = await checkoutPath(request, lang, [a!.listingId, b!.listingId]);
  const best = await trpcQuery<Quote>(request, "orders.quote", { lines, addressId }, lang, token);
  expect(best.vouchers.filter((x) => x.chosen).map((x) => x.kind)).toEqual(
    expect.arrayContaining(["platform", "shipping", "store"]),
  );
  await page.goto(path);
  await waitForHydration(page);
  await expectCheckoutShows(page, lang, best);
  await expect(page.getByText(v.lines.platformDiscount).first()).toBeVisible();

  // Without free shipping the total goes up by what it took off; chosen again, it comes back.
  await page.getByRole("button", { name: v.checkout.change }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: v.checkout.dialogTitle })).toBeVisible();
  await expectNoSeriousViolations(page, `voucher dialog (${lang})`);
  const shippingGroup = dialog.getByRole("group", { name: v.checkout.groups.shipping });
  await shippingGroup.getByRole("radio", { name: v.checkout.noneOfKind }).check();
  await dialog.getByRole("button", { name: v.checkout.done }).click();
  await expect(page.getByTestId("checkout-total")).toHaveText(rupiah(best.total + best.shippingDiscount));
  await page.getByRole("button", { name: v.checkout.change }).click();
  await page
    .getByRole("dialog")
    .getByRole("group", { name: v.checkout.groups.shipping })
    .getByRole("radio")
    .first()
    .check();
  await page.getByRole("dialog").getByRole("button", { name: v.checkout.done }).click();
  await expectCheckoutShows(page, lang, best);
  await expectNoSeriousViolations(page, `checkout with vouchers (${lang})`);

  // Paid from the balance: the balance goes down by the total shown.
  await page.getByRole("radio", { name: new RegExp(m.orders.pay.wallet) }).check();
  await page.getByRole("button", { name: fill(m.orders.pay.place, { total: rupiah(best.total) }) }).click();
  await enterPin(page);
  await expect(page).toHaveURL(/\/h5\/order\?tab=pending_shipment/);
  const balance = await trpcQuery<{ balance: number }>(request, "wallet.summary", undefined, lang, token);
  expect(balance.balance).toBe(2_000_000 - best.total);

  // Store A's order, received and its one line returned: the refund is what was paid for it, to the rupiah.
  const orders = await trpcQuery<{ items: { id: string; storeId: string; total: number }[] }>(
    request,
    "orders.list",
    { tab: "all", limit: 10 },
    lang,
    token,
  );
  const order = orders.items.find((o) => o.storeId === a!.storeId)!;
  expect(order.total).toBe(best.stores.find((s) => s.storeId === a!.storeId)!.total);
  const merchantToken = await tokenOf(request, a!.merchant);
  await credit(request, opsToken, a!.merchant, 1_000_000);
  await payGoodsAndShip(request, order.id, { merchant: merchantToken, ops: opsToken });
  await trpcMutation(
    request,
    "orders.confirm",
    { id: order.id, idempotencyKey: idempotencyKey("confirm") },
    { authorization: token },
  );
  const asked = await formMutation<{ id: string }>(
    request,
    "orders.requestAfterSales",
    {
      orderId: order.id,
      variantId: lines[0]!.variantId!,
      kind: "return",
      category: "damaged",
      quantity: "1",
      reason: "Rusak saat tiba",
      idempotencyKey: idempotencyKey("ask"),
    },
    token,
  );
  await trpcMutation(
    request,
    "merchantOrders.decideAfterSales",
    { id: asked.id, approve: true, idempotencyKey: idempotencyKey("approve") },
    { authorization: merchantToken },
  );
  await trpcMutation(
    request,
    "ops.afterSales.refundNow",
    { id: asked.id, reason: "Paket kembali", idempotencyKey: idempotencyKey("refund") },
    { authorization: opsToken },
  );
  await page.goto(localePath(lang, `/h5/order/detail?id=${order.id}`));
  await waitForHydration(page);
  await expect(page.getByText(v.lines.storeDiscount)).toBeVisible();
  await expect(page.getByTestId("refund")).toHaveText(
    fill(m.aftersales.refunded, { amount: rupiah(order.total) }),
  );
  await expectScreen(page, `order with vouchers, refunded (${lang})`);
});

test("the voucher page and a checkout's vouchers in en and zh at 320 px", async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 320, height: 720 });
  const { token } = await signInFreshShopper(page, "vouchers-screens");
  await saveAddress(request, token);
  const [a, b] = await voucherStores(request);
  for (const lang of ["en", "zh"] as const) {
    const v = messages[lang].vouchers;
    await page.goto(localePath(lang, "/h5/vouchers"));
    await waitForHydration(page);
    await expect(page.getByRole("link", { name: v.page.mine })).toBeVisible();
    await expect(page.getByTestId("voucher").first()).toBeVisible();
    await expectScreen(page, `voucher page (${lang})`);
    const { path } = await checkoutPath(request, lang, [a!.listingId, b!.listingId]);
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.getByTestId("voucher-saving")).toBeVisible();
    await page.getByRole("button", { name: v.checkout.change }).click();
    await expect(
      page.getByRole("dialog").getByRole("heading", { name: v.checkout.dialogTitle }),
    ).toBeVisible();
    await expectScreen(page, `voucher dialog (${lang})`);
    await page.getByRole("dialog").getByRole("button", { name: v.checkout.done }).click();
  }
});
