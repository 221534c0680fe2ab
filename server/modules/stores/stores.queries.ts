import { and, asc, desc, eq, ilike, inArray, lt, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { storeFollows, stores, storeStats, storeStatsChanges, storeVisits } from "./stores.tables.ts";

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

/** A store's figures: its row of store_stats, which the database keeps (decision 7). */
const figureColumns = {
  followers: storeStats.followers,
  visits: storeStats.visits,
  collections: storeStats.collections,
  products: storeStats.products,
  sales: storeStats.sales,
  completedSales: storeStats.completedSales,
  rating: storeStats.rating,
  level: storeStats.level,
};

const summaryColumns = {
  id: stores.id,
  name: stores.name,
  logo: stores.logo,
  intro: stores.intro,
  createdAt: stores.createdAt,
  ...figureColumns,
};

export async function selectStoreSummary(db: Db, id: string) {
  const rows = await db
    .select(summaryColumns)
    .from(stores)
    .innerJoin(storeStats, eq(storeStats.storeId, stores.id))
    .where(and(eq(stores.id, id), eq(stores.status, "approved")));
  return rows[0];
}

export type StreetOrder = "overall" | "new" | "visits" | "collections" | "sales" | "rating" | "level";

/** The street's sort keys kept in store_stats (and, as they were before each change, in store_stats_changes). */
type KeyColumn = "overall" | "visits" | "collections" | "sales" | "rating" | "level";

/**
 * Approved stores, optionally by name, in the chosen order and direction, keyset-paginated on (sort key, id).
 * A store without reviews sorts by rating as 0.
 *
 * The first page reads the figures as they are, in one snapshot, which it returns. Later pages follow the order
 * as it was in that snapshot, so no store is shown twice or skipped when figures change between pages: a store
 * whose sort keys changed since has its keys of then in store_stats_changes (the first change the snapshot did
 * not see holds them); every other store's keys are its row's.
 */
export async function selectStreet(
  db: Db,
  opts: {
    name?: string;
    order: StreetOrder;
    ascending: boolean;
    after?: { key: number; id: string; snapshot: string };
    limit: number;
  },
) {
  const snapshot = opts.after?.snapshot;
  // The keys as they were in the snapshot (not for "new": a store's opening time never changes).
  const asOf =
    snapshot && opts.order !== "new"
      ? db
          .selectDistinctOn([storeStatsChanges.storeId], {
            storeId: storeStatsChanges.storeId,
            overall: storeStatsChanges.overall,
            visits: storeStatsChanges.visits,
            collections: storeStatsChanges.collections,
            sales: storeStatsChanges.sales,
            rating: storeStatsChanges.rating,
            level: storeStatsChanges.level,
          })
          .from(storeStatsChanges)
          .where(
            and(
              // Transactions older than the snapshot's oldest running one had committed: it saw them (index on xid).
              sql`${storeStatsChanges.xid} >= pg_snapshot_xmin(${snapshot}::pg_snapshot)::text::bigint`,
              sql`not pg_visible_in_snapshot(${storeStatsChanges.xid}::text::xid8, ${snapshot}::pg_snapshot)`,
            ),
          )
          .orderBy(storeStatsChanges.storeId, storeStatsChanges.seq)
          .as("as_of")
      : undefined;
  const keyOf = (column: KeyColumn): SQL =>
    asOf
      ? sql`(case when ${asOf.storeId} is null then ${storeStats[column]} else ${asOf[column]} end)`
      : sql`${storeStats[column]}`;
  const key: SQL<number> = {
    overall: sql<number>`${keyOf("overall")}::float8`,
    new: sql<number>`extract(epoch from ${stores.createdAt})::float8`,
    visits: sql<number>`${keyOf("visits")}::float8`,
    collections: sql<number>`${keyOf("collections")}::float8`,
    sales: sql<number>`${keyOf("sales")}::float8`,
    rating: sql<number>`coalesce(${keyOf("rating")}, 0)::float8`,
    level: sql<number>`${keyOf("level")}::float8`,
  }[opts.order];
  const dir = opts.ascending ? asc : desc;
  const filters: (SQL | undefined)[] = [eq(stores.status, "approved")];
  if (opts.name) filters.push(ilike(stores.name, `%${opts.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (opts.after) {
    const cmp = opts.ascending ? sql`>` : sql`<`;
    filters.push(sql`(${key}, ${stores.id}) ${cmp} (${opts.after.key}::float8, ${opts.after.id})`);
  }
  const columns = {
    ...summaryColumns,
    key,
    // The snapshot the first page is read in; later pages keep it.
    snapshot: snapshot ? sql<string>`${snapshot}::text` : sql<string>`pg_current_snapshot()::text`,
  };
  const where = and(...filters);
  const order = [dir(key), dir(stores.id)];
  const joined = () =>
    db.select(columns).from(stores).innerJoin(storeStats, eq(storeStats.storeId, stores.id));
  return asOf
    ? joined()
        .leftJoin(asOf, eq(asOf.storeId, stores.id))
        .where(where)
        .orderBy(...order)
        .limit(opts.limit)
    : joined()
        .where(where)
        .orderBy(...order)
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

/** A store's figures whatever its status (its owner sees them while suspended too). */
export async function selectOwnStoreFigures(db: Db, id: string) {
  const rows = await db.select(figureColumns).from(storeStats).where(eq(storeStats.storeId, id));
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
    .select({ n: storeStats.visits })
    .from(storeStats)
    .where(eq(storeStats.storeId, storeId));
  return row?.n ?? 0;
}

/** Forgets the street's old sort keys changed before `before`. */
export async function deleteStatsChangesBefore(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(storeStatsChanges)
    .where(lt(storeStatsChanges.at, before))
    .returning({ seq: storeStatsChanges.seq });
  return rows.length;
}
