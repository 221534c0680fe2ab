// The shop's product lists: the home page's sections, a category's or a store's list, search (synonyms, spelling
// corrections, relevance) and its suggestions while typing, recommendations under a product, cards by id.
import type {
  HomeView,
  ListingListInput,
  ListingPageView,
  ListingSort,
  ProductCardView,
} from "#common/contracts/catalog.ts";
import { localize } from "#common/locales.ts";
import { listingSorts } from "#common/sorts.ts";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { cursorCodec, cursorIdSchema } from "../../platform/cursor.ts";
import { DomainError } from "../../platform/errors.ts";
import { imageView } from "../../platform/images.ts";
import { allCategories, hotRanking } from "./catalog.caches.ts";
import { categoryView, type CardDeps, type ViewDeps } from "./catalog.views.ts";
import * as q from "./listings.queries.ts";
import type { ListingOrder, SearchWord } from "./listings.queries.ts";
import { synonymsOf } from "./synonyms.ts";

export type { CardDeps, StoreCards } from "./catalog.views.ts";

const homeSectionSize = 10;

type CardRow = Awaited<ReturnType<typeof q.selectListingPage>>[number];

/** Product cards for rows, in their order, each with its store's name (one look-up for all). */
async function cardViews(deps: CardDeps, rows: CardRow[]): Promise<ProductCardView[]> {
  const stores = await deps.storeCards(rows.map((r) => r.storeId));
  return rows.map((row) => ({
    id: row.id,
    name: localize(row.name, deps.lang),
    image: imageView(deps.storage, row.cover),
    price: row.price,
    maxPrice: row.maxPrice,
    suggestedPrice: row.suggestedPrice ?? row.price,
    storeId: row.storeId,
    storeName: stores.get(row.storeId)?.name ?? "",
  }));
}

/** The hot listings, in the kept ranking order, as they are now. */
async function hotCards(deps: CardDeps): Promise<ProductCardView[]> {
  const ids = await hotRanking.get(deps.db, async (primary) =>
    (await q.selectHotListingCards(primary, homeSectionSize)).map((r) => r.id),
  );
  const cards = await getCards(deps, ids);
  return ids.flatMap((id) => cards.get(id) ?? []);
}

/** The home page: category tabs and the hot, new and boutique sections. */
export async function getHome(deps: CardDeps): Promise<HomeView> {
  const [top, hot, fresh, boutique] = await Promise.all([
    allCategories(deps.db).then((rows) => rows.filter((r) => r.parentId === null)),
    hotCards(deps),
    q.selectListingPage(deps.db, { order: "newest", limit: homeSectionSize }),
    q.selectListingPage(deps.db, { boutique: true, order: "newest", limit: homeSectionSize }),
  ]);
  return {
    categories: top.map((c) => categoryView(c, deps)),
    hot,
    fresh: await cardViews(deps, fresh),
    boutique: await cardViews(deps, boutique),
  };
}

/** The order behind each sort a shopper can pick; "overall" means relevance when searching. */
function orderFor(sort: ListingSort, searching: boolean): ListingOrder {
  switch (sort) {
    case "overall":
      return searching ? "relevance" : "newest";
    case "sales":
      // Items sold in paid orders, then how many stores list the product (decision 5).
      return "sales";
    default:
      return sort;
  }
}

/** The words of a search: lower-cased, letters and digits only, at most 6 of at most 40 characters. */
function searchWords(query: string | undefined): string[] {
  if (!query) return [];
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}'-]+/u)
    .map((w) => w.replace(/^['-]+|['-]+$/g, ""))
    .filter((w) => /[\p{L}\p{N}]/u.test(w));
  return [...new Set(words)].slice(0, 6).map((w) => w.slice(0, 40));
}

/**
 * How search takes each word: with its synonyms; and, for a word of 4 letters or more that finds nothing
 * as typed, with the product-name words it resembles, the first being its correction ("snekers" ->
 * "sneakers"). A word with synonyms, a product-name word, or a word found as typed (in a description, or
 * while being typed) is never corrected ("sepatu" is no misspelling of "sepak", "handphone" of "headphone").
 */
async function interpretWords(db: Db, words: string[]): Promise<(SearchWord & { correction?: string })[]> {
  return Promise.all(
    words.map(async (word) => {
      const synonyms = synonymsOf(word);
      if (synonyms.length > 0 || word.length < 4) return { word, synonyms, corrections: [] };
      const similar = await q.selectSimilarTerms(db, word, 5);
      if (similar.length === 0 || similar.includes(word) || (await q.wordFindsAny(db, word))) {
        return { word, synonyms, corrections: [] };
      }
      const correction = similar[0]!;
      return { word, synonyms, corrections: similar, correction };
    }),
  );
}

/** The query as search understood it when it corrected a word, else null. */
function correctedQuery(words: { word: string; correction?: string }[]): string | null {
  return words.some((w) => w.correction) ? words.map((w) => w.correction ?? w.word).join(" ") : null;
}

/** Where a page of listings continues: its sort, then the last row's sort key and id. */
const listingCursor = cursorCodec(z.tuple([z.enum(listingSorts), z.number().nullable(), cursorIdSchema]));

/**
 * A page of listings: optionally in a category (a top category includes its children) and matching
 * keywords, in the chosen order; `nextCursor` continues exactly after the last row.
 */
export async function listListings(deps: CardDeps, input: ListingListInput): Promise<ListingPageView> {
  const limit = input.limit ?? 20;
  const sort = input.sort ?? "overall";
  let categoryIds: number[] | undefined;
  if (input.categoryId !== undefined) {
    const rows = await allCategories(deps.db);
    const category = rows.find((r) => r.id === input.categoryId);
    if (!category) throw new DomainError("not_found", "errors.api.notFound");
    categoryIds = [category.id, ...rows.filter((r) => r.parentId === category.id).map((r) => r.id)];
  }
  const words = searchWords(input.q);
  // Keywords with nothing searchable in them (only punctuation) match nothing, rather than everything.
  if (input.q && words.length === 0) return { items: [], nextCursor: null, correctedQuery: null };
  const after = input.cursor ? listingCursor.decode(input.cursor, ([s]) => s === sort) : undefined;
  const interpreted = await interpretWords(deps.db, words);
  const rows = await q.selectListingPage(deps.db, {
    categoryIds,
    storeId: input.storeId,
    words: interpreted,
    order: orderFor(sort, words.length > 0),
    after: after && { key: after[1], id: after[2] },
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: await cardViews(deps, page),
    nextCursor: rows.length > limit && last ? listingCursor.encode([sort, last.key, last.id]) : null,
    correctedQuery: correctedQuery(interpreted),
  };
}

/** Product cards for listings in the order given, leaving out any no longer sold. */
export async function getCards(
  deps: CardDeps,
  ids: readonly string[],
): Promise<Map<string, ProductCardView>> {
  const cards = await cardViews(deps, await q.selectCardsByIds(deps.db, ids));
  return new Map(cards.map((c) => [c.id, c]));
}

/** Whether a listing exists and is still sold. */
export function isSold(db: Db, id: string): Promise<boolean> {
  return q.listingIsSold(db, id);
}

/** Product names that match what is being typed, best first (for suggestions while typing). */
export async function suggestNames(deps: ViewDeps, query: string, limit = 8): Promise<string[]> {
  const words = searchWords(query);
  if (words.length === 0) return [];
  const rows = await q.selectListingPage(deps.db, {
    words: await interpretWords(deps.db, words),
    order: "relevance",
    limit: limit * 3,
  });
  return [...new Set(rows.map((r) => localize(r.name, deps.lang)))].slice(0, limit);
}

/**
 * Products to show under a product: others from its subcategory first, then from its top category,
 * never the same supply product again.
 */
export async function recommendFor(deps: CardDeps, listingId: string, limit = 6): Promise<ProductCardView[]> {
  const origin = await q.selectListingCategory(deps.db, listingId);
  if (!origin) throw new DomainError("not_found", "catalog.product.notFound");
  const categories = await allCategories(deps.db);
  const parentId = categories.find((r) => r.id === origin.categoryId)?.parentId;
  const scopes = [[origin.categoryId]];
  if (parentId) {
    scopes.push([parentId, ...categories.filter((r) => r.parentId === parentId).map((r) => r.id)]);
  }
  const picked: CardRow[] = [];
  const seenSupply = new Set([origin.supplyProductId]);
  for (const categoryIds of scopes) {
    // The wider scope is read only when the product's own category had too few.
    if (picked.length >= limit) break;
    const rows = await q.selectListingPage(deps.db, { categoryIds, order: "sales", limit: limit * 4 });
    for (const r of rows) {
      if (picked.length >= limit || seenSupply.has(r.supplyProductId)) continue;
      seenSupply.add(r.supplyProductId);
      picked.push(r);
    }
  }
  return cardViews(deps, picked);
}
