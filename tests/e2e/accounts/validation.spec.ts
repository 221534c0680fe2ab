import { expect, test } from "@playwright/test";
import {
  authForm,
  expectFieldError,
  expectNoFieldError,
  newEmail,
  openAuth,
  recordApiCalls,
  storedToken,
  toasts,
} from "../support/accounts.ts";
import { fill, langs, messages } from "../support/i18n.ts";

const authCalls = (calls: string[]) => calls.filter((c) => c.includes("auth."));

for (const lang of langs) {
  test(`validation messages in ${lang} show under the fields without any request; a wrong password says how many attempts are left`, async ({
    page,
  }) => {
    const m = messages[lang];
    const v = m.auth.validation;
    const form = authForm(page, lang);
    const calls = recordApiCalls(page);

    // Sign in by password.
    await openAuth(page, lang, "signin");
    const signIn = page.getByRole("button", { name: m.auth.signin.submit, exact: true });
    await signIn.click();
    await expectFieldError(form.account, v.enterAccount);
    await expectFieldError(form.password, v.enterPassword);
    await form.account.fill("budi@");
    await form.password.fill("anything1");
    await signIn.click();
    await expectFieldError(form.account, v.invalidAccount);
    await expectNoFieldError(form.password);

    // Sign in by code: switching method clears the messages.
    await page.getByRole("button", { name: m.auth.signin.withCode }).click();
    await expectNoFieldError(form.account);
    await form.account.fill("");
    await form.sendCode.click();
    await expectFieldError(form.account, v.enterAccount);
    await form.account.fill("12345");
    await form.sendCode.click();
    await expectFieldError(form.account, v.invalidAccount);
    await form.account.fill("081234567890");
    await signIn.click();
    await expectNoFieldError(form.account);
    await expectFieldError(form.code, v.enterCode);
    // Only digits can be typed; too few is a bad format.
    await form.code.pressSequentially("12a3");
    await expect(form.code).toHaveValue("123");
    await signIn.click();
    await expectFieldError(form.code, v.invalidCode);

    // Sign up: password rules and confirmation.
    await openAuth(page, lang, "signup");
    const signUp = page.getByRole("button", { name: m.auth.signup.submit, exact: true });
    await signUp.click();
    await expectFieldError(form.account, v.enterAccount);
    await expectFieldError(form.code, v.enterCode);
    await expectFieldError(form.password, v.enterPassword);
    await expectFieldError(form.confirmPassword, v.confirmPassword);
    await form.account.fill("budi.santoso@example.co.id");
    await form.code.fill("123456");
    await form.password.fill("abcdefgh");
    await form.confirmPassword.fill("abcdefgh");
    await form.inviteCode.fill("AB-12");
    await signUp.click();
    await expectNoFieldError(form.account);
    await expectNoFieldError(form.code);
    await expectFieldError(form.password, v.invalidPassword);
    await expectFieldError(form.inviteCode, v.invalidInviteCode);
    await form.password.fill("abcd1234");
    await form.confirmPassword.fill("abcd12345");
    await form.inviteCode.fill("");
    await signUp.click();
    await expectNoFieldError(form.password);
    await expectFieldError(form.confirmPassword, v.passwordMismatch);

    expect(authCalls(calls), "a form with invalid values was sent to the server").toEqual([]);

    // Well-formed but wrong credentials reach the server, which refuses them with a toast.
    await openAuth(page, lang, "signin");
    await form.account.fill(newEmail("nobody"));
    await form.password.fill("Salah12345");
    await signIn.click();
    await expect(toasts(page, lang).getByRole("alert")).toHaveText(
      fill(m.auth.errors.wrongPassword, { attempts: 7 }),
    );
    expect(authCalls(calls)).toHaveLength(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.auth.signin.title);
    expect(await storedToken(page)).toBe("");
  });
}
