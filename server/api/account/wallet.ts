import {
  BankCardInputSchema,
  BankCardNumberViewSchema,
  BankCardViewSchema,
  FundHistoryInputSchema,
  FundHistoryViewSchema,
  PageInputSchema,
  RechargeFormViewSchema,
  RechargeIdSchema,
  RechargeInputSchema,
  RechargeStartViewSchema,
  RechargeViewSchema,
  WalletViewSchema,
  WithdrawalIdSchema,
  WithdrawalViewSchema,
  WithdrawFormViewSchema,
  WithdrawInputSchema,
} from "#common/contracts/wallet.ts";
import { z } from "zod";
import { fundHistory, rechargeForm, walletSummary, withdrawForm } from "../../read/wallet.ts";
import { ProofInputSchema } from "#common/contracts/auth.ts";
import {
  getBankCard,
  getRecharge,
  getWithdrawal,
  myWithdrawals,
} from "../../modules/wallet/wallet.service.ts";
import { bindBankCard, revealBankCard, unbindBankCard } from "../../flows/wallet/bank-card.ts";
import { openAttemptOf } from "../../read/payments.ts";
import { requestWithdrawal } from "../../flows/wallet/withdraw.ts";
import { startRecharge } from "../../flows/wallet/recharge.ts";
import { router, signedInProcedure } from "../../trpc/init.ts";

/** Every signed-in user's wallet: merchants and shoppers alike. */
export const walletRouter = router({
  summary: signedInProcedure.output(WalletViewSchema).query(({ ctx }) => walletSummary(ctx.db, ctx.user.id)),
  history: signedInProcedure
    .input(FundHistoryInputSchema)
    .output(FundHistoryViewSchema)
    .query(({ ctx, input }) => fundHistory(ctx.db, ctx.user.id, input)),
  bankCard: signedInProcedure
    .output(BankCardViewSchema.nullable())
    .query(({ ctx }) => getBankCard(ctx.db, ctx.user.id)),
  saveBankCard: signedInProcedure
    .input(BankCardInputSchema)
    .output(BankCardViewSchema)
    .mutation(({ ctx, input }) => bindBankCard(ctx, ctx.user.id, input)),
  removeBankCard: signedInProcedure
    .input(ProofInputSchema)
    .output(z.object({ removed: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await unbindBankCard(ctx, ctx.user.id, input.proof);
      return { removed: true as const };
    }),
  /** The full account number, after the PIN (issue 43); the views show only its last four digits. */
  revealBankCard: signedInProcedure
    .input(ProofInputSchema)
    .output(BankCardNumberViewSchema)
    .mutation(({ ctx, input }) => revealBankCard(ctx, ctx.user.id, input.proof)),
  withdrawForm: signedInProcedure
    .output(WithdrawFormViewSchema)
    .query(({ ctx }) => withdrawForm(ctx.db, ctx.user.id)),
  withdraw: signedInProcedure
    .input(WithdrawInputSchema)
    .output(WithdrawalViewSchema)
    .mutation(async ({ ctx, input }) => {
      const { id } = await requestWithdrawal(ctx, ctx.user.id, input);
      return getWithdrawal(ctx.db, ctx.user.id, id);
    }),
  withdrawals: signedInProcedure
    .input(PageInputSchema)
    .output(z.object({ items: z.array(WithdrawalViewSchema), nextCursor: z.string().nullable() }))
    .query(({ ctx, input }) => myWithdrawals(ctx.db, ctx.user.id, input)),
  withdrawal: signedInProcedure
    .input(WithdrawalIdSchema)
    .output(WithdrawalViewSchema)
    .query(({ ctx, input }) => getWithdrawal(ctx.db, ctx.user.id, input.id)),
  rechargeForm: signedInProcedure
    .output(RechargeFormViewSchema)
    .query(({ ctx }) => rechargeForm(ctx.db, ctx.gateway)),
  recharge: signedInProcedure
    .input(RechargeInputSchema)
    .output(RechargeStartViewSchema)
    .mutation(({ ctx, input }) => startRecharge(ctx, ctx.user.id, input)),
  rechargeStatus: signedInProcedure
    .input(RechargeIdSchema)
    .output(RechargeViewSchema)
    .query(({ ctx, input }) =>
      getRecharge(ctx.db, ctx.user.id, input.id, (id) => openAttemptOf(ctx.db, id, true)),
    ),
});
