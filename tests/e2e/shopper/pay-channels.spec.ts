import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousViolations } from "../support/axe.ts";
import { signInFreshShopper, trpcQuery } from "../support/browsing.ts";
import { escapeRegExp, fill, localePath, messages, type Lang } from "../support/i18n.ts";
import { channelRadio, rupiah } from "../support/money.ts";
import { waitForHydration } from "../support/page.ts";
import { expectScreen } from "../support/screens.ts";
import { trpcMutation } from "../support/accounts.ts";
import { idempotencyKey, saveAddress } from "../support/setup.ts";

// Issue 26: paying by the channels of the shop's provider, here the sandbox. It offers every channel (with the
// fees the operator set, none in the demo: the totals are read from the page); its play-money page (the method
// screen's `simulateUrl`, in the shopper's language) pays the attempt and sends the browser back to the method
// screen, which lands on the result. It also stands in for the e-wallets' own pages (DANA's "app" is that page).
// Each payment is clicked through in one language, at the phone's 390 × 844, and its screens are checked by axe.

/** A product of the demo catalogue with stock, to buy one of. */
async function someProduct(page: Page): Promise<string> {
  const list = await trpcQuery<{ items: { id: string }[] }>(page.request, "listings.list", { limit: 1 });
  return list.items[0]!.id;
}

/** Checkout for one piece of `productId`, hydrated. */
async function openCheckout(page: Page, lang: Lang, productId: string) {
  await page.goto(localePath(lang, `/h5/pay?lines=${productId}*1`));
  await waitForHydration(page);
}

/** Completes the attempt on the sandbox's play-money page, then waits to land on `result`. */
async function payOnSandbox(page: Page, lang: Lang, result: RegExp) {
  const p = messages[lang].payments;
  await page.getByRole("link", { name: p.screen.sandbox }).click();
  await page.getByRole("button", { name: messages[lang].gateway.sandbox.pay, exact: true }).click();
  await page.waitForURL(result);
  await waitForHydration(page);
}

test.describe("paying by a provider's channel", () => {
  test("an order by QRIS, in Indonesian: the QR, the countdown, the apps; paid on the sandbox", async ({
    page,
  }) => {
    const lang: Lang = "ind";
    const m = messages[lang];
    const p = m.payments;
    const { token } = await signInFreshShopper(page, `qris-${lang}`);
    await saveAddress(page.request, token);
    await openCheckout(page, lang, await someProduct(page));

    // The picker: grouped, QRIS first; choosing it adds its fee to the total on the button.
    await expect(page.getByRole("group", { name: p.kinds.qris })).toBeVisible();
    await expect(page.getByRole("group", { name: p.kinds.va })).toBeVisible();
    const place = page.getByRole("button", {
      name: new RegExp(escapeRegExp(fill(m.orders.pay.place, { total: "" }))),
    });
    await channelRadio(page, "QRIS").check();
    // How long QRIS gives to pay (issue 40): minutes; the picker gives each group's.
    await expect(page.getByText(fill(m.orders.pay.window, { time: "15 menit" }))).toBeVisible();
    await expect(
      page.getByText(`${p.kindHints.va} · ${fill(p.screen.payWithin, { time: "24 jam" })}`),
    ).toBeVisible();
    await expectNoSeriousViolations(page, `checkout with channels (${lang})`);
    await place.click();

    // The method screen: the QR as an image, the amount, "Bayar dalam mm:ss", the apps that pay QRIS.
    await page.waitForURL(/\/h5\/payment\?id=pat_/);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "QRIS" })).toBeVisible();
    await expect(
      page.getByRole("img", { name: new RegExp(escapeRegExp(p.qris.alt.split("{{")[0]!)) }),
    ).toBeVisible();
    await expect(page.getByRole("timer")).toHaveText(/\d+:\d{2}/);
    await expect(page.getByText("GoPay", { exact: true })).toBeVisible();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: p.qris.download }).click();
    expect((await download).suggestedFilename()).toMatch(/^pasar-qris-pat_[0-9a-z]+\.png$/);
    await expectScreen(page, `QRIS method screen (${lang})`);

    await payOnSandbox(page, lang, /\/h5\/pay\?result=chk_/);
    await expect(page.getByRole("heading", { name: m.orders.pay.resultPaid })).toBeVisible();
    // The order names how it was paid.
    await page.getByRole("link", { name: m.orders.pay.viewOrders }).click();
    await page.waitForURL(/\/h5\/order\/detail\?id=ord_/);
    await expect(
      page.getByRole("region", { name: m.orders.detail.payment }).getByText("QRIS", { exact: true }),
    ).toBeVisible();
  });

  test("an order by BCA virtual account, in English: the number to copy, the bank's steps; changed from OVO", async ({
    page,
    context,
  }) => {
    const lang: Lang = "en";
    const m = messages[lang];
    const p = m.payments;
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const { token } = await signInFreshShopper(page, `va-${lang}`);
    await saveAddress(page.request, token);
    await openCheckout(page, lang, await someProduct(page));

    // OVO asks for its phone, in the language's words, before anything is placed.
    await channelRadio(page, "OVO").check();
    await expect(page.getByText(fill(m.orders.pay.window, { time: "15 minutes" }))).toBeVisible();
    await channelRadio(page, "BCA Virtual Account").check();
    // A virtual account gives a day (people pay after work).
    await expect(page.getByText(fill(m.orders.pay.window, { time: "24 hours" }))).toBeVisible();
    await channelRadio(page, "OVO").check();
    const phone = page.getByLabel(p.picker.phone);
    await phone.fill("12345");
    await page
      .getByRole("button", { name: new RegExp(escapeRegExp(fill(m.orders.pay.place, { total: "" }))) })
      .click();
    await expect(page.getByText(m.errors.payments.phone).first()).toBeVisible();
    await phone.fill("0812 3456 7890");
    await page
      .getByRole("button", { name: new RegExp(escapeRegExp(fill(m.orders.pay.place, { total: "" }))) })
      .click();
    await page.waitForURL(/\/en\/h5\/payment\?id=pat_/);
    await waitForHydration(page);
    await expect(page.getByText(fill(p.ewallet.push, { phone: "0812 3456 7890" }))).toBeVisible();
    await expectScreen(page, `OVO method screen (${lang})`);

    // Change method: BCA virtual account, a new attempt on its own screen.
    const ovoUrl = page.url();
    await page.getByRole("button", { name: p.screen.change }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("radio", { name: /^OVO/ })).toBeVisible();
    await dialog.getByRole("radio", { name: /^BCA Virtual Account/ }).check();
    await expectNoSeriousViolations(page, `change method dialog (${lang})`);
    await dialog.getByRole("button", { name: p.dialog.confirm }).click();
    await page.waitForURL((url) => url.href !== ovoUrl && /\/en\/h5\/payment\?id=pat_/.test(url.href));
    await waitForHydration(page);

    // The number in groups of four, copied whole; the amount copied as digits.
    const number = page.getByText(/^\d{4}( \d{1,4})+$/).first();
    const shown = (await number.textContent())!;
    await page.getByRole("button", { name: fill(p.screen.copyLabel, { label: p.va.number }) }).click();
    await expect(page.getByText(fill(p.screen.copied, { label: p.va.number }))).toBeAttached();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown.replace(/ /g, ""));
    // BCA's own ways, one disclosure each.
    for (const title of [
      p.va.guides.bca.atm.title,
      p.va.guides.bca.mobile.title,
      p.va.guides.bca.internet.title,
    ])
      await expect(page.getByText(title, { exact: true })).toBeVisible();
    await page.getByText(p.va.guides.bca.mobile.title, { exact: true }).click();
    await expect(page.getByText("Choose m-Transfer, then BCA Virtual Account.")).toBeVisible();
    await expectScreen(page, `BCA virtual account method screen (${lang})`);

    await payOnSandbox(page, lang, /\/en\/h5\/pay\?result=chk_/);
    await expect(page.getByRole("heading", { name: m.orders.pay.resultPaid })).toBeVisible();
  });

  test("an order by DANA, in Chinese: the e-wallet opens by itself once; paid on the sandbox", async ({
    page,
  }) => {
    const lang: Lang = "zh";
    const m = messages[lang];
    const p = m.payments;
    const { token } = await signInFreshShopper(page, `dana-${lang}`);
    await saveAddress(page.request, token);
    await openCheckout(page, lang, await someProduct(page));

    // The e-wallet's page opens by itself after choosing (the sandbox's page stands in for DANA's): counted.
    const opened: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame() && /\/gateway\/sandbox\/pay_/.test(frame.url()))
        opened.push(frame.url());
    });
    await channelRadio(page, "DANA").check();
    await page
      .getByRole("button", { name: new RegExp(escapeRegExp(fill(m.orders.pay.place, { total: "" }))) })
      .click();
    await page.waitForURL(/\/gateway\/sandbox\/pay_/);
    expect(opened).toHaveLength(1);
    // Back in the shop without paying: the method screen, which does not open the e-wallet again.
    await page.goBack();
    await page.waitForURL(/\/zh\/h5\/payment\?id=pat_/);
    await waitForHydration(page);
    await expect(page.getByRole("link", { name: fill(p.ewallet.open, { name: "DANA" }) })).toBeVisible();
    await expect(page.getByText(p.ewallet.notOpened)).toBeVisible();
    await expectScreen(page, `DANA method screen (${lang})`);

    expect(opened).toHaveLength(1);

    await payOnSandbox(page, lang, /\/zh\/h5\/pay\?result=chk_/);
    await expect(page.getByRole("heading", { name: m.orders.pay.resultPaid })).toBeVisible();
  });

  test("an order cancelled while its QR waits: its payment screen offers 'Beli lagi', not another method", async ({
    page,
  }) => {
    const lang: Lang = "ind";
    const m = messages[lang];
    const p = m.payments;
    const { token } = await signInFreshShopper(page, `buyagain-${lang}`);
    await saveAddress(page.request, token);
    await openCheckout(page, lang, await someProduct(page));
    await channelRadio(page, "QRIS").check();
    await page
      .getByRole("button", { name: new RegExp(escapeRegExp(fill(m.orders.pay.place, { total: "" }))) })
      .click();
    await page.waitForURL(/\/h5\/payment\?id=pat_/);
    await waitForHydration(page);
    const attemptId = new URL(page.url()).searchParams.get("id")!;
    const attempt = await trpcQuery<{ orderIds: string[] }>(
      page.request,
      "payments.attempt",
      { id: attemptId },
      lang,
      token,
    );
    // The shopper cancels the order elsewhere (another tab), then comes back to its QR.
    await trpcMutation(
      page.request,
      "orders.cancel",
      { id: attempt.orderIds[0], idempotencyKey: idempotencyKey("cancel") },
      { authorization: token },
    );
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: p.states.cancelled.title })).toBeVisible();
    await expect(page.getByText(fill(p.screen.ordersCancelled.other, { count: 1 }))).toBeVisible();
    await expect(page.getByRole("button", { name: p.screen.chooseAnother })).toHaveCount(0);
    await expect(page.getByRole("link", { name: p.screen.chooseAnother })).toHaveCount(0);
    await expectScreen(page, `payment screen of a cancelled order (${lang})`);
    await page.getByRole("button", { name: m.orders.detail.buyAgain }).click();
    await page.waitForURL(/\/h5\/cart/);
    await expect(page.getByText(fill(m.orders.detail.buyAgainAdded.other, { count: 1 }))).toBeVisible();
  });

  test("a recharge by BRI virtual account, in Indonesian: the result links back while it waits", async ({
    page,
  }) => {
    const lang: Lang = "ind";
    const m = messages[lang];
    const w = m.wallet.recharge;
    const { token } = await signInFreshShopper(page, `recharge-va-${lang}`);
    await page.goto(localePath(lang, "/h5/merchant/recharge"));
    await waitForHydration(page);
    await page.getByText(rupiah(200_000), { exact: true }).click();
    await channelRadio(page, "BRI Virtual Account").check();
    await expectNoSeriousViolations(page, `recharge with channels (${lang})`);
    await page.getByRole("button", { name: new RegExp(escapeRegExp(w.payAmount.split("{{")[0]!)) }).click();
    await page.waitForURL(/\/h5\/payment\?id=pat_/);
    await waitForHydration(page);
    const attemptId = new URL(page.url()).searchParams.get("id")!;
    for (const title of [
      m.payments.va.guides.bri.atm.title,
      m.payments.va.guides.bri.mobile.title,
      m.payments.va.guides.otherBank.title,
    ])
      await expect(page.getByText(title, { exact: true })).toBeVisible();
    await expectScreen(page, `BRI virtual account method screen (${lang})`);

    // The recharge's own page, while it waits, leads back to the method screen.
    const attempt = await trpcQuery<{ subjectId: string }>(
      page.request,
      "payments.attempt",
      { id: attemptId },
      lang,
      token,
    );
    await page.goto(localePath(lang, `/h5/merchant/recharge?result=${attempt.subjectId}`));
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: w.results.pending })).toBeVisible();
    await page.getByRole("link", { name: w.continue }).click();
    await page.waitForURL(
      (url) => url.pathname === "/h5/payment" && url.searchParams.get("id") === attemptId,
    );
    await waitForHydration(page);

    await payOnSandbox(page, lang, /\/h5\/merchant\/recharge\?result=rch_/);
    await expect(page.getByRole("heading", { name: w.results.completed })).toBeVisible();
    // The fund history lists it.
    await page.goto(localePath(lang, "/h5/merchant/fund"));
    await waitForHydration(page);
    await expect(page.getByText(m.wallet.fund.entries.recharge).first()).toBeVisible();
    await expect(page.getByText(`+${rupiah(200_000)}`).first()).toBeVisible();
  });
});
