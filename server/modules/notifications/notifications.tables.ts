import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Messages that would have been sent while no email or SMS channel is configured (development and
 * tests only; production refuses to start without channels). Shown at /dev/outbox.
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
