import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Deadlines as rows (money.md): a recharge's payment window, later an order's. A worker claims due rows with
 * `for update skip locked`, does the work in the same transaction and marks the row done, so a deadline
 * survives restarts and fires once even with two app instances on one database.
 */
export const scheduledJobs = pgTable(
  "scheduled_jobs",
  {
    id: text().primaryKey(),
    kind: text().notNull(),
    subjectId: text().notNull(),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    doneAt: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("scheduled_jobs_subject_idx").on(t.kind, t.subjectId),
    index("scheduled_jobs_due_idx")
      .on(t.dueAt)
      .where(sql`${t.doneAt} is null`),
  ],
);
