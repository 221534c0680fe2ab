import { expect, test, type Locator, type Page } from "@playwright/test";
import { trpcMutation } from "../support/accounts.ts";
import {
  listAll,
  listPath,
  shoesCategoryId,
  sneakersListing,
  storeNamed,
  trpcQuery,
} from "../support/browsing.ts";
import { missingProductId } from "../support/catalog.ts";
import { langs, localePath, messagePattern, messages, type Lang } from "../support/i18n.ts";
import { signInPageAs } from "../support/roles.ts";
import { waitForHydration } from "../support/page.ts";

/** The phones every page must fit: today's common width, and the narrowest still in use (iPhone SE, small Androids). */
const phoneWidths = [320, 390] as const;

/**
 * What a phone user notices of a layout too wide for the screen, at `width`:
 * - a page wider than the phone (it scrolls sideways, showing a strip of blank space; on a phone the browser then
 *   zooms out, so `innerWidth` grows with the page: the phone's own width is the one set);
 * - a button, or a link drawn as one (a pill with a background or a border), that runs off the screen or whose label
 *   spills out of it (cut off, or a second line over its edge). A button in a row that scrolls sideways (tabs,
 *   chips) may lie beyond the screen's edge: the row scrolls to it;
 * - a menu (select) whose chosen option is cut off (Chromium draws its arrow in about 20 px beside the padding).
 */
async function layoutProblems(page: Page, width: number): Promise<string[]> {
  return page.evaluate((width) => {
    const problems: string[] = [];
    const pageWidth = document.scrollingElement!.scrollWidth;
    if (pageWidth > width) problems.push(`the page is ${pageWidth} px wide`);
    const named = (el: HTMLElement) =>
      JSON.stringify((el.innerText || el.getAttribute("aria-label") || el.tagName).trim().slice(0, 50));
    const shown = (el: HTMLElement) => {
      const box = el.getBoundingClientRect();
      // sr-only elements are 1 px squares.
      return (
        box.width > 1 &&
        box.height > 1 &&
        el.checkVisibility({ opacityProperty: true, visibilityProperty: true })
      );
    };
    const inSidewaysScroller = (el: HTMLElement) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        const overflow = getComputedStyle(up).overflowX;
        if ((overflow === "auto" || overflow === "scroll") && up.scrollWidth > up.clientWidth) return true;
      }
      return false;
    };
    const drawnAsButton = (link: HTMLElement) => {
      const style = getComputedStyle(link);
      if (style.display === "inline") return false;
      const painted = style.backgroundColor !== "rgba(0, 0, 0, 0)" || parseFloat(style.borderTopWidth) > 0;
      return painted && parseFloat(style.borderTopLeftRadius) >= link.getBoundingClientRect().height / 2 - 1;
    };
    for (const el of document.querySelectorAll<HTMLElement>(
      "button, [role=button], input[type=submit], a[href]",
    )) {
      if (!shown(el)) continue;
      if (el.tagName === "A" && el.getAttribute("role") !== "button" && !drawnAsButton(el)) continue;
      const box = el.getBoundingClientRect();
      if (!inSidewaysScroller(el) && (box.left < -0.5 || box.right > width + 0.5))
        problems.push(
          `${named(el)} runs off the screen (${Math.round(box.left)}..${Math.round(box.right)} px)`,
        );
      if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
        problems.push(
          `${named(el)} spills out of its ${el.clientWidth}x${el.clientHeight} px box (${el.scrollWidth}x${el.scrollHeight})`,
        );
    }
    const measure = document.createElement("canvas").getContext("2d")!;
    for (const menu of document.querySelectorAll<HTMLSelectElement>("select")) {
      if (!shown(menu)) continue;
      const style = getComputedStyle(menu);
      measure.font = style.font;
      const chosen = menu.selectedOptions[0]?.text ?? "";
      const room = menu.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
      if (measure.measureText(chosen).width > room) problems.push(`the menu shows "${chosen}" cut off`);
    }
    return problems;
  }, width);
}

/** Checks the page as it is at both phone widths (loaded at the narrower, as a 320 px phone loads it). */
async function expectFitsPhones(page: Page, what: string) {
  for (const width of phoneWidths) {
    await page.setViewportSize({ width, height: 844 });
    expect.soft(await layoutProblems(page, width), `${what} at ${width} px`).toEqual([]);
  }
}

/**
 * As long a name as a store or a product may have, with nowhere to break a line (a brand or a model code run
 * together): in a list whose rows let the text grow the row (a grid's `auto` track), it widens the whole page.
 */
const longName = "SumberRejekiSportOfficialStoreJakartaPusat".repeat(2);

/**
 * Writes the long name into the page where `shown` is (the row as the page drew it, so no store or product of the
 * shared database is renamed), and checks the page still fits the narrower phone.
 */
async function expectFitsWithLongName(page: Page, shown: Locator, what: string) {
  await page.setViewportSize({ width: phoneWidths[0], height: 844 });
  await expect(shown).toBeVisible();
  await shown.evaluate((el, name) => (el.textContent = name), longName);
  expect
    .soft(await layoutProblems(page, phoneWidths[0]), `${what} with a long name at ${phoneWidths[0]} px`)
    .toEqual([]);
}

async function open(page: Page, path: string, status = 200) {
  await page.setViewportSize({ width: phoneWidths[0], height: 844 });
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(status);
  await waitForHydration(page);
  await expect(page.getByRole("main")).toBeVisible();
}

/** Opens each page (in `lang`) and checks it at both widths. */
async function checkPages(page: Page, lang: Lang, pages: readonly (readonly [string, string, number?])[]) {
  for (const [name, path, status] of pages) {
    await open(page, localePath(lang, path), status);
    await expectFitsPhones(page, `${name} (${lang})`);
  }
}

for (const lang of langs) {
  test.describe(`every page fits a 390 and a 320 px phone in ${lang}`, () => {
    test("a visitor's pages, also with the clear-history dialog open", async ({ page, request }) => {
      test.setTimeout(180_000);
      const m = messages[lang];
      const product = await sneakersListing(request, lang);
      const store = await storeNamed(request, "Toko Batik Sari");
      await checkPages(page, lang, [
        ["home", "/h5"],
        ["category", "/h5/category"],
        ["product list by category", `/h5/products/list?category=${shoesCategoryId}`],
        ["product list by search", "/h5/products/list?q=sepatu"],
        ["product", `/h5/products/${product.id}`],
        ["product reviews", `/h5/products/${product.id}/reviews`],
        ["shop street", "/h5/merchant/street"],
        ["shop page", `/h5/merchant/shop/${store.id}`],
        ["FAQ", "/h5/question"],
        ["sign-in", "/h5/signin"],
        ["sign-up", "/h5/signup"],
        ["forget", "/h5/forget"],
        ["download", "/down"],
        ["local outbox", "/dev/outbox"],
        ["404", `/h5/products/${missingProductId}`, 404],
      ]);

      // The clear-history question, over the search page.
      await page.evaluate(() => localStorage.setItem("pasar-search-history", JSON.stringify(["sepatu"])));
      await open(page, listPath(lang));
      await page.getByRole("searchbox").click();
      await page.getByRole("button", { name: m.catalog.search.clearHistory, exact: true }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByRole("heading", { name: m.catalog.search.confirmClear })).toBeVisible();
      await expectFitsPhones(page, `the clear-history dialog (${lang})`);
      const box = (await dialog.boundingBox())!;
      expect.soft(box.x, "the dialog starts off the screen").toBeGreaterThanOrEqual(0);
      expect.soft(box.x + box.width, "the dialog runs off the screen").toBeLessThanOrEqual(phoneWidths[1]);
      await dialog.getByRole("button", { name: m.catalog.search.cancel, exact: true }).click();
    });

    test("the demo shopper's pages: orders, wallet, and a cart whose total keeps to one line", async ({
      page,
    }) => {
      test.setTimeout(240_000);
      const m = messages[lang];
      const token = await signInPageAs(page, "shopper@pasar.test");
      // The dearest products, three of each: the longest total a cart shows.
      const dearest = (await listAll(page.request, { sort: "priceDesc" }, lang)).slice(0, 2);
      for (const p of dearest)
        await trpcMutation(
          page.request,
          "cart.add",
          { listingId: p.id, quantity: 3 },
          { authorization: token },
        );
      const orders = (
        await trpcQuery<{ items: { id: string; status: string }[] }>(
          page.request,
          "orders.list",
          { tab: "all", limit: 50 },
          lang,
          token,
        )
      ).items;
      const received = orders.find((o) => o.status === "completed") ?? orders[0]!;
      const item = (
        await trpcQuery<{ items: { listingId: string }[] }>(
          page.request,
          "orders.get",
          { id: received.id },
          lang,
          token,
        )
      ).items[0]!;
      await checkPages(page, lang, [
        ["collection", "/h5/collection"],
        ["footmark", "/h5/footmark"],
        ["account", "/h5/account"],
        ["account security", "/h5/account/security"],
        ["delivery addresses", "/h5/delivery"],
        ["checkout", `/h5/pay?lines=${dearest[0]!.id}*1`],
        ["orders", "/h5/order"],
        // An order in every state: each has its own buttons.
        ...orders.map((o) => [`order detail (${o.status})`, `/h5/order/detail?id=${o.id}`] as const),
        ["order review", `/h5/order/review?id=${received.id}`],
        ["after-sales request", `/h5/order/aftersales?id=${received.id}&item=${item.listingId}`],
        ["merchant centre (not a merchant)", "/h5/merchant"],
        ["merchant application", "/h5/merchant/apply"],
        ["funds", "/h5/merchant/fund"],
        ["recharge", "/h5/merchant/recharge"],
        ["withdraw", "/h5/merchant/withdraw"],
        ["bank card", "/h5/merchant/bank"],
        ["product, signed in", `/h5/products/${dearest[0]!.id}`],
        ["chats", "/h5/chat"],
        ...(
          await trpcQuery<{ items: { party: { id: string } }[] }>(page.request, "chat.list", {}, lang, token)
        ).items
          .slice(0, 1)
          .map((c) => ["a conversation", `/h5/chat/${c.party.id}`] as const),
        ["cart", "/h5/cart"],
      ]);

      // The cart's total stays on one line beside (or above) a checkout button the shopper can see whole.
      const total = page.getByTestId("cart-total");
      const checkout = page.getByRole("button", {
        name: messagePattern(m.orders.cart.checkout, { count: "\\d+" }),
      });
      for (const width of phoneWidths) {
        await page.setViewportSize({ width, height: 844 });
        await expect(total).toContainText(m.orders.cart.total);
        const lineHeight = await total.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
        const box = (await total.boundingBox())!;
        expect.soft(box.height, `the cart total wraps at ${width} px`).toBeLessThan(lineHeight * 1.6);
        await expect.soft(checkout, `the checkout button at ${width} px`).toBeInViewport({ ratio: 1 });
      }

      // The collection's rows (a grid list) keep to the phone whatever a product is called.
      await trpcMutation(
        page.request,
        "collection.add",
        { listingId: dearest[0]!.id },
        { authorization: token },
      );
      await open(page, localePath(lang, "/h5/collection"));
      await expectFitsWithLongName(
        page,
        page.getByRole("main").getByText(dearest[0]!.name, { exact: true }).first(),
        `the collection (${lang})`,
      );
    });

    test("a merchant's pages, with the longest category chosen in the supply catalogue", async ({ page }) => {
      test.setTimeout(180_000);
      const token = await signInPageAs(page, "merchant1@pasar.test");
      const storeOrders = (
        await trpcQuery<{ items: { id: string }[] }>(page.request, "merchantOrders.list", {}, lang, token)
      ).items;
      const withdrawals = (
        await trpcQuery<{ items: { id: string }[] }>(page.request, "wallet.withdrawals", {}, lang, token)
      ).items;
      await checkPages(page, lang, [
        ["merchant centre", "/h5/merchant"],
        ["listings", "/h5/merchant/products"],
        ["delisted", "/h5/merchant/products?status=hidden"],
        ["store management", "/h5/merchant/shop/manage"],
        ["order centre", "/h5/merchant/order"],
        ...storeOrders
          .slice(0, 2)
          .map((o) => ["store order", `/h5/merchant/order/detail?id=${o.id}`] as const),
        ["store reviews", "/h5/merchant/reviews"],
        ["store chats", "/h5/merchant/chat"],
        ...(
          await trpcQuery<{ items: { id: string }[] }>(page.request, "merchantChat.list", {}, lang, token)
        ).items
          .slice(0, 1)
          .map((c) => ["a store conversation", `/h5/merchant/chat/${c.id}`] as const),
        ["funds", "/h5/merchant/fund"],
        ["recharge", "/h5/merchant/recharge"],
        ["withdraw", "/h5/merchant/withdraw"],
        ...withdrawals.slice(0, 1).map((w) => ["a withdrawal", `/h5/merchant/withdraw?id=${w.id}`] as const),
        ["bank card", "/h5/merchant/bank"],
        ["account", "/h5/account"],
        ["supply catalogue", "/h5/merchant/products?status=catalogue"],
      ]);

      // The merchant picks the category with the longest name: the menu shows it whole, the page still fits.
      const menu = page.getByLabel(messages[lang].merchant.products.category, { exact: true });
      const longest = await menu.evaluate((select: HTMLSelectElement) => {
        const measure = document.createElement("canvas").getContext("2d")!;
        measure.font = getComputedStyle(select).font;
        const width = (o: HTMLOptionElement) => measure.measureText(o.text).width;
        return [...select.options].filter((o) => o.value).reduce((a, b) => (width(b) > width(a) ? b : a))
          .value;
      });
      await menu.selectOption(longest);
      await expect(page).toHaveURL(new RegExp(`category=${longest}`));
      await expect(page.getByTestId("supply-product").first()).toBeVisible();
      await expectFitsPhones(page, `the supply catalogue of the longest category (${lang})`);

      // The supply catalogue's, the listings' and the order centre's rows (grid lists) keep to the phone whatever a
      // product is called.
      await expectFitsWithLongName(
        page,
        page.getByTestId("supply-product").first().locator("p.line-clamp-2"),
        `the supply catalogue (${lang})`,
      );
      await open(page, localePath(lang, "/h5/merchant/products"));
      await expectFitsWithLongName(
        page,
        page.getByTestId("own-listing").first().locator("p.line-clamp-2"),
        `the listings (${lang})`,
      );
      await open(page, localePath(lang, "/h5/merchant/order"));
      await expectFitsWithLongName(
        page,
        page.getByTestId("merchant-order").first().locator("p.line-clamp-1"),
        `the order centre (${lang})`,
      );
    });

    test("an operator's pages, with the approval dialog open", async ({ page }) => {
      test.setTimeout(180_000);
      const m = messages[lang];
      const token = await signInPageAs(page, "operator@pasar.test");
      await checkPages(page, lang, [
        ["dashboard", "/ops"],
        ["fulfilment", "/ops/orders"],
        ["merchants", "/ops/merchants"],
        ["catalogue", "/ops/catalog"],
        ["categories", "/ops/categories"],
        ["recharges", "/ops/recharges"],
        ["payments", "/ops/payments"],
        ["shipping", "/ops/shipping"],
        ["ledger", "/ops/ledger"],
        ["adjust", "/ops/adjust"],
        ["audit log", "/ops/audit"],
        ["reviews", "/ops/reviews"],
        ["after-sales", "/ops/aftersales"],
        ["settings", "/ops/settings"],
        ["FAQs", "/ops/faqs"],
        ["users", "/ops/users"],
        // Last: the seed's withdrawal waiting for review ("Approve and mark paid").
        ["withdrawals", "/ops/withdrawals"],
      ]);
      await page
        .getByTestId("ops-withdrawal")
        .first()
        .getByRole("button", { name: m.ops.withdrawals.approve })
        .click();
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByRole("button", { name: m.ops.withdrawals.approve })).toBeVisible();
      await expectFitsPhones(page, `the approval dialog (${lang})`);
      await dialog.getByRole("button", { name: m.catalog.search.cancel, exact: true }).click();

      // The fulfilment list's rows (a grid list) keep to the phone whatever a store or a product is called.
      const [order] = (
        await trpcQuery<{ items: { code: string; storeName: string; items: { name: string }[] }[] }>(
          page.request,
          "ops.orders.list",
          { view: "all", limit: 1 },
          lang,
          token,
        )
      ).items;
      await open(page, localePath(lang, "/ops/orders?status=all"));
      const row = page.getByTestId("ops-order").filter({ hasText: order!.code });
      // The order code keeps to one line at 320 px (the status label goes under it when they do not fit side by side).
      const code = row.getByText(order!.code, { exact: true });
      const lines = await code.evaluate((el) => {
        const style = getComputedStyle(el);
        return Math.round(el.getBoundingClientRect().height / parseFloat(style.lineHeight));
      });
      expect(lines, `the order code's lines at 320 px (${lang})`).toBe(1);
      await expectFitsWithLongName(
        page,
        row.getByText(order!.storeName).first(),
        `the fulfilment list, store (${lang})`,
      );
      await expectFitsWithLongName(
        page,
        row.getByText(order!.items[0]!.name).first(),
        `the fulfilment list, product (${lang})`,
      );
    });
  });
}
