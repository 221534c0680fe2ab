import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { tokenStorageKey, trpcMutation } from "./accounts.ts";
import { demoOperator } from "./money.ts";

/** A demo account's session token (every demo account has the same password, README). */
export async function tokenOf(request: APIRequestContext, account: string): Promise<string> {
  const session = await trpcMutation<{ token: string }>(request, "auth.signIn", {
    method: "password",
    account,
    password: demoOperator.password,
  });
  return session.token;
}

/** A page of another browser signed in as an account (the session cookie and the stored token). */
export async function pageAs(browser: Browser, account: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const token = await tokenOf(page.request, account);
  await context.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
    key: tokenStorageKey,
    value: token,
  });
  return page;
}

/** The demo merchants' accounts (README) and their stores' ids, looked up through the API. */
export async function demoStores(request: APIRequestContext): Promise<Map<string, string>> {
  const stores = new Map<string, string>();
  for (let i = 1; i <= 5; i++) {
    const account = `merchant${i}@pasar.test`;
    const res = await request.get("/trpc/merchants.status", {
      headers: { authorization: await tokenOf(request, account) },
    });
    const status = ((await res.json()) as { result: { data: { json: { store: { id: string } } } } }).result
      .data.json;
    stores.set(status.store.id, account);
  }
  return stores;
}
