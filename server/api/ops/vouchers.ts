import { OkViewSchema } from "#common/contracts/browsing.ts";
import {
  ManagedVoucherSchema,
  PlatformVoucherFormSchema,
  VoucherPauseInputSchema,
} from "#common/contracts/promotions.ts";
import { z } from "zod";
import { createPlatformVoucher } from "../../flows/promotions/create-platform-voucher.ts";
import { pauseVoucher } from "../../flows/promotions/pause-voucher.ts";
import { platformVouchers } from "../../read/vouchers.ts";
import { operatorProcedure, router } from "../../trpc/init.ts";

/** The platform's vouchers and free-shipping vouchers (issue 42), paid by the platform; every change audited. */
export const opsVouchersRouter = router({
  list: operatorProcedure.output(z.array(ManagedVoucherSchema)).query(({ ctx }) => platformVouchers(ctx.db)),
  create: operatorProcedure
    .input(PlatformVoucherFormSchema)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => createPlatformVoucher(ctx, ctx.user.id, input)),
  pause: operatorProcedure
    .input(VoucherPauseInputSchema)
    .output(OkViewSchema)
    .mutation(({ ctx, input }) => pauseVoucher(ctx, ctx.user, input)),
});
