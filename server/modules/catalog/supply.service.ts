// The operator's supply catalogue: supply products in every language, their images, stock, prices and sale
// status, and the boutique selection (the seed adds its products here too). Every operator's change is audited,
// in its own transaction. Options and variants: supply-variants.service.ts; categories: categories.service.ts.
import type { StoredImage } from "#common/images.ts";
import type { SupplyOpsItem, SupplyProductInput, SupplyUpdateInput } from "#common/contracts/supply.ts";
import type { Localized } from "#common/locales.ts";
import type { Db, Tx } from "../../db/client.ts";
import { transact } from "../../db/transaction.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import { imageKinds, storeImage, storeUpload, type ImageInput } from "../../platform/images.ts";
import { forgetEverywhere } from "../../platform/kept-sync.ts";
import type { Logger } from "../../platform/logger.ts";
import type { Storage } from "../../platform/storage.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { allCategories, hotRanking } from "./catalog.caches.ts";
import * as q from "./catalog.queries.ts";
import * as supplyQ from "./supply.queries.ts";
import { lockSupply, opsView, opsViews, recordNameTerms } from "./supply.steps.ts";

export { opsView } from "./supply.steps.ts";

interface Deps {
  db: Db;
  storage: Storage;
  log: Logger;
}

/** The operator's list of supply products: on sale, in the boutique selection, or off sale. */
export async function listSupplyForOps(
  deps: { db: Db; storage: Storage },
  input: { q?: string; view: "active" | "boutique" | "archived"; cursor?: string | null; limit: number },
) {
  const rows = await supplyQ.selectSupplyForOps(deps.db, {
    word: input.q,
    view: input.view,
    before: input.cursor ?? undefined,
    limit: input.limit,
  });
  const items = rows.slice(0, input.limit);
  return {
    items: await opsViews(deps, items),
    nextCursor: rows.length > input.limit ? (items.at(-1)?.id ?? null) : null,
  };
}

async function requireCategory(db: Db, id: number) {
  if (!(await allCategories(db)).some((c) => c.id === id))
    throw new DomainError("bad_request", "errors.supply.category");
}

/** The operator adds a supply product (no images yet: they are uploaded one by one). Audited. */
export async function createSupply(
  deps: Deps,
  operatorId: string,
  input: SupplyProductInput & { stock: number },
): Promise<SupplyOpsItem> {
  await requireCategory(deps.db, input.categoryId);
  const id = newId("sup");
  const at = now();
  await transact(deps.db, async (tx) => {
    await insertSupplyRows(tx, id, input, at);
    await recordAudit(tx, {
      actorId: operatorId,
      action: "supply.create",
      subject: { type: "supply", id },
      after: { ...input },
    });
  });
  await forgetEverywhere(deps.db, hotRanking);
  return opsView(deps, id);
}

/**
 * The operator edits a supply product: names and descriptions, category, boutique, and for a product with one
 * variant its prices and packed weight and size (a product with several is priced and packed per variant). Orders
 * already placed keep their prices and sizes (they copied them); checkouts quote postage by the new size. Store
 * prices below a raised merchant price are taken off sale at once, so no store sells below cost; their merchants
 * see them delisted and may reprice. Audited.
 */
export async function updateSupply(
  deps: Deps,
  operatorId: string,
  input: SupplyUpdateInput,
): Promise<SupplyOpsItem & { delisted: number }> {
  await requireCategory(deps.db, input.categoryId);
  const { id, categoryId, name, description, boutique, ...variantFields } = input;
  const delisted = await transact(deps.db, async (tx) => {
    const before = await lockSupply(tx, id);
    const at = now();
    await supplyQ.updateSupplyProduct(tx, id, { categoryId, name, description, boutique, updatedAt: at });
    await recordNameTerms(tx, name);
    const touched: string[] = [];
    const given = Object.values(variantFields).some((v) => v !== undefined);
    const variants = given ? await supplyQ.lockActiveVariants(tx, id) : [];
    if (given) {
      if (variants.length !== 1) throw new DomainError("bad_request", "errors.supply.hasVariants");
      const variant = variants[0]!;
      const next = { ...variant, ...definedOnly(variantFields) };
      if (next.suggestedPrice < next.merchantPrice)
        throw new DomainError("bad_request", "errors.supply.suggestedBelowCost");
      await supplyQ.updateVariant(tx, variant.id, { ...definedOnly(variantFields), updatedAt: at });
      if (next.merchantPrice > variant.merchantPrice)
        touched.push(...(await supplyQ.hideListingVariantsBelow(tx, variant.id, next.merchantPrice)));
      // A new suggested price shows on every store's card of the product.
      const listed =
        next.suggestedPrice !== variant.suggestedPrice
          ? (await supplyQ.selectListingsOfSupply(tx, id)).map((l) => l.id)
          : [];
      await q.syncListingPrices(tx, [...touched, ...listed]);
    }
    await recordAudit(tx, {
      actorId: operatorId,
      action: "supply.update",
      subject: { type: "supply", id },
      before: {
        categoryId: before.categoryId,
        name: before.name,
        boutique: before.boutique,
        ...(variants[0] ?? {}),
      },
      after: { ...input, delistedListings: touched.length },
    });
    return touched.length;
  });
  await forgetEverywhere(deps.db, hotRanking);
  return { ...(await opsView(deps, id)), delisted };
}

/** The fields given, without those left out. */
function definedOnly<T extends Record<string, unknown>>(
  fields: T,
): Partial<{ [K in keyof T]: Exclude<T[K], undefined> }> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<{
    [K in keyof T]: Exclude<T[K], undefined>;
  }>;
}

/**
 * Stock of a variant arrives (a positive change) or is corrected (negative), never below zero; the variant may be
 * left out for a product with one. Audited with the variant and its SKU.
 */
export async function changeSupplyStock(
  deps: Deps,
  operatorId: string,
  input: { id: string; variantId?: string; change: number },
): Promise<SupplyOpsItem> {
  await transact(deps.db, async (tx) => {
    await lockSupply(tx, input.id);
    const variants = await supplyQ.lockActiveVariants(tx, input.id);
    const variant = input.variantId
      ? variants.find((v) => v.id === input.variantId)
      : variants.length === 1
        ? variants[0]
        : undefined;
    if (!variant)
      throw new DomainError(
        "bad_request",
        input.variantId ? "errors.supply.notFound" : "errors.supply.hasVariants",
      );
    const stock = await supplyQ.addVariantStock(tx, input.id, variant.id, input.change, now());
    if (stock === undefined) throw new DomainError("bad_request", "errors.supply.stockBelowZero");
    await recordAudit(tx, {
      actorId: operatorId,
      action: "supply.stock",
      subject: { type: "supply", id: input.id },
      before: { variantId: variant.id, sku: variant.sku, stock: variant.stock },
      after: { variantId: variant.id, sku: variant.sku, stock, change: input.change },
    });
  });
  return opsView(deps, input.id);
}

/** Takes a supply product off sale (every store's listing of it disappears) or puts it back. Audited. */
export async function setSupplyStatus(
  deps: Deps,
  operatorId: string,
  input: { id: string; status: "active" | "archived" },
): Promise<SupplyOpsItem> {
  await transact(deps.db, async (tx) => {
    const before = await lockSupply(tx, input.id);
    await supplyQ.updateSupplyProduct(tx, input.id, { status: input.status, updatedAt: now() });
    await recordAudit(tx, {
      actorId: operatorId,
      action: input.status === "archived" ? "supply.archive" : "supply.restore",
      subject: { type: "supply", id: input.id },
      before: { status: before.status },
      after: { status: input.status },
    });
  });
  await forgetEverywhere(deps.db, hotRanking);
  return opsView(deps, input.id);
}

/** Adds a picture to the end of a supply product's gallery (resized to the sizes the pages show). Audited. */
export async function addSupplyImage(
  deps: Deps,
  operatorId: string,
  input: { id: string; image: Blob },
): Promise<SupplyOpsItem> {
  const current = await opsView(deps, input.id);
  if (current.images.length >= 9) throw new DomainError("bad_request", "errors.supply.tooManyImages");
  const image = await storeUpload(deps, imageKinds.product, input.image);
  const imageId = newId("img");
  await transact(deps.db, async (tx) => {
    await q.insertProductImages(tx, [
      { id: imageId, supplyProductId: input.id, image, sort: current.images.length },
    ]);
    await recordAudit(tx, {
      actorId: operatorId,
      action: "supply.image",
      subject: { type: "supply", id: input.id },
      after: { added: imageId },
    });
  });
  return opsView(deps, input.id);
}

/** Removes a picture from a supply product's gallery. Audited. */
export async function removeSupplyImage(
  deps: Deps,
  operatorId: string,
  input: { id: string; imageId: string },
): Promise<SupplyOpsItem> {
  await transact(deps.db, async (tx) => {
    if (!(await supplyQ.deleteProductImage(tx, input.id, input.imageId)))
      throw new DomainError("not_found", "errors.supply.notFound");
    await recordAudit(tx, {
      actorId: operatorId,
      action: "supply.image",
      subject: { type: "supply", id: input.id },
      after: { removed: input.imageId },
    });
  });
  return opsView(deps, input.id);
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
  /** Gallery images in order, as any common image format (or already stored); each in the sizes the pages show. */
  images: ImageInput[];
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
async function insertSupplyRows(
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
  await recordNameTerms(tx, input.name);
  await q.insertProductImages(tx, images);
}
