import type { ListingListInput, ListingPageView } from "#common/contracts/catalog.ts";
import type { Locale } from "#common/locales.ts";
import type { Db } from "../db/client.ts";
import type { Storage } from "../platform/storage.ts";
import { recordSearch } from "../modules/browsing/browsing.service.ts";
import { listListings } from "../modules/catalog/catalog.service.ts";

/** A product list; a keyword search's first page also counts toward hot keywords and the shopper's history. */
export async function searchProducts(
  deps: { db: Db; storage: Storage; lang: Locale },
  input: ListingListInput,
  userId: string | undefined,
): Promise<ListingPageView> {
  const page = await listListings(deps, input);
  if (input.q && !input.cursor) await recordSearch(deps.db, input.q, userId);
  return page;
}
