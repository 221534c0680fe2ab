import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import {
  goodPassword,
  newPhone,
  outboxCode,
  tokenStorageKey,
  toasts,
  trpcMutation,
} from "../support/accounts.ts";
import { trpcQuery } from "../support/browsing.ts";
import { fill, langs, localePath, messages, plural, type Lang } from "../support/i18n.ts";
import { demoOperator, rupiah } from "../support/money.ts";
import { waitForHydration } from "../support/page.ts";
import { pageAs, plainDemoOffer, tokenOf } from "../support/roles.ts";
import { expectScreen } from "../support/screens.ts";
import { idempotencyKey, saveAddress } from "../support/setup.ts";

// Issue 27, cash on delivery: a shopper who signed up with a phone number sees COD closed while the account is
// new (with the reason), then, once the operator lets new accounts pay on delivery, places an order on delivery
// (the notice that an opened parcel cannot be refused is on the page), sees on the order what to pay the courier
// (the total checkout showed, with the COD fee on its own line: issue 40), and the order is paid when the courier
// delivers it; the operator records the courier's remittance, net of its COD fee. A second
// parcel is refused: the order is cancelled as refused. Three languages, at 390 and 320 px, axe clean.

/** A shopper who signed up with a phone number (the code read from the development outbox), signed in on `page`. */
async function phoneShopper(page: Page) {
  const phone = newPhone();
  await trpcMutation(page.request, "auth.sendCode", { account: phone.typed, purpose: "signup" });
  const code = await outboxCode(page.context(), "ind", phone.e164);
  const session = await trpcMutation<{ token: string }>(page.request, "auth.signUp", {
    account: phone.typed,
    code,
    password: goodPassword,
    confirmPassword: goodPassword,
  });
  await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
    key: tokenStorageKey,
    value: session.token,
  });
  return session.token;
}

interface FulfilmentCard {
  id: string;
  code: string;
  shipment: { id: string; codAmount: number | null } | null;
}

/** The store pays the goods if it has not, the operator ships, and the courier desk moves the parcel along. */
async function shipAndMove(
  request: APIRequestContext,
  tokens: { ops: string; merchant: string },
  orderId: string,
  moves: readonly string[],
) {
  await trpcMutation(
    request,
    "merchantOrders.payGoods",
    { orderIds: [orderId], idempotencyKey: idempotencyKey("goods") },
    { authorization: tokens.merchant },
  ).catch(() => undefined);
  await trpcMutation(
    request,
    "ops.orders.ship",
    { id: orderId, idempotencyKey: idempotencyKey("ship") },
    { authorization: tokens.ops },
  );
  const { items } = await trpcQuery<{ items: FulfilmentCard[] }>(
    request,
    "ops.orders.list",
    { view: "shipped", limit: 50 },
    "ind",
    tokens.ops,
  );
  const card = items.find((o) => o.id === orderId)!;
  for (const to of moves) {
    await trpcMutation(
      request,
      "ops.orders.moveParcel",
      { shipmentId: card.shipment!.id, to },
      { authorization: tokens.ops },
    );
  }
  return card;
}

/** The amount of a money summary's row, by its label. */
function moneyRow(scope: Locator, label: string): Locator {
  const exact = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
  return scope
    .locator("dl > div")
    .filter({ has: scope.page().locator("dt", { hasText: exact }) })
    .locator("dd");
}

/**
 * Places the checkout on the page by cash on delivery; answers the order's id and the total checkout showed,
 * which the order page shows as its total too, with the COD fee on a line of its own (issue 40).
 */
async function placeOnDelivery(page: Page, lang: Lang) {
  const m = messages[lang];
  const cod = page.getByRole("radio", { name: new RegExp(m.orders.cod.label.replace(/[()]/g, "\\$&")) });
  await expect(cod).toBeEnabled();
  await cod.check();
  await expect(page.getByText(m.orders.cod.noRefusal)).toBeVisible();
  // The store's parcel moved to a courier service that collects cash, and the totals followed.
  await expect(page.locator("details summary").first()).toContainText(m.orders.shipping.cod);
  const place = page.locator("main button.rounded-full").last();
  await expect(place).toBeEnabled();
  // What the shopper will pay the courier: the checkout's total, and the store's order's total (one store), with
  // the COD fee on its own line.
  const total = (await page.getByTestId("checkout-total").textContent())!;
  const fee = /Rp [\d.]+/.exec((await page.getByTestId("checkout-fee").textContent())!)![0];
  const checkoutMoney = page
    .locator("main section")
    .filter({ has: page.locator("dl") })
    .first();
  await expect(moneyRow(checkoutMoney, m.orders.pay.storeTotal)).toHaveText(total);
  await expect(moneyRow(checkoutMoney, m.orders.cod.fee)).toHaveText(fee);
  await place.click();
  await page.waitForURL(/\/h5\/order\/detail\?id=ord_/);
  await waitForHydration(page);
  const orderMoney = page.locator('section[aria-labelledby="order-items"]');
  await expect(moneyRow(orderMoney, m.orders.cod.fee)).toHaveText(fee);
  await expect(moneyRow(orderMoney, m.orders.pay.total)).toHaveText(total);
  return { id: new URL(page.url()).searchParams.get("id")!, total };
}

// The languages one after another: each changes the shop's cash-on-delivery settings for a moment.
test.describe.configure({ mode: "serial" });

for (const lang of langs) {
  test(`cash on delivery: closed to a new account, delivered and remitted, refused (${lang})`, async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(180_000);
    const m = messages[lang];
    const c = m.orders.cod;
    const opsToken = await tokenOf(request, demoOperator.account);
    const token = await phoneShopper(page);
    const addressId = await saveAddress(request, token);
    // A modest price, well under the cash-on-delivery cap.
    const item = await plainDemoOffer(request, (o) => o.price < 500_000);
    const tokens = { ops: opsToken, merchant: await tokenOf(request, item.merchant) };
    const checkout = localePath(
      lang,
      `/h5/pay?lines=${encodeURIComponent(`${item.id}*1`)}&address=${addressId}`,
    );

    // New account: cash on delivery is shown, closed, with why (a week by default).
    await trpcMutation(
      request,
      "ops.settings.updateCod",
      { ...(await codSettings(request, opsToken)), minAccountDays: 7 },
      { authorization: opsToken },
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(checkout);
    await waitForHydration(page);
    const closed = page.getByRole("radio", { name: new RegExp(c.label.replace(/[()]/g, "\\$&")) });
    await expect(closed).toBeDisabled();
    await expect(page.getByText(fill(plural(lang, c.unavailable.age, 7), { count: 7 }))).toBeVisible();

    // The operator opens it to new accounts on the COD page: the shopper pays on delivery.
    const ops = await pageAs(browser, demoOperator.account);
    await ops.goto(localePath(lang, "/ops/cod"));
    await waitForHydration(ops);
    const form = ops.getByTestId("cod-form");
    await form.getByLabel(m.ops.settings.codMinAccountDays).fill("0");
    await form.getByRole("button", { name: m.ops.settings.saveCod }).click();
    await expect(toasts(ops, lang).getByText(m.ops.settings.codSaved)).toBeVisible();
    await page.reload();
    await waitForHydration(page);
    await expectScreen(page, `checkout with cash on delivery (${lang})`);
    const { id: delivered, total } = await placeOnDelivery(page, lang);
    const detail = page.locator("main");
    await expect(detail).toContainText(m.orders.detail.methods.cod);
    await expect(detail).toContainText(c.fee);
    // What to pay the courier is that same total.
    const pay = detail.getByText(fill(c.payCourier, { amount: total }));
    await expect(pay).toBeVisible();
    await expectScreen(page, `order to pay on delivery (${lang})`);
    await page.setViewportSize({ width: 320, height: 844 });
    await expectScreen(page, `order to pay on delivery at 320 px (${lang})`);
    await page.setViewportSize({ width: 390, height: 844 });

    // The courier delivers: the order is paid, nothing more to pay the courier.
    const card = await shipAndMove(request, tokens, delivered, [
      "picked_up",
      "in_transit",
      "out_for_delivery",
      "delivered",
    ]);
    expect(rupiah(card.shipment!.codAmount!)).toBe(total);
    await page.reload();
    await waitForHydration(page);
    await expect(detail).toContainText(m.orders.events.paid);
    await expect(pay).toBeHidden();

    // The operator records the courier's remittance for that parcel: what it collected less the fee it named
    // when the parcel was booked (issue 40).
    await ops.goto(localePath(lang, "/ops/cod"));
    await waitForHydration(ops);
    const o = m.ops.cod;
    const collected = card.shipment!.codAmount!;
    const owed = await trpcQuery<{ parcels: { shipmentId: string; courierFee: number }[] }>(
      request,
      "ops.shipping.cod",
      undefined,
      "ind",
      opsToken,
    );
    const courierFee = owed.parcels.find((p) => p.shipmentId === card.shipment!.id)!.courierFee;
    expect(courierFee).toBeGreaterThan(0);
    const net = collected - courierFee;
    await ops.getByRole("checkbox", { name: new RegExp(fill(o.order, { code: card.code })) }).check();
    await expect(ops.getByTestId("cod-selected")).toContainText(rupiah(collected));
    await expect(ops.getByTestId("cod-expected")).toHaveText(
      fill(o.expected, { fee: rupiah(courierFee), net: rupiah(net) }),
    );
    await ops.getByLabel(o.reference).fill(`COD-${lang}-${card.code}`);
    await ops.getByLabel(o.amount).fill(String(net));
    await expectScreen(ops, `COD remittances (${lang})`);
    await ops.getByRole("button", { name: o.submit }).click();
    await expect(
      toasts(ops, lang).getByText(fill(plural(lang, o.recorded, 1), { count: 1, amount: rupiah(net) })),
    ).toBeVisible();
    await expect(ops.getByText(`COD-${lang}-${card.code}`)).toBeVisible();
    await ops.context().close();

    // A second parcel on delivery is refused and comes back: the order is cancelled as refused.
    await page.goto(checkout);
    await waitForHydration(page);
    const { id: refused } = await placeOnDelivery(page, lang);
    await shipAndMove(request, tokens, refused, ["picked_up", "in_transit", "returning", "returned"]);
    await page.reload();
    await waitForHydration(page);
    await expect(detail).toContainText(m.orders.cancelReasons.cod_refused);
    await expectScreen(page, `refused COD order (${lang})`);
    await trpcMutation(
      request,
      "ops.settings.updateCod",
      { ...(await codSettings(request, opsToken)), minAccountDays: 7 },
      { authorization: opsToken },
    );
  });
}

async function codSettings(request: APIRequestContext, opsToken: string) {
  return (
    await trpcQuery<{ cod: Record<string, unknown> }>(request, "ops.settings.get", undefined, "ind", opsToken)
  ).cod;
}
