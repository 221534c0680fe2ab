import { expect, test } from "@playwright/test";
import {
  authForm,
  authPath,
  createEmailAccount,
  emailCode,
  expectFieldError,
  newEmail,
  openAuth,
  recordApiCalls,
  storedToken,
  toasts,
} from "../support/accounts.ts";
import { escapeRegExp, fill, messages } from "../support/i18n.ts";
import { waitForHydration } from "../support/page.ts";

test("forgot password in Chinese: a code by email sets a new password; the new one works, the old one no longer does", async ({
  page,
  request,
}) => {
  const m = messages.zh;
  const email = newEmail("rina");
  const oldPassword = "Lama2026pw";
  const newPassword = "Baru2026pw";
  // Signed in elsewhere (another device): that session ends when the password is reset.
  const elsewhere = await createEmailAccount(request, email, oldPassword);

  await openAuth(page, "zh", "forget");
  const calls = recordApiCalls(page);
  const form = authForm(page, "zh");
  await form.account.fill(email);
  await form.sendCode.click();
  await expect(
    toasts(page, "zh").getByText(fill(m.auth.codeSent, { account: email }), { exact: true }),
  ).toBeVisible();
  await expect(form.resend).toBeDisabled();
  await form.code.fill(await emailCode(email, "zh", 2));
  const save = page.getByRole("button", { name: m.auth.forget.submit, exact: true });

  // Mistakes in the new password are caught on the page, before the code is used up.
  await form.newPassword.fill("1234567");
  await save.click();
  await expectFieldError(form.newPassword, m.auth.validation.invalidPassword);
  await expectFieldError(form.confirmPassword, m.auth.validation.confirmPassword);
  await form.newPassword.fill(newPassword);
  await form.confirmPassword.fill(`${newPassword}x`);
  await save.click();
  await expectFieldError(form.confirmPassword, m.auth.validation.passwordMismatch);
  expect(
    calls.filter((c) => c.includes("auth.resetPassword")),
    "an invalid form was sent",
  ).toEqual([]);

  await form.confirmPassword.fill(newPassword);
  await save.click();

  await expect(toasts(page, "zh").getByText(m.auth.forget.success, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(authPath("zh", "account"))}$`));
  await expect(page.getByTestId("account-name")).toHaveText(email);

  const me = await request.get("/trpc/account.me", { headers: { authorization: elsewhere.token } });
  expect(me.status(), "the session on the other device still works after the reset").toBe(401);

  // Log out, then try both passwords.
  await waitForHydration(page);
  await page.getByRole("button", { name: m.account.page.logout, exact: true }).click();
  await expect(page).toHaveURL(/\/zh\/h5$/);
  await openAuth(page, "zh", "signin");
  const signIn = page.getByRole("button", { name: m.auth.signin.submit, exact: true });
  await form.account.fill(email);
  await form.password.fill(oldPassword);
  await signIn.click();
  await expect(toasts(page, "zh").getByRole("alert")).toHaveText(
    fill(m.auth.errors.wrongPassword, { attempts: 7 }),
  );
  expect(await storedToken(page)).toBe("");

  await form.password.fill(newPassword);
  await signIn.click();
  await expect(toasts(page, "zh").getByText(m.auth.signin.success, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(authPath("zh", "account"))}$`));
  await expect(page.getByTestId("account-name")).toHaveText(email);
});
