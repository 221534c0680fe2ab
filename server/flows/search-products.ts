import { recordSearch } from "../modules/browsing/browsing.service.ts";
import { listListings, type CardDeps } from "../modules/catalog/listings.service.ts";

/**
 * Records a search the shopper saw the results of (the results page calls it once shown): toward hot
 * keywords and, when signed in, their history. It is recorded as search understood it (the corrected
 * spelling), and not at all when it found nothing, so typos and made-up text never become hot keywords.
 */
export async function recordShownSearch(
  deps: CardDeps,
  query: string,
  visitor: Parameters<typeof recordSearch>[2],
): Promise<void> {
  const page = await listListings(deps, { q: query, limit: 1 });
  if (page.items.length === 0) return;
  await recordSearch(deps.db, page.correctedQuery ?? query, visitor);
}
