import { sql } from "drizzle-orm";
import { notificationCategories } from "#common/contracts/notifications.ts";
import { check, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
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
