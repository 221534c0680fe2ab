import { expect, test, type Page } from "@playwright/test";
import { authForm, goodPassword, toasts, trpcMutation } from "../support/accounts.ts";
import { expectNoSeriousViolations } from "../support/axe.ts";
import { signInFreshShopper, trpcQuery } from "../support/browsing.ts";
import { fill, langs, localePath, messages, type Lang } from "../support/i18n.ts";
import { channelRadio, demoOperator, rupiah } from "../support/money.ts";
import { waitForHydration } from "../support/page.ts";
import { pageAs, plainDemoOffer, tokenOf } from "../support/roles.ts";
import { expectScreen } from "../support/screens.ts";
import { credit, idempotencyKey, placeWalletOrder, saveAddress } from "../support/setup.ts";

// The operator runs the platform (issue 13): the dashboard and its queues, users (search, one user in full,
// suspending and reinstating sign-in), the FAQs, and the site settings the shop follows at once.
//
// Every browser test shares one server and database and runs beside the others. So a test here changes only
// what it made itself (a fresh shopper it suspends, a FAQ it adds and deletes), except the one test that has
// to change the site's title and a fee: it holds each change for about a second, checks the shop, and puts
// the values it found back at once (and again in `finally`).

interface OpsSettings {
  site: { title: string; desc: string; supportWhatsapp: string | null; supportEmail: string | null };
  money: Record<string, unknown>;
}

let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial += 1)}`;

/** The languages each journey is clicked through in; the others see its screens by set-up (decision 0016). */
const usersJourneyLang: Lang = "zh";
const faqsJourneyLang: Lang = "ind";

/** A fresh shopper with money, an address and one order paid from the wallet; answers what the operator sees. */
async function shopperWithOrder(page: Page, tag: string) {
  const { email, token } = await signInFreshShopper(page, tag);
  await credit(page.request, await tokenOf(page.request, demoOperator.account), email, 2_000_000);
  const addressId = await saveAddress(page.request, token);
  const [orderId] = await placeWalletOrder(page.request, token, addressId, [
    { listingId: (await plainDemoOffer(page.request, undefined, { shuffle: true })).id, quantity: 1 },
  ]);
  const order = await trpcQuery<{ code: string; total: number }>(
    page.request,
    "orders.get",
    { id: orderId },
    "ind",
    token,
  );
  return { email, order };
}

/** The dashboard's four queues: each with its count, linking to its page. */
async function expectQueues(ops: Page, lang: Lang) {
  const m = messages[lang];
  for (const [queue, path] of [
    ["withdrawals", "/ops/withdrawals?status=pending"],
    ["applications", "/ops/merchants?status=pending"],
    ["toShip", "/ops/orders?status=to_ship"],
    ["exceptions", "/ops/orders?status=exception"],
  ] as const) {
    const link = ops.getByTestId(`queue-${queue}`);
    await expect(link).toContainText(m.ops.dashboard.queues[queue]);
    await expect(link).toHaveText(/\d/);
    await expect(link).toHaveAttribute("href", localePath(lang, path));
  }
  // The last 14 WIB days, today first; today counts this test's order at least.
  const rows = ops.getByTestId("dashboard-days").locator("tbody tr");
  await expect(rows).toHaveCount(14);
  await expect(rows.first().locator("th")).toHaveText(m.ops.dashboard.today);
  await expect(rows.first().locator("td").first()).not.toHaveText("0");
}

/** A user's page as the operator sees it after one order paid from a 2,000,000 credit. */
async function expectUserPage(ops: Page, email: string, order: { code: string; total: number }) {
  await expect(ops.getByTestId("user-account")).toHaveText(email);
  await expect(ops.getByTestId("user-orders")).toContainText(order.code);
  await expect(ops.getByTestId("user-orders")).toContainText(rupiah(order.total));
  await expect(ops.getByTestId("user-wallet")).toContainText(rupiah(2_000_000 - order.total));
  await expect(ops.getByTestId("user-moves").getByRole("listitem")).toHaveCount(2);
}

/** A question and its answer in every language, told apart by `tag`. */
function faqTexts(tag: string, version: string) {
  return {
    question: {
      ind: `Apakah ${version} ${tag}?`,
      en: `Is it ${version} ${tag}?`,
      zh: `是${version}吗 ${tag}？`,
    },
    answer: { ind: `Ya, ${version}.`, en: `Yes, ${version}.`, zh: `是的，${version}。` },
  };
}

/** Removes every question of the test tagged `tag` from the shop's FAQ, whatever the test did. */
async function removeFaqs(ops: Page, tag: string) {
  const faqs = await trpcQuery<{ id: string; question: { en: string } }[]>(
    ops.request,
    "ops.faqs.list",
    undefined,
  );
  for (const faq of faqs.filter((q) => q.question.en.includes(tag))) {
    await trpcMutation(ops.request, "ops.faqs.delete", { id: faq.id });
  }
}

/** Fills the FAQ form's question and answer in every language. */
async function fillFaqForm(ops: Page, lang: Lang, v: ReturnType<typeof faqTexts>) {
  const f = messages[lang].ops.faqs;
  for (const [group, l] of [
    ["Bahasa Indonesia", "ind"],
    ["English", "en"],
    ["中文", "zh"],
  ] as const) {
    const fieldset = ops.getByRole("group", { name: group });
    await fieldset.getByLabel(f.question, { exact: true }).fill(v.question[l]);
    await fieldset.getByLabel(f.answer, { exact: true }).fill(v.answer[l]);
  }
}

/** The settings page shows what is stored (nothing is changed here). */
async function expectSettingsPage(ops: Page, lang: Lang) {
  const m = messages[lang];
  await ops.goto(localePath(lang, "/ops/settings"));
  await waitForHydration(ops);
  await expect(ops.getByRole("heading", { level: 1 })).toHaveText(m.ops.nav.settings);
  await expect(ops.getByLabel(m.ops.settings.title, { exact: true })).not.toHaveValue("");
  await expect(ops.getByTestId("site-logo")).toBeVisible();
}

/** The shop's FAQ page in `lang` shows `question` (to a visitor, within PAGE_CACHE_MS) with its answer. */
async function expectShopFaq(page: Page, lang: Lang, question: string, answer: string) {
  const item = page.locator("details").filter({ hasText: question });
  await expect
    .poll(async () => {
      await page.goto(localePath(lang, "/h5/question"));
      return item.count();
    })
    .toBe(1);
  await waitForHydration(page);
  await item.locator("summary").click();
  await expect(item).toContainText(answer);
}

/** The shop's FAQ page in `lang` no longer has any question of the test tagged `tag`. */
async function expectShopFaqGone(page: Page, lang: Lang, tag: string) {
  await expect
    .poll(async () => {
      await page.goto(localePath(lang, "/h5/question"));
      return page.getByRole("main").textContent();
    })
    .not.toContain(tag);
}

// The dashboard, users and suspension, clicked through in one language: the dashboard's queues and days, a
// shopper found by email and opened in full, suspended with a reason (sign-in then says why), and reinstated.
for (const lang of [usersJourneyLang]) {
  test(`the operator's dashboard, users and suspension in ${lang}`, async ({ page, browser }) => {
    test.setTimeout(180_000);
    const m = messages[lang];
    const u = m.ops.users;
    const ops = await pageAs(browser, demoOperator.account);
    const { email, order } = await shopperWithOrder(page, `suspend-${lang}`);

    // The dashboard: each queue with its count, linking to its page; the last 14 WIB days, today first.
    await ops.goto(localePath(lang, "/ops"));
    await waitForHydration(ops);
    await expect(ops.getByRole("heading", { level: 1 })).toHaveText(m.ops.nav.dashboard);
    await expectQueues(ops, lang);
    await expectNoSeriousViolations(ops, `ops dashboard (${lang})`);
    await ops.getByTestId("queue-toShip").click();
    await ops.waitForURL((url) => url.pathname === localePath(lang, "/ops/orders"));
    await expect(ops.getByRole("heading", { level: 1 })).toHaveText(m.ops.nav.orders);

    // Find the shopper by email; open them: roles, the order, the wallet.
    await ops.goto(localePath(lang, "/ops/users"));
    await waitForHydration(ops);
    await ops.getByRole("searchbox", { name: u.search }).fill(email.toUpperCase());
    await ops.getByRole("button", { name: u.searchButton, exact: true }).click();
    const row = ops.getByTestId("ops-user");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(email);
    await expect(row).toContainText(u.roles.shopper);
    await expect(row).toContainText(u.active);
    await expectNoSeriousViolations(ops, `ops users (${lang})`);
    await row.getByRole("link", { name: fill(u.detailsLabel, { account: email }) }).click();
    await expectUserPage(ops, email, order);
    await expectNoSeriousViolations(ops, `ops user (${lang})`);

    // Suspend with a reason (required): the shopper's session ends at once, and sign-in says why.
    await ops.getByRole("button", { name: u.suspend, exact: true }).click();
    const dialog = ops.getByRole("dialog");
    await dialog.getByRole("button", { name: u.suspend, exact: true }).click();
    await expect(dialog.getByText(m.errors.ops.reasonRequired)).toBeVisible();
    await dialog.getByLabel(m.ops.reason).fill("Akun dipakai untuk penipuan");
    await dialog.getByRole("button", { name: u.suspend, exact: true }).click();
    await expect(toasts(ops, lang).getByText(u.suspended)).toBeVisible();
    await expect(ops.getByTestId("user-suspension")).toContainText("Akun dipakai untuk penipuan");
    await expectNoSeriousViolations(ops, `ops suspended user (${lang})`);

    await page.goto(localePath(lang, "/h5/account"));
    await page.waitForURL((url) => url.pathname === localePath(lang, "/h5/signin"));
    await waitForHydration(page);
    const form = authForm(page, lang);
    await form.account.fill(email);
    await form.password.fill(goodPassword);
    await page.getByRole("button", { name: m.auth.signin.submit, exact: true }).click();
    await expect(toasts(page, lang).getByText(m.auth.errors.suspended)).toBeVisible();
    await expect(page).toHaveURL(/\/h5\/signin/);

    // Reinstated: the same password signs in again.
    await ops.getByRole("button", { name: u.reinstate, exact: true }).click();
    await ops.getByRole("dialog").getByRole("button", { name: u.reinstate, exact: true }).click();
    await expect(toasts(ops, lang).getByText(u.reinstated)).toBeVisible();
    await expect(ops.getByTestId("user-suspension")).toHaveCount(0);
    await page.getByRole("button", { name: m.auth.signin.submit, exact: true }).click();
    await page.waitForURL((url) => url.pathname === localePath(lang, "/h5/account"));
    await expect(page.getByTestId("account-name")).toHaveText(email);

    // Signed out of every device (issue 43) without a suspension: the shopper's next page asks them to sign in.
    await ops.getByRole("button", { name: u.endSessions, exact: true }).click();
    await expect(ops.getByRole("dialog")).toContainText(fill(u.endSessionsBody, { account: email }));
    await ops.getByRole("dialog").getByRole("button", { name: u.endSessions, exact: true }).click();
    await expect(toasts(ops, lang).getByText(fill(u.sessionsEnded.other, { count: 1 }))).toBeVisible();
    await expect(ops.getByTestId("user-suspension")).toHaveCount(0);
    await page.reload();
    await page.waitForURL((url) => url.pathname === localePath(lang, "/h5/signin"));
    await ops.context().close();
  });
}

// The same journey's screens in the other languages: the shopper is found, suspended and reinstated through the
// API; each screen is checked for its texts, its layout at 390 px and axe, with the suspension dialog's message
// shown, and sign-in's answer to a suspended shopper given in the screen's language.
for (const lang of langs.filter((l) => l !== usersJourneyLang)) {
  test(`the operator's dashboard, users and suspension: the screens in ${lang}, reached by set-up`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    const m = messages[lang];
    const u = m.ops.users;
    const ops = await pageAs(browser, demoOperator.account);
    const { email, order } = await shopperWithOrder(page, `suspend-${lang}`);
    const reason = `Akun dipakai untuk penipuan (${lang})`;

    // The dashboard, and the orders page its queue leads to.
    await ops.goto(localePath(lang, "/ops"));
    await waitForHydration(ops);
    await expect(ops.getByRole("heading", { level: 1 })).toHaveText(m.ops.nav.dashboard);
    await expectQueues(ops, lang);
    await expectScreen(ops, `ops dashboard (${lang})`);
    await ops.getByTestId("queue-toShip").click();
    await ops.waitForURL((url) => url.pathname === localePath(lang, "/ops/orders"));
    await expect(ops.getByRole("heading", { level: 1 })).toHaveText(m.ops.nav.orders);
    await expectScreen(ops, `ops orders (${lang})`, { axe: false });

    // The users page with the shopper found, and the shopper's page.
    await ops.goto(localePath(lang, `/ops/users?q=${encodeURIComponent(email)}`));
    await waitForHydration(ops);
    await expect(ops.getByRole("searchbox", { name: u.search })).toHaveValue(email);
    await expect(ops.getByRole("button", { name: u.searchButton, exact: true })).toBeVisible();
    const row = ops.getByTestId("ops-user");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(email);
    await expect(row).toContainText(u.roles.shopper);
    await expect(row).toContainText(u.active);
    await expectScreen(ops, `ops users (${lang})`);
    await row.getByRole("link", { name: fill(u.detailsLabel, { account: email }) }).click();
    await expectUserPage(ops, email, order);
    await expectScreen(ops, `ops user (${lang})`);
    const userId = new URL(ops.url()).searchParams.get("id")!;

    // The suspension dialog and its message; then suspended through the API.
    await ops.getByRole("button", { name: u.suspend, exact: true }).click();
    const dialog = ops.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: u.suspendTitle })).toBeVisible();
    await expect(dialog).toContainText(fill(u.suspendBody, { account: email }));
    await dialog.getByRole("button", { name: u.suspend, exact: true }).click();
    await expect(dialog.getByText(m.errors.ops.reasonRequired)).toBeVisible();
    await expect(dialog.getByLabel(m.ops.reason)).toBeVisible();
    await expectScreen(ops, `ops suspension dialog (${lang})`, { axe: false });
    await dialog.getByRole("button", { name: m.catalog.search.cancel, exact: true }).click();
    await trpcMutation(ops.request, "ops.users.suspend", {
      id: userId,
      reason,
      idempotencyKey: idempotencyKey("suspend"),
    });
    await ops.reload();
    await waitForHydration(ops);
    await expect(ops.getByTestId("user-suspension")).toContainText(reason);
    await expect(ops.getByRole("button", { name: u.reinstate, exact: true })).toBeVisible();
    await expectScreen(ops, `ops suspended user (${lang})`);

    // The shopper's session ended; sign-in says why, in this language.
    await page.goto(localePath(lang, "/h5/account"));
    await page.waitForURL((url) => url.pathname === localePath(lang, "/h5/signin"));
    await waitForHydration(page);
    const form = authForm(page, lang);
    await form.account.fill(email);
    await form.password.fill(goodPassword);
    await page.getByRole("button", { name: m.auth.signin.submit, exact: true }).click();
    await expect(toasts(page, lang).getByText(m.auth.errors.suspended)).toBeVisible();
    await expectScreen(page, `sign-in refused to a suspended shopper (${lang})`, { axe: false });

    // The reinstatement dialog; reinstated through the API, the same password signs in again.
    await ops.getByRole("button", { name: u.reinstate, exact: true }).click();
    await expect(ops.getByRole("dialog").getByRole("heading", { name: u.reinstateTitle })).toBeVisible();
    await expect(ops.getByRole("dialog")).toContainText(fill(u.reinstateBody, { account: email }));
    await expect(
      ops.getByRole("dialog").getByRole("button", { name: u.reinstate, exact: true }),
    ).toBeVisible();
    await ops.getByRole("dialog").getByRole("button", { name: m.catalog.search.cancel, exact: true }).click();
    await trpcMutation(ops.request, "ops.users.reinstate", {
      id: userId,
      idempotencyKey: idempotencyKey("reinstate"),
    });
    await ops.reload();
    await waitForHydration(ops);
    await expect(ops.getByTestId("user-suspension")).toHaveCount(0);
    await expect(ops.getByRole("button", { name: u.suspend, exact: true })).toBeVisible();
    await page.getByRole("button", { name: m.auth.signin.submit, exact: true }).click();
    await page.waitForURL((url) => url.pathname === localePath(lang, "/h5/account"));
    await expect(page.getByTestId("account-name")).toHaveText(email);
    await ops.context().close();
  });
}

// The FAQ journeys reorder one shared list of questions: one at a time, or a move in one language lands
// beside another language's question and its order check fails.
test.describe("the FAQs, one language at a time", () => {
  test.describe.configure({ mode: "default" });

  // The FAQs and the settings page, clicked through in one language: a question written in every language (the
  // form's message first), edited, shown by the shop in every language, moved up and deleted.
  for (const lang of [faqsJourneyLang]) {
    test(`the operator's FAQs and settings pages in ${lang}`, async ({ page, browser }) => {
      test.setTimeout(180_000);
      const m = messages[lang];
      const f = m.ops.faqs;
      const tag = unique();
      const ops = await pageAs(browser, demoOperator.account);
      try {
        await expectSettingsPage(ops, lang);
        await expectNoSeriousViolations(ops, `ops settings (${lang})`);

        // A new question in every language (each required), then edited in every language.
        await ops.goto(localePath(lang, "/ops/faqs"));
        await waitForHydration(ops);
        await expectNoSeriousViolations(ops, `ops FAQs (${lang})`);
        await ops.getByRole("button", { name: f.add }).click();
        await ops.getByRole("button", { name: m.ops.catalog.save }).click();
        await expect(ops.getByText(m.errors.faq.question, { exact: true }).first()).toBeVisible();
        await fillFaqForm(ops, lang, faqTexts(tag, "first"));
        await expectNoSeriousViolations(ops, `ops FAQ form (${lang})`);
        await ops.getByRole("button", { name: m.ops.catalog.save }).click();
        await expect(toasts(ops, lang).getByText(f.created)).toBeVisible();
        const first = faqTexts(tag, "first").question[lang];
        await ops.getByRole("button", { name: fill(f.editLabel, { question: first }) }).click();
        await expect(ops.getByRole("heading", { level: 1 })).toHaveText(f.editTitle);
        const edited = faqTexts(tag, "edited");
        await fillFaqForm(ops, lang, edited);
        await ops.getByRole("button", { name: m.ops.catalog.save }).click();
        await expect(toasts(ops, lang).getByText(f.saved)).toBeVisible();
        const mine = ops.getByTestId("ops-faq").filter({ hasText: edited.question[lang] });
        await expect(mine).toContainText(edited.answer[lang]);

        // The shop's FAQ page says it in each language: to a visitor (this page is signed out) within the
        // moment a page is kept for visitors (PAGE_CACHE_MS, 2 s).
        for (const l of langs) await expectShopFaq(page, l, edited.question[l], edited.answer[l]);

        // One place up: it comes before the question that was above it.
        const questions = () => ops.getByTestId("faq-question").allTextContents();
        const before = await questions();
        const above = before[before.indexOf(edited.question[lang]) - 1]!;
        await mine.getByRole("button", { name: fill(f.moveUp, { question: edited.question[lang] }) }).click();
        await expect(toasts(ops, lang).getByText(f.moved)).toBeVisible();
        await expect
          .poll(async () => {
            const after = await questions();
            return after.indexOf(edited.question[lang]) < after.indexOf(above);
          })
          .toBe(true);

        // Deleted: gone from the shop too.
        await mine
          .getByRole("button", { name: fill(f.deleteLabel, { question: edited.question[lang] }) })
          .click();
        await ops.getByRole("dialog").getByRole("button", { name: f.delete, exact: true }).click();
        await expect(toasts(ops, lang).getByText(f.deleted)).toBeVisible();
        await expect(mine).toHaveCount(0);
        await expectShopFaqGone(page, lang, tag);
      } finally {
        // Whatever happened above, no question of this test stays in the shop's FAQ.
        await removeFaqs(ops, tag);
        await ops.context().close();
      }
    });
  }

  // The same journey's screens in the other languages: the question is added, edited, moved and deleted through
  // the API; each screen is checked for its texts, its layout at 390 px and axe, with the form's message shown and
  // the delete dialog open.
  for (const lang of langs.filter((l) => l !== faqsJourneyLang)) {
    test(`the operator's FAQs and settings pages: the screens in ${lang}, reached by set-up`, async ({
      page,
      browser,
    }) => {
      test.setTimeout(150_000);
      const m = messages[lang];
      const f = m.ops.faqs;
      const tag = unique();
      const ops = await pageAs(browser, demoOperator.account);
      try {
        await expectSettingsPage(ops, lang);
        await expectScreen(ops, `ops settings (${lang})`);

        // The FAQs page, then the new question's form with its message, filled in.
        await ops.goto(localePath(lang, "/ops/faqs"));
        await waitForHydration(ops);
        await expect(ops.getByRole("heading", { level: 1 })).toHaveText(m.ops.nav.faqs);
        await expectScreen(ops, `ops FAQs (${lang})`);
        await ops.getByRole("button", { name: f.add }).click();
        await expect(ops.getByRole("heading", { level: 1 })).toHaveText(f.newTitle);
        await ops.getByRole("button", { name: m.ops.catalog.save }).click();
        await expect(ops.getByText(m.errors.faq.question, { exact: true }).first()).toBeVisible();
        await expect(ops.getByText(m.errors.faq.answer, { exact: true }).first()).toBeVisible();
        await fillFaqForm(ops, lang, faqTexts(tag, "first"));
        await expectScreen(ops, `ops FAQ form (${lang})`);
        const [created] = (
          await trpcMutation<{ id: string; question: { en: string } }[]>(
            ops.request,
            "ops.faqs.create",
            faqTexts(tag, "first"),
          )
        ).filter((q) => q.question.en.includes(tag));

        // The edit form of the new question; edited through the API.
        await ops.goto(localePath(lang, `/ops/faqs?edit=${created!.id}`));
        await waitForHydration(ops);
        await expect(ops.getByRole("heading", { level: 1 })).toHaveText(f.editTitle);
        await expect(
          ops.getByRole("group", { name: "English" }).getByLabel(f.question, { exact: true }),
        ).toHaveValue(faqTexts(tag, "first").question.en);
        await expectScreen(ops, `ops FAQ edit form (${lang})`, { axe: false });
        const edited = faqTexts(tag, "edited");
        await trpcMutation(ops.request, "ops.faqs.update", { id: created!.id, ...edited });

        // The shop's FAQ page in this language.
        await expectShopFaq(page, lang, edited.question[lang], edited.answer[lang]);
        await expectScreen(page, `shop FAQ (${lang})`, { axe: false });

        // Moved up through the API: the list shows it before the question that was above it, with its buttons
        // named for it.
        const listed = await trpcQuery<{ id: string; question: Record<Lang, string> }[]>(
          ops.request,
          "ops.faqs.list",
          undefined,
        );
        const above = listed[listed.findIndex((q) => q.id === created!.id) - 1]!.question[lang];
        await trpcMutation(ops.request, "ops.faqs.move", { id: created!.id, direction: "up" });
        await ops.goto(localePath(lang, "/ops/faqs"));
        await waitForHydration(ops);
        const mine = ops.getByTestId("ops-faq").filter({ hasText: edited.question[lang] });
        await expect(mine).toContainText(edited.answer[lang]);
        const question = { question: edited.question[lang] };
        for (const label of [f.moveUp, f.moveDown, f.editLabel, f.deleteLabel]) {
          await expect(mine.getByRole("button", { name: fill(label, question) })).toBeVisible();
        }
        const questions = await ops.getByTestId("faq-question").allTextContents();
        expect(questions.indexOf(edited.question[lang])).toBeLessThan(questions.indexOf(above));

        // The delete dialog; deleted through the API: gone from the list and the shop.
        await mine.getByRole("button", { name: fill(f.deleteLabel, question) }).click();
        const dialog = ops.getByRole("dialog");
        await expect(dialog.getByRole("heading", { name: f.deleteTitle })).toBeVisible();
        await expect(dialog).toContainText(fill(f.deleteBody, question));
        await expect(dialog.getByRole("button", { name: f.delete, exact: true })).toBeVisible();
        await expectScreen(ops, `ops FAQ delete dialog (${lang})`, { axe: false });
        await dialog.getByRole("button", { name: m.catalog.search.cancel, exact: true }).click();
        await trpcMutation(ops.request, "ops.faqs.delete", { id: created!.id });
        await ops.reload();
        await waitForHydration(ops);
        await expect(mine).toHaveCount(0);
        await expectShopFaqGone(page, lang, tag);
      } finally {
        await removeFaqs(ops, tag);
        await ops.context().close();
      }
    });
  }
});

test("the shop follows the operator's site title and service fee at once", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const lang: Lang = "en";
  const m = messages[lang];
  const s = m.ops.settings;
  const ops = await pageAs(browser, demoOperator.account);
  await signInFreshShopper(page, "settings");
  const listingId = (await plainDemoOffer(page.request, undefined, { shuffle: true })).id;
  const original = await trpcQuery<OpsSettings>(ops.request, "ops.settings.get", undefined);
  const title = `Pasar ${unique()}`;
  const restoreSite = () =>
    trpcMutation(ops.request, "ops.settings.updateSite", {
      title: original.site.title,
      desc: original.site.desc,
      supportWhatsapp: original.site.supportWhatsapp ?? "",
      supportEmail: original.site.supportEmail ?? "",
    });
  const restoreMoney = () => trpcMutation(ops.request, "ops.settings.updateMoney", original.money);
  try {
    await ops.goto(localePath(lang, "/ops/settings"));
    await waitForHydration(ops);
    // A refused value says why under its field, and nothing changes.
    await ops.getByLabel(s.whatsapp, { exact: true }).fill("12");
    await ops.getByRole("button", { name: s.saveSite }).click();
    await expect(ops.getByText(m.errors.settings.whatsapp)).toBeVisible();
    await ops.getByLabel(s.whatsapp, { exact: true }).fill(original.site.supportWhatsapp ?? "");

    // The title: this page's own title follows at once, and every page of the shop in every language.
    await ops.getByLabel(s.title, { exact: true }).fill(title);
    await ops.getByRole("button", { name: s.saveSite }).click();
    await expect(toasts(ops, lang).getByText(s.siteSaved)).toBeVisible();
    await expect(ops).toHaveTitle(`${m.ops.nav.settings} - ${title}`);
    const titles = await Promise.all(
      langs.map(async (l) => {
        const html = await (await page.request.get(localePath(l, "/h5/question"))).text();
        return /<title>([^<]*)<\/title>/.exec(html)?.[1];
      }),
    );
    await restoreSite();
    expect(titles).toEqual(langs.map((l) => `${messages[l].support.faq.title} - ${title}`));

    // A virtual account's time to pay (issue 40): refused out of bounds, under its field.
    const vaWindow = ops.getByLabel(s.vaWindowMinutes, { exact: true });
    await expect(vaWindow).toHaveValue("1440");
    await vaWindow.fill("10");
    await ops.getByRole("button", { name: s.saveMoney }).click();
    await expect(ops.getByText(m.errors.settings.longWindow)).toBeVisible();
    await vaWindow.fill("2880");
    // The service fee: the next checkout shows it, and the virtual account's new window.
    const fee = ops.getByLabel(s.serviceFee, { exact: true });
    await fee.fill("1234");
    await ops.getByRole("button", { name: s.saveMoney }).click();
    await expect(toasts(ops, lang).getByText(s.moneySaved)).toBeVisible();
    await page.goto(localePath(lang, `/h5/pay?lines=${listingId}*1`));
    await expect(page.getByRole("main")).toContainText(m.orders.pay.serviceFee);
    await waitForHydration(page);
    await channelRadio(page, "BCA Virtual Account").check();
    await expect(page.getByText(fill(m.orders.pay.window, { time: "2 days" }))).toBeVisible();
    const shown = await page.getByRole("main").textContent();
    await restoreMoney();
    expect(shown).toContain(m.orders.pay.serviceFee);
    expect(shown).toContain(rupiah(1_234));
  } finally {
    await restoreSite();
    await restoreMoney();
    await ops.context().close();
  }
});
