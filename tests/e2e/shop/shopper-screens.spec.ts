import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import {
  authForm,
  authPath,
  createEmailAccount,
  goodPassword,
  newEmail,
  toasts,
} from "../support/accounts.ts";
import { expectNoSeriousViolations } from "../support/axe.ts";
import { listPath, signInFreshShopper, sneakersListing, storeNamed } from "../support/browsing.ts";
import { escapeRegExp, langs, localePath, messages, settingsLabel } from "../support/i18n.ts";
import { waitForHydration } from "../support/page.ts";

/** The seed's support contacts (server/seed/seed.ts), as a shopper should read them. */
const support = {
  whatsapp: "+62 811-0000-2026",
  waLink: "https://wa.me/6281100002026",
  email: "bantuan@pasar.test",
};

/** The account page's avatar, found by its alt text ("Foto profil {{name}}"). */
function avatarOn(page: Page, altTemplate: string) {
  const prefix = altTemplate.split("{{")[0]!;
  return page.getByRole("img", { name: new RegExp(`^${escapeRegExp(prefix)}`) });
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

test.describe("support contacts", () => {
  for (const lang of langs) {
    test(`a visitor finds them on the FAQ and sign-in pages (${lang})`, async ({ page }) => {
      const m = messages[lang];
      for (const path of ["/h5/question", "/h5/signin"]) {
        await open(page, localePath(lang, path));
        const contacts = page.getByRole("region", { name: m.support.contacts.title, exact: true });
        await expect(contacts, `no support contacts on ${path}`).toBeVisible();
        const whatsapp = contacts.getByRole("link", {
          name: `${m.support.contacts.whatsapp}: ${support.whatsapp}`,
        });
        await expect(whatsapp).toHaveAttribute("href", support.waLink);
        const email = contacts.getByRole("link", { name: `${m.support.contacts.email}: ${support.email}` });
        await expect(email).toHaveAttribute("href", `mailto:${support.email}`);
      }
    });
  }
});

test("the avatar placeholder shows the shopper's own initials, not the alt text's", async ({ page }) => {
  const m = messages.ind;
  const email = newEmail("siti.aminah");
  await createEmailAccount(page.request, email);
  await open(page, authPath("ind", "account"));
  await expect(avatarOn(page, m.account.page.avatarAlt)).toHaveText("SA");

  // Someone else gets their own letters.
  const other = await page.context().browser()!.newContext();
  const otherPage = await other.newPage();
  await createEmailAccount(otherPage.request, newEmail("rina.wati"));
  await open(otherPage, authPath("ind", "account"));
  await expect(avatarOn(otherPage, m.account.page.avatarAlt)).toHaveText("RW");
  await other.close();
});

test("a 0 typed after the +62 prefix is dropped from the account field", async ({ page }) => {
  await open(page, authPath("ind", "signin"));
  const account = authForm(page, "ind").account;
  await account.pressSequentially("081234567890");
  await expect(account).toHaveValue("81234567890");
  await expect(page.getByText("+62", { exact: true })).toBeVisible();
});

test.describe("search", () => {
  test("one tap on the home search bar gives a focused field with the search history", async ({ page }) => {
    const m = messages.ind;
    await page.addInitScript(() => localStorage.setItem("pasar-search-history", JSON.stringify(["batik"])));
    await open(page, "/h5");
    await page.getByRole("link", { name: m.catalog.home.search }).click();
    await expect(page).toHaveURL(/\/h5\/products\/list$/);
    await expect(page.getByRole("searchbox")).toBeFocused();
    const history = page.getByRole("region", { name: m.catalog.search.history });
    await expect(history.getByRole("button", { name: "batik", exact: true })).toBeVisible();
  });

  test("the search field shows one clear button, not the browser's as well", async ({ page }) => {
    const m = messages.en;
    await open(page, listPath("en"));
    const field = page.getByRole("searchbox");
    await field.fill("tas");
    await expect(page.getByRole("button", { name: m.catalog.search.clearField })).toHaveCount(1);
    // The input itself (our clear button is beside it) must show nothing but the text at its left:
    // the browser's own clear "×" would be drawn at its right end.
    const shot = await field.screenshot();
    const { data, info } = await sharp(shot).greyscale().raw().toBuffer({ resolveWithObject: true });
    let darkest = 255;
    for (let y = 0; y < info.height; y++)
      for (let x = Math.floor(info.width * 0.6); x < info.width; x++)
        darkest = Math.min(darkest, data[y * info.width + x]!);
    expect(darkest, "something is drawn at the right end of the search field").toBeGreaterThan(150);

    await page.getByRole("button", { name: m.catalog.search.clearField }).click();
    await expect(field).toHaveValue("");
    await expect(field).toBeFocused();
  });
});

test("the back arrow of a page opened from outside goes to the shop, not out of it", async ({
  page,
  request,
}) => {
  const product = await sneakersListing(request, "ind");
  await page.goto("about:blank");
  await open(page, `/h5/products/${product.id}`);
  await page.getByRole("banner").getByRole("button", { name: messages.ind.shell.back }).click();
  await expect(page).toHaveURL(/\/h5$/);
  await expect(page.getByRole("heading", { level: 1, name: messages.ind.catalog.home.title })).toBeAttached();

  // Within the shop it goes back where the shopper came from.
  await open(page, "/h5/merchant/street");
  await page
    .getByRole("link", { name: /Toko Batik Sari/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/h5\/merchant\/shop\//);
  await page.getByRole("banner").getByRole("button", { name: messages.ind.shell.back }).click();
  await expect(page).toHaveURL(/\/h5\/merchant\/street$/);
});

test("switching the language does not add a history entry", async ({ page, request }) => {
  const product = await sneakersListing(request, "ind");
  await open(page, "/h5/question");
  await open(page, `/h5/products/${product.id}`);
  await page.getByRole("button", { name: settingsLabel("ind") }).click();
  await page.getByRole("dialog").getByRole("radio", { name: "English" }).click();
  await expect(page).toHaveURL(new RegExp(`/en/h5/products/${product.id}$`));
  await page.goBack();
  // Back leaves the product (whose language was switched), it does not switch the language back.
  await expect(page).toHaveURL(/\/h5\/question$/);
});

test("ind: a visitor who follows a store signs in and comes back following it", async ({ page, request }) => {
  const m = messages.ind;
  const store = await storeNamed(request, "Gadget Murah Jaya");
  const shopPath = `/h5/merchant/shop/${store.id}`;
  const email = newEmail("intent");
  await createEmailAccount(request, email); // not this browser: it stays a visitor
  await open(page, shopPath);
  await page.getByRole("button", { name: m.stores.page.follow, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.auth.signin.title);
  await waitForHydration(page);
  const form = authForm(page, "ind");
  await form.account.fill(email);
  await form.password.fill(goodPassword);
  await page.getByRole("button", { name: m.auth.signin.submit, exact: true }).click();

  await expect(toasts(page, "ind").getByText(m.stores.page.followed, { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: m.stores.page.following, exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  // Done once: the URL is the store's again, and a reload does not repeat (or undo) it.
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(shopPath)}$`));
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: m.stores.page.following, exact: true })).toBeVisible();
});

test.describe("home screen tip", () => {
  for (const lang of langs) {
    test(`/down promises no store app and shows how to add the shop to the home screen (${lang})`, async ({
      page,
    }) => {
      const m = messages[lang].pages.down;
      await open(page, localePath(lang, "/down"));
      await expect(page.getByRole("heading", { level: 1, name: m.heading })).toBeVisible();
      await expect(page.getByText(m.body)).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: m.androidTitle })).toBeVisible();
      await expect(page.getByText(m.android)).toBeVisible();
      await expect(page.getByText(m.iphone)).toBeVisible();
    });
  }
});

test("touch targets and heading order: list, store and signed-in pages, with the search panel open", async ({
  page,
  request,
}) => {
  const store = await storeNamed(request, "Toko Batik Sari");
  await page.addInitScript(() => localStorage.setItem("pasar-search-history", JSON.stringify(["batik"])));
  await open(page, listPath("ind", { q: "batik" }));
  await page.getByRole("searchbox").click();
  await expect(page.getByRole("region", { name: messages.ind.catalog.search.history })).toBeVisible();
  await expectNoSeriousViolations(page, "search panel");
  await open(page, `/h5/merchant/shop/${store.id}`);
  await expectNoSeriousViolations(page, "shop page");
  await signInFreshShopper(page, "targets");
  await open(page, "/h5/account");
  await expectNoSeriousViolations(page, "account page");
});
