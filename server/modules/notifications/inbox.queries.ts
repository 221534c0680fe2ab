import { and, count, desc, eq, inArray, isNull, lt } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { notifications } from "./notifications.tables.ts";

type Executor = Db | Tx;

export async function insertNotification(db: Executor, row: typeof notifications.$inferInsert) {
  await db.insert(notifications).values(row);
}

/** The user's notifications, newest first, after `before` (an id), of a category or all; one more than `limit`. */
export function selectNotifications(
  db: Executor,
  userId: string,
  opts: { category?: (typeof notifications.$inferSelect)["category"]; before?: string; limit: number },
) {
  return db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        opts.category ? eq(notifications.category, opts.category) : undefined,
        opts.before ? lt(notifications.id, opts.before) : undefined,
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(opts.limit + 1);
}

/** How many of the user's notifications are unread, by category. */
export function countUnread(db: Executor, userId: string) {
  return db
    .select({ category: notifications.category, unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .groupBy(notifications.category);
}

/** Marks the user's own notifications read (those ids, or every one); answers how many changed. */
export async function markNotificationsRead(
  db: Executor,
  userId: string,
  ids: string[] | "all",
  at: Date,
): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: at })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === "all" ? undefined : inArray(notifications.id, ids),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** Forgets notifications made before `before`; answers how many went. */
export async function deleteNotificationsBefore(db: Executor, before: Date): Promise<number> {
  const rows = await db
    .delete(notifications)
    .where(lt(notifications.createdAt, before))
    .returning({ id: notifications.id });
  return rows.length;
}
