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
import { opsAdjust } from "../../flows/wallet/adjust.ts";
import {
  opsLedger,
  opsRecharges,
  opsTransfers,
  opsWalletAccounts,
  opsWithdrawals,
} from "../../read/ops-money.ts";
import { listAudit } from "../../read/operator-views.ts";
import { approveWithdrawal, rejectWithdrawal } from "../../flows/wallet/decide-withdrawal.ts";
import { operatorProcedure, router } from "../../trpc/init.ts";

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
