import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import {
  authForm,
  authPath,
  createEmailAccount,
  emailCode,
  goodPassword,
  newEmail,
  toasts,
  trpcMutation,
} from "../support/accounts.ts";
import { fill, localePath, messages, type Lang } from "../support/i18n.ts";
import { waitForHydration } from "../support/page.ts";
import { expectScreen } from "../support/screens.ts";

// Issue 43: where the account is signed in, and ending those sessions (decision 0016: clicked through in
// Indonesian, checked screen by screen in English and Chinese).

const edgeOnWindows =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0";
const safariOnIphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/**
 * Signs the account in from another device (its User-Agent) with a request context of its own (the page's would take
 * the new session's cookie): that session's token.
 */
async function signInElsewhere(request: APIRequestContext, email: string, userAgent: string) {
  const session = await trpcMutation<{ token: string }>(
    request,
    "auth.signIn",
    { method: "password", account: email, password: goodPassword },
    { "user-agent": userAgent },
  );
  return session.token;
}

/** Whether a token is still signed in: what its next call is answered. */
async function status(request: APIRequestContext, token: string) {
  return (await request.get("/trpc/account.me", { headers: { authorization: token } })).status();
}

/** The session rows of the list, by their devices' names. */
const sessionRows = (page: Page, lang: Lang) =>
  page.getByRole("region", { name: messages[lang].account.security.sessionsTitle }).getByRole("listitem");

async function checkAtBothWidths(page: Page, what: string) {
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    await expectScreen(page, `${what} at ${width} px`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test("ind: from the account page, see two devices, sign the other out, then every other one with the password", async ({
  page,
  request,
}) => {
  const m = messages.ind;
  const s = m.account.security;
  const email = newEmail("dewi.security");
  await createEmailAccount(page.request, email);
  const laptop = await signInElsewhere(request, email, edgeOnWindows);

  await page.goto(authPath("ind", "account"));
  await waitForHydration(page);
  await page.getByRole("link", { name: m.account.page.security }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(s.title);
  const rows = sessionRows(page, "ind");
  await expect(rows).toHaveCount(2);
  const mine = rows.filter({ hasText: s.thisDevice });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(s.method.signup);
  const other = rows.filter({ hasText: "Microsoft Edge 130 · Windows 10" });
  await expect(other).toContainText(s.method.password);
  await expect(other).toContainText(/Terakhir aktif \d/);
  await checkAtBothWidths(page, "account security with two devices");

  // Sign the laptop out: it is refused on its next call.
  await other
    .getByRole("button", { name: fill(s.endLabel, { device: "Microsoft Edge 130 · Windows 10" }) })
    .click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(s.endConfirm);
  await dialog.getByRole("button", { name: s.end, exact: true }).click();
  await expect(toasts(page, "ind").getByText(s.ended, { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(page.getByText(s.onlyThis)).toBeVisible();
  expect(await status(request, laptop)).toBe(401);

  // Two more devices; "sign out of all other devices" asks for the password and keeps asking while it is wrong.
  const phones = [
    await signInElsewhere(request, email, safariOnIphone),
    await signInElsewhere(request, email, edgeOnWindows),
  ];
  await page.reload();
  await waitForHydration(page);
  await expect(rows).toHaveCount(3);
  await page.getByRole("button", { name: s.endOthers }).click();
  await expect(dialog).toContainText(s.endOthersBody);
  await checkAtBothWidths(page, "the password dialog");
  await dialog.getByLabel(m.auth.fields.password, { exact: true }).fill("salahSekali1");
  await dialog.getByRole("button", { name: s.endOthers }).click();
  await expect(dialog.getByText(fill(m.auth.errors.confirmWrong, { attempts: 7 }))).toBeVisible();
  await expect(dialog).toBeVisible();
  for (const token of phones) expect(await status(request, token)).toBe(200);
  await dialog.getByLabel(m.auth.fields.password, { exact: true }).fill(goodPassword);
  await dialog.getByRole("button", { name: s.endOthers }).click();
  await expect(toasts(page, "ind").getByText(fill(s.endedOthers.other, { count: 2 }))).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(rows).toHaveCount(1);
  for (const token of phones) expect(await status(request, token)).toBe(401);
  // This device is still signed in.
  await page.reload();
  await waitForHydration(page);
  await expect(sessionRows(page, "ind")).toHaveCount(1);

  // The payment PIN: set with the code sent to the account's email (an easy one refused), then changed.
  const p = m.account.pin;
  const pin = page.getByRole("region", { name: p.title });
  await expect(pin.getByTestId("pin-state")).toHaveText(p.notSet);
  await pin.getByRole("button", { name: p.create }).click();
  await pin.getByRole("button", { name: m.auth.fields.sendCode }).click();
  await expect(toasts(page, "ind").getByText(p.codeSentEmail)).toBeVisible();
  await checkAtBothWidths(page, "setting the PIN");
  await pin.getByLabel(m.auth.fields.code, { exact: true }).fill(await emailCode(email, "ind", 2));
  await pin.getByLabel(p.new, { exact: true }).fill("123456");
  await pin.getByLabel(p.confirm, { exact: true }).fill("123456");
  await pin.getByRole("button", { name: p.save }).click();
  await expect(toasts(page, "ind").getByText(m.errors.pin.easy)).toBeVisible();
  await pin.getByLabel(p.new, { exact: true }).fill("280417");
  await pin.getByLabel(p.confirm, { exact: true }).fill("280471");
  await pin.getByRole("button", { name: p.save }).click();
  await expect(pin.getByText(p.mismatch)).toBeVisible();
  await pin.getByLabel(p.confirm, { exact: true }).fill("280417");
  await pin.getByRole("button", { name: p.save }).click();
  await expect(toasts(page, "ind").getByText(p.saved)).toBeVisible();
  await expect(pin.getByTestId("pin-state")).toHaveText(p.active);

  await pin.getByRole("button", { name: p.change }).click();
  await pin.getByLabel(p.current, { exact: true }).fill("502913");
  await pin.getByLabel(p.new, { exact: true }).fill("736150");
  await pin.getByLabel(p.confirm, { exact: true }).fill("736150");
  await pin.getByRole("button", { name: p.change }).click();
  await expect(toasts(page, "ind").getByText(fill(m.errors.pin.wrong, { attempts: 4 }))).toBeVisible();
  await pin.getByLabel(p.current, { exact: true }).fill("280417");
  await pin.getByRole("button", { name: p.change }).click();
  await expect(toasts(page, "ind").getByText(p.changed)).toBeVisible();
  await expect(pin.getByTestId("pin-state")).toHaveText(p.active);

  // The security history: the PIN's changes, newest first, and the sign-ins from new devices.
  const history = page.getByRole("region", { name: m.account.history.title }).getByTestId("security-event");
  const kinds = m.account.history.kinds;
  await expect(history.nth(0)).toContainText(kinds.pinChange);
  await expect(history.nth(1)).toContainText(kinds.pinSet);
  await expect(history.filter({ hasText: kinds.newDevice }).first()).toContainText("WIB");
  await checkAtBothWidths(page, "the security history");

  // A passkey (Chromium's virtual authenticator, with user verification), added with the PIN; then signed out,
  // the account signs in with it alone.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const k = m.account.passkeys;
  const passkeys = page.getByRole("region", { name: k.title });
  await passkeys.getByRole("button", { name: k.add }).click();
  await expect(dialog.getByRole("heading", { name: k.add })).toBeVisible();
  await dialog.locator('input[name="pin"]').fill("736150");
  await dialog.getByRole("button", { name: k.add }).click();
  await expect(toasts(page, "ind").getByText(k.saved)).toBeVisible();
  await expect(passkeys.getByTestId("passkey")).toHaveCount(1);
  await expect(history.nth(0)).toContainText(m.account.history.kinds.passkeyAdd);
  await checkAtBothWidths(page, "a passkey added");
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto(authPath("ind", "signin") + "?redirect=/h5/account/security");
  await waitForHydration(page);
  await page.getByRole("button", { name: m.auth.signin.withPasskey }).click();
  await page.waitForURL((url) => url.pathname === "/h5/account/security");
  await waitForHydration(page);
  await expect(rows.filter({ hasText: m.account.security.method.passkey })).toHaveCount(1);

  // Freeze the account: every device is signed out, this one too; signed in again, a code and the PIN unfreeze it.
  const f = m.account.freeze;
  const freeze = page.getByRole("region", { name: f.title });
  await freeze.getByRole("button", { name: f.button }).click();
  await expect(dialog).toContainText(f.confirmBody);
  await dialog.getByRole("button", { name: f.button }).click();
  await page.waitForURL((url) => url.pathname === authPath("ind", "signin"));
  await waitForHydration(page);
  const form = authForm(page, "ind");
  await form.account.fill(email);
  await form.password.fill(goodPassword);
  await page.getByRole("button", { name: m.auth.signin.submit, exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/h5/account/security");
  await waitForHydration(page);
  await expect(freeze.getByRole("status")).toContainText(/Akun dibekukan sejak \d/);
  await checkAtBothWidths(page, "the frozen account");
  await freeze.getByRole("button", { name: m.auth.fields.sendCode }).click();
  await expect(toasts(page, "ind").getByText(p.codeSentEmail)).toBeVisible();
  await freeze.getByLabel(m.auth.fields.code, { exact: true }).fill(await emailCode(email, "ind", 3));
  await freeze.getByLabel(f.pin, { exact: true }).fill("736150");
  await freeze.getByRole("button", { name: f.unfreeze }).click();
  await expect(toasts(page, "ind").getByText(f.unfrozen)).toBeVisible();
  await expect(freeze.getByRole("button", { name: f.button })).toBeVisible();

  // The email changes with a code sent to the new address and the PIN; the history says so.
  const c = m.account.contact;
  const contact = page.getByRole("region", { name: c.title });
  await expect(contact.getByTestId("contact-email")).toHaveText(email);
  await contact.getByRole("button", { name: c.change }).click();
  const moved = newEmail("security-moved");
  await contact.getByLabel(c.newAddress).fill(moved);
  await contact.getByRole("button", { name: m.auth.fields.sendCode }).click();
  await contact.getByLabel(m.auth.fields.code, { exact: true }).fill(await emailCode(moved, "ind", 1));
  await checkAtBothWidths(page, "changing the email");
  await contact.getByRole("button", { name: c.save }).click();
  await dialog.locator('input[name="pin"]').fill("736150");
  await dialog.getByRole("button", { name: c.save }).click();
  await expect(toasts(page, "ind").getByText(c.changed)).toBeVisible();
  await expect(contact.getByTestId("contact-email")).toHaveText(moved);
  await expect(history.nth(0)).toContainText(m.account.history.kinds.emailChange);
});

for (const lang of ["en", "zh"] as const) {
  test(`${lang}: the security page's screens: two devices, the other signed out with the password`, async ({
    page,
    request,
  }) => {
    const m = messages[lang];
    const s = m.account.security;
    const email = newEmail(`security.${lang}`);
    await createEmailAccount(page.request, email);
    const laptop = await signInElsewhere(request, email, edgeOnWindows);
    await page.goto(localePath(lang, "/h5/account/security"));
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(s.title);
    await expect(page).toHaveTitle(new RegExp(s.title));
    const rows = sessionRows(page, lang);
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: s.thisDevice })).toContainText(s.method.signup);
    await expect(rows.filter({ hasText: "Microsoft Edge 130 · Windows 10" })).toContainText(
      s.method.password,
    );
    await expect(page.getByText(s.sessionsHint)).toBeVisible();
    await checkAtBothWidths(page, `${lang} account security`);

    await page.getByRole("button", { name: s.endOthers }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(s.endOthersBody);
    await checkAtBothWidths(page, `${lang} password dialog`);
    await dialog.getByLabel(m.auth.fields.password, { exact: true }).fill(goodPassword);
    await dialog.getByRole("button", { name: s.endOthers }).click();
    const ended = lang === "en" ? (s.endedOthers as { one: string }).one : s.endedOthers.other;
    await expect(toasts(page, lang).getByText(fill(ended, { count: 1 }))).toBeVisible();
    await expect(page.getByText(s.onlyThis)).toBeVisible();
    expect(await status(request, laptop)).toBe(401);

    // The PIN form, asked for by code.
    const pin = page.getByRole("region", { name: m.account.pin.title });
    await expect(pin.getByTestId("pin-state")).toHaveText(m.account.pin.notSet);
    await pin.getByRole("button", { name: m.account.pin.create }).click();
    await expect(pin.getByLabel(m.account.pin.confirm, { exact: true })).toBeVisible();
    await checkAtBothWidths(page, `${lang} PIN form`);
    await expect(
      page.getByRole("region", { name: m.account.history.title }).getByTestId("security-event").first(),
    ).toContainText(m.account.history.kinds.newDevice);

    // Frozen (through the API), then signed in again: the frozen state and its unfreeze form.
    const f = m.account.freeze;
    await expect(page.getByRole("region", { name: f.title })).toContainText(f.intro);
    await trpcMutation(page.request, "account.freeze.freeze", undefined, { lang });
    await trpcMutation(page.request, "auth.signIn", {
      method: "password",
      account: email,
      password: goodPassword,
    });
    await page.reload();
    await waitForHydration(page);
    const freeze = page.getByRole("region", { name: f.title });
    await expect(freeze.getByRole("status")).toBeVisible();
    await expect(freeze.getByRole("button", { name: f.unfreeze })).toBeVisible();
    await checkAtBothWidths(page, `${lang} frozen account`);
  });
}
