import { asc, eq } from "drizzle-orm";
import { notifications } from "#server/modules/notifications/notifications.tables.ts";
import type { TestDatabase } from "./test-db.ts";

/** A user's notifications as written (kind, category, params, link), oldest first: what the event tests check. */
export function noticesFor(database: Pick<TestDatabase, "db">, userId: string) {
  return database.db
    .select({
      kind: notifications.kind,
      category: notifications.category,
      params: notifications.params,
      link: notifications.link,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.id));
}
