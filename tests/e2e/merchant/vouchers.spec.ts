import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectFieldError, toasts, trpcMutation } from "../support/accounts.ts";
import { expectNoSeriousViolations } from "../support/axe.ts";
import { trpcQuery } from "../support/browsing.ts";
import { fill, langs, localePath, messages, plural, type Lang } from "../support/i18n.ts";
import { demoOperator, rupiah } from "../support/money.ts";
import { waitForHydration } from "../support/page.ts";
import { pageAs, signInPageAs, tokenOf } from "../support/roles.ts";
import { expectScreen } from "../support/screens.ts";

// Vouchers as those who pay for them make them (issue 42): a merchant's store vouchers and the operator's
// platform and free-shipping vouchers, each created with its cost estimate shown before saving, listed with its
// use, budget spent and orders, and paused; the merchant's is limited under "Syarat lainnya" to cash on delivery and
// one category, and its list item says so. Clicked through in Indonesian; English and Chinese see the same
// screens by set-up, at 390 and 320 px, with axe. Every voucher made here has a code, so no other test's checkout
// offers it (a voucher with a code is used only by those who typed it).

const journeyLang: Lang = "ind";
/** A demo merchant per language, so the lists each test reads are its own store's. */
const merchantOf: Record<Lang, string> = {
  ind: "merchant3@pasar.test",
  en: "merchant4@pasar.test",
  zh: "merchant5@pasar.test",
};

/** A voucher code no other test uses: capitals and digits, at most 20. */
const newCode = (tag: string) =>
  `E2E${tag}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase().slice(0, 20);

/** A moment as a `datetime-local` input in WIB (the zone a reader without a choice sees) takes it. */
const wibInput = (at: Date) => new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 16);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

/** The codes of the vouchers a list procedure answers. */
async function listedCodes(request: APIRequestContext, procedure: string, token: string): Promise<string[]> {
  const list = await trpcQuery<{ code: string | null }[]>(request, procedure, undefined, "ind", token);
  return list.flatMap((v) => (v.code ? [v.code] : []));
}

/** A voucher's form fields by their labels in `lang`. */
function voucherForm(page: Page, lang: Lang) {
  const f = messages[lang].vouchers.manage.fields;
  const field = (label: string) => page.getByLabel(label, { exact: true });
  return {
    amount: field(f.amount),
    percent: field(f.percent),
    minSpend: field(f.minSpend),
    endsAt: field(fill(f.endsAt, { zone: "WIB" })),
    usageLimit: field(f.usageLimit),
    budget: field(f.budget),
    code: field(f.code),
    estimate: page.getByTestId("voucher-estimate"),
    save: page.getByRole("button", { name: messages[lang].vouchers.manage.save }),
  };
}

for (const lang of [journeyLang]) {
  test(`a merchant creates a store voucher, sees it and pauses it in ${lang}`, async ({ page, request }) => {
    const m = messages[lang];
    const v = m.vouchers.manage;
    const token = await signInPageAs(page, merchantOf[lang]);
    const code = newCode("S");

    // From the merchant centre's menu.
    await page.goto(localePath(lang, "/h5/merchant"));
    await waitForHydration(page);
    await page.getByRole("link", { name: v.title }).click();
    await page.waitForURL((url) => url.pathname === localePath(lang, "/h5/merchant/vouchers"));
    await waitForHydration(page);
    await page.getByRole("button", { name: v.create }).click();
    const form = voucherForm(page, lang);
    await expect(form.estimate).toHaveText(v.estimate.incomplete);

    // Bad input: a percent over 100 and an end before the start, refused with the server's translated messages.
    await page.getByLabel(v.fields.types.percent, { exact: true }).check();
    await form.percent.fill("150");
    await form.code.fill(code.toLowerCase());
    await expect(form.code).toHaveValue(code);
    await form.endsAt.fill("2026-01-01T10:00");
    await form.save.click();
    await expectFieldError(form.percent, m.errors.vouchers.percentRange);
    await expectFieldError(form.endsAt, m.errors.vouchers.endBeforeStart);
    await expectNoSeriousViolations(page, `store voucher form with errors (${lang})`);
    expect(await listedCodes(request, "merchantVouchers.list", token)).not.toContain(code);

    // Rp 10.000 off from Rp 100.000, 50 uses: the estimate says what it may cost before saving.
    await page.getByLabel(v.fields.types.amount, { exact: true }).check();
    await form.amount.fill("10000");
    await expect(form.amount).toHaveValue("10.000");
    await form.minSpend.fill("100000");
    await form.endsAt.fill(wibInput(inDays(7)));
    await form.usageLimit.fill("50");
    await expect(form.estimate).toHaveText(
      fill(v.estimate.total.other, { amount: rupiah(10_000), count: 50, total: rupiah(500_000) }),
    );

    // Cash on delivery only, on one top-level category: chosen under "Syarat lainnya", closed until opened.
    const c = v.conditions;
    const [category] = await trpcQuery<{ name: string }[]>(request, "catalog.categories", undefined, lang);
    const conditions = page.getByTestId("voucher-conditions");
    await expect(conditions).toHaveText(c.none);
    await conditions.click();
    await page.getByLabel(c.methodsSome, { exact: true }).check();
    await page.getByLabel(m.orders.detail.methods.cod, { exact: true }).check();
    await page.getByLabel(c.categoriesSome, { exact: true }).check();
    await page.getByLabel(category!.name, { exact: true }).check();
    await expect(conditions).toHaveText(
      `${fill(plural(lang, c.methodsCount, 1), { count: 1 })} · ${fill(plural(lang, c.categoriesCount, 1), { count: 1 })}`,
    );
    await form.save.click();
    await expect(toasts(page, lang).getByText(v.created)).toBeVisible();

    // Listed, with its use, budget and orders.
    const item = page.getByTestId("managed-voucher").filter({ hasText: code });
    await expect(item).toContainText(fill(m.vouchers.off.amount, { amount: rupiah(10_000) }));
    await expect(item).toContainText(fill(m.vouchers.minSpend, { amount: rupiah(100_000) }));
    await expect(item.getByTestId("voucher-used")).toHaveText("0 / 50");
    await expect(item.getByTestId("voucher-spent")).toHaveText(`${rupiah(0)} / ${v.list.unlimited}`);
    await expect(item.getByTestId("voucher-orders")).toHaveText("0");
    await expect(item).toContainText(m.vouchers.someMethods);
    await expect(item).toContainText(m.vouchers.someItems);
    await expect(item.getByTestId("voucher-methods")).toHaveText(m.orders.detail.methods.cod);

    // Paused: marked so, and it can be resumed.
    await item.getByRole("button", { name: fill(v.list.pauseLabel, { name: code }) }).click();
    await expect(toasts(page, lang).getByText(v.list.pausedToast)).toBeVisible();
    await expect(item.getByTestId("voucher-paused")).toHaveText(v.list.paused);
    await expect(item.getByRole("button", { name: fill(v.list.resumeLabel, { name: code }) })).toBeVisible();
    await expectNoSeriousViolations(page, `store vouchers (${lang})`);
    await page.setViewportSize({ width: 320, height: 700 });
    await expectScreen(page, `store vouchers (${lang}, 320 px)`, { axe: false });
  });

  test(`the operator creates a free-shipping voucher and sees it in ${lang}`, async ({ page }) => {
    const m = messages[lang];
    const v = m.vouchers.manage;
    await signInPageAs(page, demoOperator.account);
    const code = newCode("O");

    // From the operator's navigation.
    await page.goto(localePath(lang, "/ops/reviews"));
    await waitForHydration(page);
    await page
      .getByRole("navigation", { name: m.ops.title })
      .getByRole("link", { name: v.opsTitle, exact: true })
      .click();
    await page.waitForURL((url) => url.pathname === localePath(lang, "/ops/vouchers"));
    await expect(page.getByRole("heading", { level: 1, name: v.opsTitle })).toBeVisible();
    await page.getByRole("button", { name: v.create }).click();

    // Free shipping up to Rp 20.000 from Rp 50.000, 100 uses, a budget of Rp 1.000.000.
    const form = voucherForm(page, lang);
    await page.getByLabel(v.fields.kinds.shipping, { exact: true }).check();
    await form.amount.fill("20000");
    await form.minSpend.fill("50000");
    await form.usageLimit.fill("100");
    await form.budget.fill("1000000");
    await form.code.fill(code);
    await expect(form.estimate).toHaveText(
      fill(v.estimate.total.other, { amount: rupiah(20_000), count: 100, total: rupiah(2_000_000) }) +
        fill(v.estimate.budgetCap, { budget: rupiah(1_000_000) }),
    );
    await expectNoSeriousViolations(page, `ops voucher form (${lang})`);
    await form.save.click();
    await expect(toasts(page, lang).getByText(v.created)).toBeVisible();

    const item = page.getByTestId("managed-voucher").filter({ hasText: code });
    await expect(item).toContainText(m.vouchers.kinds.shipping);
    await expect(item).toContainText(fill(m.vouchers.off.shipping, { amount: rupiah(20_000) }));
    await expect(item.getByTestId("voucher-used")).toHaveText("0 / 100");
    await expect(item.getByTestId("voucher-spent")).toHaveText(`${rupiah(0)} / ${rupiah(1_000_000)}`);
    await expect(item.getByTestId("voucher-orders")).toHaveText("0");
    await page.setViewportSize({ width: 320, height: 700 });
    await expectScreen(page, `ops vouchers (${lang}, 320 px)`, { axe: false });
  });
}

// The same screens in the other languages: a voucher of each made through the API, each list and form checked for
// its texts, its layout at 390 and 320 px and axe.
for (const lang of langs.filter((l) => l !== journeyLang)) {
  test(`vouchers: the merchant's and the operator's screens in ${lang}, reached by set-up`, async ({
    page,
    browser,
    request,
  }) => {
    const m = messages[lang];
    const v = m.vouchers.manage;
    const week = { startsAt: new Date(), endsAt: inDays(7) };

    // The store's list: 10 % up to Rp 15.000, no usage limit, a budget of Rp 300.000, paused.
    const token = await signInPageAs(page, merchantOf[lang]);
    const storeCode = newCode("S");
    const made = await trpcMutation<{ id: string }>(
      request,
      "merchantVouchers.create",
      {
        code: storeCode,
        discount: { type: "percent", percentBp: 1000, cap: 15_000 },
        minSpend: 0,
        ...week,
        usageLimit: null,
        perShopperLimit: 2,
        budget: 300_000,
      },
      { authorization: token },
    );
    await trpcMutation(
      request,
      "merchantVouchers.pause",
      { id: made.id, paused: true },
      { authorization: token },
    );
    await page.goto(localePath(lang, "/h5/merchant/vouchers"));
    await waitForHydration(page);
    const item = page.getByTestId("managed-voucher").filter({ hasText: storeCode });
    await expect(item).toContainText(fill(m.vouchers.off.percentCap, { percent: "10", cap: rupiah(15_000) }));
    await expect(item).toContainText(m.vouchers.noMinSpend);
    await expect(item).toContainText(fill(v.list.times.other, { count: 2 }));
    await expect(item.getByTestId("voucher-used")).toHaveText(`0 / ${v.list.unlimited}`);
    await expect(item.getByTestId("voucher-spent")).toHaveText(`${rupiah(0)} / ${rupiah(300_000)}`);
    await expect(item.getByTestId("voucher-paused")).toHaveText(v.list.paused);
    await expect(
      item.getByRole("button", { name: fill(v.list.resumeLabel, { name: storeCode }) }),
    ).toBeVisible();
    await expectScreen(page, `store vouchers (${lang})`);

    // The form: 7.5 % without a cap over 20 uses depends on the orders; 150 % is refused in this language.
    await page.getByRole("button", { name: v.create }).click();
    const form = voucherForm(page, lang);
    await page.getByLabel(v.fields.types.percent, { exact: true }).check();
    await form.percent.fill("7.5");
    await form.usageLimit.fill("20");
    await expect(form.estimate).toHaveText(
      fill(v.estimate.depends.other, { percent: "7.5", count: 20 }) + v.estimate.limitIt,
    );
    await form.percent.fill("150");
    await form.save.click();
    await expectFieldError(form.percent, m.errors.vouchers.percentRange);
    await expectScreen(page, `store voucher form (${lang})`);
    await page.setViewportSize({ width: 320, height: 700 });
    await expectScreen(page, `store voucher form (${lang}, 320 px)`, { axe: false });
    await page.getByRole("button", { name: m.catalog.search.cancel, exact: true }).click();
    await expect(item).toBeVisible();
    await expectScreen(page, `store vouchers (${lang}, 320 px)`, { axe: false });

    // The operator's list with a free-shipping voucher, and the form with its kinds.
    const ops = await pageAs(browser, demoOperator.account);
    const opsCode = newCode("O");
    await trpcMutation(
      request,
      "ops.vouchers.create",
      {
        kind: "shipping",
        voucher: {
          code: opsCode,
          discount: { type: "amount", amount: 15_000 },
          minSpend: 30_000,
          ...week,
          usageLimit: 500,
          perShopperLimit: 1,
          budget: null,
        },
      },
      { authorization: await tokenOf(request, demoOperator.account) },
    );
    await ops.goto(localePath(lang, "/ops/vouchers"));
    await waitForHydration(ops);
    await expect(ops.getByRole("heading", { level: 1, name: v.opsTitle })).toBeVisible();
    const shipping = ops.getByTestId("managed-voucher").filter({ hasText: opsCode });
    await expect(shipping).toContainText(m.vouchers.kinds.shipping);
    await expect(shipping).toContainText(fill(m.vouchers.off.shipping, { amount: rupiah(15_000) }));
    await expect(shipping.getByTestId("voucher-used")).toHaveText("0 / 500");
    await expect(
      shipping.getByRole("button", { name: fill(v.list.pauseLabel, { name: opsCode }) }),
    ).toBeVisible();
    await expectScreen(ops, `ops vouchers (${lang})`);
    await ops.getByRole("button", { name: v.create }).click();
    await expect(ops.getByLabel(v.fields.kinds.shipping, { exact: true })).toBeVisible();
    await expect(voucherForm(ops, lang).estimate).toHaveText(v.estimate.incomplete);
    await expectScreen(ops, `ops voucher form (${lang})`);
    await ops.setViewportSize({ width: 320, height: 700 });
    await expectScreen(ops, `ops voucher form (${lang}, 320 px)`, { axe: false });
    await ops.context().close();
  });
}
