import { expect, test, type Page } from "@playwright/test";
import { enterPin, toasts, trpcMutation } from "../support/accounts.ts";
import { expectNoSeriousViolations } from "../support/axe.ts";
import { signInFreshShopper, sneakersListing } from "../support/browsing.ts";
import { fill, langs, localePath, messages, type Lang } from "../support/i18n.ts";
import { demoOperator } from "../support/money.ts";
import { waitForHydration } from "../support/page.ts";
import { demoStores, pageAs, tokenOf } from "../support/roles.ts";
import { expectScreen } from "../support/screens.ts";
import { credit, idempotencyKey, payGoodsAndShip, saveAddress } from "../support/setup.ts";

// Sizes and colours (issue 28, decision 25), on the demo's men's sneakers: Hitam, Navy and Abu-abu in 39–44, with
// Hitam / 44 sold out. Clicked through in Indonesian; English and Chinese see the product page's screens.

const colours: Record<Lang, { black: string; navy: string }> = {
  ind: { black: "Hitam", navy: "Navy" },
  en: { black: "Black", navy: "Navy" },
  zh: { black: "黑色", navy: "藏青色" },
};

/** The picker's value chip: a link while it can be chosen. */
const chip = (page: Page, axis: number, name: string) =>
  page.locator(`#option-${axis}`).getByRole("link", { name, exact: true });

async function openSneakers(page: Page, lang: Lang, search = "") {
  const product = await sneakersListing(page.request, lang);
  await page.goto(localePath(lang, `/h5/products/${product.id}${search}`));
  await waitForHydration(page);
  return product;
}

test("choosing sizes and colours, buying two of one product, and seeing them named everywhere (ind)", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const lang: Lang = "ind";
  const m = messages[lang];
  const p = m.catalog.product;
  const { email, token } = await signInFreshShopper(page, "variants");
  await credit(request, await tokenOf(request, demoOperator.account), email, 2_000_000);
  await saveAddress(request, token);
  const product = await openSneakers(page, lang);

  // Black chosen: size 44 has none left, so it is no link, says so, and cannot be chosen.
  await chip(page, 1, colours[lang].black).click();
  await expect(page).toHaveURL(/[?&]o1=opv_/);
  await expect(page.locator("#option-1 legend")).toHaveText(
    fill(p.optionChosen, { name: "Warna", value: colours[lang].black }),
  );
  const sold = page.locator("#option-2 [aria-disabled='true']");
  await expect(sold).toHaveText(new RegExp(`^44\\s*${p.optionSoldOut}$`));
  await expect(chip(page, 2, "44")).toHaveCount(0);

  // Buying before choosing a size asks for it.
  await page.getByRole("button", { name: m.orders.cart.addToCart }).click();
  await expect(page.getByRole("alert").filter({ hasText: fill(p.choose, { name: "Ukuran" }) })).toBeVisible();
  await expectNoSeriousViolations(page, `product with a choice to make (${lang})`);

  // Size 42: the address names the variant, the picture and the stock follow, and it goes in the cart.
  const before = await page.locator("main img").first().getAttribute("src");
  await chip(page, 2, "42").click();
  await expect(page).toHaveURL(/o1=opv_[0-9a-z]+.*o2=opv_|o2=opv_[0-9a-z]+.*o1=opv_/);
  const blackAddress = page.url();
  await page.getByRole("button", { name: m.orders.cart.addToCart }).click();
  await expect(toasts(page, lang).getByText(m.orders.cart.added)).toBeVisible();

  // Navy 41 too: another picture (navy), another line of the same product.
  await chip(page, 1, colours[lang].navy).click();
  await chip(page, 2, "41").click();
  await expect(page.locator("main img").first()).not.toHaveAttribute("src", before ?? "");
  await page.getByRole("button", { name: m.orders.cart.addToCart }).click();
  await expect(toasts(page, lang).getByText(m.orders.cart.added).last()).toBeVisible();

  // A shared address opens with its choice made.
  const shared = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await shared.goto(blackAddress);
  await expect(shared.locator("#option-1 [aria-current='true']")).toContainText(colours[lang].black);
  await expect(shared.locator("#option-2 [aria-current='true']")).toContainText("42");
  await shared.close();

  // The cart names both variants; checkout from the wallet.
  await page.goto(localePath(lang, "/h5/cart"));
  await waitForHydration(page);
  const lines = page.getByTestId("cart-item");
  await expect(lines).toHaveCount(2);
  await expect(lines.getByTestId("item-variant")).toHaveText([
    fill(m.orders.item.variant, { variant: `${colours[lang].black} / 42` }),
    fill(m.orders.item.variant, { variant: `${colours[lang].navy} / 41` }),
  ]);
  await expectNoSeriousViolations(page, `cart with variants (${lang})`);
  await page.getByRole("button", { name: fill(m.orders.cart.checkout, { count: 2 }) }).click();
  await page.waitForURL(/\/h5\/pay\?/);
  await waitForHydration(page);
  await expect(page.getByTestId("item-variant")).toHaveCount(2);
  await page.getByRole("radio", { name: new RegExp(m.orders.pay.wallet) }).check();
  await page.getByRole("button", { name: new RegExp(`^${fill(m.orders.pay.place, { total: "" })}`) }).click();
  await enterPin(page);

  // One order (one store), so its page opens: both variants named.
  await page.waitForURL(/\/h5\/order\/detail\?id=ord_/);
  await waitForHydration(page);
  await expect(page.getByTestId("item-variant")).toHaveText([
    fill(m.orders.item.variant, { variant: `${colours[lang].black} / 42` }),
    fill(m.orders.item.variant, { variant: `${colours[lang].navy} / 41` }),
  ]);

  // The store's order centre names them too.
  const store = await pageAs(browser, (await demoStores(request)).get(product.storeId)!);
  await store.goto(localePath(lang, "/h5/merchant/order?status=goods_unpaid"));
  await waitForHydration(store);
  await expect(store.getByTestId("merchant-order").first()).toContainText(`(${colours[lang].black} / 42)`);
  await expectNoSeriousViolations(store, `order centre with variants (${lang})`);

  // Received: the review page has a form per variant, each heading naming it.
  const orderId = new URL(page.url()).searchParams.get("id")!;
  await payGoodsAndShip(request, orderId, {
    merchant: await tokenOf(request, (await demoStores(request)).get(product.storeId)!),
    ops: await tokenOf(request, demoOperator.account),
  });
  await trpcMutation(
    request,
    "orders.confirm",
    { id: orderId, idempotencyKey: idempotencyKey("confirm") },
    { authorization: token },
  );
  await page.goto(localePath(lang, `/h5/order/review?id=${orderId}`));
  await waitForHydration(page);
  for (const variant of [`${colours[lang].black} / 42`, `${colours[lang].navy} / 41`])
    await expect(
      page.getByRole("heading", { name: fill(m.orders.item.variant, { variant }), exact: false }),
    ).toBeVisible();
  await expectNoSeriousViolations(page, `review of two variants (${lang})`);
});

for (const lang of langs.filter((l) => l !== "ind")) {
  test(`the product page's pickers in ${lang}, at 390 and 320 px`, async ({ page }) => {
    await openSneakers(page, lang);
    await chip(page, 1, colours[lang].black).click();
    await expect(page.locator("#option-2 [aria-disabled='true']")).toContainText(
      messages[lang].catalog.product.optionSoldOut,
    );
    await expectScreen(page, `product pickers (${lang}, 390 px)`);
    await page.setViewportSize({ width: 320, height: 700 });
    await expectScreen(page, `product pickers (${lang}, 320 px)`);
  });
}
