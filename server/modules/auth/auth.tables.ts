import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
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
    /**
     * Set while the owner has frozen the account ("Bekukan akun", issue 43): every session ended, no money leaves the
     * wallet (payments from it, withdrawals) until they unfreeze it with a code and their PIN.
     */
    frozenAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("users_account_present", sql`${t.email} is not null or ${t.phone} is not null`),
    check("users_role_valid", sql`${t.role} in ('shopper', 'merchant', 'operator')`),
    check("users_suspension_reason", sql`(${t.suspendedAt} is null) = (${t.suspendedReason} is null)`),
    index("users_created_idx").on(t.createdAt),
  ],
);

/**
 * How a session signed in: a password, a code, a new account, a password reset, a passkey (issue 43's session
 * list).
 */
export const sessionMethods = ["password", "code", "signup", "reset", "passkey"] as const;

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
    check("sessions_method_valid", sql`${t.method} in ('password', 'code', 'signup', 'reset', 'passkey')`),
  ],
);

/** What a one-time code is for: signing up, in or a password reset (by address), or a signed-in user's action. */
export const codePurposes = ["signup", "login", "reset", "pin", "unfreeze", "contact"] as const;

/**
 * One-time codes sent to an account: bound to its purpose, few attempts, short-lived, single use. A code for a
 * signed-in user's action (issue 43: setting the payment PIN) is bound to the user (`account` is `user:<id>`) and to
 * its target when the action has one, and is refused for any other.
 */
export const verificationCodes = pgTable(
  "verification_codes",
  {
    id: text().primaryKey(),
    account: text().notNull(),
    purpose: text({ enum: codePurposes }).notNull(),
    /** What the action is done to ("BCA ••1234"), when it names one; the code's message says it. */
    target: text(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    consumedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("verification_codes_lookup_idx").on(t.account, t.purpose, t.createdAt),
    check(
      "verification_codes_purpose_valid",
      sql`${t.purpose} in ('signup', 'login', 'reset', 'pin', 'unfreeze', 'contact')`,
    ),
  ],
);

/**
 * The payment PIN (issue 43): 6 digits, hashed like passwords. Wrong tries are counted here in one statement each
 * (`failures` since the last right PIN, `dayFailures` on the Jakarta day `day`): the fifth in a row locks it until
 * `lockedUntil`, the tenth in a day disables it until it is set again by a code.
 */
export const paymentPins = pgTable(
  "payment_pins",
  {
    userId: text()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    pinHash: text().notNull(),
    setAt: timestamp({ withTimezone: true }).notNull(),
    /** When a code replaced a PIN the user had (a reset, not a change): payouts wait 24 hours from it. */
    resetAt: timestamp({ withTimezone: true }),
    failures: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    day: text().notNull(),
    dayFailures: integer().notNull().default(0),
    disabledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("payment_pins_failures", sql`${t.failures} between 0 and 5 and ${t.dayFailures} between 0 and 10`),
  ],
);

/**
 * Passkeys (issue 43): WebAuthn credentials a user added, to sign in with and to prove it is them instead of the
 * PIN, each checked with user verification. The public key as base64url; the signature counter the authenticator
 * last reported (a credential that goes back is refused).
 */
export const passkeys = pgTable(
  "passkeys",
  {
    /** The credential id, base64url. */
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    publicKey: text().notNull(),
    counter: bigint({ mode: "number" }).notNull().default(0),
    transports: jsonb().$type<string[]>(),
    /** The device it was added on, as its browser said ("Chrome 130 · Android 14"). */
    device: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("passkeys_user_idx").on(t.userId)],
);

/** What a WebAuthn challenge is for: adding a passkey, signing in with one, or proving it is the owner. */
export const challengePurposes = ["register", "signin", "proof"] as const;

/**
 * WebAuthn challenges, each for one ceremony: used once, within 5 minutes, by the user it was made for (none for
 * signing in, where the passkey names its user).
 */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    id: text().primaryKey(),
    userId: text().references(() => users.id, { onDelete: "cascade" }),
    purpose: text({ enum: challengePurposes }).notNull(),
    challenge: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index("webauthn_challenges_expiry_idx").on(t.expiresAt),
    check("webauthn_challenges_purpose", sql`${t.purpose} in ('register', 'signin', 'proof')`),
  ],
);
