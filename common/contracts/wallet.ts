import { z } from "zod";
import { bankByCode, validAccountNumber } from "../banks.ts";
import { CursorSchema, plainText, prefixedId } from "./input.ts";
import {
  fundEntries,
  rechargeMethods,
  rechargeStates,
  subjectTypes,
  withdrawalStates,
} from "../wallet-states.ts";
import { paymentChannels } from "../payment-channels.ts";
import { ProofSchema } from "./auth.ts";
import { ChannelOfferSchema, WalletPhoneSchema } from "./payments.ts";
import { FundTypeSchema, IdempotencyKeySchema, TransferMemoKeySchema } from "./ledger.ts";

export { rechargeMethods, rechargeStates, withdrawalStates } from "../wallet-states.ts";

export const BankCardInputSchema = z
  .object({
    accountName: plainText(
      z.string().trim().min(1, "errors.bank.accountNameRequired").max(80, "errors.bank.accountNameLong"),
    ),
    bankCode: z.string().min(1, "errors.bank.selectBank").max(8, "errors.bank.selectBank"),
    accountNumber: z
      .string()
      .max(40, "errors.bank.accountNumberLength")
      .transform((s) => s.replace(/[\s-]/g, ""))
      .pipe(z.string().regex(/^\d+$/, "errors.bank.accountNumberDigits")),
    /** Adding or changing where withdrawals go asks for the payment PIN (issue 43). */
    proof: ProofSchema,
  })
  .superRefine((v, ctx) => {
    const bank = bankByCode(v.bankCode);
    if (!bank) ctx.addIssue({ code: "custom", path: ["bankCode"], message: "errors.bank.selectBank" });
    else if (!validAccountNumber(bank, v.accountNumber)) {
      ctx.addIssue({ code: "custom", path: ["accountNumber"], message: "errors.bank.accountNumberLength" });
    }
  });
export type BankCardInput = z.infer<typeof BankCardInputSchema>;

export const BankCardViewSchema = z.object({
  accountName: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
  /** Only the last four digits; the full number is shown after the PIN (`revealBankCard`). */
  maskedNumber: z.string(),
  updatedAt: z.date(),
  /** Until when withdrawals to it wait, 24 hours after it was added or changed (issue 43); null once over. */
  holdUntil: z.date().nullable(),
});
export type BankCardView = z.infer<typeof BankCardViewSchema>;

export const WalletViewSchema = z.object({
  balance: z.number().int(),
  /** In withdrawals waiting for an operator (already out of the balance). */
  pendingWithdrawals: z.number().int(),
});

export const FundRecordViewSchema = z.object({
  id: z.string(),
  kind: FundTypeSchema,
  /** What the record is, in the reader's words (fund type and direction together). */
  entry: z.enum(fundEntries),
  /** Signed from the wallet's side; 0 for a recharge that was never paid (what it asked for is `asked`). */
  amount: z.number().int(),
  /** The amount a recharge that was never paid asked for (null for every record that moved money). */
  asked: z.number().int().nullable(),
  subjectType: z.enum(subjectTypes),
  subjectId: z.string(),
  state: z.enum(["completed", "pending", "returned", "cancelled", "expired"]),
  /** An operator's reason, as typed. */
  memo: z.string().nullable(),
  /** A note the shop wrote (the demo's opening balance), shown in the reader's language. */
  memoKey: TransferMemoKeySchema.nullable(),
  at: z.date(),
});
export type FundRecordView = z.infer<typeof FundRecordViewSchema>;

export const FundHistoryInputSchema = z.object({
  kind: FundTypeSchema.optional(),
  cursor: CursorSchema.nullish(),
  limit: z.number().int().min(1).max(50).default(20),
});

export const FundHistoryViewSchema = z.object({
  items: z.array(FundRecordViewSchema),
  nextCursor: z.string().nullable(),
});

export const WithdrawInputSchema = z.object({
  amount: z.number().int("errors.withdraw.amountWhole").positive("errors.withdraw.amountWhole"),
  /** The payment PIN (issue 43). */
  proof: ProofSchema,
  idempotencyKey: IdempotencyKeySchema,
});

export const WithdrawalViewSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  fee: z.number().int(),
  /** What reaches the bank account: amount minus fee. */
  payout: z.number().int(),
  bankName: z.string(),
  maskedNumber: z.string(),
  status: z.enum(withdrawalStates),
  reason: z.string().nullable(),
  createdAt: z.date(),
  decidedAt: z.date().nullable(),
});
export type WithdrawalView = z.infer<typeof WithdrawalViewSchema>;

/** What the withdraw page needs before the user confirms. */
export const WithdrawFormViewSchema = z.object({
  balance: z.number().int(),
  min: z.number().int(),
  fee: z.number().int(),
  card: BankCardViewSchema.nullable(),
  /** Until when withdrawals wait: the card's hold or a PIN reset's (issue 43); null when they may go now. */
  holdUntil: z.date().nullable(),
});

/** The bank account's full number, shown after the PIN. */
export const BankCardNumberViewSchema = z.object({ accountNumber: z.string() });

export const RechargeInputSchema = z.object({
  amount: z.number().int("errors.recharge.amountWhole").positive("errors.recharge.amountWhole"),
  method: z.enum(paymentChannels, "errors.recharge.selectMethod"),
  phone: WalletPhoneSchema.optional(),
  idempotencyKey: IdempotencyKeySchema,
});

export const RechargeViewSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  method: z.enum(rechargeMethods),
  status: z.enum(rechargeStates),
  createdAt: z.date(),
  expiresAt: z.date(),
  completedAt: z.date().nullable(),
  /** The attempt to go back to while the recharge waits for payment. */
  attemptId: z.string().nullable(),
});
export type RechargeView = z.infer<typeof RechargeViewSchema>;

export const RechargeFormViewSchema = z.object({
  min: z.number().int(),
  max: z.number().int(),
  presets: z.array(z.number().int()),
  channels: z.array(ChannelOfferSchema),
});

/** The recharge just created, and the attempt whose screen shows how to pay it. */
export const RechargeStartViewSchema = z.object({ id: z.string(), attemptId: z.string() });

export const WithdrawalIdSchema = z.object({ id: prefixedId("wdr") });
export const RechargeIdSchema = z.object({ id: prefixedId("rch") });
export const PageInputSchema = z.object({
  cursor: CursorSchema.nullish(),
  limit: z.number().int().min(1).max(50).default(20),
});
