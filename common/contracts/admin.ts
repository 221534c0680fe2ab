import { z } from "zod";
import { storeStatuses } from "../merchant-states.ts";
import { orderStatuses } from "../order-states.ts";
import { RoleSchema } from "./auth.ts";
import { CursorSchema, plainText, prefixedId } from "./input.ts";
import { IdempotencyKeySchema } from "./ledger.ts";
import { FundRecordViewSchema } from "./wallet.ts";

// ------------------------------------------------------------------------------------------------ users

export const OpsUsersInputSchema = z.object({
  /** An email (or part of one), or a phone number as typed: 0812…, 812…, +62 812…, 62812…, or its beginning. */
  q: plainText(z.string().trim().max(254))
    .optional()
    .transform((v) => (v ? v : undefined)),
  cursor: CursorSchema.nullish(),
  limit: z.number().int().min(1).max(50).default(20),
});

/** An account as the operator's list shows it. */
const OpsUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** What the account may do: a merchant shops too. */
  roles: z.array(RoleSchema),
  createdAt: z.date(),
  suspended: z.object({ at: z.date(), reason: z.string() }).nullable(),
  store: z.object({ id: z.string(), name: z.string(), status: z.enum(storeStatuses) }).nullable(),
});
export type OpsUser = z.infer<typeof OpsUserSchema>;

export const OpsUsersViewSchema = z.object({
  items: z.array(OpsUserSchema),
  nextCursor: z.string().nullable(),
});

const UserId = prefixedId("usr");
export const OpsUserInputSchema = z.object({ id: UserId });

/** One account in full: its latest orders and its wallet (balance, money held, latest movements). */
export const OpsUserDetailSchema = OpsUserSchema.extend({
  orders: z.array(
    z.object({
      id: z.string(),
      code: z.string(),
      status: z.enum(orderStatuses),
      total: z.number().int(),
      createdAt: z.date(),
    }),
  ),
  wallet: z.object({
    balance: z.number().int(),
    /** Held for withdrawals awaiting an operator. */
    held: z.number().int(),
    moves: z.array(FundRecordViewSchema),
    /** Until when withdrawals wait: a new bank account or a PIN reset (issue 43); null when they may go. */
    payoutHoldUntil: z.date().nullable(),
  }),
});
export type OpsUserDetail = z.infer<typeof OpsUserDetailSchema>;

export const SuspendUserInputSchema = z.object({
  id: UserId,
  reason: plainText(z.string().trim().min(1, "errors.ops.reasonRequired").max(300, "errors.ops.reasonLong")),
  idempotencyKey: IdempotencyKeySchema,
});
export const ReinstateUserInputSchema = z.object({ id: UserId, idempotencyKey: IdempotencyKeySchema });
export const UserAccessViewSchema = z.object({ id: z.string(), suspended: z.boolean() });
export const EndUserSessionsInputSchema = z.object({ id: UserId, idempotencyKey: IdempotencyKeySchema });
export const EndUserSessionsViewSchema = z.object({ id: z.string(), ended: z.number().int() });
/** Lifting a user's payout hold (issue 43) says why: how the owner was verified. */
export const ReleasePayoutHoldInputSchema = SuspendUserInputSchema;

// -------------------------------------------------------------------------------------------- dashboard

export const DashboardViewSchema = z.object({
  /** The last 14 Indonesian (WIB) days, oldest first, today last (so far). */
  days: z.array(
    z.object({
      /** YYYY-MM-DD in WIB. */
      day: z.string(),
      /** Orders placed that day, whatever became of them. */
      orders: z.number().int(),
      /** Orders paid that day and not cancelled since, and their totals. */
      paidOrders: z.number().int(),
      turnover: z.number().int(),
      newUsers: z.number().int(),
    }),
  ),
  /** What waits for an operator: each queue's count and the page that works it off. */
  queues: z.array(
    z.object({
      key: z.string(),
      /** The queue's name: a message key the page translates. */
      label: z.string(),
      /** The operator page, without the language prefix. */
      path: z.string(),
      count: z.number().int(),
    }),
  ),
});
export type DashboardView = z.infer<typeof DashboardViewSchema>;
