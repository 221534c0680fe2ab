import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { PlaceMethod } from "#common/payment-channels.ts";
import { maxPercentBasisPoints, voucherKinds } from "#common/promotions.ts";
import { users } from "../auth/auth.tables.ts";
import { orders } from "../orders/orders.tables.ts";
import { stores } from "../stores/stores.tables.ts";

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/**
 * A voucher (issue 42, decision 30): a platform voucher or a free-shipping voucher (the platform pays), or a
 * store voucher (its store pays). It takes a fixed amount off, or a percentage up to a cap, once what it
 * applies to reaches the minimum spend, between its start and end. `usage_limit` and `budget` are null for
 * no limit, never 0. `used` and `spent` count the live redemptions: reserved in the order's transaction by one
 * conditional update, given back once when every order of the checkout ended; the CHECKs stand behind both.
 */
export const vouchers = pgTable(
  "vouchers",
  {
    id: text().primaryKey(),
    kind: text({ enum: voucherKinds }).notNull(),
    /** The store that made and pays a store voucher; null for the platform's. */
    storeId: text().references(() => stores.id),
    /** What shoppers type to claim it ("HEMAT10"), in capitals; null for a voucher claimed by a tap only. */
    code: text(),
    amount: bigint({ mode: "number" }),
    percentBp: integer(),
    /** The most a percentage takes off. */
    cap: bigint({ mode: "number" }),
    minSpend: bigint({ mode: "number" }).notNull().default(0),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    usageLimit: integer(),
    perShopperLimit: integer().notNull().default(1),
    budget: bigint({ mode: "number" }),
    /** Eligibility: only these supply categories, only these stores (platform and shipping vouchers). */
    categoryIds: integer().array(),
    storeIds: text().array(),
    /** Only shoppers with no paid order before. */
    newShoppersOnly: boolean().notNull().default(false),
    /** Only these ways of paying (`placeMethods`); null for any. */
    methods: text().array().$type<PlaceMethod[]>(),
    paused: boolean().notNull().default(false),
    used: integer().notNull().default(0),
    spent: bigint({ mode: "number" }).notNull().default(0),
    createdBy: text()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("vouchers_code_unique").on(t.code),
    index("vouchers_store_idx").on(t.storeId, t.endsAt),
    index("vouchers_live_idx").on(t.kind, t.endsAt),
    check("vouchers_kind_valid", sql`${t.kind} in (${inList(voucherKinds)})`),
    check("vouchers_store_kind", sql`(${t.kind} = 'store') = (${t.storeId} is not null)`),
    check(
      "vouchers_amount_or_percent",
      sql`(${t.amount} is not null and ${t.amount} > 0 and ${t.percentBp} is null and ${t.cap} is null) or (${t.amount} is null and ${t.percentBp} between 1 and ${sql.raw(String(maxPercentBasisPoints))} and (${t.cap} is null or ${t.cap} > 0))`,
    ),
    check("vouchers_min_spend", sql`${t.minSpend} >= 0`),
    check("vouchers_period", sql`${t.startsAt} < ${t.endsAt}`),
    check("vouchers_code_format", sql`${t.code} is null or ${t.code} ~ '^[A-Z0-9]{4,20}$'`),
    check(
      "vouchers_limits",
      sql`(${t.usageLimit} is null or ${t.usageLimit} > 0) and (${t.budget} is null or ${t.budget} > 0) and ${t.perShopperLimit} > 0`,
    ),
    check(
      "vouchers_used_within_limits",
      sql`${t.used} >= 0 and ${t.spent} >= 0 and (${t.usageLimit} is null or ${t.used} <= ${t.usageLimit}) and (${t.budget} is null or ${t.spent} <= ${t.budget})`,
    ),
  ],
);

/**
 * A shopper's claimed voucher ("Klaim", or its code typed), with how many of their live orders use it: the
 * per-shopper limit is taken by one conditional update of this row, given back with the redemption.
 */
export const voucherClaims = pgTable(
  "voucher_claims",
  {
    voucherId: text()
      .notNull()
      .references(() => vouchers.id),
    userId: text()
      .notNull()
      .references(() => users.id),
    used: integer().notNull().default(0),
    claimedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.voucherId, t.userId] }),
    index("voucher_claims_user_idx").on(t.userId, t.claimedAt),
    check("voucher_claims_used", sql`${t.used} >= 0`),
  ],
);

/**
 * One use of a voucher: one per checkout however many store orders it made, with what it took off in all.
 * Reserved when placed; released once (a state change) when every order of it was cancelled, expired unpaid
 * or refunded whole.
 */
export const voucherRedemptions = pgTable(
  "voucher_redemptions",
  {
    id: text().primaryKey(),
    voucherId: text()
      .notNull()
      .references(() => vouchers.id),
    userId: text()
      .notNull()
      .references(() => users.id),
    amount: bigint({ mode: "number" }).notNull(),
    state: text({ enum: ["reserved", "released"] })
      .notNull()
      .default("reserved"),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    releasedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("voucher_redemptions_voucher_idx").on(t.voucherId, t.createdAt),
    check("voucher_redemptions_amount", sql`${t.amount} > 0`),
    check("voucher_redemptions_state", sql`${t.state} in ('reserved', 'released')`),
  ],
);

/** What a redemption took off one order of its checkout (the order's share of it, fixed when placed). */
export const orderVouchers = pgTable(
  "order_vouchers",
  {
    orderId: text()
      .notNull()
      .references(() => orders.id),
    redemptionId: text()
      .notNull()
      .references(() => voucherRedemptions.id),
    voucherId: text()
      .notNull()
      .references(() => vouchers.id),
    kind: text({ enum: voucherKinds }).notNull(),
    amount: bigint({ mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.redemptionId] }),
    index("order_vouchers_redemption_idx").on(t.redemptionId),
    check("order_vouchers_amount", sql`${t.amount} >= 0`),
  ],
);
