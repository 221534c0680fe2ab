import { expect, test, type Page } from "@playwright/test";
import {
  authForm,
  authPath,
  createEmailAccount,
  emailCode,
  goodPassword,
  newEmail,
  openAuth,
  sessionCookieName,
  storedToken,
  toasts,
} from "../support/accounts.ts";
import { escapeRegExp, fill, messages, type Lang } from "../support/i18n.ts";
import { waitForHydration } from "../support/page.ts";

const signInWithRedirect = (lang: Lang) =>
  new RegExp(
    `${escapeRegExp(authPath(lang, "signin"))}\\?redirect=${escapeRegExp(encodeURIComponent(authPath(lang, "account")))}$`,
  );

async function expectSignedInAs(page: Page, lang: Lang, account: string) {
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(authPath(lang, "account"))}$`));
  await expect(page.getByTestId("account-name")).toHaveText(account);
  expect(await storedToken(page)).not.toBe("");
}

async function expectSignedOut(page: Page) {
  expect(await storedToken(page), "the session token is still stored").toBe("");
  const cookies = await page.context().cookies();
  expect(
    cookies.map((c) => c.name),
    "the session cookie is still set",
  ).not.toContain(sessionCookieName);
}

test("sign up in Indonesian, log out, then sign back in with the password", async ({ page }) => {
  const m = messages.ind;
  const email = newEmail("siti.aminah");
  const form = authForm(page, "ind");

  // Sign up.
  await openAuth(page, "ind", "signup");
  await form.account.fill(email);
  await form.sendCode.click();
  await expect(form.resend).toBeDisabled();
  await form.code.fill(await emailCode(email, "ind"));
  await form.password.fill(goodPassword);
  await form.confirmPassword.fill(goodPassword);
  await page.getByRole("button", { name: m.auth.signup.submit, exact: true }).click();
  await expectSignedInAs(page, "ind", email);

  // Log out: back to the shop, signed out.
  await waitForHydration(page);
  await page.getByRole("button", { name: m.account.page.logout, exact: true }).click();
  await expect(page).toHaveURL(/\/h5$/);
  await expect(page.getByRole("heading", { level: 2, name: m.catalog.home.hot })).toBeVisible();
  await expectSignedOut(page);

  // The account tab now leads to sign-in, and so does opening the account page directly.
  await waitForHydration(page);
  await page
    .getByRole("navigation", { name: m.shell.nav.main })
    .getByRole("link", { name: m.shell.nav.account })
    .click();
  await expect(page).toHaveURL(signInWithRedirect("ind"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.auth.signin.title);
  await page.goto(authPath("ind", "account"));
  await expect(page).toHaveURL(signInWithRedirect("ind"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.auth.signin.title);
  await waitForHydration(page);

  // Password is the default method. A wrong password is refused with a toast and no session.
  await expect(page.getByRole("button", { name: m.auth.signin.withPassword })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await form.account.fill(email);
  await form.password.fill("Salah12345");
  await page.getByRole("button", { name: m.auth.signin.submit, exact: true }).click();
  await expect(toasts(page, "ind").getByRole("alert")).toHaveText(
    fill(m.auth.errors.wrongPassword, { attempts: 7 }),
  );
  await expect(page).toHaveURL(signInWithRedirect("ind"));
  expect(await storedToken(page)).toBe("");

  // The right password signs in and returns to the page that asked for it.
  await form.password.fill(goodPassword);
  await page.getByRole("button", { name: m.auth.signin.submit, exact: true }).click();
  await expect(toasts(page, "ind").getByText(m.auth.signin.success, { exact: true })).toBeVisible();
  await expectSignedInAs(page, "ind", email);
});

test("sign in with a code by email in English", async ({ page, request }) => {
  const m = messages.en;
  const email = newEmail("dewi");
  // A fresh account, created outside this browser (its own cookie jar): the browser is signed out.
  await createEmailAccount(request, email);

  await openAuth(page, "en", "signin");
  const form = authForm(page, "en");
  await page.getByRole("button", { name: m.auth.signin.withCode }).click();
  await expect(page.getByRole("button", { name: m.auth.signin.withCode })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(form.password).toHaveCount(0);

  await form.account.fill(email);
  await form.sendCode.click();
  await expect(
    toasts(page, "en").getByText(fill(m.auth.codeSent, { account: email }), { exact: true }),
  ).toBeVisible();
  await expect(form.resend).toBeDisabled();
  // The second email to this address (the first was the sign-up code), in English.
  const code = await emailCode(email, "en", 2);
  await form.code.fill(code);
  await page.getByRole("button", { name: m.auth.signin.submit, exact: true }).click();

  await expect(toasts(page, "en").getByText(m.auth.signin.success, { exact: true })).toBeVisible();
  await expectSignedInAs(page, "en", email);
});
