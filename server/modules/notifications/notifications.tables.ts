import { sql } from "drizzle-orm";
import { notificationCategories, notificationChannels, type ChannelChoices } from "#common/notifications.ts";
import { timeZoneNames } from "#common/time-zones.ts";
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.tables.ts";

/**
 * Messages that would have been sent while no email or SMS channel is configured: the local outbox of a
 * shop tried on one machine (development, tests, or production on a local address; a public production
 * shop refuses to start without channels). Shown at /dev/outbox to this machine only.
 */
export const devOutbox = pgTable(
  "dev_outbox",
  {
    id: text().primaryKey(),
    channel: text({ enum: ["email", "sms"] }).notNull(),
    recipient: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("dev_outbox_created_idx").on(t.createdAt)],
);

/**
 * The in-app notification centre (issue 44): one row per event for its recipient, written in the event's own
 * transaction (rolled back, none). Its text is rendered in the reader's language when shown, from `kind` (a message
 * under `notifications.kinds`) and `params`, never stored translated. Kept 90 days.
 */
export const notifications = pgTable(
  "notifications",
  {
    /** Time-ordered (`ntf_…`): the centre pages by it. */
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    category: text({ enum: notificationCategories }).notNull(),
    kind: text().notNull(),
    params: jsonb().$type<Record<string, string | number>>().notNull().default({}),
    /** The page it is about (`/h5/merchant/withdraw?id=…`), when it has one. */
    link: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.id),
    index("notifications_unread_idx")
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index("notifications_created_idx").on(t.createdAt),
    check(
      "notifications_category_valid",
      sql`${t.category} in ('orders', 'payments', 'chat', 'promotions', 'account')`,
    ),
  ],
);

/**
 * A person's notification settings (issue 44): the channels they turned on or off by category (what they did not
 * touch follows `channelDefaults`), the language and time zone their messages are written and timed in. No row:
 * the defaults, in Indonesian, WIB.
 */
export const notificationSettings = pgTable("notification_settings", {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  choices: jsonb().$type<ChannelChoices>().notNull().default({}),
  lang: text({ enum: ["ind", "en", "zh"] })
    .notNull()
    .default("ind"),
  zone: text({ enum: timeZoneNames as [string, ...string[]] })
    .notNull()
    .default("WIB"),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
});

/** A browser's push subscription (its push service's endpoint and keys), made on a device of the person. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text().notNull().unique(),
    /** The session it was made in: a device whose session ended (signed out, reset, suspended) gets nothing. */
    sessionId: text(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);

/**
 * One notification's delivery on one channel: at most one per pair (the key), claimed (`sending`) before it is
 * sent, so a job tried again after its instance died mid-send never sends it twice (it ends `unknown`).
 */
export const notificationDeliveries = pgTable(
  "notification_deliveries",
  {
    notificationId: text()
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    channel: text({ enum: notificationChannels }).notNull(),
    userId: text().notNull(),
    status: text({
      enum: ["queued", "sending", "sent", "skipped", "failed", "unknown"],
    }).notNull(),
    /** Why it was skipped or failed (`optedOut`, `noAddress`, `dailyCap`, `gone`, the provider's reason). */
    reason: text(),
    /** The provider's id of what it sent (WhatsApp's wamid). */
    ref: text(),
    tries: integer().notNull().default(0),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    /** When a runner took it for sending: one still `sending` long after was left by a runner that died. */
    claimedAt: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.channel] }),
    index("notification_deliveries_sent_idx")
      .on(t.userId, t.channel, t.sentAt)
      .where(sql`${t.status} = 'sent'`),
  ],
);
