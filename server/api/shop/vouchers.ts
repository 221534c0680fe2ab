import {
  ClaimCodeInputSchema,
  ShopperVoucherSchema,
  VoucherIdInputSchema,
} from "#common/contracts/promotions.ts";
import { StoreIdInputSchema } from "#common/contracts/stores.ts";
import { z } from "zod";
import { claimCode } from "../../flows/promotions/claim-code.ts";
import { claimVoucher } from "../../flows/promotions/claim-voucher.ts";
import { shopperVouchers } from "../../read/vouchers.ts";
import { publicProcedure, router, shopperProcedure } from "../../trpc/init.ts";

const VoucherListSchema = z.array(ShopperVoucherSchema);

/** Vouchers for shoppers (issue 42): what can be claimed, claiming it, and their own. */
export const vouchersRouter = router({
  /** The platform's and free-shipping vouchers running now (the voucher page); claimed marks for the caller. */
  platform: publicProcedure
    .output(VoucherListSchema)
    .query(async ({ ctx }) => shopperVouchers(ctx.db, (await ctx.user())?.id ?? null, { platform: true })),
  /** A store's vouchers running now (its page, its products' pages). */
  store: publicProcedure
    .input(StoreIdInputSchema)
    .output(VoucherListSchema)
    .query(async ({ ctx, input }) =>
      shopperVouchers(ctx.db, (await ctx.user())?.id ?? null, { storeId: input.storeId }),
    ),
  /** The caller's claimed vouchers they can still use. */
  mine: shopperProcedure
    .output(VoucherListSchema)
    .query(({ ctx }) => shopperVouchers(ctx.db, ctx.user.id, { mine: true })),
  claim: shopperProcedure
    .input(VoucherIdInputSchema)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => claimVoucher(ctx, ctx.user.id, input)),
  claimCode: shopperProcedure
    .input(ClaimCodeInputSchema)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => claimCode(ctx, ctx.user.id, input)),
});
