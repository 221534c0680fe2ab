import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { createEmailAccount, newEmail, tokenStorageKey } from "./accounts.ts";
import type { ListedProduct } from "./catalog.ts";
import { escapeRegExp, localePath, messages, type Lang } from "./i18n.ts";
import { setPin, takeShopper, useSession } from "./pool.ts";

/** Calls a public (or, with a token, a shopper's) tRPC query over HTTP and returns its data. */
export async function trpcQuery<T>(
  request: APIRequestContext,
  procedure: string,
  input: unknown,
  lang: Lang = "ind",
  token = "",
): Promise<T> {
  const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  const headers: Record<string, string> = { lang };
  if (token) headers.authorization = token;
  const res = await request.get(`/trpc/${procedure}${query}`, { headers });
  const body = await res.text();
  if (!res.ok()) throw new Error(`${procedure} answered ${res.status()}: ${body}`);
  return (JSON.parse(body) as { result: { data: { json: T } } }).result.data.json;
}

export interface ListingFilter {
  categoryId?: number;
  storeId?: string;
  q?: string;
  sort?: "overall" | "sales" | "priceAsc" | "priceDesc" | "newest";
}

/** One page of `listings.list`, as the shop's API answers it. */
export function listingPage(
  request: APIRequestContext,
  filter: ListingFilter,
  lang: Lang = "ind",
  limit = 20,
  cursor?: string,
) {
  return trpcQuery<{ items: ListedProduct[]; nextCursor: string | null }>(
    request,
    "listings.list",
    { ...filter, limit, cursor },
    lang,
  );
}

/** Every product of a list, following the API's pages to the end. */
export async function listAll(
  request: APIRequestContext,
  filter: ListingFilter,
  lang: Lang = "ind",
): Promise<ListedProduct[]> {
  const all: ListedProduct[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 50; guard++) {
    const page = await listingPage(request, filter, lang, 50, cursor);
    all.push(...page.items);
    if (!page.nextCursor) return all;
    cursor = page.nextCursor;
  }
  throw new Error("listings.list never reached its last page");
}

export interface CategoryNode {
  id: number;
  name: string;
  children: { id: number; name: string }[];
}

/** The category tree in `lang`. */
export function categoryTree(request: APIRequestContext, lang: Lang = "ind") {
  return trpcQuery<CategoryNode[]>(request, "catalog.categories", undefined, lang);
}

export interface StreetStore {
  id: string;
  name: string;
  followers: number;
}

/** The shop street as the API lists it (all stores fit one page of 50). */
export async function streetStores(request: APIRequestContext, q?: string): Promise<StreetStore[]> {
  const page = await trpcQuery<{ items: StreetStore[] }>(request, "stores.list", { q, limit: 50 });
  return page.items;
}

/** The seeded store whose name is `name`. */
export async function storeNamed(request: APIRequestContext, name: string): Promise<StreetStore> {
  const store = (await streetStores(request, name)).find((s) => s.name === name);
  if (!store) throw new Error(`no store named ${name} in the shop street`);
  return store;
}

/**
 * Signs this page's browser in as a fresh shopper no other test has used: the session cookie (server-rendered
 * pages) and the stored token (the app in the browser), as after a sign-in. The shopper comes from the run's
 * pool (support/pool.ts), made by the real sign-up procedures with the payment PIN `shopperPin`; when the pool is
 * used up, one is made now.
 */
export async function signInFreshShopper(page: Page, tag: string): Promise<{ email: string; token: string }> {
  const pooled = takeShopper();
  if (pooled) {
    await useSession(page, pooled, true);
    return { email: pooled.account, token: pooled.token };
  }
  const email = newEmail(tag);
  const { token } = await createEmailAccount(page.request, email);
  await setPin(page.request, email, token, 2);
  await page.addInitScript(
    ({ key, value }) => {
      // Once per tab, so the app's own later changes (sign-out) are not undone on reload.
      if (sessionStorage.getItem("e2e-signed-in")) return;
      sessionStorage.setItem("e2e-signed-in", "1");
      localStorage.setItem(key, value);
    },
    { key: tokenStorageKey, value: token },
  );
  return { email, token };
}

/** Product cards (links to product pages) inside `scope`. */
export function productCards(scope: Page | Locator): Locator {
  return scope.locator('a[href*="/h5/products/prd_"]');
}

/** "Rp 1.250.000" → 1250000. */
export function parseRupiah(text: string): number {
  const match = /Rp\s?([\d.]+)/.exec(text);
  if (!match) throw new Error(`not a Rupiah amount: ${JSON.stringify(text)}`);
  return Number(match[1]!.replace(/\./g, ""));
}

export interface ShownCard {
  id: string;
  name: string;
  price: number;
}

/** What each product card in `scope` shows: the product it opens, its name and its (first) price. */
export async function shownCards(scope: Page | Locator): Promise<ShownCard[]> {
  const raw = await productCards(scope).evaluateAll((links) =>
    links.map((a) => ({
      href: a.getAttribute("href") ?? "",
      name: (a.querySelector("h3")?.textContent ?? "").trim(),
      text: (a as HTMLElement).innerText,
    })),
  );
  return raw.map((c) => {
    const price = c.text.split("\n").find((line) => /^Rp\s/.test(line.trim()));
    return {
      id: /\/products\/(prd_\w+)/.exec(c.href)?.[1] ?? c.href,
      name: c.name,
      price: price ? parseRupiah(price) : NaN,
    };
  });
}

/** The product grid of a product list or a shop page. */
export function productGrid(page: Page): Locator {
  return page.getByTestId("product-grid");
}

/** Scrolls the product list down until the "seen all" line shows, returning the card count after each load. */
export async function scrollToEnd(page: Page, lang: Lang, maxLoads = 10): Promise<number[]> {
  const grid = productGrid(page);
  const end = page.getByText(messages[lang].catalog.list.end, { exact: true });
  const counts = [await productCards(grid).count()];
  for (let i = 0; i < maxLoads && !(await end.isVisible()); i++) {
    await productCards(grid).last().scrollIntoViewIfNeeded();
    const before = counts.at(-1)!;
    await expect
      .poll(async () => ((await end.isVisible()) ? -1 : await productCards(grid).count()), {
        message: "scrolling to the end of the list loaded nothing more",
      })
      .not.toBe(before);
    if (await end.isVisible()) break;
    counts.push(await productCards(grid).count());
  }
  await expect(end).toBeVisible();
  counts.push(await productCards(grid).count());
  return counts;
}

/** The figure shown under `label` on a store page (followers, visits, …). */
export async function storeFigure(page: Page, label: string): Promise<number> {
  const dd = page
    .locator("dl > div")
    .filter({ has: page.locator("dt", { hasText: new RegExp(`^${escapeRegExp(label)}$`) }) })
    .locator("dd");
  const text = (await dd.innerText()).trim();
  return Number(text.replace(/[^\d]/g, ""));
}

/** `/h5/products/list` in `lang`, with query parameters. */
export function listPath(lang: Lang, params: Record<string, string | number> = {}): string {
  const search = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return localePath(lang, "/h5/products/list") + (search ? `?${search}` : "");
}

/** The seeded product every language can find, and its store. */
export const sneakers = {
  names: {
    ind: "Sepatu Sneakers Pria Hitam Sol Putih",
    en: "Men's Black Sneakers with White Sole",
    zh: "男士黑色白底运动鞋",
  } satisfies Record<Lang, string>,
  store: "Sumber Rejeki Sport",
};

/** The seeded "Shoes" subcategory the sneakers are in. */
export const shoesCategoryId = 4101;

/**
 * Finds the seeded men's sneakers listing through the API (by category: a keyword search would count
 * toward the hot keywords).
 */
export async function sneakersListing(
  request: APIRequestContext,
  lang: Lang = "ind",
): Promise<ListedProduct> {
  const found = (await listAll(request, { categoryId: shoesCategoryId }, lang)).find(
    (p) => p.name === sneakers.names[lang],
  );
  if (!found) throw new Error("the seeded men's sneakers are not listed");
  return found;
}
