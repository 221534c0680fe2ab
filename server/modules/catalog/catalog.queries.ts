import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  like,
  lt,
  or,
  sql,
  type Placeholder,
  type SQL,
} from "drizzle-orm";
import type { StoredImage } from "#common/images.ts";
import type { Db, Tx } from "../../db/client.ts";
import { preparedPerDb } from "../../db/prepared.ts";
import {
  categories,
  listings,
  listingVariants,
  productImages,
  productOptions,
  productOptionValues,
  productVariants,
  searchTerms,
  supplyProducts,
  variantLabelSql,
} from "./catalog.tables.ts";

export async function insertCategory(db: Db, row: typeof categories.$inferInsert) {
  await db.insert(categories).values(row);
}

export async function insertSupplyProduct(db: Db, row: typeof supplyProducts.$inferInsert) {
  await db.insert(supplyProducts).values(row);
}

export async function insertProductImages(db: Db, rows: (typeof productImages.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(productImages).values(rows);
}

export async function insertListing(db: Db, row: typeof listings.$inferInsert) {
  await db.insert(listings).values(row);
}

export async function insertVariants(db: Db, rows: (typeof productVariants.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(productVariants).values(rows);
}

export async function selectSupplyStatus(db: Db, id: string) {
  const rows = await db
    .select({ id: supplyProducts.id, status: supplyProducts.status })
    .from(supplyProducts)
    .where(eq(supplyProducts.id, id));
  return rows[0];
}

/** A supply product's variants that are not archived, in their order, with their option value names. */
export async function selectActiveVariants(db: Db, supplyProductId: string) {
  return db
    .select({
      id: productVariants.id,
      sku: productVariants.sku,
      merchantPrice: productVariants.merchantPrice,
      suggestedPrice: productVariants.suggestedPrice,
      stock: productVariants.stock,
      label: variantLabelSql,
    })
    .from(productVariants)
    .where(and(eq(productVariants.supplyProductId, supplyProductId), eq(productVariants.status, "active")))
    .orderBy(asc(productVariants.sort), asc(productVariants.id));
}

const categoryColumns = {
  id: categories.id,
  parentId: categories.parentId,
  sort: categories.sort,
  name: categories.name,
  icon: categories.icon,
};

/** The first image of a supply product, for cards. */
const cover = sql<StoredImage | null>`(
  select ${productImages.image} from ${productImages}
  where ${productImages.supplyProductId} = ${supplyProducts.id}
  order by ${productImages.sort} limit 1
)`;

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

/** On sale: the listing and its supply product are active and its store is open. */
const visible = and(
  eq(listings.status, "active"),
  eq(supplyProducts.status, "active"),
  eq(listings.storeOpen, true),
);

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

/** Escapes LIKE wildcards in a search word. */
export const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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

// The product page's look-ups (detail, variants, options, pictures, category) are prepared once per database
// (preparedPerDb): building them cost the page more than PostgreSQL spent answering them.

const listingDetail = preparedPerDb((db) =>
  db
    .select({
      id: listings.id,
      price: listings.minPrice,
      maxPrice: listings.maxPrice,
      storeId: listings.storeId,
      supplyProductId: supplyProducts.id,
      name: supplyProducts.name,
      description: supplyProducts.description,
      sales: listings.sales,
      categoryId: supplyProducts.categoryId,
    })
    .from(listings)
    .innerJoin(supplyProducts, eq(supplyProducts.id, listings.supplyProductId))
    .where(and(eq(listings.id, sql.placeholder("id")), visible))
    .prepare("listing_detail"),
);

export async function selectListingDetail(db: Db, id: string) {
  const rows = await listingDetail(db).execute({ id });
  return rows[0];
}

const listingVariantRows = preparedPerDb((db) =>
  db
    .select({
      id: productVariants.id,
      option1ValueId: productVariants.option1ValueId,
      option2ValueId: productVariants.option2ValueId,
      label: variantLabelSql,
      price: listingVariants.price,
      suggestedPrice: productVariants.suggestedPrice,
      stock: productVariants.stock,
      image: productVariants.image,
    })
    .from(listingVariants)
    .innerJoin(productVariants, eq(productVariants.id, listingVariants.variantId))
    .where(
      and(
        eq(listingVariants.listingId, sql.placeholder("listingId")),
        eq(listingVariants.status, "active"),
        eq(productVariants.status, "active"),
      ),
    )
    .orderBy(asc(productVariants.sort), asc(productVariants.id))
    .prepare("listing_variants"),
);

/** The variants a listing has on sale: the store's price, the shared stock, the picture and the option values. */
export async function selectListingVariants(db: Db, listingId: string) {
  return listingVariantRows(db).execute({ listingId });
}

const productOptionRows = preparedPerDb((db) =>
  db
    .select({
      optionId: productOptions.id,
      position: productOptions.position,
      name: productOptions.name,
      kind: productOptions.kind,
      valueId: productOptionValues.id,
      valueName: productOptionValues.name,
      swatch: productOptionValues.swatch,
    })
    .from(productOptions)
    .innerJoin(productOptionValues, eq(productOptionValues.optionId, productOptions.id))
    .where(eq(productOptions.supplyProductId, sql.placeholder("supplyProductId")))
    .orderBy(asc(productOptions.position), asc(productOptionValues.sort), asc(productOptionValues.id))
    .prepare("product_options"),
);

/** A supply product's option axes with every value, in order. */
export async function selectProductOptions(db: Db, supplyProductId: string) {
  return productOptionRows(db).execute({ supplyProductId });
}

const productImageRows = preparedPerDb((db) =>
  db
    .select({ image: productImages.image })
    .from(productImages)
    .where(eq(productImages.supplyProductId, sql.placeholder("supplyProductId")))
    .orderBy(asc(productImages.sort))
    .prepare("product_images"),
);

export async function selectProductImages(db: Db, supplyProductId: string) {
  return productImageRows(db).execute({ supplyProductId });
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

export async function updateStoreOpen(db: Db, storeId: string, open: boolean) {
  await db.update(listings).set({ storeOpen: open }).where(eq(listings.storeId, storeId));
}

export async function selectAllCategories(db: Db) {
  return db.select(categoryColumns).from(categories).orderBy(asc(categories.sort), asc(categories.id));
}

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

/** Remembers the words of a product name for spelling correction. */
export async function insertSearchTerms(db: Db, terms: string[]) {
  if (terms.length > 0)
    await db
      .insert(searchTerms)
      .values(terms.map((term) => ({ term })))
      .onConflictDoNothing();
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

/**
 * Takes `quantity` from a variant's shared stock in one conditional update (never read then write): false when
 * not that much is left, and nothing changes.
 */
export async function takeStock(db: Db | Tx, variantId: string, quantity: number): Promise<boolean> {
  const rows = await db
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} - ${quantity}` })
    .where(and(eq(productVariants.id, variantId), sql`${productVariants.stock} >= ${quantity}`))
    .returning({ id: productVariants.id });
  return rows.length > 0;
}

export async function returnStock(db: Db | Tx, variantId: string, quantity: number): Promise<void> {
  await db
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} + ${quantity}` })
    .where(eq(productVariants.id, variantId));
}

/**
 * Sets listings' lowest and highest price, and lowest suggested price, from their variants on sale (listing and
 * variant active); a listing left with none goes off sale and keeps its last prices. Every write to
 * `listing_variants`, to a variant's status or to its suggested price calls it in its transaction: it is what
 * cards, price sorting and cursors read.
 */
export async function syncListingPrices(db: Db | Tx, listingIds: readonly string[]): Promise<void> {
  if (listingIds.length === 0) return;
  const ids = [...new Set(listingIds)].sort();
  await db.execute(sql`
    update ${listings} l set
      min_price = coalesce(p.min_price, l.min_price),
      max_price = coalesce(p.max_price, l.max_price),
      min_suggested_price = coalesce(p.min_suggested_price, l.min_suggested_price),
      status = case when p.min_price is null then 'hidden' else l.status end
    from (
      select id.listing_id, min(lv.price) as min_price, max(lv.price) as max_price,
        min(v.suggested_price) as min_suggested_price
      from unnest(${sql.param(ids)}::text[]) as id(listing_id)
      left join (
        ${listingVariants} lv join ${productVariants} v on v.id = lv.variant_id and v.status = 'active'
      ) on lv.listing_id = id.listing_id and lv.status = 'active'
      group by id.listing_id
    ) p
    where l.id = p.listing_id`);
}

/**
 * Inserts listing variant rows; with `skipExisting`, a (listing, variant) pair that already has its row keeps it
 * (its price and status are the store's).
 */
export async function insertListingVariants(
  db: Db | Tx,
  rows: (typeof listingVariants.$inferInsert)[],
  opts: { skipExisting?: boolean } = {},
) {
  if (rows.length === 0) return;
  const insert = db.insert(listingVariants).values(rows);
  await (opts.skipExisting ? insert.onConflictDoNothing() : insert);
}

/**
 * A listing's variant rows (on sale or hidden, priced by the store or not) with each variant's cost and status,
 * in the variants' order.
 */
export async function selectListingVariantRows(db: Db, listingId: string) {
  return db
    .select({
      variantId: listingVariants.variantId,
      price: listingVariants.price,
      status: listingVariants.status,
      pricedByStore: listingVariants.pricedByStore,
      merchantPrice: productVariants.merchantPrice,
      variantStatus: productVariants.status,
      label: variantLabelSql,
    })
    .from(listingVariants)
    .innerJoin(productVariants, eq(productVariants.id, listingVariants.variantId))
    .where(eq(listingVariants.listingId, listingId))
    .orderBy(asc(productVariants.sort), asc(productVariants.id));
}

export async function updateListingVariant(
  db: Db,
  listingId: string,
  variantId: string,
  set: Partial<typeof listingVariants.$inferInsert>,
) {
  await db
    .update(listingVariants)
    .set(set)
    .where(and(eq(listingVariants.listingId, listingId), eq(listingVariants.variantId, variantId)));
}

/** Adds (or takes back) items sold to listings' sales. */
export async function addSales(db: Db | Tx, listingId: string, delta: number): Promise<void> {
  await db
    .update(listings)
    .set({ sales: sql`${listings.sales} + ${delta}` })
    .where(eq(listings.id, listingId));
}

// ------------------------------------------------------------------------------ a merchant's listings

/**
 * An aggregate over a supply product's variants not archived (one subquery per figure, for lists of 20). The
 * outer id spelled out: Drizzle leaves the table off columns of a single-table select list.
 */
const variantAggregate = (expr: string) =>
  sql<number>`(select ${sql.raw(expr)} from ${productVariants} v where v.supply_product_id = "supply_products"."id" and v.status = 'active')`;

/**
 * What a merchant prices by: the range of the variants' costs (one price for every variant must reach the
 * highest) and suggested prices, the stock of every variant, and how many variants there are.
 */
export const variantFigures = {
  merchantPrice: variantAggregate("coalesce(min(v.merchant_price), 0)::float8"),
  maxMerchantPrice: variantAggregate("coalesce(max(v.merchant_price), 0)::float8"),
  suggestedPrice: variantAggregate("coalesce(min(v.suggested_price), 0)::float8"),
  maxSuggestedPrice: variantAggregate("coalesce(max(v.suggested_price), 0)::float8"),
  stock: variantAggregate("coalesce(sum(v.stock), 0)::int"),
  variantCount: variantAggregate("count(*)::int"),
};

/**
 * A count over a listing's rows of variants not archived (one subquery per figure, for lists of 20), for the
 * listing whose id is `listingId` in the outer query (spelled out with its table: unqualified, `id` would be the
 * variant's).
 */
const listingRowCount = (listingId: SQL, where: string) =>
  sql<number>`(select count(*)::int from ${listingVariants} lv join ${productVariants} v on v.id = lv.variant_id
    where lv.listing_id = ${listingId} and v.status = 'active' and ${sql.raw(where)})`;

/**
 * How many of a listing's variants are on sale, and how many are new: off sale at a price the catalogue set (a
 * variant added since, or left out when listing), which the store has never priced.
 */
const listingRowFigures = (listingId: SQL) => ({
  variantsOnSale: listingRowCount(listingId, "lv.status = 'active'"),
  newVariants: listingRowCount(listingId, "lv.status = 'hidden' and not lv.priced_by_store"),
});

/**
 * Supply products on sale to merchants, newest first, `limit + 1` rows before the cursor's id, optionally
 * in categories or matching a word in any language; with the store's own listing of each, if any.
 */
export async function selectSupplyPage(
  db: Db,
  opts: { storeId: string; word?: string; categoryIds?: number[]; before?: string; limit: number },
) {
  const own = db
    .select({
      id: listings.id,
      supplyProductId: listings.supplyProductId,
      price: listings.minPrice,
      maxPrice: listings.maxPrice,
      status: listings.status,
    })
    .from(listings)
    .where(eq(listings.storeId, opts.storeId))
    .as("own");
  // Counted for the page's rows only, by the listing's id as the outer query has it.
  const ownFigures = listingRowFigures(sql`"own"."id"`);
  return db
    .select({
      id: supplyProducts.id,
      name: supplyProducts.name,
      cover,
      categoryId: supplyProducts.categoryId,
      ...variantFigures,
      listingId: own.id,
      listingPrice: own.price,
      listingMaxPrice: own.maxPrice,
      listingStatus: own.status,
      listingVariantsOnSale: ownFigures.variantsOnSale,
      listingNewVariants: ownFigures.newVariants,
    })
    .from(supplyProducts)
    .leftJoin(own, eq(own.supplyProductId, supplyProducts.id))
    .where(
      and(
        eq(supplyProducts.status, "active"),
        opts.word ? like(supplyProducts.searchText, likePattern(opts.word.toLowerCase())) : undefined,
        opts.categoryIds ? inArray(supplyProducts.categoryId, opts.categoryIds) : undefined,
        opts.before ? lt(supplyProducts.id, opts.before) : undefined,
      ),
    )
    .orderBy(desc(supplyProducts.id))
    .limit(opts.limit + 1);
}

const ownListingColumns = {
  id: listings.id,
  storeId: listings.storeId,
  supplyProductId: listings.supplyProductId,
  name: supplyProducts.name,
  cover,
  price: listings.minPrice,
  maxPrice: listings.maxPrice,
  status: listings.status,
  sales: listings.sales,
  ...variantFigures,
  ...listingRowFigures(sql`"listings"."id"`),
  supplyStatus: supplyProducts.status,
};

/** A store's listings in a status, newest first, `limit + 1` rows before the cursor's id. */
export async function selectStoreListings(
  db: Db,
  opts: { storeId: string; status: "active" | "hidden"; before?: string; limit: number },
) {
  return db
    .select(ownListingColumns)
    .from(listings)
    .innerJoin(supplyProducts, eq(supplyProducts.id, listings.supplyProductId))
    .where(
      and(
        eq(listings.storeId, opts.storeId),
        eq(listings.status, opts.status),
        opts.before ? lt(listings.id, opts.before) : undefined,
      ),
    )
    .orderBy(desc(listings.id))
    .limit(opts.limit + 1);
}

export async function selectOwnListing(db: Db, id: string) {
  const rows = await db
    .select(ownListingColumns)
    .from(listings)
    .innerJoin(supplyProducts, eq(supplyProducts.id, listings.supplyProductId))
    .where(eq(listings.id, id));
  return rows[0];
}

export async function selectListingOf(db: Db, storeId: string, supplyProductId: string) {
  const rows = await db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.storeId, storeId), eq(listings.supplyProductId, supplyProductId)));
  return rows[0];
}

export async function updateListing(db: Db, id: string, set: Partial<typeof listings.$inferInsert>) {
  await db.update(listings).set(set).where(eq(listings.id, id));
}
