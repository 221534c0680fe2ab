import { expect, test, type Page } from "@playwright/test";
import {
  authForm,
  authPath,
  createEmailAccount,
  goodPassword,
  newEmail,
  toasts,
} from "../support/accounts.ts";
import {
  listAll,
  listPath,
  productCards,
  productGrid,
  shoesCategoryId,
  shownCards,
  signInFreshShopper,
  sneakers,
  sneakersListing,
  trpcQuery,
} from "../support/browsing.ts";
import { formatRupiah } from "../support/catalog.ts";
import {
  escapeRegExp,
  fill,
  localePath,
  messagePattern,
  messages,
  pageTitle,
  type Lang,
} from "../support/i18n.ts";
import { waitForHydration } from "../support/page.ts";

const signInPathFor = (lang: Lang, back: string) =>
  new RegExp(
    `${escapeRegExp(authPath(lang, "signin"))}\\?redirect=${escapeRegExp(encodeURIComponent(back))}$`,
  );

/** Opens the account page, then one of its links, as from the account tab. */
async function openFromAccount(page: Page, lang: Lang, label: string) {
  const m = messages[lang];
  await page.goto(authPath(lang, "account"));
  await waitForHydration(page);
  await page
    .getByRole("navigation", { name: m.account.page.title })
    .getByRole("link", { name: label })
    .click();
}

test("en: a product page shows the service promises, the store card leading to its shop, and other products", async ({
  page,
  request,
}) => {
  const m = messages.en;
  const product = await sneakersListing(request, "en");
  await page.goto(localePath("en", `/h5/products/${product.id}`));
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(sneakers.names.en);
  await expect(page).toHaveTitle(pageTitle(sneakers.names.en));
  await expect(page.getByRole("main").getByText(formatRupiah(product.price), { exact: true })).toBeVisible();

  const services = page.getByRole("region", { name: m.catalog.product.services });
  await expect(services.getByRole("listitem")).toHaveText([
    m.catalog.product.returns,
    m.catalog.product.replacement,
    m.catalog.product.delivery,
  ]);
  await expect(services).toContainText("7-day");
  await expect(services).toContainText("15-day");
  await expect(services).toContainText("2 to 7 business days");

  const recommended = page.getByRole("region", { name: m.catalog.product.recommended });
  await expect(recommended.getByRole("heading", { level: 2 })).toBeVisible();
  await expect(productCards(recommended).first()).toBeVisible();
  const others = await shownCards(recommended);
  expect(others.length).toBeGreaterThan(0);
  for (const card of others) {
    expect(card.id, "the product recommends itself").not.toBe(product.id);
    expect(card.name, "the same product is recommended from another store").not.toBe(product.name);
  }
  // Related first: the other shoes come before anything else.
  const shoes = (await listAll(request, { categoryId: shoesCategoryId }, "en")).filter(
    (p) => p.name !== product.name,
  );
  expect(
    others
      .slice(0, shoes.length)
      .map((c) => c.name)
      .sort(),
  ).toEqual(shoes.map((p) => p.name).sort());

  // The store card opens the store's shop page, which sells this product.
  const store = page.getByRole("region", { name: m.catalog.product.store });
  const storeLink = store.getByRole("link", { name: sneakers.store });
  await expect(storeLink).toHaveAttribute("href", /^\/en\/h5\/merchant\/shop\/str_\w+$/);
  // Beside it, the way to ask the store about this product.
  await expect(store.getByRole("link", { name: m.chat.openStore, exact: true })).toHaveAttribute(
    "href",
    new RegExp(`^/en/h5/chat/str_\\w+\\?product=${product.id}$`),
  );
  await storeLink.click();
  await expect(page).toHaveURL(/\/en\/h5\/merchant\/shop\/str_\w+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(sneakers.store);
  await expect(page).toHaveTitle(pageTitle(sneakers.store));
  await expect(productCards(productGrid(page)).first()).toBeVisible();
  const sold = new Set((await shownCards(productGrid(page))).map((c) => c.id));
  expect(sold.has(product.id), "the store's page does not list the product it sells").toBe(true);

  // A recommended product opens its own page.
  await page.getByRole("button", { name: m.shell.back }).click();
  await expect(page).toHaveURL(new RegExp(`/en/h5/products/${product.id}$`));
  await productCards(page.getByRole("region", { name: m.catalog.product.recommended }))
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/en/h5/products/${others[0]!.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(others[0]!.name);
});

test("en: a visitor saving a product signs in first and comes back; the saved product is in the collection until removed there", async ({
  page,
  request,
}) => {
  const m = messages.en;
  const product = await sneakersListing(request, "en");
  const path = localePath("en", `/h5/products/${product.id}`);
  const email = newEmail("collector");
  await createEmailAccount(request, email); // not this browser: it stays a visitor

  await page.goto(path);
  await waitForHydration(page);
  const save = page.getByRole("button", { name: m.catalog.product.addToCollection, exact: true });
  await expect(save).toHaveAttribute("aria-pressed", "false");
  await save.click();
  await expect(page).toHaveURL(signInPathFor("en", `${path}?after=collect`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.auth.signin.title);

  await waitForHydration(page);
  const form = authForm(page, "en");
  await form.account.fill(email);
  await form.password.fill(goodPassword);
  await page.getByRole("button", { name: m.auth.signin.submit, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(sneakers.names.en);

  // Back on the product, the save asked for before signing in is done, and the URL is the product's again.
  await expect(toasts(page, "en").getByText(m.catalog.product.added, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(path)}$`));
  const saved = page.getByRole("button", { name: m.catalog.product.inCollection, exact: true });
  await expect(saved).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await waitForHydration(page);
  await expect(saved).toHaveAttribute("aria-pressed", "true");

  // In the collection, reached from the account tab.
  await openFromAccount(page, "en", m.account.page.collection);
  await expect(page).toHaveURL(/\/en\/h5\/collection$/);
  await expect(page).toHaveTitle(pageTitle(m.browsing.collection.title));
  const main = page.getByRole("main");
  const entry = main.getByRole("link", { name: new RegExp(escapeRegExp(sneakers.names.en)) });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(formatRupiah(product.price));
  await expect(entry).toHaveAttribute("href", path);

  await main
    .getByRole("button", { name: fill(m.browsing.collection.remove, { name: sneakers.names.en }) })
    .click();
  await expect(toasts(page, "en").getByText(m.catalog.product.removed, { exact: true })).toBeVisible();
  await expect(entry).toHaveCount(0);
  await expect(main.getByText(m.browsing.collection.empty, { exact: true })).toBeVisible();
  await expect(main.getByRole("link", { name: m.browsing.browseShop })).toHaveAttribute("href", "/en/h5");

  // The product page no longer shows it saved.
  await page.goto(path);
  await waitForHydration(page);
  await expect(save).toHaveAttribute("aria-pressed", "false");
});

test("zh: opened products are footprints, newest first under 今天; one can be removed, and all cleared after confirming", async ({
  page,
  request,
}) => {
  const m = messages.zh;
  const fm = m.browsing.footmark;
  // A visitor has no footprints: the page asks to sign in first.
  await page.goto(localePath("zh", "/h5/footmark"));
  await expect(page).toHaveURL(signInPathFor("zh", localePath("zh", "/h5/footmark")));

  const { token } = await signInFreshShopper(page, "footprints");
  const products = await listAll(request, { categoryId: shoesCategoryId }, "zh");
  expect(products.length).toBeGreaterThanOrEqual(3);
  const [a, b, c] = products as [(typeof products)[0], (typeof products)[0], (typeof products)[0]];

  // Opens the three products one after the other from the list.
  await page.goto(listPath("zh", { category: shoesCategoryId }));
  await waitForHydration(page);
  for (const product of [a, b, c]) {
    await productCards(productGrid(page))
      .and(page.locator(`[href$="${product.id}"]`))
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
    await page.getByRole("button", { name: m.shell.back }).click();
    await expect(productGrid(page)).toBeVisible();
  }

  const removeButtons = page.getByRole("button", { name: messagePattern(fm.remove, { name: ".+" }) });
  const listed = async () =>
    (await removeButtons.evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") ?? ""))).map(
      (label) => messagePattern(fm.remove, { name: "(.+)" }).exec(label)?.[1],
    );

  await openFromAccount(page, "zh", m.account.page.footmark);
  await expect(page).toHaveURL(/\/zh\/h5\/footmark$/);
  await expect(page).toHaveTitle(pageTitle(fm.title));
  const today = page.getByRole("region", { name: fm.today, exact: true });
  await expect(today.getByRole("heading", { level: 2 })).toHaveText(fm.today);
  await expect(today.getByRole("listitem")).toHaveCount(3);
  expect(await listed(), "footprints are not newest first").toEqual([c.name, b.name, a.name]);
  await expect(today.getByRole("link").first()).toHaveAttribute(
    "href",
    localePath("zh", `/h5/products/${c.id}`),
  );

  // Removing one keeps the others.
  await page.getByRole("button", { name: fill(fm.remove, { name: b.name }), exact: true }).click();
  await expect(today.getByRole("listitem")).toHaveCount(2);
  expect(await listed()).toEqual([c.name, a.name]);

  // Viewing a product again moves it to the top.
  await today.getByRole("link").filter({ hasText: a.name }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(a.name);
  await page.getByRole("button", { name: m.shell.back }).click();
  await expect(page).toHaveURL(/\/zh\/h5\/footmark$/);
  await page.reload();
  await waitForHydration(page);
  await expect(today.getByRole("listitem")).toHaveCount(2);
  expect(await listed()).toEqual([a.name, c.name]);

  // Clearing all asks first.
  const header = page.getByRole("banner");
  await header.getByRole("button", { name: fm.clear, exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading")).toHaveText(fm.confirmClear);
  await dialog.getByRole("button", { name: m.catalog.search.cancel, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(today.getByRole("listitem")).toHaveCount(2);

  await header.getByRole("button", { name: fm.clear, exact: true }).click();
  await dialog.getByRole("button", { name: fm.clear, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("main").getByText(fm.empty, { exact: true })).toBeVisible();
  await expect(header.getByRole("button", { name: fm.clear, exact: true })).toHaveCount(0);
  const left = await trpcQuery<{ items: unknown[] }>(request, "footprints.list", {}, "zh", token);
  expect(left.items).toEqual([]);
});
