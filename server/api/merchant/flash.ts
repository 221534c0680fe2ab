import { OkViewSchema } from "#common/contracts/browsing.ts";
import { FlashEnrolSchema, FlashItemIdInputSchema, ManagedFlashSaleSchema } from "#common/contracts/flash.ts";
import { z } from "zod";
import { enrolFlashItem } from "../../flows/promotions/enrol-flash-item.ts";
import { removeFlashItem } from "../../flows/promotions/remove-flash-item.ts";
import { merchantFlashSales } from "../../read/flash.ts";
import { merchantProcedure, router } from "../../trpc/init.ts";

/** A merchant's part in flash sales (issue 42): the slots to come and running, and their own store's items. */
export const merchantFlashRouter = router({
  sales: merchantProcedure
    .output(z.array(ManagedFlashSaleSchema))
    .query(({ ctx }) => merchantFlashSales(ctx.db, ctx.lang, ctx.user.id)),
  enrol: merchantProcedure
    .input(FlashEnrolSchema)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => enrolFlashItem(ctx, { id: ctx.user.id, role: "merchant" }, input)),
  remove: merchantProcedure
    .input(FlashItemIdInputSchema)
    .output(OkViewSchema)
    .mutation(async ({ ctx, input }) => {
      await removeFlashItem(ctx, { id: ctx.user.id, role: "merchant" }, input.id);
      return { ok: true as const };
    }),
});
