import { OkViewSchema } from "#common/contracts/browsing.ts";
import {
  FlashEnrolSchema,
  FlashItemIdInputSchema,
  FlashSaleFormSchema,
  FlashSlotInputSchema,
  ManagedFlashSaleSchema,
} from "#common/contracts/flash.ts";
import { z } from "zod";
import { addFlashSlot } from "../../flows/promotions/add-flash-slot.ts";
import { createFlashSale } from "../../flows/promotions/create-flash-sale.ts";
import { enrolFlashItem } from "../../flows/promotions/enrol-flash-item.ts";
import { removeFlashItem } from "../../flows/promotions/remove-flash-item.ts";
import { managedFlashSales } from "../../read/flash.ts";
import { operatorProcedure, router } from "../../trpc/init.ts";

const Created = z.object({ id: z.string() });

/** Flash-sale events, their slots and items, as the operator runs them (issue 42); every change audited. */
export const opsFlashRouter = router({
  list: operatorProcedure
    .output(z.array(ManagedFlashSaleSchema))
    .query(({ ctx }) => managedFlashSales(ctx.db, ctx.lang)),
  create: operatorProcedure
    .input(FlashSaleFormSchema)
    .output(Created)
    .mutation(({ ctx, input }) => createFlashSale(ctx, ctx.user.id, input)),
  addSlot: operatorProcedure
    .input(FlashSlotInputSchema)
    .output(Created)
    .mutation(({ ctx, input }) => addFlashSlot(ctx, ctx.user.id, input)),
  enrol: operatorProcedure
    .input(FlashEnrolSchema)
    .output(Created)
    .mutation(({ ctx, input }) => enrolFlashItem(ctx, { id: ctx.user.id, role: "operator" }, input)),
  remove: operatorProcedure
    .input(FlashItemIdInputSchema)
    .output(OkViewSchema)
    .mutation(async ({ ctx, input }) => {
      await removeFlashItem(ctx, { id: ctx.user.id, role: "operator" }, input.id);
      return { ok: true as const };
    }),
});
