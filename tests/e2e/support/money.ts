import { expect, type Locator, type Page } from "@playwright/test";
import { tokenStorageKey, trpcMutation } from "./accounts.ts";
import { escapeRegExp, fill, localePath, messages, type Lang } from "./i18n.ts";
import { waitForHydration } from "./page.ts";
import { demoSession, useSession } from "./pool.ts";

/** The demo operator of the seed (README). */
export const demoOperator = { account: "operator@pasar.test", password: "pasar-demo-2026" };

/** Signs `page`'s browser in as the demo operator through the API (session cookie and stored token). */
export async function signInOperator(page: Page): Promise<void> {
  const saved = demoSession(demoOperator.account);
  if (saved) return useSession(page, saved);
  const session = await trpcMutation<{ token: string }>(page.request, "auth.signIn", {
    method: "password",
    ...demoOperator,
  });
  await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
    key: tokenStorageKey,
    value: session.token,
  });
}

/** "Rp 1.234.567" exactly as the app writes it in every language. */
export function rupiah(amount: number): string {
  return `Rp ${amount.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ".")}`;
}

/** Opens a wallet page (`fund`, `recharge`, …) in `lang` and waits until it reacts. */
export async function openWallet(page: Page, lang: Lang, screen: string): Promise<void> {
  await page.goto(localePath(lang, `/h5/merchant/${screen}`));
  await waitForHydration(page);
}

/** The balance at the top of the funds page, as a number. */
export async function shownBalance(page: Page): Promise<string> {
  return (await page.getByTestId("wallet-balance").textContent())?.trim() ?? "";
}

/** The radio of a provider channel in the picker, by its brand (the start of its accessible name). */
export function channelRadio(scope: Page | Locator, brand: string): Locator {
  return scope.getByRole("radio", { name: new RegExp(`^${escapeRegExp(brand)}`) });
}

/**
 * On a payment attempt's method screen (`/h5/payment?id=pat_…`): follows its "Sandbox" link to the sandbox's
 * play-money page, which is written in the shopper's language and asks for `amount`, and pays or cancels there.
 * The page sends the browser back to the method screen, which (paid) goes on to the result: waits for `returnTo`.
 */
export async function decideOnSandbox(
  page: Page,
  lang: Lang,
  amount: number,
  action: "pay" | "cancel",
  returnTo: RegExp = /\/h5\/merchant\/recharge\?result=rch_/,
) {
  const g = messages[lang].gateway.sandbox;
  await page.waitForURL(/\/h5\/payment\?id=pat_/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByRole("link", { name: messages[lang].payments.screen.sandbox }).click();
  await page.waitForURL(/\/gateway\/sandbox\/pay_/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(fill(g.merchant, { title: "Pasar" }));
  await expect(page.locator(".amount")).toHaveText(rupiah(amount));
  await page.getByRole("button", { name: action === "pay" ? g.pay : g.cancel, exact: true }).click();
  await page.waitForURL(returnTo);
  await waitForHydration(page);
}
