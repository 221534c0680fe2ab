import { z } from "zod";
import { CursorSchema, plainText, prefixedId } from "./input.ts";
import { FundTypeSchema, IdempotencyKeySchema, subjectTypes, TransferMemoKeySchema } from "./ledger.ts";
import { maxTransferRupiah } from "../money.ts";
import { rechargeMethods, rechargeStates, withdrawalStates } from "./wallet.ts";

const cursor = CursorSchema.nullish();

export const OpsWithdrawalsInputSchema = z.object({
  status: z.enum(withdrawalStates).optional(),
  cursor,
  limit: z.number().int().min(1).max(100).default(30),
});

const OpsWithdrawalSchema = z.object({
  id: z.string(),
  userId: z.string(),
  /** The user's account (email or phone). */
  user: z.string(),
  amount: z.number().int(),
  fee: z.number().int(),
  payout: z.number().int(),
  accountName: z.string(),
  bankName: z.string(),
  /** In full: the operator pays it. */
  accountNumber: z.string(),
  status: z.enum(withdrawalStates),
  reason: z.string().nullable(),
  createdAt: z.date(),
  decidedAt: z.date().nullable(),
});
export const OpsWithdrawalsViewSchema = z.object({
  items: z.array(OpsWithdrawalSchema),
  nextCursor: z.string().nullable(),
});

export const DecideWithdrawalInputSchema = z.object({
  id: prefixedId("wdr"),
  idempotencyKey: IdempotencyKeySchema,
});
export const RejectWithdrawalInputSchema = DecideWithdrawalInputSchema.extend({
  reason: plainText(z.string().trim().min(1, "errors.ops.reasonRequired").max(300)),
});
export const DecisionViewSchema = z.object({ id: z.string(), status: z.enum(withdrawalStates) });

export const OpsRechargesInputSchema = z.object({
  status: z.enum(rechargeStates).optional(),
  cursor,
  limit: z.number().int().min(1).max(100).default(30),
});
export const OpsRechargesViewSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      user: z.string(),
      amount: z.number().int(),
      method: z.enum(rechargeMethods),
      status: z.enum(rechargeStates),
      gatewayPaymentId: z.string().nullable(),
      createdAt: z.date(),
      completedAt: z.date().nullable(),
    }),
  ),
  nextCursor: z.string().nullable(),
});

/** The ledger check: sums and balances are bigints (exact however large; superjson carries them). */
export const LedgerViewSchema = z.object({
  ok: z.boolean(),
  total: z.bigint(),
  transfers: z.number().int(),
  mismatches: z.array(z.object({ id: z.string(), balance: z.bigint(), computed: z.bigint() })),
  negativeWallets: z.array(z.string()),
  platform: z.array(z.object({ id: z.string(), kind: z.string(), balance: z.bigint() })),
  wallets: z.object({ count: z.number().int(), total: z.bigint() }),
});

export const TransfersInputSchema = z.object({
  kind: FundTypeSchema.optional(),
  /** A user's wallet by their account (email or phone); the server finds the user. */
  user: plainText(z.string().trim().min(1).max(254)).optional(),
  /** An account id (`platform:escrow`, `wallet:usr_…`). */
  accountId: z
    .string()
    .regex(/^(platform:[a-z_]{1,30}|wallet:usr_[0-9a-z]{1,59})$/, "errors.api.invalidInput")
    .optional(),
  cursor,
  limit: z.number().int().min(1).max(100).default(50),
});
export const TransfersViewSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      debitAccountId: z.string(),
      creditAccountId: z.string(),
      /** The account (email or phone) of a wallet's user; null for the platform's accounts. */
      debitUser: z.string().nullable(),
      creditUser: z.string().nullable(),
      amount: z.number().int(),
      kind: FundTypeSchema,
      subjectType: z.enum(subjectTypes),
      subjectId: z.string(),
      step: z.string(),
      memo: z.string().nullable(),
      memoKey: TransferMemoKeySchema.nullable(),
      createdAt: z.date(),
    }),
  ),
  nextCursor: z.string().nullable(),
});

export const WalletAccountsInputSchema = z.object({
  cursor: z
    .string()
    .regex(/^wallet:usr_[0-9a-z]{1,59}$/, "errors.api.invalidInput")
    .nullish(),
  limit: z.number().int().min(1).max(100).default(20),
});
export const WalletAccountsViewSchema = z.object({
  items: z.array(
    z.object({ id: z.string(), userId: z.string(), user: z.string(), balance: z.number().int() }),
  ),
  nextCursor: z.string().nullable(),
});

export const AdjustInputSchema = z.object({
  /** The user's account: email or phone. */
  account: plainText(z.string().trim().min(1).max(254)),
  amount: z
    .number("errors.ops.adjustAmount")
    .int("errors.ops.adjustAmount")
    .refine((n) => n !== 0, "errors.ops.adjustAmount")
    // The hard bound; the operators' own limit (settings, adjustMax) is lower and checked by the service.
    .refine((n) => Math.abs(n) <= maxTransferRupiah, "errors.money.tooLarge"),
  reason: plainText(z.string().trim().min(1, "errors.ops.reasonRequired").max(300)),
  idempotencyKey: IdempotencyKeySchema,
});
export const AdjustViewSchema = z.object({ id: z.string(), balance: z.number().int() });

export const AuditInputSchema = z.object({
  action: z
    .string()
    .regex(/^[a-z]{1,30}(\.[a-z]{1,30}){1,2}$/, "errors.api.invalidInput")
    .optional(),
  cursor,
  limit: z.number().int().min(1).max(100).default(50),
});
export const AuditViewSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      /** The actor's account; null for an attempt by nobody signed in (a wrong password, issue 43). */
      actor: z.string().nullable(),
      action: z.string(),
      subjectType: z.string(),
      subjectId: z.string(),
      before: z.unknown(),
      after: z.unknown(),
      createdAt: z.date(),
    }),
  ),
  nextCursor: z.string().nullable(),
});

/** The jobs whose tries are used up (the dead-letter queue), newest first. */
export const DeadJobsViewSchema = z.object({
  items: z.array(
    z.object({
      id: z.uuid(),
      kind: z.string(),
      subjectId: z.string(),
      tries: z.number().int(),
      firstQueuedAt: z.date(),
      failedAt: z.date(),
      error: z.string(),
    }),
  ),
});
export type DeadJobView = z.infer<typeof DeadJobsViewSchema>["items"][number];
export const RetryDeadJobInputSchema = z.object({ id: z.uuid() });
export const RetryDeadJobViewSchema = z.object({ id: z.uuid(), kind: z.string(), subjectId: z.string() });
