import type { APIRequestContext } from "@playwright/test";

export interface ListedProduct {
  id: string;
  name: string;
  price: number;
  storeId: string;
  storeName: string;
}

/**
 * Products as the shop's public API lists them (tRPC over HTTP, superjson envelope), in the language
 * given by the `lang` header the browser client sends (names are translated).
 */
export async function listProducts(
  request: APIRequestContext,
  limit = 1,
  lang: "ind" | "en" | "zh" = "ind",
): Promise<ListedProduct[]> {
  const input = encodeURIComponent(JSON.stringify({ json: { limit } }));
  const res = await request.get(`/trpc/listings.list?input=${input}`, { headers: { lang } });
  if (!res.ok()) throw new Error(`listings.list answered ${res.status()}: ${await res.text()}`);
  const body = (await res.json()) as { result: { data: { json: { items: ListedProduct[] } } } };
  const items = body.result.data.json.items;
  if (items.length === 0) throw new Error("the seeded shop lists no products");
  return items;
}

export async function firstProduct(
  request: APIRequestContext,
  lang: "ind" | "en" | "zh" = "ind",
): Promise<ListedProduct> {
  const [product] = await listProducts(request, 1, lang);
  return product!;
}

/** An id shaped like a product id that no product has. */
export const missingProductId = "prd_doesnotexist000000000";

/** Rupiah as the shop prints them everywhere: "Rp 99.500". */
export const rupiahPattern = /^Rp \d{1,3}(\.\d{3})*$/;

export function formatRupiah(amount: number): string {
  return `Rp ${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ".")}`;
}
