import { and, count, eq, gte, inArray, sql } from "drizzle-orm";
import type { NotificationChannel } from "#common/notifications.ts";
import type { Db, Tx } from "../../db/client.ts";
import {
  notificationDeliveries,
  notifications,
  notificationSettings,
  pushSubscriptions,
} from "./notifications.tables.ts";

type Executor = Db | Tx;
type DeliveryStatus = (typeof notificationDeliveries.$inferSelect)["status"];

export async function selectSettings(db: Executor, userId: string) {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row;
}

export async function upsertSettings(db: Executor, row: typeof notificationSettings.$inferInsert) {
  await db
    .insert(notificationSettings)
    .values(row)
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: { choices: row.choices, lang: row.lang, zone: row.zone, updatedAt: row.updatedAt },
    });
}

export function selectSubscriptions(db: Executor, userId: string) {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

export async function hasSubscription(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .limit(1);
  return row !== undefined;
}

/** Keeps a device's subscription for `userId`; a device subscribed before (by anyone) now belongs to them. */
export async function upsertSubscription(db: Executor, row: typeof pushSubscriptions.$inferInsert) {
  await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: row.userId, p256dh: row.p256dh, auth: row.auth, createdAt: row.createdAt },
    });
}

export async function deleteSubscription(db: Executor, userId: string, endpoint: string): Promise<number> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length;
}

export async function deleteSubscriptionById(db: Executor, id: string) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function insertDeliveries(db: Executor, rows: (typeof notificationDeliveries.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(notificationDeliveries).values(rows).onConflictDoNothing();
}

/** Takes a queued delivery for sending (one taker however many try at once); undefined when it is not queued. */
export async function claimDelivery(db: Executor, notificationId: string, channel: NotificationChannel) {
  const [row] = await db
    .update(notificationDeliveries)
    .set({ status: "sending", tries: sql`${notificationDeliveries.tries} + 1` })
    .where(
      and(
        eq(notificationDeliveries.notificationId, notificationId),
        eq(notificationDeliveries.channel, channel),
        eq(notificationDeliveries.status, "queued"),
      ),
    )
    .returning();
  return row;
}

export async function selectDelivery(db: Executor, notificationId: string, channel: NotificationChannel) {
  const [row] = await db
    .select()
    .from(notificationDeliveries)
    .where(
      and(
        eq(notificationDeliveries.notificationId, notificationId),
        eq(notificationDeliveries.channel, channel),
      ),
    );
  return row;
}

/** Ends a delivery (or puts it back in the queue, `queued`, for the job's next try). */
export async function finishDelivery(
  db: Executor,
  notificationId: string,
  channel: NotificationChannel,
  end: { status: DeliveryStatus; reason?: string | null; ref?: string | null; sentAt?: Date | null },
) {
  await db
    .update(notificationDeliveries)
    .set({ status: end.status, reason: end.reason ?? null, ref: end.ref ?? null, sentAt: end.sentAt ?? null })
    .where(
      and(
        eq(notificationDeliveries.notificationId, notificationId),
        eq(notificationDeliveries.channel, channel),
      ),
    );
}

/** How many promotions were sent to the user on `channel` since `since`. */
export async function countPromotionsSent(
  db: Executor,
  userId: string,
  channel: NotificationChannel,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .where(
      and(
        eq(notificationDeliveries.userId, userId),
        eq(notificationDeliveries.channel, channel),
        eq(notificationDeliveries.status, "sent"),
        gte(notificationDeliveries.sentAt, since),
        eq(notifications.category, "promotions"),
      ),
    );
  return row?.n ?? 0;
}

export async function selectNotification(db: Executor, id: string) {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  return row;
}

/**
 * What the provider said later of a delivery (WhatsApp's status webhook): sent (or delivered, read) settles one
 * whose send was not known to have gone; failed ends one that was taken as sent.
 */
export async function settleDelivery(
  db: Executor,
  notificationId: string,
  channel: NotificationChannel,
  end: { status: "sent" | "failed"; ref: string; reason?: string; at: Date },
): Promise<void> {
  const from: DeliveryStatus[] =
    end.status === "sent" ? ["sending", "unknown"] : ["sending", "unknown", "sent"];
  await db
    .update(notificationDeliveries)
    .set({
      status: end.status,
      ref: end.ref,
      reason: end.reason ?? null,
      ...(end.status === "sent" && { sentAt: end.at }),
    })
    .where(
      and(
        eq(notificationDeliveries.notificationId, notificationId),
        eq(notificationDeliveries.channel, channel),
        inArray(notificationDeliveries.status, from),
      ),
    );
}
