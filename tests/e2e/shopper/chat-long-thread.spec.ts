import { expect, test, type Locator, type Page } from "@playwright/test";
import { trpcMutation } from "../support/accounts.ts";
import { signInFreshShopper } from "../support/browsing.ts";
import { localePath, messages, type Lang } from "../support/i18n.ts";
import { waitForHydration } from "../support/page.ts";
import { demoStores, pageAs, tokenOf } from "../support/roles.ts";

const lang: Lang = "ind";
const m = messages[lang];

/** A message of several lines, as people write when they ask about sizes, colours and delivery. */
const longText = (n: number, tag: string) =>
  [
    `Pesan ke-${n} (${tag})`,
    "Kak, ukuran yang hitam masih ada? Kalau dikirim hari ini kira-kira sampai kapan ya?",
    "Terima kasih sebelumnya.",
  ].join("\n");

/** The reply box and its send button are on screen and take a message. */
async function expectComposerUsable(page: Page) {
  const composer = page.getByRole("textbox", { name: m.chat.write });
  await expect(composer).toBeInViewport();
  await expect(composer).toBeEditable();
  await expect(page.getByRole("button", { name: m.chat.send, exact: true })).toBeInViewport();
}

/** The message is fully on screen, above the reply box that is fixed to the bottom of the screen. */
async function expectSeenAboveComposer(page: Page, message: Locator) {
  await expect(message).toBeInViewport({ ratio: 1 });
  const composerTop = await page.locator("form:has(textarea)").evaluate((f) => f.getBoundingClientRect().top);
  await expect
    .poll(() => message.evaluate((el) => el.getBoundingClientRect().bottom))
    .toBeLessThanOrEqual(composerTop);
}

/** Whether the page is scrolled to its end (the newest message). */
const atBottom = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement!;
    return root.scrollTop + window.innerHeight >= root.scrollHeight - 2;
  });

// Issue 40, defect 5: a long conversation opened at its oldest message, the newest 4,500 px below under the reply
// box. It must open at the newest message, for the shopper and for the store, and stay there as messages arrive.
test("a long conversation opens at its newest message, for the shopper and for the store, and follows new ones", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const tag = Math.random().toString(36).slice(2, 8).replace(/\d/g, "x");
  const { token } = await signInFreshShopper(page, "chat-long");
  // The second demo store: no other chat journey writes to it.
  const [storeId, merchant] = [...(await demoStores(request)).entries()][1]!;
  const merchantToken = await tokenOf(request, merchant);

  // 40 messages, both sides in turn: more than a page (30), several thousand pixels at phone width.
  const first = await trpcMutation<{ conversationId: string }>(
    request,
    "chat.send",
    { storeId, text: longText(1, tag) },
    { authorization: token },
  );
  const conversationId = first.conversationId;
  for (let n = 2; n <= 40; n++) {
    if (n % 2 === 0) {
      await trpcMutation(
        request,
        "merchantChat.send",
        { conversationId, text: longText(n, tag) },
        { authorization: merchantToken },
      );
    } else {
      await trpcMutation(request, "chat.send", { storeId, text: longText(n, tag) }, { authorization: token });
    }
  }
  const message = (p: Page, text: string) => p.getByRole("listitem").filter({ hasText: text });

  // The shopper opens it: the newest message is on screen above the reply box, the oldest of the page far above.
  await page.goto(localePath(lang, `/h5/chat/${storeId}`));
  await waitForHydration(page);
  const newest = message(page, `Pesan ke-40 (${tag})`);
  await expectSeenAboveComposer(page, newest);
  await expect(message(page, `Pesan ke-11 (${tag})`)).not.toBeInViewport();
  expect(await page.evaluate(() => document.scrollingElement!.scrollHeight)).toBeGreaterThan(3 * 844);
  expect(await atBottom(page)).toBe(true);
  await expectComposerUsable(page);

  // The shopper writes from the reply box: the message shows at the bottom.
  await page.getByRole("textbox", { name: m.chat.write }).fill(`Jadi pesan dua ya (${tag})`);
  await page.getByRole("button", { name: m.chat.send, exact: true }).click();
  await expectSeenAboveComposer(page, message(page, `Jadi pesan dua ya (${tag})`));

  // The store opens the conversation from its side: the same, at the newest message.
  const store = await pageAs(browser, merchant);
  await store.goto(localePath(lang, `/h5/merchant/chat/${conversationId}`));
  await waitForHydration(store);
  await expectSeenAboveComposer(store, message(store, `Jadi pesan dua ya (${tag})`));
  await expect(message(store, `Pesan ke-11 (${tag})`)).not.toBeInViewport();
  expect(await atBottom(store)).toBe(true);
  await expectComposerUsable(store);

  // The store answers while the shopper reads at the bottom: the answer arrives live and the shopper stays at it.
  await store.getByRole("textbox", { name: m.chat.write }).fill(`Siap, dua dikirim hari ini (${tag})`);
  await store.getByRole("button", { name: m.chat.send, exact: true }).click();
  await expectSeenAboveComposer(store, message(store, `Siap, dua dikirim hari ini (${tag})`));
  await expectSeenAboveComposer(page, message(page, `Siap, dua dikirim hari ini (${tag})`));
  // And the store, at the bottom too, sees the shopper's next message arrive.
  await trpcMutation(
    request,
    "chat.send",
    { storeId, text: `Oke kak, ditunggu (${tag})` },
    { authorization: token },
  );
  await expectSeenAboveComposer(store, message(store, `Oke kak, ditunggu (${tag})`));

  // A reader who scrolled up to read older messages is left where they are when a new one arrives.
  await store.mouse.move(195, 300);
  await store.mouse.wheel(0, -1500);
  await expect.poll(() => atBottom(store)).toBe(false);
  await trpcMutation(
    request,
    "chat.send",
    { storeId, text: `Satu lagi kak (${tag})` },
    { authorization: token },
  );
  await expect(message(store, `Satu lagi kak (${tag})`)).toBeAttached();
  expect(await atBottom(store)).toBe(false);
  await expect(message(store, `Satu lagi kak (${tag})`)).not.toBeInViewport();
  await store.context().close();
});
