// The operator's supply catalogue: categories and supply products in every language, their images, stock,
// prices and sale status, and the boutique selection. Every change is audited, in its own transaction.
import type { z } from "zod";
import type {
  CategoryInputSchema,
  SupplyOpsItem,
  SupplyProductInput,
  SupplyUpdateInput,
  SupplyVariantsInput,
} from "#common/contracts/supply.ts";
import type { Localized } from "#common/locales.ts";
import type { Db, Tx } from "../../db/client.ts";
import { transact, violates } from "../../db/transaction.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import { imageKinds, imageView, storeImage, storeUpload } from "../../platform/images.ts";
import type { Logger } from "../../platform/logger.ts";
import type { Storage } from "../../platform/storage.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { allCategories, categoryList, hotRanking } from "./catalog.caches.ts";
import * as q from "./catalog.queries.ts";
import * as supplyQ from "./supply.queries.ts";
import { insertSupplyRows, recordNameTerms } from "./catalog.service.ts";
import { forgetEverywhere } from "../../platform/kept-sync.ts";

interface Deps {
  db: Db;
  storage: Storage;
  log: Logger;
}

type OpsRow = NonNullable<Awaited<ReturnType<typeof supplyQ.selectSupplyForOpsById>>>;

async function opsViews(deps: { db: Db; storage: Storage }, rows: OpsRow[]): Promise<SupplyOpsItem[]> {
  const ids = rows.map((r) => r.id);
  const [images, options, variants] = await Promise.all([
    supplyQ.selectImagesOf(deps.db, ids),
    supplyQ.selectOptionsOf(deps.db, ids),
    supplyQ.selectVariantsOf(deps.db, ids),
  ]);
  // The axes its variants have now: an axis the operator took away stays stored (archived variants name its
  // values), but is no longer one of the product's.
  const axesIn = (id: string) =>
    Math.max(
      0,
      ...variants
        .filter((v) => v.supplyProductId === id)
        .map((v) => (v.option2ValueId ? 2 : v.option1ValueId ? 1 : 0)),
    );
  return rows.map((r) => ({
    ...r,
    images: images
      .filter((i) => i.supplyProductId === r.id)
      .map((i) => ({ id: i.id, image: imageView(deps.storage, i.image)! })),
    options: axesOf(options.filter((o) => o.supplyProductId === r.id && o.position <= axesIn(r.id))),
    variantRows: variants
      .filter((v) => v.supplyProductId === r.id)
      .map((v) => ({
        id: v.id,
        values: [v.option1ValueId, v.option2ValueId].filter((x): x is string => x !== null),
        sku: v.sku,
        merchantPrice: v.merchantPrice,
        suggestedPrice: v.suggestedPrice,
        stock: v.stock,
        weightGrams: v.weightGrams,
        lengthCm: v.lengthCm,
        widthCm: v.widthCm,
        heightCm: v.heightCm,
        image: imageView(deps.storage, v.image),
      })),
  }));
}

type OptionRow = Awaited<ReturnType<typeof supplyQ.selectOptionsOf>>[number];

/** Option rows (one per value) as axes with their values, in order. */
function axesOf(rows: readonly OptionRow[]): SupplyOpsItem["options"] {
  const axes: SupplyOpsItem["options"] = [];
  for (const row of rows) {
    let axis = axes.find((a) => a.position === row.position);
    if (!axis) axes.push((axis = { position: row.position, name: row.name, kind: row.kind, values: [] }));
    if (row.valueId && row.valueName)
      axis.values.push({ id: row.valueId, name: row.valueName, swatch: row.swatch });
  }
  return axes;
}

/** One supply product as the operator edits it. */
export async function opsView(deps: { db: Db; storage: Storage }, id: string): Promise<SupplyOpsItem> {
  const row = await supplyQ.selectSupplyForOpsById(deps.db, id);
  if (!row) throw new DomainError("not_found", "errors.supply.notFound");
  return (await opsViews(deps, [row]))[0]!;
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

async function lockSupply(tx: Tx, id: string): Promise<OpsRow> {
  const row = await supplyQ.selectSupplyForOpsById(tx, id, true);
  if (!row) throw new DomainError("not_found", "errors.supply.notFound");
  return row;
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

/**
 * The operator saves a product's options and variants at once, in the caller's transaction (the flow that also
 * takes archived variants out of carts, `server/flows/supply-variants.ts`). Axes and values are upserted (values
 * are never deleted: variants and orders name them); each row is matched to the variant of its combination, which
 * keeps its id, SKU and history (an archived one is brought back); a variant left out is archived; new ones start
 * with the stock given. Store prices below a raised cost are taken off sale; listed products get a price row for
 * each new variant, off sale, so no store sells a size at a price it never chose. Audited (`supply.variants`).
 */
export async function saveVariantsLocked(
  tx: Tx,
  operatorId: string,
  input: SupplyVariantsInput,
): Promise<{ archived: string[]; delisted: number }> {
  await lockSupply(tx, input.id);
  const at = now();
  const before = await supplyQ.lockAllVariants(tx, input.id);
  const existingAxes = axesOf(await supplyQ.selectOptionsOf(tx, [input.id]));
  // Axes by position, values by their place in the input: the rows name values by place.
  const valueIds: string[][] = [];
  for (const [index, axis] of input.axes.entries()) {
    const position = index + 1;
    const existing = existingAxes.find((a) => a.position === position);
    const optionId = existing ? (await optionIdAt(tx, input.id, position))! : newId("opt");
    if (existing) await supplyQ.updateOption(tx, optionId, { name: axis.name, kind: axis.kind });
    else
      await supplyQ.insertOption(tx, {
        id: optionId,
        supplyProductId: input.id,
        position,
        name: axis.name,
        kind: axis.kind,
      });
    const ids: string[] = [];
    for (const [sort, value] of axis.values.entries()) {
      // A value typed again that the axis had (removed, now back) is that value: its archived variants come back
      // with their ids, SKUs and history, rather than new ones clashing with their SKUs.
      const known =
        value.id ??
        existing?.values.find((v) => v.name.ind.trim().toLowerCase() === value.name.ind.trim().toLowerCase())
          ?.id;
      if (known) {
        if (!existing?.values.some((v) => v.id === known))
          throw new DomainError("bad_request", "errors.supply.variantCombination");
        await supplyQ.updateOptionValue(tx, known, {
          name: value.name,
          swatch: value.swatch ?? null,
          sort,
        });
        ids.push(known);
      } else {
        const id = newId("opv");
        await supplyQ.insertOptionValue(tx, {
          id,
          optionId,
          sort,
          name: value.name,
          swatch: value.swatch ?? null,
        });
        ids.push(id);
      }
    }
    valueIds.push(ids);
  }
  const combination = (v1: string | null, v2: string | null) => `${v1 ?? ""}/${v2 ?? ""}`;
  const byCombination = new Map(before.map((v) => [combination(v.option1ValueId, v.option2ValueId), v]));
  const kept = new Set<string>();
  const added: { id: string; merchantPrice: number }[] = [];
  const rows = input.variants.map((row, sort) => {
    const [v1 = null, v2 = null] = row.values.map((n, axis) => valueIds[axis]![n]!);
    return { row, sort, v1, v2, existing: byCombination.get(combination(v1, v2)) };
  });
  // Updates in variant id order (the lock order of checkouts); then inserts.
  const inIdOrder = [...rows].sort((a, b) => ((a.existing?.id ?? "~") < (b.existing?.id ?? "~") ? -1 : 1));
  // SKUs may move between this product's variants in one save (two swapped): the rows whose SKU changes let go of
  // theirs first (a placeholder no SKU can be, `~` is outside the pattern), so no update meets one about to be freed.
  for (const { row, existing } of inIdOrder)
    if (existing && existing.sku !== row.sku)
      await supplyQ.updateVariant(tx, existing.id, { sku: `~${existing.id}` });
  for (const { row, sort, existing } of inIdOrder) {
    const fields = {
      sku: row.sku,
      sort,
      merchantPrice: row.merchantPrice,
      suggestedPrice: row.suggestedPrice,
      weightGrams: row.weightGrams,
      lengthCm: row.lengthCm,
      widthCm: row.widthCm,
      heightCm: row.heightCm,
      updatedAt: at,
    };
    if (existing) {
      kept.add(existing.id);
      await supplyQ.updateVariant(tx, existing.id, { ...fields, status: "active" });
    }
  }
  for (const { row, v1, v2, sort, existing } of rows) {
    if (existing) continue;
    const id = newId("var");
    added.push({ id, merchantPrice: row.merchantPrice });
    await q.insertVariants(tx, [
      {
        id,
        supplyProductId: input.id,
        option1ValueId: v1,
        option2ValueId: v2,
        sku: row.sku,
        sort,
        merchantPrice: row.merchantPrice,
        suggestedPrice: row.suggestedPrice,
        stock: row.stock ?? 0,
        weightGrams: row.weightGrams,
        lengthCm: row.lengthCm,
        widthCm: row.widthCm,
        heightCm: row.heightCm,
        createdAt: at,
        updatedAt: at,
      },
    ]);
  }
  const archived = before.filter((v) => v.status === "active" && !kept.has(v.id)).map((v) => v.id);
  for (const id of archived) await supplyQ.updateVariant(tx, id, { status: "archived", updatedAt: at });
  // Store prices below a variant's cost leave the shop; new variants join every listing off sale.
  const touched: string[] = [];
  for (const { row, existing } of rows)
    if (existing)
      touched.push(...(await supplyQ.hideListingVariantsBelow(tx, existing.id, row.merchantPrice)));
  // Every listing of the product gets a row, off sale at a price the store did not choose, for each new variant,
  // and for a variant brought back that it never had (listed while that variant was archived); rows it has stay.
  const listed = await supplyQ.selectListingsOfSupply(tx, input.id);
  const active = [
    ...added,
    ...rows.flatMap(({ row, existing }) =>
      existing ? [{ id: existing.id, merchantPrice: row.merchantPrice }] : [],
    ),
  ];
  await q.insertListingVariants(
    tx,
    listed.flatMap((l) =>
      active.map((v) => ({
        listingId: l.id,
        variantId: v.id,
        price: Math.max(v.merchantPrice, l.maxPrice),
        status: "hidden" as const,
        pricedByStore: false,
      })),
    ),
    { skipExisting: true },
  );
  await q.syncListingPrices(
    tx,
    listed.map((l) => l.id),
  );
  // Search finds the product by its option names ("sepatu hitam"), and corrects misspellings to them.
  const names = input.axes.flatMap((a) => a.values.map((v) => v.name));
  await supplyQ.updateSupplyProduct(tx, input.id, { optionTerms: optionTermsOf(names), updatedAt: at });
  for (const name of names) await recordNameTerms(tx, name);
  const delisted = new Set(touched).size;
  await recordAudit(tx, {
    actorId: operatorId,
    action: "supply.variants",
    subject: { type: "supply", id: input.id },
    before: { axes: existingAxes, variants: before.filter((v) => v.status === "active").map(auditRow) },
    after: {
      axes: input.axes,
      variants: input.variants,
      archived,
      added: added.map((v) => v.id),
      delistedListings: delisted,
    },
  });
  await forgetEverywhere(tx, hotRanking);
  return { archived, delisted };
}

/** The option value names in every language, lower-cased: the words search finds the product by. */
function optionTermsOf(names: readonly Localized[]): string {
  return [...new Set(names.flatMap((n) => Object.values(n).map((t) => t.toLowerCase())))].join(" ");
}

function auditRow(v: {
  id: string;
  sku: string;
  merchantPrice: number;
  suggestedPrice: number;
  stock: number;
}) {
  return {
    id: v.id,
    sku: v.sku,
    merchantPrice: v.merchantPrice,
    suggestedPrice: v.suggestedPrice,
    stock: v.stock,
  };
}

async function optionIdAt(tx: Tx, supplyProductId: string, position: number): Promise<string | undefined> {
  return (await supplyQ.selectOptionsOf(tx, [supplyProductId])).find((o) => o.position === position)
    ?.optionId;
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

// ------------------------------------------------------------------------------------------ categories

/** Every category with its names in every language and how many products on sale it holds. */
export async function listCategoriesForOps(db: Db) {
  const [rows, counts] = await Promise.all([q.selectAllCategories(db), supplyQ.categoryProductCounts(db)]);
  const byCategory = new Map(counts.map((c) => [c.categoryId, c.n]));
  return rows.map((r) => ({
    id: r.id,
    parentId: r.parentId,
    sort: r.sort,
    name: r.name,
    products: byCategory.get(r.id) ?? 0,
  }));
}

type CategoryInput = z.infer<typeof CategoryInputSchema>;

/** A category may sit under a top-level category only (the tree has two levels). */
async function checkParent(db: Db, parentId: number | null, selfId?: number) {
  if (parentId === null) return;
  const parent = (await allCategories(db)).find((c) => c.id === parentId);
  if (!parent || parent.parentId !== null || parent.id === selfId)
    throw new DomainError("bad_request", "errors.supply.parent");
}

/** Adds a category with its names in every language. Audited. */
export async function addCategory(db: Db, operatorId: string, input: CategoryInput): Promise<{ id: number }> {
  await checkParent(db, input.parentId);
  const id = await transact(db, async (tx) => {
    const next = await supplyQ.nextCategoryId(tx);
    await q.insertCategory(tx, { id: next, parentId: input.parentId, sort: input.sort, name: input.name });
    await recordAudit(tx, {
      actorId: operatorId,
      action: "category.create",
      subject: { type: "category", id: String(next) },
      after: input,
    });
    return next;
  }).catch((error: unknown) => {
    if (violates(error, "categories_pkey")) throw new DomainError("conflict", "errors.api.conflict");
    throw error;
  });
  await forgetEverywhere(db, categoryList);
  return { id };
}

/** Renames or moves a category. Audited. */
export async function updateCategory(
  db: Db,
  operatorId: string,
  input: CategoryInput & { id: number },
): Promise<{ id: number }> {
  await checkParent(db, input.parentId, input.id);
  const children = (await allCategories(db)).filter((c) => c.parentId === input.id);
  if (input.parentId !== null && children.length > 0)
    throw new DomainError("bad_request", "errors.supply.parent");
  await transact(db, async (tx) => {
    if (
      !(await supplyQ.updateCategory(tx, input.id, {
        parentId: input.parentId,
        sort: input.sort,
        name: input.name,
      }))
    )
      throw new DomainError("not_found", "errors.supply.categoryNotFound");
    await recordAudit(tx, {
      actorId: operatorId,
      action: "category.update",
      subject: { type: "category", id: String(input.id) },
      after: input,
    });
  });
  await forgetEverywhere(db, categoryList);
  return { id: input.id };
}

/**
 * Pictures of variants, in the caller's transaction: each picture (any common image format, stored in the sizes
 * the pages show) set on the variants given, e.g. every variant of one colour (the seed draws one per colour).
 */
export async function setVariantPictures(
  tx: Tx,
  storage: Storage,
  supplyProductId: string,
  pictures: readonly { variantIds: readonly string[]; bytes: Uint8Array }[],
): Promise<void> {
  const at = now();
  for (const picture of pictures) {
    const image = await storeImage(storage, imageKinds.product, picture.bytes);
    await supplyQ.setVariantImage(tx, supplyProductId, picture.variantIds, image, at);
  }
}
