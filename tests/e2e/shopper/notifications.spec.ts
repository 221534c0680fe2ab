import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { signInFreshShopper, trpcQuery } from "../support/browsing.ts";
import { langs, localePath, messages, type Lang } from "../support/i18n.ts";
import { demoOperator } from "../support/money.ts";
import { waitForHydration } from "../support/page.ts";
import { demoStores, tokenOf } from "../support/roles.ts";
import { expectScreen } from "../support/screens.ts";
import { credit, payGoodsAndShip, placeWalletOrder, saveAddress } from "../support/setup.ts";

// Issue 44: the bell in the header counts a shopper's unread notifications live (the store ships while the page is
// open), the centre lists them by category in the page's language, a tap opens the order and marks it read, and
// "mark all read" empties the count. At 390 and 320 px, axe clean, in three languages.

/** A fresh shopper's order at a demo store, paid from the wallet: the store and the operator can ship it. */
async function paidOrder(page: Page, request: APIRequestContext, lang: Lang) {
  const { email, token } = await signInFreshShopper(page, `notices-${lang}`);
  const opsToken = await tokenOf(request, demoOperator.account);
  const [storeId, merchant] = [...(await demoStores(request)).entries()][langs.indexOf(lang)]!;
  const merchantToken = await tokenOf(request, merchant);
  for (const account of [email, merchant]) await credit(request, opsToken, account, 2_000_000);
  const listing = (
    await trpcQuery<{ items: { id: string }[] }>(request, "listings.list", { limit: 1, storeId })
  ).items[0]!;
  const addressId = await saveAddress(request, token);
  const [orderId] = await placeWalletOrder(request, token, addressId, [
    { listingId: listing.id, quantity: 1 },
  ]);
  const order = await trpcQuery<{ code: string }>(request, "orders.get", { id: orderId }, lang, token);
  return { orderId: orderId!, code: order.code, token, tokens: { merchant: merchantToken, ops: opsToken } };
}

/** The bell's accessible name with `count` unread. */
function bellName(lang: Lang, count: number): string {
  const n = messages[lang].notifications;
  if (count === 0) return n.title;
  const forms = n.bell as Record<string, string>;
  return (forms[lang === "en" && count === 1 ? "one" : "other"] ?? forms.other!).replace(
    "{{count}}",
    String(count),
  );
}

for (const lang of langs) {
  test(`the bell counts a shipment live and the centre opens it (${lang})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const m = messages[lang];
    const n = m.notifications;
    const { orderId, code, token, tokens } = await paidOrder(page, request, lang);
    const unread = async () =>
      (await trpcQuery<{ total: number }>(request, "notifications.inbox.unread", undefined, lang, token))
        .total;

    await page.setViewportSize({ width: lang === "ind" ? 390 : 320, height: 844 });
    const streamOpened = page.waitForRequest((r) => r.url().includes("/chat/stream"));
    await page.goto(localePath(lang, "/h5/order"));
    await waitForHydration(page);
    const bell = page.getByTestId("notice-bell");
    await expect(bell).toBeVisible();
    const before = await unread();
    await expect(bell).toHaveAccessibleName(bellName(lang, before));
    // The bell's stream is open (the page is idle): the store ships, and the count goes up without a reload.
    await streamOpened;
    await payGoodsAndShip(request, orderId, tokens);
    const after = await unread();
    expect(after).toBeGreaterThan(before);
    await expect(bell).toHaveAccessibleName(bellName(lang, after));
    await expectScreen(page, `bell with unread notifications (${lang})`);

    // The centre: the shipment's notice in this language, unread; its tab counts it.
    await bell.click();
    await expect(page).toHaveURL(/\/h5\/notifications/);
    await waitForHydration(page);
    const shipped = page
      .getByTestId("notification")
      .filter({ hasText: n.kinds.orderShipped.title })
      .filter({ hasText: code });
    await expect(shipped).toHaveCount(1);
    await expect(shipped).toContainText(m.notifications.unreadMark);
    await expectScreen(page, `notification centre (${lang})`);
    await page
      .getByRole("navigation", { name: n.tabsLabel })
      .getByRole("link", { name: new RegExp(n.tabs.orders) })
      .click();
    await expect(page).toHaveURL(/tab=orders/);
    await expect(shipped).toHaveCount(1);

    // A tap opens the order and marks the notice read.
    await shipped.getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/h5/order/detail\\?id=${orderId}`));
    await expect.poll(unread).toBe(after - 1);

    // Mark all read: the count goes to nothing, on this page and in the bell.
    await page.goto(localePath(lang, "/h5/notifications"));
    await waitForHydration(page);
    await page.getByRole("button", { name: n.markAllRead }).click();
    await expect(page.getByText(n.allRead)).toBeVisible();
    await expect.poll(unread).toBe(0);
    await page.goto(localePath(lang, "/h5/order"));
    await expect(page.getByTestId("notice-bell")).toHaveAccessibleName(n.title);
  });
}

test("a visitor has no bell and the centre sends them to sign in", async ({ page }) => {
  await page.goto("/h5");
  await waitForHydration(page);
  await expect(page.getByTestId("notice-bell")).toHaveCount(0);
  await page.goto("/h5/notifications");
  await expect(page).toHaveURL(/\/h5\/signin/);
});

for (const lang of langs) {
  test(`notification settings are saved, payments and account stay on (${lang})`, async ({
    page,
    request,
  }) => {
    const s = messages[lang].notifications.settings;
    const tabs = messages[lang].notifications.tabs;
    const { token } = await signInFreshShopper(page, `notice-settings-${lang}`);
    await page.setViewportSize({ width: lang === "en" ? 320 : 390, height: 844 });
    await page.goto(localePath(lang, "/h5/notifications"));
    await waitForHydration(page);
    await page.getByRole("link", { name: s.open }).click();
    await expect(page).toHaveURL(/\/h5\/notifications\/settings/);
    await waitForHydration(page);
    const box = (channel: "push" | "email", category: keyof typeof tabs) =>
      page.getByRole("checkbox", {
        name: s.channelFor
          .replace("{{channel}}", s.channels[channel])
          .replace("{{category}}", tabs[category]),
      });
    // Payments and account cannot be switched off; promotions are off until chosen.
    await expect(box("email", "payments")).toBeChecked();
    await expect(box("email", "payments")).toBeDisabled();
    await expect(box("push", "account")).toBeDisabled();
    await expect(box("push", "promotions")).not.toBeChecked();
    await expect(box("email", "orders")).not.toBeChecked();
    await expectScreen(page, `notification settings (${lang})`);

    await box("email", "orders").check();
    await box("push", "chat").uncheck();
    await page.getByLabel(s.zone).selectOption("WITA");
    await page.getByRole("button", { name: s.save }).click();
    await expect(page.getByText(s.saved)).toBeVisible();

    const saved = await trpcQuery<{
      matrix: { category: string; channels: { channel: string; on: boolean }[] }[];
      zone: string;
    }>(request, "notifications.settings", undefined, lang, token);
    const on = (category: string, channel: string) =>
      saved.matrix.find((r) => r.category === category)!.channels.find((c) => c.channel === channel)!.on;
    expect([on("orders", "email"), on("chat", "push"), on("payments", "email"), saved.zone]).toEqual([
      true,
      false,
      true,
      "WITA",
    ]);
    await page.reload();
    await waitForHydration(page);
    await expect(box("email", "orders")).toBeChecked();
    await expect(box("push", "chat")).not.toBeChecked();
  });
}
