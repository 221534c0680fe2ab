import { expect, test, type Page } from "@playwright/test";
import { toasts } from "../support/accounts.ts";
import { expectNoSeriousViolations } from "../support/axe.ts";
import { signInFreshShopper, sneakers, sneakersListing, storeNamed } from "../support/browsing.ts";
import { fill, localePath, messages, pageTitle, type Lang } from "../support/i18n.ts";
import { demoOperator } from "../support/money.ts";
import { waitForHydration } from "../support/page.ts";
import { pageAs } from "../support/roles.ts";
import { expectScreen } from "../support/screens.ts";
import { pngImage } from "../support/images.ts";

/** The demo merchant of the store selling the sneakers (README). */
const sneakersMerchant = "merchant5@pasar.test";

function composer(page: Page, lang: Lang) {
  return page.getByRole("textbox", { name: messages[lang].chat.write });
}

/** Sends a message; it shows as `shown` (the sender, too, sees contact details masked). */
async function send(page: Page, lang: Lang, text: string, shown = text) {
  await composer(page, lang).fill(text);
  await page.getByRole("button", { name: messages[lang].chat.send, exact: true }).click();
  await expect(page.getByRole("listitem").filter({ hasText: shown }).last()).toBeVisible();
  await expect(composer(page, lang)).toHaveValue("");
}

// The journey in Indonesian, in two browsers: a shopper asks about a product from its page, the store answers from
// its inbox and the answer arrives without a reload; the store's phone number is masked with a warning; the shopper
// reports the conversation and the operator reads it in full.
test("a shopper asks a store about a product and the answer arrives live", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const lang: Lang = "ind";
  const m = messages[lang];
  // A tag of letters: a long run of digits would read as an account number and be masked.
  const tag = Math.random().toString(36).slice(2, 8).replace(/\d/g, "x");
  const question = `Ukuran 42 sesuai ukuran biasa? (${tag})`;
  await signInFreshShopper(page, "chat");
  const sneakersItem = await sneakersListing(request);
  await page.goto(localePath(lang, `/h5/products/${sneakersItem.id}`));
  await waitForHydration(page);
  await page.getByRole("link", { name: m.chat.openStore, exact: true }).click();
  await expect(page).toHaveURL(/\/h5\/chat\/str_[0-9a-z]+\?product=/);
  await expect(page).toHaveTitle(pageTitle(fill(m.chat.titleWith, { name: sneakers.store })));
  await waitForHydration(page);
  // The product asked about is on top until it is sent with the first message.
  await expect(page.getByText(m.chat.aboutThis)).toBeVisible();
  await expect(page.getByRole("link", { name: new RegExp(sneakers.names.ind) })).toBeVisible();
  await send(page, lang, question);
  await expect(page.getByText(m.chat.aboutThis)).toHaveCount(0);
  await expectNoSeriousViolations(page, "the shopper's conversation (ind)");

  // The store, in another browser: its inbox lists the conversation as unread; it opens it and answers.
  const store = await pageAs(browser, sneakersMerchant);
  await store.goto(localePath(lang, "/h5/merchant/chat"));
  await waitForHydration(store);
  const row = store.getByRole("link").filter({ hasText: question });
  await expect(row).toContainText(fill(m.chat.unread.other, { count: 2 }));
  await expectNoSeriousViolations(store, "the store's inbox (ind)");
  await row.click();
  await waitForHydration(store);
  await expect(store.getByText(question)).toBeVisible();
  await expect(store.getByRole("link", { name: new RegExp(sneakers.names.ind) })).toBeVisible();
  await send(store, lang, "Sesuai, Kak. Ready semua ukuran.");

  // The shopper sees it arrive, without reloading; the store sees it read.
  await expect(page.getByText("Sesuai, Kak. Ready semua ukuran.")).toBeVisible({ timeout: 15_000 });
  await expect(
    store.getByRole("listitem").filter({ hasText: "Sesuai, Kak." }).getByRole("img", { name: m.chat.read }),
  ).toBeVisible({ timeout: 15_000 });

  // A phone number reaches the shopper masked, with the warning to pay only through Pasar.
  await send(store, lang, "Kalau mau WA aja 0812 3456 7890", "Kalau mau WA aja •••");
  const masked = page.getByRole("listitem").filter({ hasText: "Kalau mau WA aja •••" });
  await expect(masked).toBeVisible({ timeout: 15_000 });
  await expect(masked).toContainText(m.chat.masked);
  await expect(page.getByText("0812 3456 7890")).toHaveCount(0);

  // The shopper reports the conversation.
  await page.getByRole("button", { name: m.chat.report.open }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("radio", { name: m.chat.report.reasons.offPlatform }).check();
  const note = `Minta chat di WA (${tag})`;
  await dialog.getByRole("textbox").fill(note);
  await dialog.getByRole("button", { name: m.chat.report.send }).click();
  await expect(toasts(page, lang).getByText(m.chat.report.sent)).toBeVisible();
  await expect(page.getByRole("button", { name: m.chat.report.done })).toBeDisabled();

  // The operator reads it, as typed.
  const ops = await pageAs(browser, demoOperator.account);
  await ops.goto(localePath(lang, "/ops/chats"));
  await waitForHydration(ops);
  const report = ops.getByTestId("ops-chat-report").filter({ hasText: note });
  await report.getByRole("button", { name: m.ops.chats.read }).click();
  await expect(report.getByText("Kalau mau WA aja 0812 3456 7890")).toBeVisible();
  for (const p of [store, ops]) await p.context().close();
});

// In English: the store saves an away message and a quick reply; a shopper writing gets the away message and sends a
// picture; the store answers with its quick reply, which arrives live.
test("a store's away message and quick replies, and a picture in the chat", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const lang: Lang = "en";
  const m = messages[lang];
  const tag = Math.random().toString(36).slice(2, 8).replace(/\d/g, "x");
  const away = `We are closed until Monday (${tag}).`;
  const quick = `Thanks for waiting, we are back (${tag})`;
  // A store no other chat journey writes to: its away message is on while this runs.
  const store = await pageAs(browser, "merchant3@pasar.test");
  await store.goto(localePath(lang, "/h5/merchant/chat"));
  await waitForHydration(store);
  await store.getByText(m.chat.store.settings).click();
  await store.getByRole("checkbox", { name: m.chat.store.awayOn }).check();
  await store.getByRole("textbox", { name: m.chat.store.awayMessage }).fill(away);
  await store.getByRole("button", { name: m.chat.store.save }).click();
  await expect(toasts(store, lang).getByText(m.chat.store.saved)).toBeVisible();
  await store.getByRole("textbox", { name: m.chat.store.newReply }).fill(quick);
  await store.getByRole("button", { name: m.chat.store.addReply }).click();
  await expect(
    store.getByRole("button", { name: fill(m.chat.store.removeReply, { text: quick }) }),
  ).toBeVisible();
  await expectScreen(store, "the store's chat settings (en, 390 px)");

  await signInFreshShopper(page, "chat-away");
  const found = await storeNamed(request, "Cantik Alami Beauty");
  await page.goto(localePath(lang, `/h5/chat/${found.id}`));
  await waitForHydration(page);
  await send(page, lang, `Is the serum in stock? (${tag})`);
  // The away message comes at once, marked as automatic.
  const auto = page.getByRole("listitem").filter({ hasText: away });
  await expect(auto).toBeVisible({ timeout: 15_000 });
  await expect(auto).toContainText(m.chat.auto);
  await page.getByLabel(m.chat.sendPicture).setInputFiles({
    name: "photo.png",
    mimeType: "image/png",
    buffer: await pngImage(640, 480),
  });
  await expect(page.getByRole("img", { name: m.chat.picture })).toBeVisible({ timeout: 15_000 });

  await store.reload();
  await waitForHydration(store);
  await store.getByRole("link").filter({ hasText: m.chat.kinds.image }).first().click();
  await waitForHydration(store);
  await expect(store.getByRole("img", { name: m.chat.picture })).toBeVisible();
  await store.getByRole("list", { name: m.chat.quickReplies }).getByRole("button", { name: quick }).click();
  await expect(page.getByText(quick)).toBeVisible({ timeout: 15_000 });
  // The away message off again, for the other journeys.
  await store.goto(localePath(lang, "/h5/merchant/chat"));
  await waitForHydration(store);
  await store.getByText(m.chat.store.settings).click();
  await store.getByRole("checkbox", { name: m.chat.store.awayOn }).uncheck();
  await store.getByRole("button", { name: m.chat.store.save }).click();
  await expect(toasts(store, lang).getByText(m.chat.store.saved)).toBeVisible();
  await store.context().close();
});

// English and Chinese: the store page's chat figures and its way to chat, a conversation and the chat list, at 390
// and 320 px, with axe.
for (const lang of ["en", "zh"] as const) {
  test(`the chat screens in ${lang}`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const m = messages[lang];
    await signInFreshShopper(page, `chat-${lang}`);
    const storeFound = await storeNamed(request, sneakers.store);
    await page.goto(localePath(lang, `/h5/merchant/shop/${storeFound.id}`));
    await waitForHydration(page);
    await page.getByRole("link", { name: m.chat.openStore }).click();
    await waitForHydration(page);
    await expect(page.getByText(m.chat.empty)).toBeVisible();
    await send(page, lang, lang === "en" ? "Do you ship to Bandung today?" : "今天能发货到万隆吗？");
    await expectScreen(page, `the conversation (${lang}, 390 px)`);
    await page.setViewportSize({ width: 320, height: 700 });
    await expectScreen(page, `the conversation (${lang}, 320 px)`);
    await page.goto(localePath(lang, "/h5/chat"));
    await waitForHydration(page);
    await expect(page).toHaveTitle(pageTitle(m.chat.title));
    await expect(page.getByRole("link").filter({ hasText: sneakers.store })).toBeVisible();
    await expectScreen(page, `the chat list (${lang}, 320 px)`);
  });
}
