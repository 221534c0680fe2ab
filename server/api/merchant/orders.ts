import {
  MerchantOrderDetailViewSchema,
  MerchantOrdersInputSchema,
  MerchantOrdersViewSchema,
  OrderIdInputSchema,
  PayGoodsInputSchema,
  PayGoodsViewSchema,
} from "#common/contracts/orders.ts";
import { AfterSalesDecisionInputSchema, AfterSalesViewSchema } from "#common/contracts/returns.ts";
import { merchantOrder, merchantOrders } from "../../read/merchant-orders.ts";
import { payGoods } from "../../flows/orders/settle-goods.ts";
import { merchantDecide } from "../../flows/orders/refund.ts";
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
});
