import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.tables.ts";

/**
 * Delivery addresses. The area is four codes of the official Indonesian data (province, regency or city,
 * district, village; `idn-area-data`) with their names as they were when saved. At most one default.
 */
export const addresses = pgTable(
  "addresses",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** E.164 (+62…). */
    mobile: text().notNull(),
    provinceCode: text().notNull(),
    regencyCode: text().notNull(),
    districtCode: text().notNull(),
    villageCode: text().notNull(),
    /** The area's names, village first, as the address shows it. */
    area: text().notNull(),
    postcode: text().notNull(),
    detail: text().notNull(),
    isDefault: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index("addresses_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("addresses_one_default_idx")
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);
