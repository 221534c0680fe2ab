import { and, count, eq, gte, inArray, isNotNull, lt, ne, notInArray, sql } from "drizzle-orm";
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

/**
 * Keeps a device's subscription for `userId` and the session it was made in; a device subscribed before (by anyone)
 * now belongs to them. A person keeps at most `keep` devices: the oldest beyond them are forgotten.
 */
export async function upsertSubscription(db: Db, row: typeof pushSubscriptions.$inferInsert, keep: number) {
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values(row)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId: row.userId,
          sessionId: row.sessionId,
          p256dh: row.p256dh,
          auth: row.auth,
          createdAt: row.createdAt,
        },
      });
    const kept = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, row.userId))
      .orderBy(sql`${pushSubscriptions.createdAt} desc`, sql`${pushSubscriptions.id} desc`)
      .limit(keep);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, row.userId), notInArray(pushSubscriptions.id, kept)));
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
    .set({ status: "sending", tries: sql`${notificationDeliveries.tries} + 1`, claimedAt: sql`now()` })
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

/**
 * Ends a delivery this runner took (or puts it back in the queue, `queued`, for the job's next try); one no longer
 * `sending` (settled meanwhile) is left as it is.
 */
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
        eq(notificationDeliveries.status, "sending"),
      ),
    );
}

/**
 * A delivery taken before `before` and still `sending`: its runner died mid-send, so it may have gone. It ends
 * `unknown` (never sent again); one taken since is left to the runner sending it.
 */
export async function abandonStaleClaim(
  db: Executor,
  notificationId: string,
  channel: NotificationChannel,
  before: Date,
): Promise<void> {
  await db
    .update(notificationDeliveries)
    .set({ status: "unknown", reason: "interrupted" })
    .where(
      and(
        eq(notificationDeliveries.notificationId, notificationId),
        eq(notificationDeliveries.channel, channel),
        eq(notificationDeliveries.status, "sending"),
        lt(notificationDeliveries.claimedAt, before),
      ),
    );
}

/**
 * Takes the person's one promotional push of the day for this delivery, if no other took it since `since`
 * (serialised per person, so runners at the same 08:00 take it once): the slot is the delivery's `sentAt`.
 */
export function takePromotionSlot(
  db: Db,
  userId: string,
  notificationId: string,
  since: Date,
  at: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`promo-push:${userId}`}))`);
    const [taken] = await tx
      .select({ n: count() })
      .from(notificationDeliveries)
      .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
      .where(
        and(
          eq(notificationDeliveries.userId, userId),
          eq(notificationDeliveries.channel, "push"),
          inArray(notificationDeliveries.status, ["sending", "sent", "unknown"]),
          isNotNull(notificationDeliveries.sentAt),
          gte(notificationDeliveries.sentAt, since),
          ne(notificationDeliveries.notificationId, notificationId),
          eq(notifications.category, "promotions"),
        ),
      );
    if ((taken?.n ?? 0) > 0) return false;
    await tx
      .update(notificationDeliveries)
      .set({ sentAt: at })
      .where(
        and(
          eq(notificationDeliveries.notificationId, notificationId),
          eq(notificationDeliveries.channel, "push"),
        ),
      );
    return true;
  });
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

/** Keeps the language the person's messages are written in (the one they last signed in with). */
export async function upsertLanguage(db: Executor, userId: string, lang: "ind" | "en" | "zh", at: Date) {
  await db
    .insert(notificationSettings)
    .values({ userId, lang, updatedAt: at })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { lang } });
}
