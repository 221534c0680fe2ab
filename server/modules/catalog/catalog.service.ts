import type {
  CategoryTreeView,
  CategoryView,
  HomeView,
  ListingListInput,
  ListingSort,
  ListingPageView,
  ProductCardView,
  ProductDetailView,
  ProductOptionView,
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
import { transact, violates } from "../../db/transaction.ts";
import { pageOf } from "../../platform/pages.ts";
import type {
  OwnListingView,
  StoreVariantsView,
  SupplyInput,
  SupplyItemView,
} from "#common/contracts/merchants.ts";
import { allCategories, categoryList, hotRanking } from "./catalog.caches.ts";
import * as q from "./catalog.queries.ts";
import type { ListingOrder, SearchWord } from "./catalog.queries.ts";
import { synonymsOf } from "./synonyms.ts";
import { forgetEverywhere } from "../../platform/kept-sync.ts";

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
  const [images, variants, optionRows, category, storeCards] = await Promise.all([
    q.selectProductImages(deps.db, row.supplyProductId),
    q.selectListingVariants(deps.db, id),
    q.selectProductOptions(deps.db, row.supplyProductId),
    allCategories(deps.db).then((rows) => rows.find((r) => r.id === row.categoryId)),
    deps.storeCards([row.storeId]),
  ]);
  const store = storeCards.get(row.storeId);
  if (!category || !store || variants.length === 0)
    throw new DomainError("not_found", "catalog.product.notFound");
  return {
    id: row.id,
    name: localize(row.name, deps.lang),
    description: localize(row.description, deps.lang),
    price: row.price,
    maxPrice: row.maxPrice,
    suggestedPrice: Math.min(...variants.map((v) => v.suggestedPrice)),
    stock: variants.reduce((sum, v) => sum + v.stock, 0),
    options: optionViews(optionRows, variants, deps),
    variants: variants.map((v) => ({
      id: v.id,
      values: [v.option1ValueId, v.option2ValueId].filter((x): x is string => x !== null),
      label: v.label ? localize(v.label, deps.lang) : null,
      price: v.price,
      suggestedPrice: v.suggestedPrice,
      stock: v.stock,
      image: imageView(deps.storage, v.image),
    })),
    sales: row.sales,
    images: images.map((i) => imageView(deps.storage, i.image)),
    category: categoryView(category, deps),
    store,
  };
}

/**
 * The option axes the product page picks from: only values some variant on sale has, each colour with the
 * picture of its first variant that has one.
 */
function optionViews(
  rows: Awaited<ReturnType<typeof q.selectProductOptions>>,
  variants: Awaited<ReturnType<typeof q.selectListingVariants>>,
  deps: Deps,
): ProductOptionView[] {
  const options: ProductOptionView[] = [];
  for (const row of rows) {
    const column = row.position === 1 ? "option1ValueId" : "option2ValueId";
    const having = variants.filter((v) => v[column] === row.valueId);
    if (having.length === 0) continue;
    let option = options.find((o) => o.position === row.position);
    if (!option) {
      option = {
        position: row.position === 1 ? 1 : 2,
        name: localize(row.name, deps.lang),
        kind: row.kind,
        values: [],
      };
      options.push(option);
    }
    const picture = having.find((v) => v.image)?.image ?? null;
    option.values.push({
      id: row.valueId,
      name: localize(row.valueName, deps.lang),
      swatch: row.swatch,
      image: row.kind === "colour" ? imageView(deps.storage, picture) : null,
    });
  }
  return options;
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
  await forgetEverywhere(db, categoryList);
}

interface NewSupplyProduct {
  categoryId: number;
  name: Localized;
  description: Localized;
  merchantPrice: number;
  suggestedPrice: number;
  stock: number;
  boutique: boolean;
  /** The stock-keeping unit of its one variant; the product id in capitals when not given. */
  sku?: string;
  /** Packed for shipping (issue 27); 500 g and 20 × 15 × 5 cm when not given. */
  weightGrams?: number;
  lengthCm?: number;
  widthCm?: number;
  heightCm?: number;
  /** Gallery images in order, as any common image format; each is stored in the sizes the pages show. */
  images: Uint8Array[];
}

/** A packed size for a product added without one. */
const defaultParcel = { weightGrams: 500, lengthCm: 20, widthCm: 15, heightCm: 5 };

/** Adds a product to the supply catalogue with its images and its one variant (operators; the seed). */
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
  await forgetEverywhere(db, hotRanking);
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
    boutique: input.boutique,
    createdAt: at,
    updatedAt: at,
  });
  // Its one variant, with no options: the operator may add options and more variants later.
  await q.insertVariants(tx, [
    {
      id: newId("var"),
      supplyProductId: id,
      sku: input.sku ?? id.toUpperCase(),
      merchantPrice: input.merchantPrice,
      suggestedPrice: input.suggestedPrice,
      stock: input.stock,
      weightGrams: input.weightGrams ?? defaultParcel.weightGrams,
      lengthCm: input.lengthCm ?? defaultParcel.lengthCm,
      widthCm: input.widthCm ?? defaultParcel.widthCm,
      heightCm: input.heightCm ?? defaultParcel.heightCm,
      createdAt: at,
      updatedAt: at,
    },
  ]);
  await q.insertSearchTerms(tx, nameTerms(input.name));
  await q.insertProductImages(tx, images);
}

/** The words of a product's names that search may correct a misspelt word to (names changed: new words). */
export function recordNameTerms(tx: Tx, name: Localized): Promise<void> {
  return q.insertSearchTerms(tx, nameTerms(name));
}

/** A store's prices for a supply product: one for every variant, or one per variant it sells. */
export type ListingPrices = { price: number } | { prices: readonly { variantId: string; price: number }[] };

/**
 * Lists a supply product in a store at the store's prices, never below a variant's merchant price: one price for
 * every variant (at least the highest cost), or a price per variant (each at least its cost, refused naming the
 * variant in `lang`). A variant left out is listed off sale at a price the store has not chosen (its cost or the
 * highest price given) and counts as new until the merchant prices it.
 */
export async function listInStore(
  db: Db,
  input: { storeId: string; supplyProductId: string } & ListingPrices,
  lang: Locale = "ind",
): Promise<string> {
  const supply = await q.selectSupplyStatus(db, input.supplyProductId);
  const variants = supply?.status === "active" ? await q.selectActiveVariants(db, input.supplyProductId) : [];
  if (variants.length === 0) throw new DomainError("not_found", "errors.listing.offSale");
  const rows = pricedVariants(variants, input, lang);
  if (await q.selectListingOf(db, input.storeId, input.supplyProductId))
    throw new DomainError("conflict", "errors.listing.already");
  const id = newId("prd");
  const onSale = rows.filter((r) => r.status === "active").map((r) => r.price);
  try {
    await db.transaction(async (tx) => {
      await q.insertListing(tx, {
        id,
        storeId: input.storeId,
        supplyProductId: input.supplyProductId,
        minPrice: Math.min(...onSale),
        maxPrice: Math.max(...onSale),
        createdAt: now(),
      });
      await q.insertListingVariants(
        tx,
        rows.map((r) => ({ listingId: id, ...r })),
      );
      await q.syncListingPrices(tx, [id]);
    });
  } catch (error) {
    // Listed twice at once: the second finds the first.
    if (violates(error, "listings_store_product_unique"))
      throw new DomainError("conflict", "errors.listing.already");
    throw error;
  }
  await forgetEverywhere(db, hotRanking);
  return id;
}

type VariantCost = { id: string; merchantPrice: number; label: Localized | null };

/**
 * The listing rows for a store's prices: refused when a price is not whole, below its variant's cost, or names a
 * variant not of this product, or when no variant would be on sale.
 */
function pricedVariants(
  variants: readonly VariantCost[],
  input: ListingPrices,
  lang: Locale,
): { variantId: string; price: number; status: "active" | "hidden"; pricedByStore: boolean }[] {
  if ("price" in input) {
    checkPrice(input.price, variants);
    return variants.map((v) => ({
      variantId: v.id,
      price: input.price,
      status: "active",
      pricedByStore: true,
    }));
  }
  const given = checkPrices(variants, input.prices, lang);
  const highest = Math.max(...given.values());
  return variants.map((v) => {
    const price = given.get(v.id);
    return price === undefined
      ? { variantId: v.id, price: Math.max(v.merchantPrice, highest), status: "hidden", pricedByStore: false }
      : { variantId: v.id, price, status: "active", pricedByStore: true };
  });
}

/** A price every one of these variants may sell at: whole Rupiah, at least the highest cost among them. */
function checkPrice(price: number, variants: readonly VariantCost[]): void {
  if (!Number.isInteger(price)) throw new DomainError("bad_request", "errors.listing.price");
  const costliest = variants.reduce((a, b) => (b.merchantPrice > a.merchantPrice ? b : a));
  if (price < costliest.merchantPrice)
    throw new DomainError("bad_request", "errors.listing.belowCost", {
      cost: formatRupiah(costliest.merchantPrice),
    });
}

/**
 * Prices for some of these variants, by variant: refused when one names a variant not among them or twice, or
 * none is given, or a price is not whole or below its own variant's cost (the message names the variant).
 */
function checkPrices(
  variants: readonly VariantCost[],
  prices: readonly { variantId: string; price: number }[],
  lang: Locale,
): Map<string, number> {
  const given = new Map(prices.map((p) => [p.variantId, p.price]));
  if (
    given.size !== prices.length ||
    given.size === 0 ||
    [...given.keys()].some((id) => !variants.some((v) => v.id === id))
  )
    throw new DomainError("bad_request", "errors.api.invalidInput");
  for (const v of variants) {
    const price = given.get(v.id);
    if (price === undefined) continue;
    if (!Number.isInteger(price)) throw new DomainError("bad_request", "errors.listing.price");
    if (price < v.merchantPrice) throw belowCost(v, lang);
  }
  return given;
}

/** "Harga Hitam / 42 di bawah modal Rp 65.000", or for a product without options the plain message. */
function belowCost(variant: VariantCost, lang: Locale): DomainError {
  const cost = formatRupiah(variant.merchantPrice);
  return variant.label
    ? new DomainError("bad_request", "errors.listing.belowCostVariant", {
        variant: localize(variant.label, lang),
        cost,
      })
    : new DomainError("bad_request", "errors.listing.belowCost", { cost });
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

/**
 * Reserves stock for an order, in the order's transaction: every variant's quantity (two stores' lines of one
 * variant summed) in one fixed order (by id, so concurrent checkouts never deadlock), each by one conditional
 * update. Throws "only N left" for the first that has not enough; the caller's transaction then undoes the rest.
 */
export async function reserveStock(
  tx: Tx,
  lines: readonly { variantId: string; quantity: number; name: string }[],
): Promise<void> {
  for (const line of byVariant(lines)) {
    if (!(await q.takeStock(tx, line.variantId, line.quantity))) {
      throw new DomainError("precondition_failed", "errors.checkout.outOfStock", { name: line.name });
    }
  }
}

/** Returns reserved stock (an order cancelled), in the same fixed order. */
export async function releaseStock(
  tx: Tx,
  lines: readonly { variantId: string; quantity: number }[],
): Promise<void> {
  for (const line of byVariant(lines)) await q.returnStock(tx, line.variantId, line.quantity);
}

/** Quantities summed per variant (two stores' listings of one product share its stock), by variant id. */
function byVariant<T extends { variantId: string; quantity: number }>(lines: readonly T[]): T[] {
  const merged = new Map<string, T>();
  for (const line of lines) {
    const seen = merged.get(line.variantId);
    merged.set(line.variantId, seen ? { ...seen, quantity: seen.quantity + line.quantity } : line);
  }
  return [...merged.values()].sort((a, b) => (a.variantId < b.variantId ? -1 : 1));
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
  // Two variants of one listing are two items and one listing's sales.
  const perListing = new Map<string, number>();
  for (const item of items)
    perListing.set(item.listingId, (perListing.get(item.listingId) ?? 0) + item.quantity);
  for (const [listingId, quantity] of [...perListing].sort(([a], [b]) => (a < b ? -1 : 1))) {
    await q.addSales(tx, listingId, sign * quantity);
  }
  await forgetEverywhere(tx, hotRanking);
}

/**
 * Opens or closes a store's listings to shoppers (the store-status flow calls it when an operator suspends
 * or reinstates the store, in the same transaction).
 */
export async function setStoreOpen(tx: Tx, storeId: string, open: boolean): Promise<void> {
  await q.updateStoreOpen(tx, storeId, open);
  await forgetEverywhere(tx, hotRanking);
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
      maxMerchantPrice: r.maxMerchantPrice,
      suggestedPrice: r.suggestedPrice,
      maxSuggestedPrice: r.maxSuggestedPrice,
      stock: r.stock,
      variants: r.variantCount,
      listing:
        r.listingId && r.listingPrice !== null && r.listingMaxPrice !== null && r.listingStatus
          ? {
              id: r.listingId,
              price: Number(r.listingPrice),
              maxPrice: Number(r.listingMaxPrice),
              status: r.listingStatus,
              variantsOnSale: Number(r.listingVariantsOnSale),
              newVariants: Number(r.listingNewVariants),
            }
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
    maxPrice: row.maxPrice,
    merchantPrice: row.merchantPrice,
    maxMerchantPrice: row.maxMerchantPrice,
    suggestedPrice: row.suggestedPrice,
    maxSuggestedPrice: row.maxSuggestedPrice,
    stock: row.stock,
    sales: row.sales,
    status: row.status,
    supplied: row.supplyStatus === "active",
    variants: row.variantCount,
    variantsOnSale: row.variantsOnSale,
    newVariants: row.newVariants,
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

/** One of a store's listings as its products page shows it; NOT_FOUND for another store's. */
export async function storeListing(deps: Deps, storeId: string, listingId: string): Promise<OwnListingView> {
  return ownListingView(await ownListing(deps.db, storeId, listingId), deps);
}

/**
 * What the price dialog shows a store for a supply product, variant by variant: label, SKU, cost, suggested price
 * and stock, and the store's price (null when it has not priced the variant: new, or not listed yet) and whether
 * the variant is on sale there. NOT_FOUND for a product the platform took off sale that the store does not list.
 */
export async function storeVariants(
  deps: Deps,
  storeId: string,
  supplyProductId: string,
): Promise<StoreVariantsView> {
  const supply = await q.selectSupplyStatus(deps.db, supplyProductId);
  const listing = supply ? await q.selectListingOf(deps.db, storeId, supplyProductId) : undefined;
  if (!supply || (supply.status !== "active" && !listing))
    throw new DomainError("not_found", "errors.listing.offSale");
  const [variants, rows] = await Promise.all([
    q.selectActiveVariants(deps.db, supplyProductId),
    listing ? q.selectListingVariantRows(deps.db, listing.id) : [],
  ]);
  const byVariant = new Map(rows.map((r) => [r.variantId, r]));
  return {
    supplyProductId,
    listingId: listing?.id ?? null,
    variants: variants.map((v) => {
      const row = byVariant.get(v.id);
      return {
        id: v.id,
        label: v.label ? localize(v.label, deps.lang) : null,
        sku: v.sku,
        merchantPrice: v.merchantPrice,
        suggestedPrice: v.suggestedPrice,
        stock: v.stock,
        price: row?.pricedByStore ? row.price : null,
        onSale: row?.status === "active",
      };
    }),
  };
}

/** What a store may change of a listing (`changeListing`). */
export type ListingChange =
  ListingPrices | { status: "active" | "hidden" } | { variantId: string; status: "active" | "hidden" };

/**
 * A store changes a listing (orders already placed keep the prices they were placed at):
 *
 * - `{ price }`: one price for every variant, at least the highest cost; every variant is then priced by the store
 *   and on sale at it (the listing itself stays delisted if it was: Relist puts it back).
 * - `{ prices }`: a price for some variants, each at least its own cost (refused naming the variant); those are
 *   priced by the store and on sale; the others keep theirs.
 * - `{ variantId, status }`: one variant off or on sale. On sale only at a price the store chose (a new variant
 *   must be priced first) and not below its cost; putting a variant of a hidden listing on sale relists the listing.
 * - `{ status }`: delists, or relists. A product the platform took off sale cannot be relisted. A relisted listing
 *   sells the variants it had on sale; when it had none left (a raised cost, or each turned off), every variant the
 *   store priced at or above its cost goes back on sale, and relisting is refused when there is none.
 *
 * Every path ends with `syncListingPrices`: the listing's min/max price follow, and a listing left with no variant
 * on sale goes off sale.
 */
export async function changeListing(
  deps: Deps,
  storeId: string,
  listingId: string,
  change: ListingChange,
): Promise<OwnListingView> {
  const row = await ownListing(deps.db, storeId, listingId);
  await transact(deps.db, async (tx) => {
    // Rows in variant id order, the order every writer of listing variant rows takes them in.
    const rows = (await q.selectListingVariantRows(tx, listingId))
      .filter((v) => v.variantStatus === "active")
      .sort((a, b) => (a.variantId < b.variantId ? -1 : 1));
    if (rows.length === 0 && !("status" in change && change.status === "hidden"))
      throw new DomainError("conflict", "errors.listing.offSale");
    const costs = rows.map((v) => ({ id: v.variantId, merchantPrice: v.merchantPrice, label: v.label }));
    const sell = { pricedByStore: true, status: "active" as const };
    if ("price" in change) {
      checkPrice(change.price, costs);
      for (const v of rows)
        await q.updateListingVariant(tx, listingId, v.variantId, { price: change.price, ...sell });
    } else if ("prices" in change) {
      const given = checkPrices(costs, change.prices, deps.lang);
      for (const v of rows) {
        const price = given.get(v.variantId);
        if (price !== undefined) await q.updateListingVariant(tx, listingId, v.variantId, { price, ...sell });
      }
    } else if ("variantId" in change) {
      const v = rows.find((r) => r.variantId === change.variantId);
      if (!v) throw new DomainError("bad_request", "errors.api.invalidInput");
      if (change.status === "active") {
        if (row.supplyStatus !== "active") throw new DomainError("conflict", "errors.listing.offSale");
        const variant = v.label ? localize(v.label, deps.lang) : "";
        if (!v.pricedByStore)
          throw new DomainError("bad_request", "errors.listing.unpricedVariant", { variant });
        if (v.price < v.merchantPrice)
          throw belowCost(
            costs.find((c) => c.id === v.variantId)!,
            deps.lang,
          );
        await q.updateListing(tx, listingId, { status: "active" });
      }
      await q.updateListingVariant(tx, listingId, v.variantId, { status: change.status });
    } else if (change.status === "active") {
      if (row.supplyStatus !== "active") throw new DomainError("conflict", "errors.listing.offSale");
      if (!rows.some((v) => v.status === "active")) {
        // The merchant price may have risen since: a variant sells at cost or above, or not at all.
        const sellable = rows.filter((v) => v.pricedByStore && v.price >= v.merchantPrice);
        if (sellable.length === 0) {
          const cheapest = Math.min(...rows.map((v) => v.merchantPrice));
          throw new DomainError("bad_request", "errors.listing.belowCost", { cost: formatRupiah(cheapest) });
        }
        for (const v of sellable)
          await q.updateListingVariant(tx, listingId, v.variantId, { status: "active" });
      }
      await q.updateListing(tx, listingId, { status: "active" });
    } else {
      await q.updateListing(tx, listingId, { status: "hidden" });
    }
    await q.syncListingPrices(tx, [listingId]);
  });
  await forgetEverywhere(deps.db, hotRanking);
  return ownListingView(await ownListing(deps.db, storeId, listingId), deps);
}
