import {
  ApproveInputSchema,
  MerchantOpsCountsSchema,
  MerchantOpsInputSchema,
  MerchantOpsViewSchema,
  ReinstateInputSchema,
  RejectInputSchema,
  StoreStatusInputSchema,
} from "#common/contracts/merchants.ts";
import { storeStatuses } from "#common/merchant-states.ts";
import { z } from "zod";
import { approveApplication, changeStoreStatus, rejectApplication } from "../../flows/merchants.ts";
import { pendingApplications } from "../../modules/merchants/merchants.service.ts";
import { listMerchantsForOps } from "../../read/merchant-centre.ts";
import { operatorProcedure, router } from "../../trpc/init.ts";

const ApprovalViewSchema = z.object({ id: z.string(), status: z.literal("approved"), storeId: z.string() });
const RejectionViewSchema = z.object({ id: z.string(), status: z.literal("rejected") });
const StoreStatusViewSchema = z.object({ storeId: z.string(), status: z.enum(storeStatuses) });

export const opsMerchantsRouter = router({
  list: operatorProcedure
    .input(MerchantOpsInputSchema)
    .output(MerchantOpsViewSchema)
    .query(({ ctx, input }) => listMerchantsForOps(ctx, input)),
  counts: operatorProcedure
    .output(MerchantOpsCountsSchema)
    .query(async ({ ctx }) => ({ pending: await pendingApplications(ctx.db) })),
  approve: operatorProcedure
    .input(ApproveInputSchema)
    .output(ApprovalViewSchema)
    .mutation(({ ctx, input }) => approveApplication(ctx, ctx.user.id, input)),
  reject: operatorProcedure
    .input(RejectInputSchema)
    .output(RejectionViewSchema)
    .mutation(({ ctx, input }) => rejectApplication(ctx.db, ctx.user.id, input)),
  suspend: operatorProcedure
    .input(StoreStatusInputSchema)
    .output(StoreStatusViewSchema)
    .mutation(({ ctx, input }) => changeStoreStatus(ctx.db, ctx.user.id, { ...input, suspend: true })),
  reinstate: operatorProcedure
    .input(ReinstateInputSchema)
    .output(StoreStatusViewSchema)
    .mutation(({ ctx, input }) =>
      changeStoreStatus(ctx.db, ctx.user.id, { ...input, suspend: false, reason: null }),
    ),
});
