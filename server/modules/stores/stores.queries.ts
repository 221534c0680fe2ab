import { and, asc, desc, eq, ilike, inArray, lt, ne, sql, type SQL } from "drizzle-orm";
import {
  collectionsOf,
  completedSalesOf,
  levelOf,
  ratingOf,
  followersOf,
  productsOf,
  salesOf,
  visitsOf,
} from "../../read/store-stats.ts";
import type { Db } from "../../db/client.ts";
import { storeFollows, stores, storeVisits } from "./stores.tables.ts";

export async function insertStore(db: Db, row: typeof stores.$inferInsert) {
  await db.insert(stores).values(row);
}

export async function selectStoreCards(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: stores.id, name: stores.name, logo: stores.logo, intro: stores.intro })
    .from(stores)
    .where(inArray(stores.id, [...ids]));
}

export async function insertFollow(db: Db, userId: string, storeId: string, at: Date) {
  await db.insert(storeFollows).values({ userId, storeId, createdAt: at }).onConflictDoNothing();
}

export async function deleteFollow(db: Db, userId: string, storeId: string) {
  await db
    .delete(storeFollows)
    .where(and(eq(storeFollows.userId, userId), eq(storeFollows.storeId, storeId)));
}

export async function followExists(db: Db, userId: string, storeId: string) {
  const rows = await db
    .select({ storeId: storeFollows.storeId })
    .from(storeFollows)
    .where(and(eq(storeFollows.userId, userId), eq(storeFollows.storeId, storeId)));
  return rows.length > 0;
}

/** Counts a visit unless this visitor already visited the store that day. */
/**
 * Records a visit once per visitor and day. A signed-out visit (with its hashed address) is recorded only
 * while fewer than `maxPerAddress` signed-out visitors from that address visited the store that day.
 */
export async function insertVisit(
  db: Db,
  visit: { storeId: string; visitor: string; day: string; address?: string },
  maxPerAddress: number,
) {
  if (!visit.address) {
    await db.insert(storeVisits).values(visit).onConflictDoNothing();
    return;
  }
  await db.execute(sql`
    insert into ${storeVisits} (store_id, visitor, day, address)
    select ${visit.storeId}, ${visit.visitor}, ${visit.day}, ${visit.address}
    where (
      select count(*) from ${storeVisits}
      where ${storeVisits.storeId} = ${visit.storeId} and ${storeVisits.day} = ${visit.day}
        and ${storeVisits.address} = ${visit.address}
    ) < ${maxPerAddress}
    on conflict do nothing`);
}

const summaryColumns = {
  id: stores.id,
  name: stores.name,
  logo: stores.logo,
  intro: stores.intro,
  createdAt: stores.createdAt,
  followers: followersOf(),
  visits: visitsOf(),
  collections: collectionsOf(),
  products: productsOf(),
  sales: salesOf(),
  completedSales: completedSalesOf(),
  rating: ratingOf(),
};

export async function selectStoreSummary(db: Db, id: string) {
  const rows = await db
    .select(summaryColumns)
    .from(stores)
    .where(and(eq(stores.id, id), eq(stores.status, "approved")));
  return rows[0];
}

export type StreetOrder = "overall" | "new" | "visits" | "collections" | "sales" | "rating" | "level";

/**
 * Approved stores, optionally by name, in the chosen order and direction, keyset-paginated (ties broken by
 * id). A store without reviews sorts by rating as 0.
 */
export async function selectStreet(
  db: Db,
  opts: {
    name?: string;
    order: StreetOrder;
    ascending: boolean;
    after?: { key: number; id: string };
    limit: number;
  },
) {
  const key: SQL<number> = {
    overall: sql<number>`(${visitsOf()} + 3 * ${followersOf()} + 2 * ${collectionsOf()})::float8`,
    new: sql<number>`extract(epoch from ${stores.createdAt})::float8`,
    visits: sql<number>`${visitsOf()}::float8`,
    collections: sql<number>`${collectionsOf()}::float8`,
    sales: sql<number>`${salesOf()}::float8`,
    rating: sql<number>`coalesce(${ratingOf()}, 0)::float8`,
    level: sql<number>`${levelOf()}::float8`,
  }[opts.order];
  const dir = opts.ascending ? asc : desc;
  const filters: (SQL | undefined)[] = [eq(stores.status, "approved")];
  if (opts.name) filters.push(ilike(stores.name, `%${opts.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (opts.after) {
    const cmp = opts.ascending ? sql`>` : sql`<`;
    filters.push(sql`(${key}, ${stores.id}) ${cmp} (${opts.after.key}, ${opts.after.id})`);
  }
  return db
    .select({ ...summaryColumns, key })
    .from(stores)
    .where(and(...filters))
    .orderBy(dir(key), dir(stores.id))
    .limit(opts.limit);
}

/** Whether a store other than `exceptId` has this name, whatever its case. */
export async function storeNameExists(db: Db, name: string, exceptId?: string) {
  const rows = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(sql`lower(${stores.name}) = lower(${name})`, exceptId ? ne(stores.id, exceptId) : undefined));
  return rows.length > 0;
}

const settingsColumns = {
  id: stores.id,
  ownerId: stores.ownerId,
  name: stores.name,
  phone: stores.phone,
  logo: stores.logo,
  intro: stores.intro,
  autoPay: stores.autoPay,
  status: stores.status,
  statusReason: stores.statusReason,
  createdAt: stores.createdAt,
};

export async function selectStoreByOwner(db: Db, ownerId: string) {
  const rows = await db.select(settingsColumns).from(stores).where(eq(stores.ownerId, ownerId));
  return rows[0];
}

export async function selectStoreForUpdate(db: Db, id: string) {
  const rows = await db.select(settingsColumns).from(stores).where(eq(stores.id, id)).for("update");
  return rows[0];
}

export async function updateStore(db: Db, id: string, set: Partial<typeof stores.$inferInsert>) {
  await db.update(stores).set(set).where(eq(stores.id, id));
}

/** A store's level figures whatever its status (its owner sees them while suspended too). */
export async function selectOwnStoreFigures(db: Db, id: string) {
  const rows = await db
    .select({
      followers: followersOf(),
      visits: visitsOf(),
      collections: collectionsOf(),
      products: productsOf(),
      completedSales: completedSalesOf(),
      rating: ratingOf(),
    })
    .from(stores)
    .where(eq(stores.id, id));
  return rows[0];
}

/** Stores in a status, newest first, `limit + 1` rows from before the cursor's id. */
export async function selectStoresByStatus(
  db: Db,
  opts: { status: "approved" | "suspended"; before?: string; limit: number },
) {
  return db
    .select(settingsColumns)
    .from(stores)
    .where(and(eq(stores.status, opts.status), opts.before ? lt(stores.id, opts.before) : undefined))
    .orderBy(desc(stores.id))
    .limit(opts.limit + 1);
}

export async function countVisits(db: Db, storeId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(storeVisits)
    .where(eq(storeVisits.storeId, storeId));
  return row?.n ?? 0;
}
