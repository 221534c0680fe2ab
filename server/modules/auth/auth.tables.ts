import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { StoredImage } from "#common/images.ts";

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
    avatar: jsonb().$type<StoredImage>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set while an operator has suspended the account's sign-in (issue 13), with the reason they gave. */
    suspendedAt: timestamp({ withTimezone: true }),
    suspendedReason: text(),
  },
  (t) => [
    check("users_account_present", sql`${t.email} is not null or ${t.phone} is not null`),
    check("users_role_valid", sql`${t.role} in ('shopper', 'merchant', 'operator')`),
    check("users_suspension_reason", sql`(${t.suspendedAt} is null) = (${t.suspendedReason} is null)`),
    index("users_created_idx").on(t.createdAt),
  ],
);

/** How a session signed in: a password, a code, a new account, a password reset (issue 43's session list). */
export const sessionMethods = ["password", "code", "signup", "reset"] as const;

/**
 * Sign-in sessions. Only a hash of the token is stored; revoking sets `revokedAt`. Each records how it signed in,
 * the browser's User-Agent and address it started from, and when it was last used (moved at most once a minute),
 * so its owner can tell their sessions apart and end the ones they do not know (issue 43).
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull().unique(),
    method: text({ enum: sessionMethods }).notNull().default("password"),
    /** The User-Agent it signed in with (cut to 400 characters), read into a device name when listed. */
    userAgent: text(),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("sessions_user_idx").on(t.userId),
    check("sessions_method_valid", sql`${t.method} in ('password', 'code', 'signup', 'reset')`),
  ],
);

/** One-time codes sent to an account: bound to its purpose, few attempts, short-lived, single use. */
export const verificationCodes = pgTable(
  "verification_codes",
  {
    id: text().primaryKey(),
    account: text().notNull(),
    purpose: text({ enum: ["signup", "login", "reset"] }).notNull(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    consumedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("verification_codes_lookup_idx").on(t.account, t.purpose, t.createdAt),
    check("verification_codes_purpose_valid", sql`${t.purpose} in ('signup', 'login', 'reset')`),
  ],
);
