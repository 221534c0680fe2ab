// The shop's product lists: the listing page query (categories, a store, the boutique, search words, every sort,
// keyset pagination), prepared by shape; cards by id; the words search corrects a misspelling to.
import { and, asc, count, desc, eq, inArray, like, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { preparedPerDb } from "../../db/prepared.ts";
import { cover, likePattern, visible } from "./catalog.queries.ts";
import { listings, searchTerms, supplyProducts } from "./catalog.tables.ts";

const cardColumns = {
  id: listings.id,
  name: supplyProducts.name,
  cover,
  price: listings.minPrice,
  maxPrice: listings.maxPrice,
  suggestedPrice: listings.minSuggestedPrice,
  storeId: listings.storeId,
  supplyProductId: listings.supplyProductId,
};

/** How many stores list each supply product: the second ranking signal after sales (decision 5). */
const adoptionCounts = (db: Db) =>
  db
    .select({ supplyProductId: listings.supplyProductId, stores: sql<number>`count(*)::int`.as("stores") })
    .from(listings)
    .where(and(eq(listings.status, "active"), eq(listings.storeOpen, true)))
    .groupBy(listings.supplyProductId)
    .as("adoption");

export type ListingOrder = "relevance" | "sales" | "priceAsc" | "priceDesc" | "newest";

/** A position in a sorted list: the sort key of the last row and its id (keyset pagination). */
interface Keyset {
  key: number | null;
  id: string;
}

/** Scripts written without spaces between words (Chinese, Japanese, Korean, Thai). */
const unspacedScript =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

/** How search takes one word of a query: as typed, with synonyms and with spelling corrections. */
export interface SearchWord {
  word: string;
  /** Words of the same meaning (server/modules/catalog/synonyms.ts), found as whole words. */
  synonyms: string[];
  /** Product-name words it may be a misspelling of, found as words or word beginnings. */
  corrections: string[];
}

const tsWord = (w: string) => `'${w.replace(/'/g, "''")}'`;

/**
 * A full-text query for any of the words: typed words and corrections also as word beginnings ("sepat"
 * finds "sepatu"), synonyms only as whole words (so "topi" finding "cap" does not find "capacity").
 */
const anyWordQuery = (words: SearchWord[]) => {
  const prefixes = new Set(words.flatMap((w) => [w.word, ...w.corrections]));
  const wholes = new Set(words.flatMap((w) => w.synonyms).filter((w) => !prefixes.has(w)));
  const terms = [...[...prefixes].map((w) => `${tsWord(w)}:*`), ...[...wholes].map(tsWord)];
  return sql`to_tsquery('simple', ${terms.join(" | ")})`;
};

/**
 * Where one search word is found. A word is found as a word or word beginning anywhere (full text, so
 * "tas" finds bags, not "kualitas" in a description), or inside a name ("phone" in "smartphone", trigram
 * index); its synonyms and corrections, being whole words, by full text. Words of scripts without spaces
 * are found inside names and descriptions alike, since full text cannot split them into words.
 */
function wordFilter(w: SearchWord) {
  return unspacedScript.test(w.word)
    ? or(
        like(supplyProducts.searchText, likePattern(w.word)),
        ...[...w.synonyms, ...w.corrections].map((c) => like(supplyProducts.searchName, likePattern(c))),
      )
    : or(
        sql`${supplyProducts.searchVector} @@ ${anyWordQuery([w])}`,
        like(supplyProducts.searchName, likePattern(w.word)),
      );
}

/**
 * Whether any product on sale is found by the word as typed (no synonyms or corrections). A count, not
 * `limit 1`: with a limit the planner scans every product hoping for an early match, which a misspelt word
 * never gives (10,000 products: a search with a typo went from 39 to 95 ms); the count uses the indexes.
 */
export async function wordFindsAny(db: Db, word: string) {
  const [row] = await db
    .select({ n: count() })
    .from(supplyProducts)
    .where(and(eq(supplyProducts.status, "active"), wordFilter({ word, synonyms: [], corrections: [] })));
  return (row?.n ?? 0) > 0;
}

interface ListingPageOptions {
  categoryIds?: number[];
  storeId?: string;
  boutique?: boolean;
  /** Each search word with its synonyms and the product-name words it may be a misspelling of. */
  words?: SearchWord[];
  order: ListingOrder;
  after?: Keyset;
  limit: number;
}

/** A value of a listing page query: bound in place, or a placeholder filled when a prepared query runs. */
type Bind = <T>(name: string, value: T) => T | Placeholder;

/**
 * The listing page query. Its shape (which filters, which order) comes from `opts`; its values come through
 * `bind`, so one builder serves a search (values in place) and the prepared queries below (placeholders).
 */
function listingPageQuery(db: Db, opts: ListingPageOptions, bind: Bind) {
  const words = opts.words ?? [];
  const filters: (SQL | undefined)[] = [visible];
  if (opts.categoryIds) {
    filters.push(sql`${supplyProducts.categoryId} = any(${bind("categoryIds", opts.categoryIds)})`);
  }
  if (opts.boutique) filters.push(eq(supplyProducts.boutique, true));
  if (opts.storeId) filters.push(sql`${listings.storeId} = ${bind("storeId", opts.storeId)}`);
  // Every word must be found: as typed, as a synonym, or as the name word it is a misspelling of.
  for (const w of words) filters.push(wordFilter(w));
  // Ranked by how well the name matches each word (trigram word similarity), then by the full-text rank,
  // in which names weigh more than descriptions and more words found rank higher.
  const score =
    words.length > 0
      ? sql`${sql.join(
          words.map(({ word }) => sql`word_similarity(${word}, ${supplyProducts.searchName})`),
          sql` + `,
        )} + ts_rank(${supplyProducts.searchVector}, ${anyWordQuery(words)})`
      : sql`0`;
  // Newest is the id order itself (ids sort by creation); the other orders lead with their own key.
  const adoption = opts.order === "sales" ? adoptionCounts(db) : undefined;
  const key: SQL<number> | undefined = {
    relevance: sql<number>`(${score})::float8`,
    // Items sold in paid orders first, then how many stores list the product (decision 5); one number so
    // the keyset stays a pair. Exact while sales stay below 9 * 10^9.
    sales: adoption
      ? sql<number>`(${listings.sales}::float8 * 1000000 + coalesce(${adoption.stores}, 0))`
      : undefined,
    // float8 so the driver hands back a number (int8 arrives as text); exact below 2^53 Rupiah.
    // A range sorts by its lowest price, as shops do.
    priceAsc: sql<number>`${listings.minPrice}::float8`,
    priceDesc: sql<number>`${listings.minPrice}::float8`,
    newest: undefined,
  }[opts.order];
  const ascending = opts.order === "priceAsc";
  const dir = ascending ? asc : desc;
  if (opts.after) {
    const afterId = bind("afterId", opts.after.id);
    const left = key ? sql`(${key}, ${listings.id})` : sql`${listings.id}`;
    const right = key ? sql`(${bind("afterKey", opts.after.key ?? 0)}, ${afterId})` : sql`${afterId}`;
    filters.push(ascending ? sql`${left} > ${right}` : sql`${left} < ${right}`);
  }
  const base = db
    .select({ ...cardColumns, key: key ?? sql<number | null>`null` })
    .from(listings)
    .innerJoin(supplyProducts, eq(supplyProducts.id, listings.supplyProductId));
  const joined = adoption
    ? base.leftJoin(adoption, eq(adoption.supplyProductId, listings.supplyProductId))
    : base;
  return joined
    .where(and(...filters))
    .orderBy(...(key ? [dir(key), dir(listings.id)] : [dir(listings.id)]))
    .limit(bind("limit", opts.limit) as number);
}

type PreparedListingPage = ReturnType<ReturnType<typeof listingPageQuery>["prepare"]>;

/**
 * Prepared listing page queries by shape, per database (preparedPerDb). Building the query took about a
 * millisecond of every product list, more than the database spent answering it (`npm run bench`); prepared once,
 * a list only binds its values (and PostgreSQL plans it once per connection).
 */
const preparedPages = preparedPerDb(() => new Map<string, PreparedListingPage>());

/**
 * Listing cards in a stable order, keyset-paginated so rows never repeat or go missing while new
 * listings arrive. With `words`, every word must appear in a name or description (in any language) or
 * resemble a word there (trigram word similarity, for typos); results rank by how well the name matches.
 */
export async function selectListingPage(db: Db, opts: ListingPageOptions) {
  if (opts.words && opts.words.length > 0) {
    // An array goes as one parameter (`= any($1)`), not spread into a list.
    return listingPageQuery(db, opts, (_name, value) =>
      Array.isArray(value) ? (sql.param(value) as unknown as typeof value) : value,
    );
  }
  const shape = [
    opts.order,
    opts.categoryIds ? "category" : "",
    opts.boutique ? "boutique" : "",
    opts.storeId ? "store" : "",
    opts.after ? "after" : "",
  ].join("_");
  const prepared = preparedPages(db);
  let query = prepared.get(shape);
  if (!query) {
    query = listingPageQuery(db, opts, (name) => sql.placeholder(name)).prepare(`listing_page_${shape}`);
    prepared.set(shape, query);
  }
  return query.execute({
    categoryIds: opts.categoryIds,
    storeId: opts.storeId,
    afterId: opts.after?.id,
    afterKey: opts.after?.key ?? 0,
    limit: opts.limit,
  });
}

/** "Hot" listings: by sales, then adoption (decision 5), newest breaking ties. */
export function selectHotListingCards(db: Db, limit: number) {
  return selectListingPage(db, { order: "sales", limit });
}

/** Cards for the given listings that are still sold (order not kept: callers restore it). */
export async function selectCardsByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ ...cardColumns, key: sql<number | null>`null` })
    .from(listings)
    .innerJoin(supplyProducts, eq(supplyProducts.id, listings.supplyProductId))
    .where(and(visible, inArray(listings.id, [...ids])));
}

export async function listingIsSold(db: Db, id: string) {
  const rows = await db
    .select({ id: listings.id })
    .from(listings)
    .innerJoin(supplyProducts, eq(supplyProducts.id, listings.supplyProductId))
    .where(and(eq(listings.id, id), visible));
  return rows.length > 0;
}

/** A listing's category and supply product (what to recommend under it), prepared like the product page's. */
const listingCategory = preparedPerDb((db) =>
  db
    .select({ categoryId: supplyProducts.categoryId, supplyProductId: supplyProducts.id })
    .from(listings)
    .innerJoin(supplyProducts, eq(supplyProducts.id, listings.supplyProductId))
    .where(eq(listings.id, sql.placeholder("id")))
    .prepare("listing_category"),
);

export async function selectListingCategory(db: Db, id: string) {
  const rows = await listingCategory(db).execute({ id });
  return rows[0];
}

/** Words products use that resemble `word` (trigram similarity), best first. */
export async function selectSimilarTerms(db: Db, word: string, limit: number) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.similarity_threshold', '0.4', true)`);
    const rows = await tx
      .select({ term: searchTerms.term })
      .from(searchTerms)
      .where(sql`${searchTerms.term} % ${word}`)
      .orderBy(sql`similarity(${searchTerms.term}, ${word}) desc`, searchTerms.term)
      .limit(limit);
    return rows.map((r) => r.term);
  });
}
