import { and, desc, eq, isNotNull, isNull, lt, lte, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { preparedPerDb } from "../../db/prepared.ts";
import { reviews } from "./reviews.tables.ts";

export type ReviewRow = typeof reviews.$inferSelect;

export async function insertReview(tx: Tx, row: typeof reviews.$inferInsert) {
  const rows = await tx.insert(reviews).values(row).onConflictDoNothing().returning({ id: reviews.id });
  return rows.length > 0;
}

export async function selectReview(db: Db | Tx, id: string, lock = false) {
  const query = db.select().from(reviews).where(eq(reviews.id, id));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function updateReview(db: Db | Tx, id: string, set: Partial<typeof reviews.$inferInsert>) {
  await db.update(reviews).set(set).where(eq(reviews.id, id));
}

/** The reviews of one order. */
export async function selectOrderReviews(db: Db | Tx, orderId: string) {
  return db.select().from(reviews).where(eq(reviews.orderId, orderId));
}

const withPhotos = sql`jsonb_array_length(${reviews.images}) > 0`;
const visible = isNull(reviews.hiddenAt);

/** A page of reviews, newest first, `limit + 1` rows from before the cursor's id. */
export async function selectReviewPage(
  db: Db,
  opts: {
    listingId?: string;
    storeId?: string;
    withPhotos?: boolean;
    unreplied?: boolean;
    maxRating?: number;
    hidden?: boolean;
    before?: string;
    limit: number;
  },
) {
  const filters: (SQL | undefined)[] = [
    opts.listingId ? eq(reviews.listingId, opts.listingId) : undefined,
    opts.storeId ? eq(reviews.storeId, opts.storeId) : undefined,
    opts.withPhotos ? and(withPhotos, visible) : undefined,
    opts.unreplied ? and(isNull(reviews.reply), visible) : undefined,
    opts.maxRating ? and(lte(reviews.rating, opts.maxRating), visible) : undefined,
    opts.hidden ? isNotNull(reviews.hiddenAt) : undefined,
    opts.before ? lt(reviews.id, opts.before) : undefined,
  ];
  return db
    .select()
    .from(reviews)
    .where(and(...filters))
    .orderBy(desc(reviews.id))
    .limit(opts.limit + 1);
}

const ratingSummary = preparedPerDb((db) =>
  db
    .select({
      count: sql<number>`count(*)::int`,
      average: sql<number | null>`avg(${reviews.rating})::float8`,
      withPhotos: sql<number>`count(*) filter (where ${withPhotos})::int`,
      five: sql<number>`count(*) filter (where ${reviews.rating} = 5)::int`,
      four: sql<number>`count(*) filter (where ${reviews.rating} = 4)::int`,
      three: sql<number>`count(*) filter (where ${reviews.rating} = 3)::int`,
      two: sql<number>`count(*) filter (where ${reviews.rating} = 2)::int`,
      one: sql<number>`count(*) filter (where ${reviews.rating} = 1)::int`,
    })
    .from(reviews)
    .where(and(eq(reviews.listingId, sql.placeholder("listingId")), visible))
    .prepare("rating_summary"),
);

/**
 * A product's visible reviews: how many, their average, how many with photos, how many of each star. Prepared
 * once per database (preparedPerDb): every product page asks.
 */
export async function selectRatingSummary(db: Db, listingId: string) {
  const [row] = await ratingSummary(db).execute({ listingId });
  return row!;
}
