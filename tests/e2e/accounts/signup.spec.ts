import { expect, test, type Page } from "@playwright/test";
import {
  authForm,
  authPath,
  emailCode,
  goodPassword,
  inviteCodePattern,
  newEmail,
  newPhone,
  openAuth,
  outboxCode,
  resendSeconds,
  sessionCookieName,
  storedToken,
  toasts,
} from "../support/accounts.ts";
import { escapeRegExp, fill, messages, pageTitle, type Lang } from "../support/i18n.ts";
import { mailsTo } from "../support/mailbox.ts";

/** The account page a new or returning user lands on, showing who they are and their invite code. */
async function expectAccountPage(page: Page, lang: Lang, shown: string) {
  const m = messages[lang];
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(authPath(lang, "account"))}$`));
  await expect(page).toHaveTitle(pageTitle(m.account.page.title));
  await expect(page.getByTestId("account-name")).toHaveText(shown);
  await expect(page.getByTestId("invite-code")).toHaveText(inviteCodePattern);
  expect(await storedToken(page), "no session token was stored").not.toBe("");
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === sessionCookieName)?.httpOnly, "no httpOnly session cookie").toBe(
    true,
  );
}

test("sign up by email in English: the code arrives by email, the account page shows the address", async ({
  page,
}) => {
  const m = messages.en;
  const email = newEmail("budi");
  await openAuth(page, "en", "signup");
  const form = authForm(page, "en");
  const accountBox = form.account.locator("xpath=..");

  // An empty account field could become a phone number: the +62 prefix shows; an email hides it.
  await expect(accountBox.getByText("+62", { exact: true })).toBeVisible();
  await form.account.fill(email);
  await expect(accountBox.getByText("+62", { exact: true })).toBeHidden();

  await form.sendCode.click();
  await expect(
    toasts(page, "en")
      .getByRole("status")
      .filter({ hasText: fill(m.auth.codeSent, { account: email }) }),
  ).toBeVisible();

  // The button waits out the 60 s before another code, counting down.
  await expect(form.resend).toBeDisabled();
  const first = await resendSeconds(form.resend, "en");
  expect(first).toBeGreaterThan(50);
  expect(first).toBeLessThanOrEqual(60);
  await expect.poll(() => resendSeconds(form.resend, "en"), { timeout: 3000 }).toBeLessThan(first);
  await expect(form.sendCode).toHaveCount(0);

  // One email, in English, carrying the code.
  const code = await emailCode(email, "en");
  expect(mailsTo(email)).toHaveLength(1);

  await form.code.fill(code);
  await form.password.fill(goodPassword);
  await form.confirmPassword.fill(goodPassword);
  await page.getByRole("button", { name: m.auth.signup.submit, exact: true }).click();

  await expect(toasts(page, "en").getByText(m.auth.signup.success, { exact: true })).toBeVisible();
  await expectAccountPage(page, "en", email);
});

test("sign up by phone in Chinese: the code is read from the development outbox, the number shows as +62 812-…", async ({
  page,
  context,
}) => {
  const m = messages.zh;
  const phone = newPhone();
  await openAuth(page, "zh", "signup");
  const form = authForm(page, "zh");

  await form.account.fill(phone.typed);
  await expect(form.account.locator("xpath=..").getByText("+62", { exact: true })).toBeVisible();
  await form.sendCode.click();
  await expect(
    toasts(page, "zh").getByText(fill(m.auth.codeSent, { account: phone.shown }), { exact: true }),
  ).toBeVisible();
  await expect(form.resend).toBeDisabled();

  const code = await outboxCode(context, "zh", phone.e164);

  await form.code.fill(code);
  await form.password.fill(goodPassword);
  await form.confirmPassword.fill(goodPassword);
  await page.getByRole("button", { name: m.auth.signup.submit, exact: true }).click();

  await expect(toasts(page, "zh").getByText(m.auth.signup.success, { exact: true })).toBeVisible();
  await expectAccountPage(page, "zh", phone.shown);
});
