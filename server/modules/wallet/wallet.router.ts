import { z } from "zod";
import {
  AdjustInputSchema,
  AdjustViewSchema,
  AuditInputSchema,
  AuditViewSchema,
  DecideWithdrawalInputSchema,
  DecisionViewSchema,
  LedgerViewSchema,
  OpsRechargesInputSchema,
  OpsRechargesViewSchema,
  OpsWithdrawalsInputSchema,
  OpsWithdrawalsViewSchema,
  RejectWithdrawalInputSchema,
  TransfersInputSchema,
  TransfersViewSchema,
  WalletAccountsInputSchema,
  WalletAccountsViewSchema,
} from "#common/contracts/ops.ts";
import {
  BankCardInputSchema,
  BankCardViewSchema,
  FundHistoryInputSchema,
  FundHistoryViewSchema,
  RechargeFormViewSchema,
  RechargeInputSchema,
  RechargeStartViewSchema,
  RechargeViewSchema,
  WalletViewSchema,
  WithdrawalViewSchema,
  WithdrawFormViewSchema,
  WithdrawInputSchema,
  PageInputSchema,
  RechargeIdSchema,
  WithdrawalIdSchema,
} from "#common/contracts/wallet.ts";
import {
  opsAdjust,
  opsLedger,
  opsRecharges,
  opsTransfers,
  opsWalletAccounts,
  opsWithdrawals,
} from "../../flows/ops-money.ts";
import { operatorProcedure, router, signedInProcedure } from "../../trpc/init.ts";
import { listAudit } from "../audit/audit.service.ts";
import {
  approveWithdrawal,
  fundHistory,
  getBankCard,
  getRecharge,
  getWithdrawal,
  myWithdrawals,
  rechargeForm,
  rejectWithdrawal,
  removeBankCard,
  requestWithdrawal,
  saveBankCard,
  startRecharge,
  walletSummary,
  withdrawForm,
} from "./wallet.service.ts";

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
    .mutation(({ ctx, input }) => saveBankCard(ctx.db, ctx.user.id, input)),
  removeBankCard: signedInProcedure
    .output(z.object({ removed: z.literal(true) }))
    .mutation(async ({ ctx }) => {
      await removeBankCard(ctx.db, ctx.user.id);
      return { removed: true as const };
    }),
  withdrawForm: signedInProcedure
    .output(WithdrawFormViewSchema)
    .query(({ ctx }) => withdrawForm(ctx.db, ctx.user.id)),
  withdraw: signedInProcedure
    .input(WithdrawInputSchema)
    .output(WithdrawalViewSchema)
    .mutation(async ({ ctx, input }) => {
      const { id } = await requestWithdrawal(ctx.db, ctx.user.id, input);
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
  rechargeForm: signedInProcedure.output(RechargeFormViewSchema).query(({ ctx }) => rechargeForm(ctx.db)),
  recharge: signedInProcedure
    .input(RechargeInputSchema)
    .output(RechargeStartViewSchema)
    .mutation(({ ctx, input }) => startRecharge(ctx, ctx.user.id, input)),
  rechargeStatus: signedInProcedure
    .input(RechargeIdSchema)
    .output(RechargeViewSchema)
    .query(({ ctx, input }) => getRecharge(ctx.db, ctx.user.id, input.id)),
});

/** The operator's money area: withdrawals, recharges, the ledger, adjustments and the audit log. */
export const opsMoneyRouter = router({
  withdrawals: operatorProcedure
    .input(OpsWithdrawalsInputSchema)
    .output(OpsWithdrawalsViewSchema)
    .query(({ ctx, input }) => opsWithdrawals(ctx.db, input)),
  approveWithdrawal: operatorProcedure
    .input(DecideWithdrawalInputSchema)
    .output(DecisionViewSchema)
    .mutation(({ ctx, input }) => approveWithdrawal(ctx.db, ctx.user.id, input)),
  rejectWithdrawal: operatorProcedure
    .input(RejectWithdrawalInputSchema)
    .output(DecisionViewSchema)
    .mutation(({ ctx, input }) => rejectWithdrawal(ctx.db, ctx.user.id, input)),
  recharges: operatorProcedure
    .input(OpsRechargesInputSchema)
    .output(OpsRechargesViewSchema)
    .query(({ ctx, input }) => opsRecharges(ctx.db, input)),
  ledger: operatorProcedure.output(LedgerViewSchema).query(({ ctx }) => opsLedger(ctx.db)),
  transfers: operatorProcedure
    .input(TransfersInputSchema)
    .output(TransfersViewSchema)
    .query(({ ctx, input }) => opsTransfers(ctx.db, input)),
  wallets: operatorProcedure
    .input(WalletAccountsInputSchema)
    .output(WalletAccountsViewSchema)
    .query(({ ctx, input }) => opsWalletAccounts(ctx.db, input)),
  adjust: operatorProcedure
    .input(AdjustInputSchema)
    .output(AdjustViewSchema)
    .mutation(({ ctx, input }) => opsAdjust(ctx.db, ctx.user.id, input)),
  audit: operatorProcedure
    .input(AuditInputSchema)
    .output(AuditViewSchema)
    .query(({ ctx, input }) => listAudit(ctx.db, input)),
});
