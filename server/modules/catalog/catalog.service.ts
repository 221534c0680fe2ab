import type {
  CategoryTreeView,
  CategoryView,
  HomeView,
  ListingListInput,
  ListingSort,
  ListingPageView,
  ProductCardView,
  ProductDetailView,
  StoreCardView,
} from "#common/contracts/catalog.ts";
import type { StoredImage } from "#common/images.ts";
import { formatRupiah } from "#common/money.ts";
import { listingSorts } from "#common/sorts.ts";
import { z } from "zod";
import { localize, type Locale, type Localized } from "#common/locales.ts";
import type { Db, Tx } from "../../db/client.ts";
import { now } from "../../platform/clock.ts";
import { cursorCodec, cursorIdSchema } from "../../platform/cursor.ts";
import { DomainError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import { imageKinds, imageView, storeImage } from "../../platform/images.ts";
import type { Storage } from "../../platform/storage.ts";
import { violates } from "../../db/transaction.ts";
import { pageOf } from "../../platform/pages.ts";
import type { OwnListingView, SupplyInput, SupplyItemView } from "#common/contracts/merchants.ts";
import { allCategories, categoryList, hotRanking } from "./catalog.caches.ts";
import * as q from "./catalog.queries.ts";
import type { ListingOrder, SearchWord } from "./catalog.queries.ts";
import { synonymsOf } from "./synonyms.ts";

/**
 * The stores' cards (name, logo) for product cards and pages. The stores module has them; the request's
 * context wires it in (server/trpc/context.ts), so this module reads no other module (decision 17).
 */
export type StoreCards = (ids: readonly string[]) => Promise<Map<string, StoreCardView>>;

interface Deps {
  db: Db;
  storage: Storage;
  lang: Locale;
}

/** What the views with store names need besides the database. */
export interface CardDeps extends Deps {
  storeCards: StoreCards;
}

const homeSectionSize = 10;

function categoryView(
  row: { id: number; parentId: number | null; name: Localized; icon: StoredImage | null },
  deps: Deps,
): CategoryView {
  return {
    id: row.id,
    parentId: row.parentId,
    name: localize(row.name, deps.lang),
    icon: imageView(deps.storage, row.icon),
  };
}

type CardRow = Awaited<ReturnType<typeof q.selectListingPage>>[number];

/** Product cards for rows, in their order, each with its store's name (one look-up for all). */
async function cardViews(deps: CardDeps, rows: CardRow[]): Promise<ProductCardView[]> {
  const stores = await deps.storeCards(rows.map((r) => r.storeId));
  return rows.map((row) => ({
    id: row.id,
    name: localize(row.name, deps.lang),
    image: imageView(deps.storage, row.cover),
    price: row.price,
    suggestedPrice: row.suggestedPrice,
    storeId: row.storeId,
    storeName: stores.get(row.storeId)?.name ?? "",
  }));
}

/** The hot listings, in the kept ranking order, as they are now. */
async function hotCards(deps: CardDeps): Promise<ProductCardView[]> {
  const ids = await hotRanking.get(deps.db, async () =>
    (await q.selectHotListingCards(deps.db, homeSectionSize)).map((r) => r.id),
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

/** The words of a name as search_terms keeps them. */
function nameTerms(name: Localized): string[] {
  const words = Object.values(name).flatMap((text) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u));
  return [...new Set(words.filter((w) => w.length >= 3))];
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

/** One listing as the product page shows it; NOT_FOUND when missing or no longer sold. */
export async function getListing(deps: CardDeps, id: string): Promise<ProductDetailView> {
  const row = await q.selectListingDetail(deps.db, id);
  if (!row) throw new DomainError("not_found", "catalog.product.notFound");
  const [images, category, storeCards] = await Promise.all([
    q.selectProductImages(deps.db, row.supplyProductId),
    allCategories(deps.db).then((rows) => rows.find((r) => r.id === row.categoryId)),
    deps.storeCards([row.storeId]),
  ]);
  const store = storeCards.get(row.storeId);
  if (!category || !store) throw new DomainError("not_found", "catalog.product.notFound");
  return {
    id: row.id,
    name: localize(row.name, deps.lang),
    description: localize(row.description, deps.lang),
    price: row.price,
    suggestedPrice: row.suggestedPrice,
    stock: row.stock,
    sales: row.sales,
    images: images.map((i) => imageView(deps.storage, i.image)),
    category: categoryView(category, deps),
    store,
  };
}

interface NewCategory {
  id: number;
  parentId: number | null;
  sort: number;
  name: Localized;
  /** The icon as any common image format; stored in the sizes the pages show it at. */
  icon?: Uint8Array;
}

/** Adds a category (operators; the seed). */
export async function createCategory(db: Db, storage: Storage, input: NewCategory): Promise<void> {
  const icon = input.icon ? await storeImage(storage, imageKinds.categoryIcon, input.icon) : null;
  await q.insertCategory(db, {
    id: input.id,
    parentId: input.parentId,
    sort: input.sort,
    name: input.name,
    icon,
  });
  categoryList.forget();
}

interface NewSupplyProduct {
  categoryId: number;
  name: Localized;
  description: Localized;
  merchantPrice: number;
  suggestedPrice: number;
  stock: number;
  boutique: boolean;
  /** Packed for shipping (issue 27); the database's 500 g and 20 × 15 × 5 cm when not given. */
  weightGrams?: number;
  lengthCm?: number;
  widthCm?: number;
  heightCm?: number;
  /** Gallery images in order, as any common image format; each is stored in the sizes the pages show. */
  images: Uint8Array[];
}

/** Adds a product to the supply catalogue with its images (operators; the seed). */
export async function createSupplyProduct(
  db: Db,
  storage: Storage,
  input: NewSupplyProduct,
): Promise<string> {
  if (!Number.isInteger(input.merchantPrice) || !Number.isInteger(input.suggestedPrice)) {
    throw new DomainError("bad_request", "errors.api.invalidInput");
  }
  const id = newId("sup");
  const at = now();
  // Files first (named by their content, so a retry stores nothing twice); then the rows, all or none.
  const images = await Promise.all(
    input.images.map(async (bytes, sort) => ({
      id: newId("img"),
      supplyProductId: id,
      image: await storeImage(storage, imageKinds.product, bytes),
      sort,
    })),
  );
  await db.transaction((tx) => insertSupplyRows(tx, id, input, at, images));
  hotRanking.forget();
  return id;
}

/**
 * The rows of a new supply product, in the caller's transaction: the product, the words of its names (which
 * search corrects misspellings to) and its images already stored.
 */
export async function insertSupplyRows(
  tx: Tx,
  id: string,
  input: Omit<NewSupplyProduct, "images">,
  at: Date,
  images: { id: string; supplyProductId: string; image: StoredImage; sort: number }[] = [],
): Promise<void> {
  await q.insertSupplyProduct(tx, {
    id,
    categoryId: input.categoryId,
    name: input.name,
    description: input.description,
    merchantPrice: input.merchantPrice,
    suggestedPrice: input.suggestedPrice,
    stock: input.stock,
    boutique: input.boutique,
    weightGrams: input.weightGrams,
    lengthCm: input.lengthCm,
    widthCm: input.widthCm,
    heightCm: input.heightCm,
    createdAt: at,
    updatedAt: at,
  });
  await q.insertSearchTerms(tx, nameTerms(input.name));
  await q.insertProductImages(tx, images);
}

/** The words of a product's names that search may correct a misspelt word to (names changed: new words). */
export function recordNameTerms(tx: Tx, name: Localized): Promise<void> {
  return q.insertSearchTerms(tx, nameTerms(name));
}

/** Lists a supply product in a store at the store's price, which may not be below the merchant price. */
export async function listInStore(
  db: Db,
  input: { storeId: string; supplyProductId: string; price: number },
): Promise<string> {
  const supply = await q.selectSupplyPricing(db, input.supplyProductId);
  if (!supply || supply.status !== "active") throw new DomainError("not_found", "errors.listing.offSale");
  if (!Number.isInteger(input.price)) throw new DomainError("bad_request", "errors.listing.price");
  if (input.price < supply.merchantPrice)
    throw new DomainError("bad_request", "errors.listing.belowCost", {
      cost: formatRupiah(supply.merchantPrice),
    });
  if (await q.selectListingOf(db, input.storeId, input.supplyProductId))
    throw new DomainError("conflict", "errors.listing.already");
  const id = newId("prd");
  try {
    await q.insertListing(db, {
      id,
      storeId: input.storeId,
      supplyProductId: input.supplyProductId,
      price: input.price,
      createdAt: now(),
    });
  } catch (error) {
    // Listed twice at once: the second finds the first.
    if (violates(error, "listings_store_product_unique"))
      throw new DomainError("conflict", "errors.listing.already");
    throw error;
  }
  hotRanking.forget();
  return id;
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
export async function suggestNames(deps: Deps, query: string, limit = 8): Promise<string[]> {
  const words = searchWords(query);
  if (words.length === 0) return [];
  const rows = await q.selectListingPage(deps.db, {
    words: await interpretWords(deps.db, words),
    order: "relevance",
    limit: limit * 3,
  });
  return [...new Set(rows.map((r) => localize(r.name, deps.lang)))].slice(0, limit);
}

/** The category tree: top categories with their subcategories, in display order. */
export async function getCategoryTree(deps: Deps): Promise<CategoryTreeView> {
  const rows = await allCategories(deps.db);
  return rows
    .filter((r) => r.parentId === null)
    .map((top) => ({
      ...categoryView(top, deps),
      children: rows.filter((r) => r.parentId === top.id).map((c) => categoryView(c, deps)),
    }));
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
    const rows = await q.selectListingPage(deps.db, { categoryIds, order: "sales", limit: limit * 4 });
    for (const r of rows) {
      if (picked.length >= limit || seenSupply.has(r.supplyProductId)) continue;
      seenSupply.add(r.supplyProductId);
      picked.push(r);
    }
  }
  return cardViews(deps, picked);
}

/**
 * Reserves stock for an order, in the order's transaction: every supply product's quantity in one fixed order
 * (by id, so concurrent checkouts never deadlock), each by one conditional update. Throws "only N left" for
 * the first that has not enough; the caller's transaction then undoes the rest.
 */
export async function reserveStock(
  tx: Tx,
  lines: readonly { supplyProductId: string; quantity: number; name: string }[],
): Promise<void> {
  for (const line of bySupplyProduct(lines)) {
    if (!(await q.takeStock(tx, line.supplyProductId, line.quantity))) {
      throw new DomainError("precondition_failed", "errors.checkout.outOfStock", { name: line.name });
    }
  }
}

/** Returns reserved stock (an order cancelled), in the same fixed order. */
export async function releaseStock(
  tx: Tx,
  lines: readonly { supplyProductId: string; quantity: number }[],
): Promise<void> {
  for (const line of bySupplyProduct(lines)) await q.returnStock(tx, line.supplyProductId, line.quantity);
}

/** Quantities summed per supply product (two stores' listings of one product share its stock), by id. */
function bySupplyProduct<T extends { supplyProductId: string; quantity: number }>(lines: readonly T[]): T[] {
  const merged = new Map<string, T>();
  for (const line of lines) {
    const seen = merged.get(line.supplyProductId);
    merged.set(line.supplyProductId, seen ? { ...seen, quantity: seen.quantity + line.quantity } : line);
  }
  return [...merged.values()].sort((a, b) => (a.supplyProductId < b.supplyProductId ? -1 : 1));
}

/**
 * Counts an order's items into (sign 1, paid) or out of (sign -1, a paid order cancelled) their listings'
 * sales, in the order's transaction: sales are what paid orders really sold. The hot ranking follows.
 */
export async function recordSales(
  tx: Tx,
  items: readonly { listingId: string; quantity: number }[],
  sign: 1 | -1,
): Promise<void> {
  for (const item of [...items].sort((a, b) => (a.listingId < b.listingId ? -1 : 1))) {
    await q.addSales(tx, item.listingId, sign * item.quantity);
  }
  hotRanking.forget();
}

/**
 * Opens or closes a store's listings to shoppers (the store-status flow calls it when an operator suspends
 * or reinstates the store, in the same transaction).
 */
export async function setStoreOpen(tx: Tx, storeId: string, open: boolean): Promise<void> {
  await q.updateStoreOpen(tx, storeId, open);
  hotRanking.forget();
}

/** Whether a category exists and is top-level (a kind of goods a store applies to sell). */
export async function isTopCategory(db: Db, id: number): Promise<boolean> {
  return (await allCategories(db)).some((c) => c.id === id && c.parentId === null);
}

// ------------------------------------------------------------------------------ a merchant's listings

/** The supply catalogue as a store sees it: what it may list, at what cost, and what it already lists. */
export async function supplyForStore(
  deps: Deps,
  storeId: string,
  input: SupplyInput,
): Promise<{ items: SupplyItemView[]; nextCursor: string | null }> {
  let categoryIds: number[] | undefined;
  if (input.categoryId !== undefined) {
    const all = await allCategories(deps.db);
    categoryIds = [input.categoryId, ...all.filter((c) => c.parentId === input.categoryId).map((c) => c.id)];
  }
  const page = pageOf(
    await q.selectSupplyPage(deps.db, {
      storeId,
      word: input.q,
      categoryIds,
      before: input.cursor ?? undefined,
      limit: input.limit,
    }),
    input.limit,
  );
  return {
    items: page.items.map((r) => ({
      id: r.id,
      name: localize(r.name, deps.lang),
      image: imageView(deps.storage, r.cover),
      categoryId: r.categoryId,
      merchantPrice: r.merchantPrice,
      suggestedPrice: r.suggestedPrice,
      stock: r.stock,
      listing:
        r.listingId && r.listingPrice !== null && r.listingStatus
          ? { id: r.listingId, price: Number(r.listingPrice), status: r.listingStatus }
          : null,
    })),
    nextCursor: page.nextCursor,
  };
}

type OwnListingRow = NonNullable<Awaited<ReturnType<typeof q.selectOwnListing>>>;

function ownListingView(row: OwnListingRow, deps: Deps): OwnListingView {
  return {
    id: row.id,
    supplyProductId: row.supplyProductId,
    name: localize(row.name, deps.lang),
    image: imageView(deps.storage, row.cover),
    price: row.price,
    merchantPrice: row.merchantPrice,
    suggestedPrice: row.suggestedPrice,
    stock: row.stock,
    sales: row.sales,
    status: row.status,
    supplied: row.supplyStatus === "active",
  };
}

/** A store's listings (on sale, or delisted), newest first. */
export async function storeListings(
  deps: Deps,
  storeId: string,
  input: { status: "active" | "hidden"; cursor?: string | null; limit: number },
) {
  const page = pageOf(
    await q.selectStoreListings(deps.db, {
      storeId,
      status: input.status,
      before: input.cursor ?? undefined,
      limit: input.limit,
    }),
    input.limit,
  );
  return { items: page.items.map((r) => ownListingView(r, deps)), nextCursor: page.nextCursor };
}

async function ownListing(db: Db, storeId: string, listingId: string): Promise<OwnListingRow> {
  const row = await q.selectOwnListing(db, listingId);
  // Another store's listing is as good as missing: nothing tells a merchant what others sell at what cost.
  if (!row || row.storeId !== storeId) throw new DomainError("not_found", "errors.listing.notFound");
  return row;
}

/**
 * A store changes a listing's price (never below the merchant price) or delists and relists it (a product the
 * platform took off sale cannot be relisted). Orders already placed keep the price they were placed at.
 */
export async function changeListing(
  deps: Deps,
  storeId: string,
  listingId: string,
  change: { price: number } | { status: "active" | "hidden" },
): Promise<OwnListingView> {
  const row = await ownListing(deps.db, storeId, listingId);
  if ("price" in change) {
    if (change.price < row.merchantPrice)
      throw new DomainError("bad_request", "errors.listing.belowCost", {
        cost: formatRupiah(row.merchantPrice),
      });
    await q.updateListing(deps.db, listingId, { price: change.price });
  } else {
    if (change.status === "active" && row.supplyStatus !== "active")
      throw new DomainError("conflict", "errors.listing.offSale");
    // The merchant price may have risen since it was delisted: it sells at cost or above, or not at all.
    if (change.status === "active" && row.price < row.merchantPrice)
      throw new DomainError("bad_request", "errors.listing.belowCost", {
        cost: formatRupiah(row.merchantPrice),
      });
    await q.updateListing(deps.db, listingId, { status: change.status });
  }
  hotRanking.forget();
  return ownListingView(await ownListing(deps.db, storeId, listingId), deps);
}
