import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { toasts, trpcMutation } from "../support/accounts.ts";
import { expectNoSeriousViolations } from "../support/axe.ts";
import { signInFreshShopper } from "../support/browsing.ts";
import { localePath, messagePattern, messages, pageTitle, type Lang } from "../support/i18n.ts";
import { demoOperator } from "../support/money.ts";
import { waitForHydration } from "../support/page.ts";
import { demoStores, pageAs, tokenOf } from "../support/roles.ts";
import { expectScreen } from "../support/screens.ts";

const typed = "Transfer ke BCA 1234567890 ya";
const shown = "Transfer ke BCA ••• ya";
const storeTyped = "WA saya 081234567890 kak";
const storeShown = "WA saya ••• kak";

/**
 * Through the API: a fresh shopper writes to a demo store with a bank account number (masked for the store), the
 * store answers with a phone number (masked for the shopper), and the shopper reports the conversation as an
 * attempt to trade outside Pasar, with a note of its own (the languages run at once).
 */
async function reportedConversation(page: Page, request: APIRequestContext, index: number, lang: Lang) {
  const { email, token } = await signInFreshShopper(page, `opschat-${lang}`);
  const [storeId, merchant] = [...(await demoStores(request)).entries()][(index + 3) % 5]!;
  const sent = await trpcMutation<{ conversationId: string; text: string; masked: string[] }>(
    request,
    "chat.send",
    { storeId, text: typed },
    { authorization: token },
  );
  // What the store sees: the number hidden.
  expect(sent.text).toBe(shown);
  expect(sent.masked).toEqual(["account"]);
  await trpcMutation(
    request,
    "merchantChat.send",
    { conversationId: sent.conversationId, text: storeTyped },
    { authorization: await tokenOf(request, merchant) },
  );
  const note = `Penjual minta transfer langsung ${lang} ${Date.now()}`;
  await trpcMutation(
    request,
    "chat.report",
    { conversationId: sent.conversationId, reason: "offPlatform", note },
    { authorization: token },
  );
  return { email, merchant, note };
}

/** Opens the report's conversation and checks each message as written and as the other side saw it. */
async function readConversation(
  ops: Page,
  lang: Lang,
  note: string,
  set: { email: string; merchant: string },
) {
  const m = messages[lang];
  const report = ops.getByTestId("ops-chat-report").filter({ hasText: note });
  const read = report.getByRole("button", { name: m.ops.chats.read });
  await expect(read).toHaveAttribute("aria-expanded", "false");
  await read.click();
  await expect(read).toHaveAttribute("aria-expanded", "true");
  const conversation = report.getByRole("region", {
    name: messagePattern(m.ops.chats.conversation, { store: ".+" }),
  });
  const lines = conversation.getByTestId("ops-chat-message");
  await expect(lines).toHaveCount(2);
  const [shopperLine, storeLine] = [lines.nth(0), lines.nth(1)];
  await expect(shopperLine).toContainText(m.ops.chats.side.shopper);
  await expect(shopperLine).toContainText(set.email);
  await expect(shopperLine.getByTestId("ops-chat-written")).toHaveText(typed);
  await expect(shopperLine.getByTestId("ops-chat-shown")).toHaveText(shown);
  await expect(shopperLine).toContainText(m.ops.chats.masked.account);
  await expect(storeLine).toContainText(m.ops.chats.side.store);
  await expect(storeLine).toContainText(set.merchant);
  await expect(storeLine.getByTestId("ops-chat-written")).toHaveText(storeTyped);
  await expect(storeLine.getByTestId("ops-chat-shown")).toHaveText(storeShown);
  await expect(storeLine).toContainText(m.ops.chats.masked.phone);
  return report;
}

/** Closes the report through its confirm dialog; it leaves the open reports for the closed ones. */
async function closeReport(ops: Page, lang: Lang, note: string) {
  const m = messages[lang];
  const report = ops.getByTestId("ops-chat-report").filter({ hasText: note });
  await report.getByRole("button", { name: m.ops.chats.close }).click();
  const dialog = ops.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: m.ops.chats.closeTitle })).toBeVisible();
  await dialog.getByRole("button", { name: m.ops.chats.close }).click();
  await expect(toasts(ops, lang).getByText(m.ops.chats.closed)).toBeVisible();
  await expect(report).toHaveCount(0);
  await ops
    .getByRole("navigation", { name: m.ops.filter })
    .getByRole("link", { name: m.ops.chats.tabs.closed })
    .click();
  await ops.waitForURL(/\/ops\/chats\?status=closed/);
  const closed = ops.getByTestId("ops-chat-report").filter({ hasText: note });
  await expect(closed).toBeVisible();
  await expect(closed.getByRole("button", { name: m.ops.chats.close })).toHaveCount(0);
}

// The journey in Indonesian: the operator reaches the reported conversations from the operator's navigation, sees
// the report (reason, who reported, the store and its masked attempts, the note), reads the conversation as
// written and as shown, and closes the report.
test("the operator reads a reported conversation and closes the report", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const lang: Lang = "ind";
  const m = messages[lang];
  const set = await reportedConversation(page, request, 0, lang);
  const ops = await pageAs(browser, demoOperator.account);
  await ops.goto(localePath(lang, "/ops/reviews"));
  await waitForHydration(ops);
  await ops
    .getByRole("navigation", { name: m.ops.title })
    .getByRole("link", { name: m.ops.nav.chats })
    .click();
  await expect(ops).toHaveURL(new RegExp(`${localePath(lang, "/ops/chats")}$`));
  await expect(ops.getByRole("heading", { level: 1, name: m.ops.nav.chats })).toBeVisible();
  const report = ops.getByTestId("ops-chat-report").filter({ hasText: set.note });
  await expect(report.getByRole("heading", { name: m.ops.chats.reasons.offPlatform })).toBeVisible();
  await expect(report).toContainText(`${m.ops.chats.side.shopper} · ${set.email}`);
  await expect(report).toContainText(m.ops.chats.storeStatus.approved);
  // The store's answer with a phone number counts among its masked attempts.
  const attempts = Number(/\d+/.exec(await report.getByTestId("ops-chat-attempts").innerText())?.[0]);
  expect(attempts).toBeGreaterThanOrEqual(1);
  // The store is suspended (if need be) from the merchants page.
  await expect(report.getByRole("link")).toHaveAttribute("href", "/ops/merchants?status=approved");
  await readConversation(ops, lang, set.note, set);
  await expectScreen(ops, `ops chat reports with a conversation open (${lang}, 390 px)`);
  await closeReport(ops, lang, set.note);
  await expectNoSeriousViolations(ops, `ops closed chat reports (${lang})`);
  await ops.context().close();
});

// The same page in Chinese, reached by its address: its title, the report and the conversation in Chinese.
test("the operator's reported conversations in zh", async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const lang: Lang = "zh";
  const m = messages[lang];
  const set = await reportedConversation(page, request, 1, lang);
  const ops = await pageAs(browser, demoOperator.account);
  await ops.goto(localePath(lang, "/ops/chats"));
  await waitForHydration(ops);
  await expect(ops).toHaveTitle(pageTitle(m.ops.nav.chats));
  await expect(ops.getByRole("heading", { level: 1, name: m.ops.nav.chats })).toBeVisible();
  const report = ops.getByTestId("ops-chat-report").filter({ hasText: set.note });
  await expect(report.getByRole("heading", { name: m.ops.chats.reasons.offPlatform })).toBeVisible();
  await readConversation(ops, lang, set.note, set);
  await expectScreen(ops, `ops chat reports with a conversation open (${lang}, 390 px)`);
  await closeReport(ops, lang, set.note);
  await ops.context().close();
});
