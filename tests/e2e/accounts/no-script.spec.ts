import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import {
  authForm,
  authPath,
  createEmailAccount,
  emailCode,
  goodPassword,
  newEmail,
  openAuth,
  sessionCookieName,
  setUpAddress,
  toasts,
} from "../support/accounts.ts";
import { expectNoSeriousViolations } from "../support/axe.ts";
import { sneakersListing } from "../support/browsing.ts";
import { escapeRegExp, fill, localePath, messages } from "../support/i18n.ts";
import { waitForHydration } from "../support/page.ts";

const m = messages.en;

/** Every URL the page requests, to prove a password never travels in one. */
function recordUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (req) => urls.push(req.url()));
  return urls;
}

/** Spends an account's password attempts over the API, as someone guessing would. */
async function guessPasswords(request: APIRequestContext, account: string) {
  for (let i = 0; i < 8; i++) {
    await request.post("/trpc/auth.signIn", {
      headers: { "content-type": "application/json", lang: "en" },
      data: { json: { method: "password", account, password: `Tebak${i}salah` } },
    });
  }
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a sign-in posted from a Chinese search page, or with CR/LF or a disguised site in `redirect`, lands on a path of this site, never a 500", async ({
    request,
  }) => {
    const email = newEmail("tanpa.js.arah");
    await createEmailAccount(request, email);
    const post = (redirect: string) =>
      request.post(`${authPath("zh", "signin")}?${new URLSearchParams({ redirect })}`, {
        form: { via: "password", account: email, password: goodPassword },
        headers: { "x-forwarded-for": setUpAddress() },
        maxRedirects: 0,
      });
    const cases: [string, string][] = [
      ["/zh/h5/products/list?q=运动鞋", "/zh/h5/products/list?q=%E8%BF%90%E5%8A%A8%E9%9E%8B"],
      ["/zh/h5/cart\r\nSet-Cookie: pasar_session=stolen", "/zh/h5/cartSet-Cookie:%20pasar_session=stolen"],
      ["/\t/evil.example/x", "/zh/h5/account"],
      ["//evil.example/x", "/zh/h5/account"],
      ["/\\evil.example", "/zh/h5/account"],
    ];
    for (const [redirect, location] of cases) {
      const res = await post(redirect);
      expect(res.status(), JSON.stringify(redirect)).toBe(302);
      expect(res.headers()["location"], JSON.stringify(redirect)).toBe(location);
      const cookies = res.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie");
      expect(cookies.filter((h) => h.value.includes("stolen"))).toEqual([]);
    }
  });

  test("the +62 prefix shows only while the account looks like a phone number", async ({ page }) => {
    for (const screen of ["signin", "signup", "forget"] as const) {
      await page.goto(authPath("en", screen));
      const account = authForm(page, "en").account;
      const prefix = page.getByText("+62", { exact: true });
      await expect(prefix, screen).toBeVisible();
      await account.pressSequentially("siti");
      await expect(prefix, `${screen}: "siti"`).toBeHidden();
      await account.pressSequentially("@pasar.test");
      await expect(prefix, `${screen}: an email address`).toBeHidden();
      await account.fill("0812 3456");
      await expect(prefix, `${screen}: a number`).toBeVisible();
    }
  });

  test("signs in by password with a post; a wrong password shows the error; the password is never in a URL", async ({
    page,
    request,
  }) => {
    const email = newEmail("tanpa.js");
    await createEmailAccount(request, email);
    const urls = recordUrls(page);
    const form = authForm(page, "en");
    await page.goto(authPath("en", "signin"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.auth.signin.title);

    await form.account.fill(email);
    await form.password.fill("Salah12345");
    await page.getByRole("button", { name: m.auth.signin.submit, exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText(fill(m.auth.errors.wrongPassword, { attempts: 7 }));
    // The account typed is kept; the password is not sent back.
    await expect(form.account).toHaveValue(email);
    await expect(form.password).toHaveValue("");

    // Enter in the password field submits the form (not the other buttons in it).
    await form.password.fill(goodPassword);
    await form.password.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(authPath("en", "account"))}$`));
    await expect(page.getByTestId("account-name")).toHaveText(email);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === sessionCookieName)).toMatchObject({
      httpOnly: true,
      sameSite: "Lax",
    });

    for (const url of urls) {
      expect(url).not.toContain("Salah12345");
      expect(url).not.toContain(goodPassword);
      expect(url).not.toContain("password=");
    }
  });

  test("a shopper signed in before the scripts loaded is signed in once they run: saving a product just works", async ({
    page,
    request,
    browser,
  }) => {
    const email = newEmail("tanpa.js.lalu");
    await createEmailAccount(request, email);
    const form = authForm(page, "en");
    await page.goto(authPath("en", "signin"));
    await form.account.fill(email);
    await form.password.fill(goodPassword);
    await form.password.press("Enter");
    await expect(page.getByTestId("account-name")).toHaveText(email);

    // The same browser, now with its scripts running (the session lives only in cookies: no stored token).
    const withScripts = await browser.newContext({
      javaScriptEnabled: true,
      storageState: await page.context().storageState(),
    });
    const shopper = await withScripts.newPage();
    const product = await sneakersListing(request, "en");
    const path = localePath("en", `/h5/products/${product.id}`);
    await shopper.goto(path);
    await waitForHydration(shopper);
    await shopper.getByRole("button", { name: m.catalog.product.addToCollection, exact: true }).click();
    await expect(
      shopper.getByRole("button", { name: m.catalog.product.inCollection, exact: true }),
    ).toHaveAttribute("aria-pressed", "true");
    await expect(shopper).toHaveURL(new RegExp(`${escapeRegExp(path)}$`));
    await withScripts.close();
  });

  test("after too many wrong passwords it offers a code, and signs in by code", async ({ page, request }) => {
    const email = newEmail("dikunci");
    await createEmailAccount(request, email);
    await guessPasswords(request, email);
    const form = authForm(page, "en");
    await page.goto(authPath("en", "signin"));
    await form.account.fill(email);
    await form.password.fill(goodPassword);
    await page.getByRole("button", { name: m.auth.signin.submit, exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText(fill(m.auth.errors.passwordPaused, { minutes: 15 }));

    await page.getByRole("button", { name: m.auth.signin.switchToCode, exact: true }).click();
    await expect(form.password).toHaveCount(0);
    await expect(form.account).toHaveValue(email);
    await form.sendCode.click();
    await expect(
      page.getByRole("status").filter({ hasText: fill(m.auth.codeSent, { account: email }) }),
    ).toBeVisible();
    await expect(form.account).toHaveValue(email);
    await form.code.fill(await emailCode(email, "en", 2));
    await page.getByRole("button", { name: m.auth.signin.submit, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(authPath("en", "account"))}$`));
    await expect(page.getByTestId("account-name")).toHaveText(email);
  });

  test("signs up with a code asked for by a post", async ({ page }) => {
    const email = newEmail("daftar.tanpa.js");
    const form = authForm(page, "en");
    await page.goto(authPath("en", "signup"));
    await form.account.fill(email);
    await form.sendCode.click();
    await expect(
      page.getByRole("status").filter({ hasText: fill(m.auth.codeSent, { account: email }) }),
    ).toBeVisible();
    const code = await emailCode(email, "en");
    await form.code.fill(code);
    await form.password.fill(goodPassword);
    await form.confirmPassword.fill("Lain12345");
    await page.getByRole("button", { name: m.auth.signup.submit, exact: true }).click();
    await expect(form.confirmPassword).toHaveAccessibleDescription(m.auth.validation.passwordMismatch);
    // The account is kept; the code and passwords are typed again.
    await expect(form.account).toHaveValue(email);
    await form.code.fill(code);
    await form.password.fill(goodPassword);
    await form.confirmPassword.fill(goodPassword);
    await page.getByRole("button", { name: m.auth.signup.submit, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(authPath("en", "account"))}$`));
    await expect(page.getByTestId("account-name")).toHaveText(email);
  });

  test("sets a new password with a code asked for by a post, and signs in", async ({ page, request }) => {
    const email = newEmail("lupa.tanpa.js");
    await createEmailAccount(request, email);
    const form = authForm(page, "en");
    await page.goto(authPath("en", "forget"));
    await form.account.fill(email);
    await form.sendCode.click();
    await expect(
      page.getByRole("status").filter({ hasText: fill(m.auth.codeSent, { account: email }) }),
    ).toBeVisible();
    await form.code.fill(await emailCode(email, "en", 2));
    await form.newPassword.fill("Baru2026ok");
    await form.confirmPassword.fill("Baru2026ok");
    await page.getByRole("button", { name: m.auth.forget.submit, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(authPath("en", "account"))}$`));
    await expect(page.getByTestId("account-name")).toHaveText(email);
  });
});

test("the +62 prefix follows the account typed while the page's scripts are still loading, and after", async ({
  page,
}) => {
  // The scripts start after the first paint (decision 13): on a slow phone the shopper may type before they run.
  let loadScripts!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (loadScripts = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await scriptsHeld;
    await route.fallback();
  });
  await page.goto(authPath("en", "signin"), { waitUntil: "commit" });
  const account = authForm(page, "en").account;
  const prefix = page.getByText("+62", { exact: true });
  await account.pressSequentially("siti@pasar.test");
  await expect(prefix, "before the scripts ran").toBeHidden();
  loadScripts();
  await waitForHydration(page);
  await account.fill("");
  await account.pressSequentially("081234");
  await expect(account).toHaveValue("81234");
  await expect(prefix, "a number, after the scripts ran").toBeVisible();
  await account.pressSequentially("x@pasar.test");
  await expect(prefix, "an email address, after the scripts ran").toBeHidden();
});

test("a sign-in form posted from another site is refused; from this site it signs in", async ({
  request,
}) => {
  const email = newEmail("lintas.situs");
  await createEmailAccount(request, email);
  const form = { via: "password", account: email, password: goodPassword, intent: "submit" };
  const crossSite: Record<string, string>[] = [
    { origin: "https://evil.example" },
    { "sec-fetch-site": "cross-site" },
  ];
  for (const headers of crossSite) {
    const res = await request.post(authPath("en", "signin"), { form, headers, maxRedirects: 0 });
    expect(res.status()).toBe(403);
    expect(res.headers()["set-cookie"]).toBeUndefined();
  }
  const same = await request.post(authPath("en", "signin"), {
    form,
    headers: { "sec-fetch-site": "same-origin" },
    maxRedirects: 0,
  });
  expect(same.status()).toBe(302);
  expect(same.headers()["location"]).toBe(authPath("en", "account"));
  expect(same.headers()["set-cookie"]).toContain(`${sessionCookieName}=`);
});

test("with JavaScript, too many wrong passwords offer a switch to code sign-in with the account kept", async ({
  page,
  request,
}) => {
  const email = newEmail("dikunci.js");
  await createEmailAccount(request, email);
  await guessPasswords(request, email);
  const form = authForm(page, "en");
  await openAuth(page, "en", "signin");
  await form.account.fill(email);
  await form.password.fill(goodPassword);
  await page.getByRole("button", { name: m.auth.signin.submit, exact: true }).click();
  await expect(toasts(page, "en").getByRole("alert")).toHaveText(
    fill(m.auth.errors.passwordPaused, { minutes: 15 }),
  );
  await expectNoSeriousViolations(page, "sign-in offering a code");
  await page.getByRole("button", { name: m.auth.signin.switchToCode, exact: true }).click();
  await expect(page.getByRole("button", { name: m.auth.signin.withCode })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(form.account).toHaveValue(email);
  await expect(form.password).toHaveCount(0);
});
