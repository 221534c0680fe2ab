import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { tokenStorageKey, trpcMutation } from "./accounts.ts";
import { demoOperator } from "./money.ts";
import { trpcQuery } from "./browsing.ts";
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

/** A demo store's product on the shop's list, with the account of the store's merchant. */
export interface DemoOffer {
  id: string;
  storeId: string;
  price: number;
  merchant: string;
}

/**
 * The demo stores' products sold without variants, so a line of one needs no choice of colour or size (other
 * tests open stores of their own, and give products variants, meanwhile; the list's order moves with their
 * sales). Shuffled when asked, so that parallel journeys spread over the demo stock.
 */
export async function* plainDemoOffers(
  request: APIRequestContext,
  { shuffle = false }: { shuffle?: boolean } = {},
): AsyncGenerator<DemoOffer> {
  const demo = await demoStores(request);
  const { items } = await trpcQuery<{ items: { id: string; storeId: string; price: number }[] }>(
    request,
    "listings.list",
    { limit: 50 },
  );
  const offers = items.filter((i) => demo.has(i.storeId));
  if (shuffle) offers.sort(() => Math.random() - 0.5);
  for (const offer of offers) {
    const detail = await trpcQuery<{ options: unknown[] }>(request, "listings.get", { id: offer.id });
    if (detail.options.length === 0) yield { ...offer, merchant: demo.get(offer.storeId)! };
  }
}

/** The first plain demo product that `wanted` accepts. */
export async function plainDemoOffer(
  request: APIRequestContext,
  wanted: (offer: DemoOffer) => boolean = () => true,
  options: { shuffle?: boolean } = {},
): Promise<DemoOffer> {
  for await (const offer of plainDemoOffers(request, options)) if (wanted(offer)) return offer;
  throw new Error("no demo product without variants");
}

/** Plain products of two different demo stores. */
export async function twoStoresOffers(request: APIRequestContext): Promise<[DemoOffer, DemoOffer]> {
  const first = await plainDemoOffer(request);
  return [first, await plainDemoOffer(request, (o) => o.storeId !== first.storeId)];
}
