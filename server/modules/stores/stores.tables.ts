import { boolean, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.tables.ts";

/** A merchant's store. A merchant runs exactly one. */
export const stores = pgTable(
  "stores",
  {
    id: text().primaryKey(),
    ownerId: text()
      .notNull()
      .unique()
      .references(() => users.id),
    name: text().notNull(),
    phone: text(),
    logoPath: text(),
    intro: text().notNull().default(""),
    autoPay: boolean().notNull().default(false),
    status: text({ enum: ["approved", "suspended"] })
      .notNull()
      .default("approved"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("stores_status_idx").on(t.status, t.createdAt)],
);
