// The category tree: as the shop shows it, whether a category may be applied for, and the operator's categories
// (the seed's too) in every language. Every change forgets the kept tree (catalog.caches.ts); the operator's
// are audited, in their own transaction.
import type { z } from "zod";
import type { CategoryTreeView } from "#common/contracts/catalog.ts";
import type { CategoryInputSchema } from "#common/contracts/supply.ts";
import type { Localized } from "#common/locales.ts";
import type { Db } from "../../db/client.ts";
import { transact, violates } from "../../db/transaction.ts";
import { DomainError } from "../../platform/errors.ts";
import { imageKinds, storeImage, type ImageInput } from "../../platform/images.ts";
import { forgetEverywhere } from "../../platform/kept-sync.ts";
import type { Storage } from "../../platform/storage.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { allCategories, categoryList } from "./catalog.caches.ts";
import { categoryView, type ViewDeps } from "./catalog.views.ts";
import * as q from "./categories.queries.ts";

/** The category tree: top categories with their subcategories, in display order. */
export async function getCategoryTree(deps: ViewDeps): Promise<CategoryTreeView> {
  const rows = await allCategories(deps.db);
  return rows
    .filter((r) => r.parentId === null)
    .map((top) => ({
      ...categoryView(top, deps),
      children: rows.filter((r) => r.parentId === top.id).map((c) => categoryView(c, deps)),
    }));
}

/** Whether a category exists and is top-level (a kind of goods a store applies to sell). */
export async function isTopCategory(db: Db, id: number): Promise<boolean> {
  return (await allCategories(db)).some((c) => c.id === id && c.parentId === null);
}

interface NewCategory {
  id: number;
  parentId: number | null;
  sort: number;
  name: Localized;
  /** The icon as any common image format (or already stored); stored in the sizes the pages show it at. */
  icon?: ImageInput;
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

// ------------------------------------------------------------------------------ the operator's categories

/** Every category with its names in every language and how many products on sale it holds. */
export async function listCategoriesForOps(db: Db) {
  const [rows, counts] = await Promise.all([q.selectAllCategories(db), q.categoryProductCounts(db)]);
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
    const next = await q.nextCategoryId(tx);
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
      !(await q.updateCategory(tx, input.id, {
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
