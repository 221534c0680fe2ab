import { OkViewSchema } from "#common/contracts/browsing.ts";
import {
  ManagedVoucherSchema,
  VoucherFormSchema,
  VoucherPauseInputSchema,
} from "#common/contracts/promotions.ts";
import { z } from "zod";
import { createStoreVoucher } from "../../flows/promotions/create-store-voucher.ts";
import { pauseVoucher } from "../../flows/promotions/pause-voucher.ts";
import { storeVouchers } from "../../read/vouchers.ts";
import { merchantProcedure, router } from "../../trpc/init.ts";

/** A merchant's own store vouchers (issue 42): paid by the store, never by the platform. */
export const merchantVouchersRouter = router({
  list: merchantProcedure
    .output(z.array(ManagedVoucherSchema))
    .query(({ ctx }) => storeVouchers(ctx.db, ctx.user.id)),
  create: merchantProcedure
    .input(VoucherFormSchema)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => createStoreVoucher(ctx, ctx.user.id, input)),
  pause: merchantProcedure
    .input(VoucherPauseInputSchema)
    .output(OkViewSchema)
    .mutation(({ ctx, input }) => pauseVoucher(ctx, ctx.user, input)),
});
