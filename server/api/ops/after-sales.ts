import {
  AfterSalesDecisionInputSchema,
  AfterSalesListViewSchema,
  AfterSalesViewSchema,
  OpsAfterSalesInputSchema,
  ShipReplacementInputSchema,
} from "#common/contracts/returns.ts";
import { z } from "zod";
import { afterSalesCounts, opsAfterSales } from "../../modules/orders/returns.service.ts";
import { operatorDecide } from "../../flows/orders/refund.ts";
import { shipReplacement } from "../../flows/orders/replace.ts";
import { operatorProcedure, router } from "../../trpc/init.ts";

/** The operator's after-sales: escalated requests to decide, approved replacements to ship. */
export const opsAfterSalesRouter = router({
  list: operatorProcedure
    .input(OpsAfterSalesInputSchema)
    .output(AfterSalesListViewSchema)
    .query(({ ctx, input }) => opsAfterSales(ctx, input)),
  counts: operatorProcedure
    .output(z.object({ escalated: z.number().int(), toReplace: z.number().int() }))
    .query(({ ctx }) => afterSalesCounts(ctx.db)),
  decide: operatorProcedure
    .input(AfterSalesDecisionInputSchema)
    .output(AfterSalesViewSchema)
    .mutation(({ ctx, input }) => operatorDecide(ctx, ctx.user.id, input)),
  ship: operatorProcedure
    .input(ShipReplacementInputSchema)
    .output(AfterSalesViewSchema)
    .mutation(({ ctx, input }) => shipReplacement(ctx, ctx.user.id, input)),
});
