// A store's listings: the supply catalogue as the store sees it (what it may list, at what cost), listing a product
// at the store's prices (never below a variant's cost), its listings and their variants, and the changes it makes
// to them (prices, a variant on or off sale, delisting and relisting).
import type {
  OwnListingView,
  StoreVariantsView,
  SupplyInput,
  SupplyItemView,
} from "#common/contracts/merchants.ts";
import { localize, type Locale, type Localized } from "#common/locales.ts";
import { formatRupiah } from "#common/money.ts";
import type { Db } from "../../db/client.ts";
import { transact, violates } from "../../db/transaction.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import { imageView } from "../../platform/images.ts";
import { forgetEverywhere } from "../../platform/kept-sync.ts";
import { pageOf } from "../../platform/pages.ts";
import { allCategories, hotRanking } from "./catalog.caches.ts";
import { insertListingVariants, syncListingPrices } from "./catalog.queries.ts";
import type { ViewDeps } from "./catalog.views.ts";
import * as q from "./merchant-listings.queries.ts";

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
      await insertListingVariants(
        tx,
        rows.map((r) => ({ listingId: id, ...r })),
      );
      await syncListingPrices(tx, [id]);
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

/** The supply catalogue as a store sees it: what it may list, at what cost, and what it already lists. */
export async function supplyForStore(
  deps: ViewDeps,
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

function ownListingView(row: OwnListingRow, deps: ViewDeps): OwnListingView {
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
  deps: ViewDeps,
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
export async function storeListing(
  deps: ViewDeps,
  storeId: string,
  listingId: string,
): Promise<OwnListingView> {
  return ownListingView(await ownListing(deps.db, storeId, listingId), deps);
}

/**
 * What the price dialog shows a store for a supply product, variant by variant: label, SKU, cost, suggested price
 * and stock, and the store's price (null when it has not priced the variant: new, or not listed yet) and whether
 * the variant is on sale there. NOT_FOUND for a product the platform took off sale that the store does not list.
 */
export async function storeVariants(
  deps: ViewDeps,
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
  | ListingPrices
  | { status: "active" | "hidden" }
  | { variantId: string; status: "active" | "hidden" };

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
  deps: ViewDeps,
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
    await syncListingPrices(tx, [listingId]);
  });
  await forgetEverywhere(deps.db, hotRanking);
  return ownListingView(await ownListing(deps.db, storeId, listingId), deps);
}
