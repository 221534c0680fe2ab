import { expect, test, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { expectFieldError, expectNoFieldError } from "../support/accounts.ts";
import {
  listPath,
  productCards,
  productGrid,
  shownCards,
  signInFreshShopper,
  sneakers,
  trpcQuery,
} from "../support/browsing.ts";
import { fill, messages, pageTitle, type Lang } from "../support/i18n.ts";
import { waitForHydration } from "../support/page.ts";

/** Where the shop keeps a visitor's search history on the device. */
const deviceHistoryKey = "pasar-search-history";

function searchBox(page: Page, lang: Lang) {
  const m = messages[lang].catalog.search;
  const form = page.getByRole("search");
  const chips = (title: string) => page.getByRole("region", { name: title, exact: true });
  return {
    field: form.getByRole("searchbox", { name: m.label, exact: true }),
    submit: form.getByRole("button", { name: m.submit, exact: true }),
    suggestions: chips(m.suggestions),
    history: chips(m.history),
    hot: chips(m.hot),
    /** The remembered keywords, newest first. */
    historyWords: chips(m.history).getByRole("list").getByRole("button"),
    clearHistory: page.getByRole("button", { name: m.clearHistory, exact: true }),
  };
}

function chip(region: Locator, word: string): Locator {
  return region.getByRole("button", { name: word, exact: true });
}

/** Records product-list requests from now on: API calls for products and route data loads. */
function recordListRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (url.pathname.includes("listings.list") || url.pathname.endsWith(".data")) seen.push(req.url());
  });
  return seen;
}

function deviceHistory(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), deviceHistoryKey);
}

/**
 * The data the app got back for a tRPC query (`search.hot`, …) in the next answer that carries it (asked with
 * `asked` in its input, when given); the app batches queries, so the answer may carry others too.
 */
async function nextAnswer<T>(page: Page, procedure: string, asked?: string): Promise<T> {
  const procedures = (url: string) => {
    const path = new URL(url).pathname;
    return path.startsWith("/trpc/") ? path.slice("/trpc/".length).split(",") : [];
  };
  const response = await page.waitForResponse(
    (r) =>
      r.request().method() === "GET" &&
      procedures(r.url()).includes(procedure) &&
      (asked === undefined || decodeURIComponent(r.url()).includes(asked)),
  );
  const body = (await response.json()) as unknown;
  const entries = (Array.isArray(body) ? body : [body]) as { result: { data: { json: T } } }[];
  return entries[procedures(response.url()).indexOf(procedure)]!.result.data.json;
}

/**
 * Opens the search panel (a tap in the field) and waits for what it asked the server: the hot keywords, and the
 * server-kept history of a signed-in shopper. Resolves with those answers once the page has drawn the frame
 * after them.
 */
async function openPanel(page: Page, lang: Lang, signedIn = false) {
  const hot = nextAnswer<string[]>(page, "search.hot");
  const history = signedIn ? nextAnswer<string[]>(page, "search.history") : Promise.resolve(undefined);
  await searchBox(page, lang).field.click();
  const answers = { hot: await hot, history: await history };
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
  return answers;
}

async function openList(page: Page, lang: Lang) {
  await page.goto(listPath(lang));
  await waitForHydration(page);
}

test("ind visitor: typo search, suggestions, empty search, and a device history cleared only after confirming", async ({
  page,
  browser,
}) => {
  const lang: Lang = "ind";
  const m = messages[lang].catalog;
  await openList(page, lang);
  const box = searchBox(page, lang);

  // An empty search says so under the field and asks the server nothing (recorded once the panel's own
  // questions are answered).
  await openPanel(page, lang);
  const requests = recordListRequests(page);
  await box.submit.click();
  await expectFieldError(box.field, m.search.enterKeywords);
  await box.field.fill("   ");
  await box.field.press("Enter");
  await expectFieldError(box.field, m.search.enterKeywords);
  await expect(page).toHaveURL(/\/h5\/products\/list$/);

  // Suggestions come while typing.
  await box.field.fill("sneak");
  await expect(chip(box.suggestions, sneakers.names.ind)).toBeVisible();
  await expect(box.suggestions.getByRole("button")).not.toHaveCount(0);
  for (const name of await box.suggestions.getByRole("button").allInnerTexts()) {
    expect(name, "a suggestion that does not match what is typed").toMatch(/sneak/i);
  }

  // A typo still finds the sneakers.
  await box.field.fill("snekers");
  await box.field.press("Enter");
  await expect(page).toHaveURL(/\/h5\/products\/list\?q=snekers$/);
  // Requests are recorded in order: the first list request since the empty searches is this one.
  expect(requests[0], "an empty search sent a request").toMatch(/snekers/);
  const title = fill(m.list.results, { query: "snekers" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(pageTitle(title));
  await expect(productCards(productGrid(page)).first()).toBeVisible();
  const found = await shownCards(productGrid(page));
  expect(found.map((c) => c.name)).toContain(sneakers.names.ind);
  for (const card of found) expect(card.name, "an unrelated product in the results").toMatch(/sneakers/i);
  await expect(page.getByTestId("corrected-query")).toHaveText(
    fill(m.list.correctedTo, { query: "sneakers" }),
  );
  await expect(box.field).toHaveValue("snekers");
  await expectNoFieldError(box.field);

  // The visitor's history is kept on this device, also across a reload.
  await box.field.click();
  await expect(chip(box.history, "snekers")).toBeVisible();
  expect(JSON.parse((await deviceHistory(page)) ?? "[]")).toEqual(["snekers"]);
  await page.reload();
  await waitForHydration(page);
  await box.field.click();
  await expect(chip(box.history, "snekers")).toBeVisible();

  // Picking a suggestion searches for it and joins the history.
  // Picked from the suggestions answered for what is typed now (not those still shown for the last words).
  const suggested = nextAnswer<string[]>(page, "search.suggest", "sneakers wanita");
  await box.field.fill("sneakers wanita");
  const pinkName = (await suggested).find((name) => /Pink/.test(name))!;
  expect(pinkName, "no pink sneakers among the suggestions").toBeTruthy();
  await chip(box.suggestions, pinkName).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(fill(m.list.results, { query: pinkName }));
  expect((await shownCards(productGrid(page))).map((c) => c.name)).toContain(pinkName);
  await box.field.click();
  await expect(box.historyWords).toHaveText([pinkName.toLowerCase(), "snekers"]);

  // Clearing asks first: cancelling keeps the history.
  await box.clearHistory.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading")).toHaveText(m.search.confirmClear);
  await dialog.getByRole("button", { name: m.search.cancel, exact: true }).click();
  await expect(dialog).toBeHidden();
  await box.field.click();
  await expect(chip(box.history, "snekers")).toBeVisible();
  expect(await deviceHistory(page)).not.toBeNull();

  await box.clearHistory.click();
  await dialog.getByRole("button", { name: m.search.confirm, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(box.history).toHaveCount(0);
  expect(await deviceHistory(page)).toBeNull();
  await page.reload();
  await waitForHydration(page);
  // The panel is open and settled (its hot keywords answered), and shows no history.
  await openPanel(page, lang);
  await expect(box.field).toBeFocused();
  await expect(box.history).toHaveCount(0);

  // Another device has no history of these searches.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await openList(otherPage, lang);
  const otherBox = searchBox(otherPage, lang);
  await openPanel(otherPage, lang);
  await expect(otherBox.field).toBeFocused();
  await expect(otherBox.history).toHaveCount(0);
  await other.close();
});

test("ind: a misspelt search becomes a popular search, spelled as corrected, once three visitors made it", async ({
  page,
  browser,
}) => {
  test.slow();
  const lang: Lang = "ind";
  await openList(page, lang);
  // Signed out, everyone on one address counts as one visitor (visitor ids are free to invent), and these
  // browsers share the test machine's address: the visitors are three signed-in shoppers.
  const shopper = async (tag: string) => {
    const context = await browser.newContext();
    const visitorPage = await context.newPage();
    await signInFreshShopper(visitorPage, tag);
    return visitorPage;
  };
  const searchAs = async (visitorPage: Page, q: string) => {
    await openList(visitorPage, lang);
    const recorded = visitorPage.waitForResponse((r) => r.url().includes("search.record") && r.ok());
    await searchBox(visitorPage, lang).field.fill(q);
    await searchBox(visitorPage, lang).field.press("Enter");
    await recorded;
  };
  const hotSeenBy = async (context: BrowserContext) => {
    const observer = await context.newPage();
    await openList(observer, lang);
    const box = searchBox(observer, lang);
    // What the server answered for the hot keywords, once the panel has drawn it.
    const { hot } = await openPanel(observer, lang);
    return { page: observer, box, hot };
  };

  // A misspelling no other test searches for ("dumbell" for "dumbbell"): tests share the shop.
  // One visitor searching again and again, and a second visitor, are not yet popular.
  const first = await shopper("hot.satu");
  for (let i = 0; i < 3; i++) await searchAs(first, "dumbell");
  const second = await shopper("hot.dua");
  await searchAs(second, "dumbell");
  const watcher = await browser.newContext();
  let seen = await hotSeenBy(watcher);
  expect(seen.hot).not.toContain("dumbbell");
  await expect(chip(seen.box.hot, "dumbbell")).toHaveCount(0);

  // A third visitor makes it popular, spelled as search corrected it.
  const third = await shopper("hot.tiga");
  await searchAs(third, "dumbell");
  seen = await hotSeenBy(watcher);
  expect(seen.hot).toContain("dumbbell");
  expect(seen.hot).not.toContain("dumbell");
  await expect(chip(seen.box.hot, "dumbbell")).toBeVisible();
  await expect(chip(seen.box.hot, "dumbell")).toHaveCount(0);
  await chip(seen.box.hot, "dumbbell").click();
  await expect(seen.page).toHaveURL(/\/h5\/products\/list\?q=dumbbell$/);
  await expect(seen.box.field).toHaveValue("dumbbell");
  for (const context of [first.context(), second.context(), third.context(), watcher]) await context.close();
});

test("en shopper: search history is kept on the server, seen on another device, and cleared only after confirming", async ({
  page,
  browser,
  request,
}) => {
  const lang: Lang = "en";
  const m = messages[lang].catalog;
  const { token } = await signInFreshShopper(page, "searcher");
  await openList(page, lang);
  const box = searchBox(page, lang);

  // The server says this shopper has no history, and the open panel shows none.
  expect((await openPanel(page, lang, true)).history).toEqual([]);
  await expect(box.history).toHaveCount(0);
  await box.submit.click();
  await expectFieldError(box.field, m.search.enterKeywords);

  await box.field.fill("Batik");
  await box.submit.click();
  await expect(page).toHaveURL(/\/en\/h5\/products\/list\?q=Batik$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(fill(m.list.results, { query: "Batik" }));
  const found = await shownCards(productGrid(page));
  expect(found.length).toBeGreaterThan(0);

  // The results page records the search once shown.
  await expect
    .poll(() => trpcQuery<string[]>(request, "search.history", undefined, lang, token))
    .toEqual(["batik"]);
  // Back in the field, the search just made is in the history, as it is for a visitor.
  await box.field.click();
  await expect
    .soft(box.historyWords, "the history still shows what it held before this search")
    .toHaveText(["batik"]);
  expect(await deviceHistory(page), "a signed-in shopper's history was kept on the device").toBeNull();
  // Newly opened, the page shows it from the server.
  await page.reload();
  await waitForHydration(page);
  await box.field.click();
  await expect(box.historyWords).toHaveText(["batik"]);

  // The same shopper on another device sees the same history.
  const phone = await browser.newContext();
  await phone.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
    key: "pasar-token",
    value: token,
  });
  const other = await phone.newPage();
  await openList(other, lang);
  const otherBox = searchBox(other, lang);
  await otherBox.field.click();
  await expect(otherBox.historyWords).toHaveText(["batik"]);

  // Cancelling keeps it; confirming clears it on the server.
  await otherBox.clearHistory.click();
  const dialog = other.getByRole("dialog");
  await expect(dialog.getByRole("heading")).toHaveText(m.search.confirmClear);
  await dialog.getByRole("button", { name: m.search.cancel, exact: true }).click();
  await expect(dialog).toBeHidden();
  expect(await trpcQuery<string[]>(request, "search.history", undefined, lang, token)).toEqual(["batik"]);
  await otherBox.clearHistory.click();
  await dialog.getByRole("button", { name: m.search.confirm, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(otherBox.history).toHaveCount(0);
  await expect.poll(() => trpcQuery<string[]>(request, "search.history", undefined, lang, token)).toEqual([]);
  await phone.close();

  // Back on the first device (on the plain list: reopening the results page would search again).
  await openList(page, lang);
  expect((await openPanel(page, lang, true)).history).toEqual([]);
  await expect(box.history).toHaveCount(0);
});

test("en shopper: opening a search address (a link from another site, a reload) records nothing; searching in the shop does", async ({
  page,
  request,
}) => {
  const lang: Lang = "en";
  const { token } = await signInFreshShopper(page, "linked");
  const recordCalls: string[] = [];
  page.on("request", (req) => {
    if (req.url().includes("search.record")) recordCalls.push(req.url());
  });
  await page.goto(listPath(lang, { q: "kopi" }), { referer: "https://elsewhere.example/" });
  await waitForHydration(page);
  await expect(productCards(productGrid(page)).first()).toBeVisible();
  await page.reload();
  await waitForHydration(page);
  await expect(productCards(productGrid(page)).first()).toBeVisible();
  // A record the shown results asked for would have gone out before the panel's own later questions, which
  // travel the same way in order: once those are answered, nothing was recorded.
  await openPanel(page, lang, true);
  expect(recordCalls).toEqual([]);
  expect(await trpcQuery<string[]>(request, "search.history", undefined, lang, token)).toEqual([]);

  const box = searchBox(page, lang);
  await box.field.fill("teh");
  await box.field.press("Enter");
  await expect(page).toHaveURL(/\?q=teh$/);
  await expect
    .poll(() => trpcQuery<string[]>(request, "search.history", undefined, lang, token))
    .toEqual(["teh"]);
});

test("zh: an empty search says 请输入关键词 under the field; a typo finds the sneakers by their Chinese name", async ({
  page,
}) => {
  const m = messages.zh.catalog;
  await openList(page, "zh");
  const box = searchBox(page, "zh");
  const requests = recordListRequests(page);
  await box.submit.click();
  await expectFieldError(box.field, m.search.enterKeywords);
  expect(requests).toEqual([]);

  await box.field.fill("snekers");
  await box.submit.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    fill(m.list.results, { query: "snekers" }),
  );
  await expect(productCards(productGrid(page)).filter({ hasText: sneakers.names.zh })).toBeVisible();
  await expect(page.getByTestId("corrected-query")).toHaveText("显示“sneakers”的结果");
  await expect(box.field).not.toHaveAttribute("aria-invalid", "true");
});
