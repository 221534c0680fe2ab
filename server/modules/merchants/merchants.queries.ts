import { and, desc, eq, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { merchantApplications } from "./merchants.tables.ts";

const applicationColumns = {
  id: merchantApplications.id,
  userId: merchantApplications.userId,
  storeName: merchantApplications.storeName,
  phone: merchantApplications.phone,
  logo: merchantApplications.logo,
  intro: merchantApplications.intro,
  ownerName: merchantApplications.ownerName,
  categoryId: merchantApplications.categoryId,
  status: merchantApplications.status,
  reason: merchantApplications.reason,
  storeId: merchantApplications.storeId,
  createdAt: merchantApplications.createdAt,
  decidedAt: merchantApplications.decidedAt,
};

export type ApplicationRow = Awaited<ReturnType<typeof selectLatestApplication>> & {};

export async function insertApplication(db: Db, row: typeof merchantApplications.$inferInsert) {
  await db.insert(merchantApplications).values(row);
}

/** A user's newest application. */
export async function selectLatestApplication(db: Db, userId: string) {
  const rows = await db
    .select(applicationColumns)
    .from(merchantApplications)
    .where(eq(merchantApplications.userId, userId))
    .orderBy(desc(merchantApplications.createdAt), desc(merchantApplications.id))
    .limit(1);
  return rows[0];
}

export async function selectApplicationForUpdate(db: Db, id: string) {
  const rows = await db
    .select(applicationColumns)
    .from(merchantApplications)
    .where(eq(merchantApplications.id, id))
    .for("update");
  return rows[0];
}

/** Whether another user's application awaiting review asks for this store name, whatever its case. */
export async function pendingNameExists(db: Db, name: string, exceptUserId: string) {
  const rows = await db
    .select({ id: merchantApplications.id })
    .from(merchantApplications)
    .where(
      and(
        eq(merchantApplications.status, "pending"),
        sql`lower(${merchantApplications.storeName}) = lower(${name})`,
        ne(merchantApplications.userId, exceptUserId),
      ),
    );
  return rows.length > 0;
}

export async function updateApplication(
  db: Db,
  id: string,
  set: Partial<typeof merchantApplications.$inferInsert>,
) {
  await db.update(merchantApplications).set(set).where(eq(merchantApplications.id, id));
}

/** Applications in a status, newest first, `limit + 1` rows from before the cursor's id. */
export async function selectApplications(
  db: Db,
  opts: { status: "pending" | "rejected" | "approved"; before?: string; limit: number },
) {
  return db
    .select(applicationColumns)
    .from(merchantApplications)
    .where(
      and(
        eq(merchantApplications.status, opts.status),
        opts.before ? lt(merchantApplications.id, opts.before) : undefined,
      ),
    )
    .orderBy(desc(merchantApplications.id))
    .limit(opts.limit + 1);
}

export async function countPendingApplications(db: Db) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(merchantApplications)
    .where(eq(merchantApplications.status, "pending"));
  return row?.n ?? 0;
}
