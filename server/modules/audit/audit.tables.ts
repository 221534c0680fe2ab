import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.tables.ts";

/**
 * Every operator action and every authentication event of an account (issue 43: sign-ins, sign-outs, passwords,
 * PINs, bank accounts, never a secret): who, what, on what, when, and the values before and after. Append-only.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: text().primaryKey(),
    /** Who did it; null for an attempt nobody signed in made (a wrong password for an account, issue 43). */
    actorId: text().references(() => users.id),
    action: text().notNull(),
    subjectType: text().notNull(),
    subjectId: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("audit_log_subject_idx").on(t.subjectType, t.subjectId)],
);
