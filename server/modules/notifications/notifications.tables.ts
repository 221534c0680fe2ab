import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

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
