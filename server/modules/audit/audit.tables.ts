import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.tables.ts";

/** Every operator action: who, what, on what, when, and the values before and after. Append-only. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: text().primaryKey(),
    actorId: text()
      .notNull()
      .references(() => users.id),
    action: text().notNull(),
    subjectType: text().notNull(),
    subjectId: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("audit_log_subject_idx").on(t.subjectType, t.subjectId)],
);
