import { expect, test } from "@playwright/test";
import { expectFieldError, shopperPin, toasts, trpcMutation } from "../support/accounts.ts";
import { expectNoSeriousViolations } from "../support/axe.ts";
import { signInFreshShopper, trpcQuery } from "../support/browsing.ts";
import { fill, langs, localePath, messagePattern, messages, pageTitle, type Lang } from "../support/i18n.ts";
import {
  channelRadio,
  decideOnSandbox,
  demoOperator,
  openWallet,
  rupiah,
  shownBalance,
  signInOperator,
} from "../support/money.ts";
import { waitForHydration } from "../support/page.ts";
import { signInPageAs, tokenOf } from "../support/roles.ts";
import { expectScreen } from "../support/screens.ts";
import { idempotencyKey } from "../support/setup.ts";

/** The language the whole wallet story is clicked through in; the others see its screens by set-up (decision 0016). */
const journeyLang: Lang = "en";

// The whole story, in one language: a recharge paid by QRIS and one whose BCA virtual account is cancelled, both
// on the sandbox's play-money page linked from the method screen (its notification reaches the shop over HTTP), a
// bank card bound, two withdrawals, the operator paying one and rejecting the other, and every movement in the
// shopper's fund history.
for (const lang of [journeyLang]) {
  test(`wallet end to end in ${lang}: recharge, bank card, withdrawals decided by the operator`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    const m = messages[lang];
    const w = m.wallet;
    const { email } = await signInFreshShopper(page, `wallet-${lang}`);

    // The account page leads to all four money pages.
    await page.goto(localePath(lang, "/h5/account"));
    for (const label of [m.account.page.funds, m.account.page.recharge, m.account.page.withdraw]) {
      await expect(page.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: m.account.page.bankCard, exact: true })).toHaveAttribute(
      "href",
      localePath(lang, "/h5/merchant/bank"),
    );

    // A new wallet is empty.
    await openWallet(page, lang, "fund");
    await expect(page).toHaveTitle(pageTitle(w.fund.title));
    expect(await shownBalance(page)).toBe(rupiah(0));
    await expect(page.getByText(w.fund.empty)).toBeVisible();

    // Recharge: a preset, no method yet → the seed's message; then QRIS, paid on the sandbox's page.
    await openWallet(page, lang, "recharge");
    await expectNoSeriousViolations(page, `recharge form (${lang})`);
    await page.getByText(rupiah(200_000), { exact: true }).click();
    await page.getByRole("button", { name: fill(w.recharge.payAmount, { amount: rupiah(200_000) }) }).click();
    await expect(page.getByText(m.errors.recharge.selectMethod)).toBeVisible();
    await channelRadio(page, "QRIS").check();
    await page.getByRole("button", { name: fill(w.recharge.payAmount, { amount: rupiah(200_000) }) }).click();
    await decideOnSandbox(page, lang, 200_000, "pay");
    await expect(page.getByRole("heading", { name: w.recharge.results.completed })).toBeVisible();
    await expectNoSeriousViolations(page, `recharge result (${lang})`);

    // A typed amount outside the limits is refused before anything is created; a payment cancelled at the
    // provider closes that method (another may still be chosen) and leaves the balance as it was.
    await openWallet(page, lang, "recharge");
    const amountField = page.getByLabel(w.recharge.otherAmount);
    await amountField.fill("5000");
    await channelRadio(page, "BCA Virtual Account").check();
    await page.getByRole("button", { name: fill(w.recharge.payAmount, { amount: rupiah(5_000) }) }).click();
    await expectFieldError(
      amountField,
      fill(m.errors.recharge.outOfRange, { min: rupiah(10_000), max: rupiah(20_000_000) }),
    );
    await amountField.fill("100000");
    await page.getByRole("button", { name: fill(w.recharge.payAmount, { amount: rupiah(100_000) }) }).click();
    await decideOnSandbox(page, lang, 100_000, "cancel", /\/h5\/payment\?id=pat_/);
    await expect(page.getByRole("heading", { name: m.payments.states.cancelled.title })).toBeVisible();
    await expect(page.getByRole("button", { name: m.payments.screen.chooseAnother })).toBeVisible();

    await openWallet(page, lang, "fund");
    expect(await shownBalance(page)).toBe(rupiah(200_000));
    const history = page.getByRole("list", { name: w.fund.history });
    // The paid recharge, and the other, which moved nothing and still waits for a payment by another method.
    await expect(history.getByRole("listitem")).toHaveCount(2);
    const waiting = history.getByRole("listitem").nth(0);
    await expect(waiting.getByTestId("fund-entry")).toHaveText(w.fund.entries.recharge_waiting);
    await expect(waiting).toContainText(rupiah(100_000));
    await expect(waiting).toContainText(w.fund.states.awaitingPayment);
    const paid = history.getByRole("listitem").nth(1);
    await expect(paid.getByTestId("fund-entry")).toHaveText(w.fund.entries.recharge);
    await expect(paid).toContainText(`+${rupiah(200_000)}`);
    await expect(paid).toContainText(w.fund.states.completed);
    await expect(paid).toContainText("WIB");

    // Withdraw without a card: bind one first, with the form's checks.
    await openWallet(page, lang, "withdraw");
    await expect(page.getByText(m.errors.withdraw.bindBankFirst)).toBeVisible();
    await page.getByRole("link", { name: w.bank.bind }).click();
    await page.waitForURL(/\/h5\/merchant\/bank\?next=withdraw/);
    await waitForHydration(page);
    await page.getByRole("button", { name: w.bank.save }).click();
    await expectFieldError(page.getByLabel(w.bank.accountName), m.errors.bank.accountNameRequired);
    await expect(page.getByText(m.errors.bank.selectBank, { exact: true }).last()).toBeVisible();
    await page.getByLabel(w.bank.accountName).fill("Budi Santoso");
    await page.getByLabel(w.bank.bankName).selectOption({ label: "BCA" });
    await page.getByLabel(w.bank.accountNumber).fill("12345");
    await page.getByRole("button", { name: w.bank.save }).click();
    await expectFieldError(page.getByLabel(w.bank.accountNumber), m.errors.bank.accountNumberLength);
    await expectNoSeriousViolations(page, `bank card form (${lang})`);
    await page.getByLabel(w.bank.accountNumber).fill("1234567890");
    await page.getByRole("button", { name: w.bank.save }).click();
    // The PIN (issue 43): a wrong one is refused in the dialog, which stays open; the right one saves.
    const pinDialog = page.getByRole("dialog");
    await expect(pinDialog.getByRole("heading", { name: w.bank.pinTitle })).toBeVisible();
    await expectNoSeriousViolations(page, `PIN dialog (${lang})`);
    await pinDialog.getByLabel(m.account.pin.enter).fill("918273");
    await pinDialog.getByRole("button", { name: w.bank.save }).click();
    await expect(pinDialog.getByText(fill(m.errors.pin.wrong, { attempts: 4 }))).toBeVisible();
    await pinDialog.getByLabel(m.account.pin.enter).fill(shopperPin);
    await pinDialog.getByRole("button", { name: w.bank.save }).click();
    await expect(toasts(page, lang).getByText(w.bank.saved)).toBeVisible();
    await page.waitForURL((url) => url.pathname.endsWith("/h5/merchant/withdraw"));
    await waitForHydration(page);
    await expect(page.getByTestId("withdraw-card")).toHaveText("BCA •••• 7890");
    // A new bank account waits 24 hours: the form says until when, and the server refuses it meanwhile.
    await expect(page.getByTestId("withdraw-hold")).toContainText("WIB");
    const amount = page.getByLabel(w.withdraw.amount);
    await amount.fill("60000");
    await page.getByRole("button", { name: w.withdraw.submit, exact: true }).click();
    await expect(amount).toHaveAttribute("aria-invalid", "true");
    await expect(amount).toHaveAccessibleDescription(
      messagePattern(w.withdraw.holdUntil, { time: ".+ WIB" }),
    );
    await expect(pinDialog).toHaveCount(0);

    // The operator, having called the shopper back, lifts the hold with how they checked (audited).
    const opsContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const ops = await opsContext.newPage();
    try {
      await signInOperator(ops);
      await ops.goto(localePath(lang, "/ops/users"));
      await waitForHydration(ops);
      await ops.getByRole("searchbox", { name: m.ops.users.search }).fill(email);
      await ops.getByRole("button", { name: m.ops.users.searchButton, exact: true }).click();
      await ops
        .getByTestId("ops-user")
        .getByRole("link", { name: fill(m.ops.users.detailsLabel, { account: email }) })
        .click();
      await expect(ops.getByTestId("user-payout-hold")).toContainText("WIB");
      await ops.getByRole("button", { name: m.ops.users.releaseHold, exact: true }).click();
      await ops.getByRole("dialog").getByLabel(m.ops.reason).fill("Ditelepon ke nomor terdaftar");
      await ops.getByRole("dialog").getByRole("button", { name: m.ops.users.releaseHold }).click();
      await expect(toasts(ops, lang).getByText(m.ops.users.holdReleased)).toBeVisible();
      await expect(ops.getByTestId("user-payout-hold")).toHaveCount(0);

      // Two withdrawals, each with the PIN: the fee is shown before confirming; too much is refused.
      await openWallet(page, lang, "withdraw");
      await expect(page.getByTestId("withdraw-hold")).toHaveCount(0);
      await amount.fill("300000");
      await page.getByRole("button", { name: w.withdraw.submit, exact: true }).click();
      await expectFieldError(amount, m.errors.money.insufficientBalance);
      await amount.fill("60000");
      await expect(page.getByTestId("withdraw-receive")).toHaveText(rupiah(57_500));
      await expectNoSeriousViolations(page, `withdraw form (${lang})`);
      const withdraw = async (sum: number) => {
        await page.getByRole("button", { name: w.withdraw.submit, exact: true }).click();
        await expect(
          pinDialog.getByRole("heading", { name: fill(w.withdraw.pinTitle, { amount: rupiah(sum) }) }),
        ).toBeVisible();
        await pinDialog.getByLabel(m.account.pin.enter).fill(shopperPin);
        await pinDialog.getByRole("button", { name: w.withdraw.submit, exact: true }).click();
        await expect(page.getByRole("heading", { name: w.withdraw.statuses.pending })).toBeVisible();
      };
      await withdraw(60_000);
      await openWallet(page, lang, "withdraw");
      await page.getByLabel(w.withdraw.amount).fill("50000");
      await withdraw(50_000);
      await openWallet(page, lang, "fund");
      expect(await shownBalance(page)).toBe(rupiah(90_000));

      // The operator pays the first and rejects the second with a reason.
      // The operator finds the area from the account page.
      await ops.goto(localePath(lang, "/h5/account"));
      await waitForHydration(ops);
      await ops.getByRole("link", { name: m.account.page.ops, exact: true }).click();
      await ops.waitForURL((url) => url.pathname === localePath(lang, "/ops"));
      await waitForHydration(ops);
      // The area opens on its dashboard; the withdrawals waiting are one of its queues.
      await expect(ops.getByRole("heading", { level: 1 })).toHaveText(m.ops.nav.dashboard);
      await ops.getByTestId("queue-withdrawals").click();
      await ops.waitForURL((url) => url.pathname === localePath(lang, "/ops/withdrawals"));
      await expect(ops.getByRole("heading", { level: 1 })).toHaveText(m.ops.nav.withdrawals);
      const mine = ops.getByTestId("ops-withdrawal").filter({ hasText: email });
      await expect(mine).toHaveCount(2);
      await expect(mine.filter({ hasText: rupiah(57_500) })).toContainText("BCA 1234567890 (Budi Santoso)");
      await expectNoSeriousViolations(ops, `operator withdrawals (${lang})`);
      await mine
        .filter({ hasText: rupiah(60_000) })
        .getByRole("button", { name: m.ops.withdrawals.approve })
        .click();
      await ops.getByRole("dialog").getByRole("button", { name: m.ops.withdrawals.approve }).click();
      await expect(toasts(ops, lang).getByText(m.ops.withdrawals.approved)).toBeVisible();
      await expect(mine).toHaveCount(1);
      await mine.getByRole("button", { name: m.ops.withdrawals.reject }).click();
      const dialog = ops.getByRole("dialog");
      await dialog.getByRole("button", { name: m.ops.withdrawals.reject }).click();
      await expect(dialog.getByText(m.errors.ops.reasonRequired)).toBeVisible();
      await dialog.getByLabel(m.ops.reason).fill("Nama rekening tidak cocok");
      await dialog.getByRole("button", { name: m.ops.withdrawals.reject }).click();
      await expect(toasts(ops, lang).getByText(m.ops.withdrawals.rejected)).toBeVisible();
      await expect(mine).toHaveCount(0);

      await ops.goto(localePath(lang, "/ops/ledger"));
      await expect(ops.getByTestId("ledger-check")).toHaveText(m.ops.ledger.balanced);
      await waitForHydration(ops);
      // The transfers of this shopper's wallet: the recharge, two holds and the returned one.
      await ops.getByLabel(m.ops.adjust.account).fill(email);
      await ops.getByRole("button", { name: m.ops.ledger.filter }).click();
      await expect(ops).toHaveURL(new RegExp(`user=${encodeURIComponent(email)}`));
      await expect(ops.getByRole("list", { name: m.ops.ledger.transfers }).getByRole("listitem")).toHaveCount(
        4,
      );
      await expectNoSeriousViolations(ops, `operator ledger (${lang})`);
    } finally {
      await opsContext.close();
    }

    // The shopper sees both outcomes: the paid one completed, the rejected one returned with its reason.
    await openWallet(page, lang, "fund");
    expect(await shownBalance(page)).toBe(rupiah(140_000));
    const records = page.getByRole("list", { name: w.fund.history }).getByRole("listitem");
    // Two withdrawals (one returned), the paid recharge and the one waiting for a payment.
    await expect(records).toHaveCount(5);
    // The rejected withdrawal's hold reads "returned", with the money coming back beside it.
    const minus = "\u2212";
    await expect(records.filter({ hasText: `${minus}${rupiah(50_000)}` })).toContainText(
      w.fund.states.returned,
    );
    await expect(records.filter({ hasText: `+${rupiah(50_000)}` })).toContainText(w.fund.states.completed);
    await expect(records.filter({ hasText: `+${rupiah(50_000)}` }).getByTestId("fund-entry")).toHaveText(
      w.fund.entries.withdrawal_returned,
    );
    await expect(records.filter({ hasText: `${minus}${rupiah(60_000)}` })).toContainText(
      w.fund.states.completed,
    );
    await expectNoSeriousViolations(page, `funds (${lang})`);

    // The type filter keeps only recharges.
    await page.getByRole("button", { name: w.fund.types.recharge, exact: true }).click();
    await expect(page).toHaveURL(/type=recharge/);
    await expect(records).toHaveCount(2);

    // A withdrawal record leads to the withdrawal, which says why it was returned.
    await page.getByRole("button", { name: w.fund.all, exact: true }).click();
    await records
      .filter({ hasText: `+${rupiah(50_000)}` })
      .getByRole("link")
      .click();
    await expect(page.getByRole("heading", { name: w.withdraw.statuses.rejected })).toBeVisible();
    await expect(
      page.getByText(fill(w.withdraw.reason, { reason: "Nama rekening tidak cocok" })),
    ).toBeVisible();
  });
}

// The same story's screens in the other languages: each state is reached through the API (the recharges through
// their method screens and the sandbox's page, which are screens too), then each screen is checked for its texts,
// its layout at 390 px and axe, with the forms' own messages shown.
for (const lang of langs.filter((l) => l !== journeyLang)) {
  test(`wallet screens in ${lang}, reached by set-up`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    const m = messages[lang];
    const w = m.wallet;
    const { email, token } = await signInFreshShopper(page, `wallet-${lang}`);
    const as = (authorization: string) => ({ authorization, lang });
    const recharge = async (amount: number, action: "pay" | "cancel") => {
      const started = await trpcMutation<{ attemptId: string }>(
        page.request,
        "wallet.recharge",
        { amount, method: "qris", idempotencyKey: idempotencyKey("wallet") },
        as(token),
      );
      await page.goto(localePath(lang, `/h5/payment?id=${started.attemptId}`));
      await decideOnSandbox(
        page,
        lang,
        amount,
        action,
        action === "pay" ? undefined : /\/h5\/payment\?id=pat_/,
      );
    };

    await page.goto(localePath(lang, "/h5/account"));
    for (const label of [m.account.page.funds, m.account.page.recharge, m.account.page.withdraw]) {
      await expect(page.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: m.account.page.bankCard, exact: true })).toHaveAttribute(
      "href",
      localePath(lang, "/h5/merchant/bank"),
    );

    await openWallet(page, lang, "fund");
    await expect(page).toHaveTitle(pageTitle(w.fund.title));
    expect(await shownBalance(page)).toBe(rupiah(0));
    await expect(page.getByText(w.fund.empty)).toBeVisible();
    await expectScreen(page, `empty funds (${lang})`, { axe: false });

    // The recharge form and its messages.
    await openWallet(page, lang, "recharge");
    await expectScreen(page, `recharge form (${lang})`);
    await page.getByText(rupiah(200_000), { exact: true }).click();
    await page.getByRole("button", { name: fill(w.recharge.payAmount, { amount: rupiah(200_000) }) }).click();
    await expect(page.getByText(m.errors.recharge.selectMethod)).toBeVisible();
    const amountField = page.getByLabel(w.recharge.otherAmount);
    await amountField.fill("5000");
    await channelRadio(page, "QRIS").check();
    await page.getByRole("button", { name: fill(w.recharge.payAmount, { amount: rupiah(5_000) }) }).click();
    await expectFieldError(
      amountField,
      fill(m.errors.recharge.outOfRange, { min: rupiah(10_000), max: rupiah(20_000_000) }),
    );

    // The sandbox's page in this language, and both outcomes: the recharge's result, the closed method.
    await recharge(200_000, "pay");
    await expect(page.getByRole("heading", { name: w.recharge.results.completed })).toBeVisible();
    await expectScreen(page, `recharge result (${lang})`);
    await recharge(100_000, "cancel");
    await expect(page.getByRole("heading", { name: m.payments.states.cancelled.title })).toBeVisible();
    await expect(page.getByRole("button", { name: m.payments.screen.chooseAnother })).toBeVisible();
    await expectScreen(page, `closed method screen (${lang})`);

    // Withdrawing without a card leads to the card form, whose messages show.
    await openWallet(page, lang, "withdraw");
    await expect(page.getByText(m.errors.withdraw.bindBankFirst)).toBeVisible();
    await expect(page.getByRole("link", { name: w.bank.bind })).toHaveAttribute(
      "href",
      localePath(lang, "/h5/merchant/bank?next=withdraw"),
    );
    await openWallet(page, lang, "bank?next=withdraw");
    await page.getByRole("button", { name: w.bank.save }).click();
    await expectFieldError(page.getByLabel(w.bank.accountName), m.errors.bank.accountNameRequired);
    await expect(page.getByText(m.errors.bank.selectBank, { exact: true }).last()).toBeVisible();
    await page.getByLabel(w.bank.bankName).selectOption({ label: "BCA" });
    await page.getByLabel(w.bank.accountNumber).fill("12345");
    await page.getByRole("button", { name: w.bank.save }).click();
    await expectFieldError(page.getByLabel(w.bank.accountNumber), m.errors.bank.accountNumberLength);
    await expectScreen(page, `bank card form (${lang})`);
    await trpcMutation(
      page.request,
      "wallet.saveBankCard",
      {
        accountName: "Budi Santoso",
        bankCode: "014",
        accountNumber: "1234567890",
        proof: { pin: shopperPin },
      },
      as(token),
    );
    // The PIN dialog in this language (issue 43), before the withdrawal form's own messages.
    await openWallet(page, lang, "bank");
    await page.getByRole("button", { name: w.bank.reveal }).click();
    await expect(page.getByRole("dialog").getByLabel(m.account.pin.enter)).toBeVisible();
    await expectScreen(page, `PIN dialog (${lang})`);
    await page.getByRole("dialog").getByLabel(m.account.pin.enter).fill(shopperPin);
    await page.getByRole("dialog").getByRole("button", { name: w.bank.reveal }).click();
    await expect(page.getByTestId("bank-card-number")).toHaveText("1234567890");
    await expect(page.getByTestId("bank-hold")).toContainText("WIB");
    await expectScreen(page, `bank card with its hold (${lang})`);

    // The withdrawal form: the card, its 24-hour hold, the fee before confirming, too much refused.
    await openWallet(page, lang, "withdraw");
    await expect(page.getByTestId("withdraw-card")).toHaveText("BCA •••• 7890");
    await expect(page.getByTestId("withdraw-hold")).toContainText("WIB");
    const amount = page.getByLabel(w.withdraw.amount);
    await amount.fill("300000");
    await page.getByRole("button", { name: w.withdraw.submit, exact: true }).click();
    await expectFieldError(amount, m.errors.money.insufficientBalance);
    await amount.fill("60000");
    await expect(page.getByTestId("withdraw-receive")).toHaveText(rupiah(57_500));
    await expectScreen(page, `withdraw form (${lang})`);
    const withdraw = (value: number) =>
      trpcMutation<{ id: string }>(
        page.request,
        "wallet.withdraw",
        { amount: value, proof: { pin: shopperPin }, idempotencyKey: idempotencyKey("wallet") },
        as(token),
      );
    await expect(withdraw(60_000)).rejects.toThrow(/PRECONDITION_FAILED|412/);
    let returned: { id: string } | undefined;

    // The operator lifts the hold (the user page in this language), then sees the queue and ledger; the
    // decisions go through the API.
    const opsContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const ops = await opsContext.newPage();
    try {
      await signInOperator(ops);
      const opsToken = await tokenOf(ops.request, demoOperator.account);
      const found = await trpcQuery<{ items: { id: string }[] }>(
        ops.request,
        "ops.users.list",
        { q: email },
        lang,
        opsToken,
      );
      await ops.goto(localePath(lang, `/ops/users?id=${found.items[0]!.id}`));
      await expect(ops.getByTestId("user-payout-hold")).toContainText("WIB");
      await expectScreen(ops, `operator user with a payout hold (${lang})`);
      await trpcMutation(
        ops.request,
        "ops.users.releasePayoutHold",
        {
          id: found.items[0]!.id,
          reason: "Ditelepon ke nomor terdaftar",
          idempotencyKey: idempotencyKey("hold"),
        },
        as(opsToken),
      );
      const paid = await withdraw(60_000);
      returned = await withdraw(50_000);
      await openWallet(page, lang, `withdraw?id=${paid.id}`);
      await expect(page.getByRole("heading", { name: w.withdraw.statuses.pending })).toBeVisible();
      await ops.goto(localePath(lang, "/ops/withdrawals"));
      await waitForHydration(ops);
      await expect(ops.getByRole("heading", { level: 1 })).toHaveText(m.ops.nav.withdrawals);
      const mine = ops.getByTestId("ops-withdrawal").filter({ hasText: email });
      await expect(mine).toHaveCount(2);
      await expect(mine.filter({ hasText: rupiah(57_500) })).toContainText("BCA 1234567890 (Budi Santoso)");
      await expect(mine.first().getByRole("button", { name: m.ops.withdrawals.approve })).toBeVisible();
      await expect(mine.first().getByRole("button", { name: m.ops.withdrawals.reject })).toBeVisible();
      await expectScreen(ops, `operator withdrawals (${lang})`);
      await trpcMutation(
        ops.request,
        "ops.money.approveWithdrawal",
        { id: paid.id, idempotencyKey: idempotencyKey("wallet") },
        as(opsToken),
      );
      await trpcMutation(
        ops.request,
        "ops.money.rejectWithdrawal",
        { id: returned!.id, reason: "Nama rekening tidak cocok", idempotencyKey: idempotencyKey("wallet") },
        as(opsToken),
      );
      await ops.goto(localePath(lang, `/ops/ledger?user=${encodeURIComponent(email)}`));
      await expect(ops.getByTestId("ledger-check")).toHaveText(m.ops.ledger.balanced);
      await waitForHydration(ops);
      await expect(ops.getByLabel(m.ops.adjust.account)).toHaveValue(email);
      await expect(ops.getByRole("button", { name: m.ops.ledger.filter })).toBeVisible();
      // The recharge, two holds and the returned one.
      await expect(ops.getByRole("list", { name: m.ops.ledger.transfers }).getByRole("listitem")).toHaveCount(
        4,
      );
      await expectScreen(ops, `operator ledger (${lang})`);
    } finally {
      await opsContext.close();
    }

    // The fund history names every movement in this language.
    await openWallet(page, lang, "fund");
    expect(await shownBalance(page)).toBe(rupiah(140_000));
    const records = page.getByRole("list", { name: w.fund.history }).getByRole("listitem");
    await expect(records).toHaveCount(5);
    await expect(records.filter({ hasText: rupiah(100_000) })).toContainText(w.fund.states.awaitingPayment);
    const minus = "\u2212";
    const recharged = records.filter({ hasText: `+${rupiah(200_000)}` });
    await expect(recharged.getByTestId("fund-entry")).toHaveText(w.fund.entries.recharge);
    await expect(recharged).toContainText(w.fund.states.completed);
    await expect(recharged).toContainText("WIB");
    await expect(records.filter({ hasText: `${minus}${rupiah(50_000)}` })).toContainText(
      w.fund.states.returned,
    );
    await expect(records.filter({ hasText: `+${rupiah(50_000)}` }).getByTestId("fund-entry")).toHaveText(
      w.fund.entries.withdrawal_returned,
    );
    await expect(records.filter({ hasText: `${minus}${rupiah(60_000)}` })).toContainText(
      w.fund.states.completed,
    );
    await expect(page.getByRole("button", { name: w.fund.types.recharge, exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: w.fund.all, exact: true })).toBeVisible();
    await expectScreen(page, `funds (${lang})`);

    // The returned withdrawal says why.
    await openWallet(page, lang, `withdraw?id=${returned!.id}`);
    await expect(page.getByRole("heading", { name: w.withdraw.statuses.rejected })).toBeVisible();
    await expect(
      page.getByText(fill(w.withdraw.reason, { reason: "Nama rekening tidak cocok" })),
    ).toBeVisible();
  });
}

test.describe("the demo's opening balance", () => {
  for (const lang of langs) {
    test(`reads in the reader's language in the fund history (${lang})`, async ({ page }) => {
      const w = messages[lang].wallet;
      await signInPageAs(page, "shopper@pasar.test");
      await page.goto(localePath(lang, "/h5/merchant/fund?type=system"));
      const opening = page
        .getByRole("list", { name: w.fund.history })
        .getByRole("listitem")
        .filter({ hasText: `+${rupiah(500_000)}` });
      await expect(opening.getByTestId("fund-entry")).toHaveText(w.fund.entries.adjustment_credit);
      await expect(opening).toContainText(w.fund.memos.demoOpeningBalance);
      if (lang !== "ind")
        await expect(opening).not.toContainText(messages.ind.wallet.fund.memos.demoOpeningBalance);
    });
  }
});

test("the operator area is for operators only: a visitor signs in, a shopper gets 403", async ({ page }) => {
  const m = messages.en;
  await page.goto("/en/ops/ledger");
  await expect(page).toHaveURL(/\/en\/h5\/signin\?redirect=/);
  await signInFreshShopper(page, "not-operator");
  const response = await page.goto("/en/ops/ledger");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.errors.page.forbiddenName);
  await expect(page.getByText(m.errors.api.forbidden)).toBeVisible();
});

test("times follow the time zone chosen on the account page", async ({ page }) => {
  const m = messages.ind;
  await signInFreshShopper(page, "time-zone");
  await page.goto("/h5/account");
  await waitForHydration(page);
  await page.getByRole("radio", { name: m.shell.timeZone.WIT }).check();
  await openWallet(page, "ind", "recharge");
  await page.getByText(rupiah(50_000), { exact: true }).click();
  await channelRadio(page, "QRIS").check();
  await page
    .getByRole("button", { name: fill(m.wallet.recharge.payAmount, { amount: rupiah(50_000) }) })
    .click();
  await decideOnSandbox(page, "ind", 50_000, "pay");
  await openWallet(page, "ind", "fund");
  const record = page.getByRole("list", { name: m.wallet.fund.history }).getByRole("listitem").first();
  await expect(record.locator("time")).toHaveText(/ WIT$/);
});
