import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Platform settings edited by operators; each row is one setting, its value JSON. */
export const platformSettings = pgTable("platform_settings", {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
