import { desc } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { devOutbox } from "./notifications.tables.ts";

export async function insertOutboxMessage(db: Db, row: typeof devOutbox.$inferInsert) {
  await db.insert(devOutbox).values(row);
}

export async function selectOutbox(db: Db, limit: number) {
  return db
    .select({
      id: devOutbox.id,
      channel: devOutbox.channel,
      recipient: devOutbox.recipient,
      subject: devOutbox.subject,
      body: devOutbox.body,
      createdAt: devOutbox.createdAt,
    })
    .from(devOutbox)
    .orderBy(desc(devOutbox.createdAt), desc(devOutbox.id))
    .limit(limit);
}
