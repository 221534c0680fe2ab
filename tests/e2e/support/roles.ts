import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { tokenStorageKey, trpcMutation } from "./accounts.ts";
import { demoOperator } from "./money.ts";
import { demoSession, useSession } from "./pool.ts";

/** A demo account's session token (every demo account has the same password, README). */
export async function tokenOf(request: APIRequestContext, account: string): Promise<string> {
  // Signed in once per run (support/pool.ts).
  const saved = demoSession(account);
  if (saved) return saved.token;
  const session = await trpcMutation<{ token: string }>(request, "auth.signIn", {
    method: "password",
    account,
    password: demoOperator.password,
  });
  return session.token;
}

/** A page of another browser signed in as an account (the session cookie and the stored token). */
export async function pageAs(browser: Browser, account: string): Promise<Page> {
  const saved = demoSession(account);
  if (saved) {
    // The session saved once per run, as Playwright storage state: the cookie and the stored token.
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      storageState: saved.state,
    });
    return context.newPage();
  }
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const token = await tokenOf(page.request, account);
  await context.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
    key: tokenStorageKey,
    value: token,
  });
  return page;
}

/**
 * Signs this page's browser in as a demo account, keeping the test's own browser settings (a phone's): the
 * session cookie (server-rendered pages) and the stored token (the app in the browser). Returns the token.
 */
export async function signInPageAs(page: Page, account: string): Promise<string> {
  const saved = demoSession(account);
  if (saved) {
    await useSession(page, saved);
    return saved.token;
  }
  const token = await tokenOf(page.request, account);
  await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
    key: tokenStorageKey,
    value: token,
  });
  return token;
}

/**
 * The demo stores' ids and their merchants' accounts (README), from the shop street without signing in (every
 * test signs in from the same address, which sign-in limits): the seed opens them first, merchant1's first.
 */
export async function demoStores(request: APIRequestContext): Promise<Map<string, string>> {
  const input = encodeURIComponent(JSON.stringify({ json: { sort: "new", order: "asc", limit: 5 } }));
  const res = await request.get(`/trpc/stores.list?input=${input}`);
  const items = ((await res.json()) as { result: { data: { json: { items: { id: string }[] } } } }).result
    .data.json.items;
  return new Map(items.map((s, i) => [s.id, `merchant${i + 1}@pasar.test`]));
}
