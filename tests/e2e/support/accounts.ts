import {
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from "@playwright/test";
import superjson from "superjson";
import { localePath, messagePattern, messages, plural, type Lang } from "./i18n.ts";
import { mailsTo, waitForMail } from "./mailbox.ts";
import { waitForHydration } from "./page.ts";

/** Where the browser keeps the session token (web/lib/trpc.ts). */
export const tokenStorageKey = "pasar-token";
/** The httpOnly session cookie the server sets on sign-in. */
export const sessionCookieName = "pasar_session";

/** A password that meets the rules: 8 to 64 characters with letters and digits. */
export const goodPassword = "Rahasia2026";

/**
 * The payment PIN (issue 43) of the demo accounts (README) and of the run's pool of fresh shoppers, set through
 * the real procedures (a code by email, then account.pin.set); accounts a test makes itself have none.
 */
export const shopperPin = "582604";

/** Invite codes: 8 characters without look-alikes (0/O, 1/I). */
export const inviteCodePattern = /^[A-HJ-NP-Z2-9]{8}$/;

let serial = 0;
function unique(): string {
  serial += 1;
  return `${Date.now().toString(36)}${process.pid.toString(36)}${serial}${Math.floor(Math.random() * 1e4)}`;
}

/** An email address no account uses yet. */
export function newEmail(tag: string): string {
  return `${tag}.${unique()}@e2e.pasar.test`;
}

/** An Indonesian mobile number no account uses yet, as typed (0812…) and as stored (+62812…). */
export function newPhone(): { typed: string; e164: string; shown: string } {
  const digits =
    String(Date.now() % 1e6).padStart(6, "0") + String(Math.floor(Math.random() * 100)).padStart(2, "0");
  // `shown`: how the app writes the number (+62 812-3456-7890).
  return {
    typed: `0812${digits}`,
    e164: `+62812${digits}`,
    shown: `+62 812-${digits.slice(0, 4)}-${digits.slice(4)}`,
  };
}

/** `/h5/signin`, `/en/h5/signup`, … */
export function authPath(lang: Lang, screen: "signin" | "signup" | "forget" | "account"): string {
  return localePath(lang, `/h5/${screen}`);
}

/** The code in a code message written in `lang` ("Your Pasar code to sign up: 123456. …"). */
export function codeIn(text: string, lang: Lang): string {
  const template = plural(lang, messages[lang].auth.messages.codeBody, 5);
  const pattern = messagePattern(template, { code: "(\\d{6})", count: "5" });
  const code = pattern.exec(text.trim())?.[1];
  expect(code, `not a code message in ${lang}: ${JSON.stringify(text)}`).toBeTruthy();
  return code!;
}

/** The code from the `count`-th email to `address`, which must be written in `lang`. */
export async function emailCode(address: string, lang: Lang, count = 1): Promise<string> {
  const mail = await waitForMail(address, count);
  expect(mail.subject, "the code email's subject").toBe(messages[lang].auth.messages.codeSubject);
  return codeIn(mail.text, lang);
}

/**
 * Reads the newest SMS code for `phone` (E.164) from the development outbox, opened in another page of
 * the same browser context, as a tester with the phone would.
 */
export async function outboxCode(context: BrowserContext, lang: Lang, phone: string): Promise<string> {
  const outbox = await context.newPage();
  try {
    await outbox.goto(localePath(lang, "/dev/outbox"));
    await expect(outbox.getByRole("heading", { level: 1 })).toHaveText(messages[lang].dev.outbox.title);
    const message = outbox
      .getByTestId("outbox-message")
      .filter({ has: outbox.getByTestId("outbox-recipient").getByText(phone, { exact: true }) })
      .first();
    await expect(message, `no SMS to ${phone} in the outbox`).toBeVisible();
    await expect(message).toContainText("SMS");
    await expect(message).toContainText(messages[lang].auth.messages.codeSubject);
    return codeIn(await message.getByTestId("outbox-body").innerText(), lang);
  } finally {
    await outbox.close();
  }
}

/**
 * A client address of its own for a test's set-up call. The test server trusts one proxy hop
 * (playwright.config.ts), as a shop behind a load balancer does, so set-up calls (accounts, codes, sign-ins)
 * count as different shoppers' phones instead of piling up on the per-address limits of 127.0.0.1 that every
 * test shares. The browser's own requests carry no such header and stay 127.0.0.1.
 */
export function setUpAddress(): string {
  const byte = () => Math.floor(Math.random() * 250) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

/** Calls a tRPC mutation over HTTP (superjson envelope: dates in its input stay dates) and returns its data. */
export async function trpcMutation<T>(
  request: APIRequestContext,
  procedure: string,
  input: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await request.post(`/trpc/${procedure}`, {
    headers: {
      "content-type": "application/json",
      lang: "ind",
      "x-forwarded-for": setUpAddress(),
      ...headers,
    },
    data: input === undefined ? {} : superjson.serialize(input),
  });
  const body = await res.text();
  if (!res.ok()) throw new Error(`${procedure} answered ${res.status()}: ${body}`);
  return (JSON.parse(body) as { result: { data: { json: T } } }).result.data.json;
}

/**
 * Creates an email account through the API (code by email, then sign-up). With a page's
 * `request`, the browser context is signed in too (the session cookie).
 */
export async function createEmailAccount(
  request: APIRequestContext,
  email: string,
  password = goodPassword,
): Promise<{ token: string; inviteCode: string }> {
  const before = mailsTo(email).length;
  await trpcMutation(request, "auth.sendCode", { account: email, purpose: "signup" });
  const code = await emailCode(email, "ind", before + 1);
  const session = await trpcMutation<{ token: string; user: { inviteCode: string } }>(
    request,
    "auth.signUp",
    {
      account: email,
      code,
      password,
      confirmPassword: password,
    },
  );
  return { token: session.token, inviteCode: session.user.inviteCode };
}

/** The session token the page keeps in localStorage ("" when none). */
export function storedToken(page: Page): Promise<string> {
  return page.evaluate((key) => localStorage.getItem(key) ?? "", tokenStorageKey);
}

/** Types the payment PIN into the open PIN dialog (issue 43) and confirms it, as the owner does. */
export async function enterPin(page: Page, pin = shopperPin): Promise<void> {
  const dialog = page.getByRole("dialog");
  await dialog.locator('input[name="pin"]').fill(pin);
  await dialog.locator('button[type="submit"]').click();
}

/** Opens an auth screen and waits until it reacts to input. */
export async function openAuth(page: Page, lang: Lang, screen: "signin" | "signup" | "forget") {
  await page.goto(authPath(lang, screen));
  const title = messages[lang].auth[screen].title;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await waitForHydration(page);
}

/** The fields and buttons of the auth screens, by their visible labels in `lang`. */
export function authForm(page: Page, lang: Lang) {
  const f = messages[lang].auth.fields;
  return {
    account: page.getByLabel(f.account, { exact: true }),
    code: page.getByLabel(f.code, { exact: true }),
    password: page.getByLabel(f.password, { exact: true }),
    newPassword: page.getByLabel(f.newPassword, { exact: true }),
    confirmPassword: page.getByLabel(f.confirmPassword, { exact: true }),
    inviteCode: page.getByLabel(f.inviteCode, { exact: true }),
    sendCode: page.getByRole("button", { name: f.sendCode, exact: true }),
    /** The code button while it waits out the 60 s ("Resend in 59 s"). */
    resend: page.getByRole("button", { name: messagePattern(f.resendIn, { seconds: "(\\d+)" }) }),
  };
}

/** The seconds a "Resend in N s" button shows. */
export async function resendSeconds(button: Locator, lang: Lang): Promise<number> {
  const text = (await button.innerText()).trim();
  const match = messagePattern(messages[lang].auth.fields.resendIn, { seconds: "(\\d+)" }).exec(text);
  expect(match, `not a resend countdown: ${text}`).toBeTruthy();
  return Number(match![1]);
}

/** The toast region; error toasts are alerts, others status messages. */
export function toasts(page: Page, lang: Lang): Locator {
  return page.getByRole("region", { name: messages[lang].shell.toast.region });
}

/** Expects `field` to be marked invalid with exactly `message` shown under it and read out with it. */
export async function expectFieldError(field: Locator, message: string) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(message);
  const ids = (await field.getAttribute("aria-describedby"))!.split(/\s+/);
  const shown = field
    .page()
    .locator(ids.map((id) => `[id="${id}"]`).join(", "))
    .filter({ hasText: message });
  await expect(shown).toBeVisible();
  // Under the field, as the person typing sees it.
  const [input, error] = [await field.boundingBox(), await shown.boundingBox()];
  expect(error!.y, `"${message}" is not shown under its field`).toBeGreaterThanOrEqual(
    input!.y + input!.height,
  );
}

export async function expectNoFieldError(field: Locator) {
  await expect(field).not.toHaveAttribute("aria-invalid", "true");
}

/** Records the /trpc calls the page makes from now on. */
export function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith("/trpc/")) calls.push(`${req.method()} ${url.pathname}`);
  });
  return calls;
}
