// The category tree: its rows in display order, how many products on sale each holds, and the operator's changes.
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories, supplyProducts } from "./catalog.tables.ts";

export async function insertCategory(db: Db, row: typeof categories.$inferInsert) {
  await db.insert(categories).values(row);
}

const categoryColumns = {
  id: categories.id,
  parentId: categories.parentId,
  sort: categories.sort,
  name: categories.name,
  icon: categories.icon,
};

export async function selectAllCategories(db: Db) {
  return db.select(categoryColumns).from(categories).orderBy(asc(categories.sort), asc(categories.id));
}

export async function categoryProductCounts(db: Db) {
  return db
    .select({ categoryId: supplyProducts.categoryId, n: sql<number>`count(*)::int` })
    .from(supplyProducts)
    .where(eq(supplyProducts.status, "active"))
    .groupBy(supplyProducts.categoryId);
}

export async function nextCategoryId(db: Db) {
  const [row] = await db
    .select({ max: sql<number>`coalesce(max(${categories.id}), 0)::int` })
    .from(categories);
  return (row?.max ?? 0) + 1;
}

export async function updateCategory(db: Db, id: number, set: Partial<typeof categories.$inferInsert>) {
  const rows = await db
    .update(categories)
    .set(set)
    .where(eq(categories.id, id))
    .returning({ id: categories.id });
  return rows.length > 0;
}
