import {
  MerchantOrderDetailViewSchema,
  MerchantOrdersInputSchema,
  MerchantOrdersViewSchema,
  OrderIdInputSchema,
  PayGoodsInputSchema,
  PayGoodsViewSchema,
} from "#common/contracts/orders.ts";
import {
  AfterSalesDecisionInputSchema,
  AfterSalesViewSchema,
  ReturnIdInputSchema,
  ReturnQuoteViewSchema,
} from "#common/contracts/returns.ts";
import { merchantOrder, merchantOrders } from "../../read/merchant-orders.ts";
import { payGoods } from "../../flows/orders/settle-goods.ts";
import { bookReturn, merchantDecide, returnQuote } from "../../flows/orders/refund.ts";
import { merchantProcedure, router } from "../../trpc/init.ts";

/** A merchant's order centre: its own store's orders only. */
export const merchantOrdersRouter = router({
  list: merchantProcedure
    .input(MerchantOrdersInputSchema)
    .output(MerchantOrdersViewSchema)
    .query(({ ctx, input }) => merchantOrders(ctx, ctx.user.id, input)),
  get: merchantProcedure
    .input(OrderIdInputSchema)
    .output(MerchantOrderDetailViewSchema)
    .query(({ ctx, input }) => merchantOrder(ctx, ctx.user.id, input.id)),
  payGoods: merchantProcedure
    .input(PayGoodsInputSchema)
    .output(PayGoodsViewSchema)
    .mutation(({ ctx, input }) => payGoods(ctx.db, ctx.user.id, input)),
  /** Approves or refuses a return or replacement of the store's own order. */
  decideAfterSales: merchantProcedure
    .input(AfterSalesDecisionInputSchema)
    .output(AfterSalesViewSchema)
    .mutation(({ ctx, input }) => merchantDecide(ctx, ctx.user.id, input)),
  /** What approving a return of the store's order would refund, with the return postage quoted now. */
  returnQuote: merchantProcedure
    .input(ReturnIdInputSchema)
    .output(ReturnQuoteViewSchema)
    .query(({ ctx, input }) => returnQuote(ctx, { merchantId: ctx.user.id }, input.id)),
  /** Books an approved return's parcel again after the courier could not be reached. */
  bookReturn: merchantProcedure
    .input(ReturnIdInputSchema)
    .output(AfterSalesViewSchema)
    .mutation(({ ctx, input }) => bookReturn(ctx, { merchantId: ctx.user.id }, input.id)),
});
