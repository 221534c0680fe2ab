import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { StoredImage } from "#common/images.ts";
import { applicationStatuses } from "#common/merchant-states.ts";
import { users } from "../auth/auth.tables.ts";
import { categories } from "../catalog/catalog.tables.ts";
import { stores } from "../stores/stores.tables.ts";

/**
 * A shopper's application to run a store, and the operator's decision. Every application is kept (a rejected
 * applicant applies again with a new one), so the history of decisions stays readable; a user has at most
 * one application awaiting review.
 */
export const merchantApplications = pgTable(
  "merchant_applications",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id),
    storeName: text().notNull(),
    phone: text().notNull(),
    logo: jsonb().$type<StoredImage>(),
    intro: text().notNull(),
    /** Who runs the store: the owner's full name as on their identity card. */
    ownerName: text().notNull(),
    /** The kind of goods the store means to sell: a top-level category of the supply catalogue. */
    categoryId: integer()
      .notNull()
      .references(() => categories.id),
    status: text({ enum: applicationStatuses }).notNull().default("pending"),
    /** The operator's reason for a rejection (the applicant reads it). */
    reason: text(),
    decidedBy: text().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true }),
    /** The store opened on approval. */
    storeId: text().references(() => stores.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("merchant_applications_one_pending")
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    index("merchant_applications_user_idx").on(t.userId, t.createdAt),
    index("merchant_applications_status_idx").on(t.status, t.createdAt, t.id),
    check("merchant_applications_status_valid", sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);
