import { sql } from "drizzle-orm";
import { check, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Every account: shoppers, merchants and operators. An account is an email address or a phone number. */
export const users = pgTable(
  "users",
  {
    id: text().primaryKey(),
    email: text().unique(),
    phone: text().unique(),
    passwordHash: text(),
    role: text({ enum: ["shopper", "merchant", "operator"] })
      .notNull()
      .default("shopper"),
    inviteCode: text().notNull().unique(),
    invitedByCode: text(),
    avatarPath: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("users_account_present", sql`${t.email} is not null or ${t.phone} is not null`),
    check("users_role_valid", sql`${t.role} in ('shopper', 'merchant', 'operator')`),
  ],
);
