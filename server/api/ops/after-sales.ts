import {
  AfterSalesDecisionInputSchema,
  AfterSalesListViewSchema,
  AfterSalesViewSchema,
  OpsAfterSalesInputSchema,
  RefundNowInputSchema,
  ReturnIdInputSchema,
  ReturnQuoteViewSchema,
  ServiceOptionsViewSchema,
  ShipReplacementInputSchema,
} from "#common/contracts/returns.ts";
import { z } from "zod";
import { afterSalesCounts } from "../../modules/orders/returns.service.ts";
import { opsAfterSales } from "../../read/after-sales.ts";
import { bookReturn, operatorDecide, refundNow, returnQuote } from "../../flows/orders/refund.ts";
import { replacementOptions, shipReplacement } from "../../flows/orders/replace.ts";
import { operatorProcedure, router } from "../../trpc/init.ts";

/**
 * The operator's after-sales: escalated requests to decide, approved replacements to ship, returns travelling
 * back or waiting for their refund.
 */
export const opsAfterSalesRouter = router({
  list: operatorProcedure
    .input(OpsAfterSalesInputSchema)
    .output(AfterSalesListViewSchema)
    .query(({ ctx, input }) => opsAfterSales(ctx, input)),
  counts: operatorProcedure
    .output(
      z.object({ escalated: z.number().int(), toReplace: z.number().int(), toRefund: z.number().int() }),
    )
    .query(({ ctx }) => afterSalesCounts(ctx.db)),
  /** What approving an escalated return would refund, with the return postage quoted now. */
  quote: operatorProcedure
    .input(ReturnIdInputSchema)
    .output(ReturnQuoteViewSchema)
    .query(({ ctx, input }) => returnQuote(ctx, "operator", input.id)),
  decide: operatorProcedure
    .input(AfterSalesDecisionInputSchema)
    .output(AfterSalesViewSchema)
    .mutation(({ ctx, input }) => operatorDecide(ctx, ctx.user.id, input)),
  /** Books an approved return's parcel again after the courier could not be reached. */
  bookReturn: operatorProcedure
    .input(ReturnIdInputSchema)
    .output(AfterSalesViewSchema)
    .mutation(({ ctx, input }) => bookReturn(ctx, "operator", input.id)),
  /** Refunds a return without waiting for its parcel, with a reason (audited). */
  refundNow: operatorProcedure
    .input(RefundNowInputSchema)
    .output(AfterSalesViewSchema)
    .mutation(({ ctx, input }) => refundNow(ctx, ctx.user.id, input)),
  /** The courier services a replacement can go with. */
  services: operatorProcedure
    .input(ReturnIdInputSchema)
    .output(ServiceOptionsViewSchema)
    .query(({ ctx, input }) => replacementOptions(ctx, input.id)),
  ship: operatorProcedure
    .input(ShipReplacementInputSchema)
    .output(AfterSalesViewSchema)
    .mutation(({ ctx, input }) => shipReplacement(ctx, ctx.user.id, input)),
});
