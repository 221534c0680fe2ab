import {
  CheckoutQuoteInputSchema,
  CheckoutQuoteViewSchema,
  ExceptionInputSchema,
  FulfilmentInputSchema,
  FulfilmentViewSchema,
  MerchantOrdersInputSchema,
  MerchantOrdersViewSchema,
  OrderActionInputSchema,
  OrderActionViewSchema,
  OrderCountsViewSchema,
  OrderDetailViewSchema,
  MerchantOrderDetailViewSchema,
  OrderIdInputSchema,
  OrderListInputSchema,
  OrderListViewSchema,
  PayGoodsInputSchema,
  PayGoodsViewSchema,
  PayOrderInputSchema,
  PaymentIdInputSchema,
  PaymentResultViewSchema,
  PlaceOrderInputSchema,
  PlaceOrderViewSchema,
  ShipInputSchema,
} from "#common/contracts/orders.ts";
import {
  AfterSalesDecisionInputSchema,
  AfterSalesInputSchema,
  AfterSalesListViewSchema,
  AfterSalesViewSchema,
  EscalateInputSchema,
  OpsAfterSalesInputSchema,
  ShipReplacementInputSchema,
} from "#common/contracts/returns.ts";
import { z } from "zod";
import { opsFulfilment } from "../../flows/ops-orders.ts";
import { merchantProcedure, operatorProcedure, router, shopperProcedure } from "../../trpc/init.ts";
import {
  cancelOrder,
  confirmReceipt,
  fulfilmentCounts,
  getOrder,
  getPaymentResult,
  listOrders,
  markException,
  merchantOrder,
  merchantOrders,
  operatorCancel,
  orderCounts,
  payGoods,
  payOrder,
  placeOrders,
  quoteCheckout,
  shipOrder,
} from "./orders.service.ts";
import {
  afterSalesCounts,
  escalateAfterSales,
  merchantDecide,
  operatorDecide,
  opsAfterSales,
  requestAfterSales,
  shipReplacement,
} from "./returns.service.ts";

/** The shopper's checkout and orders: every call acts on the caller's own orders only. */
export const ordersRouter = router({
  quote: shopperProcedure
    .input(CheckoutQuoteInputSchema)
    .output(CheckoutQuoteViewSchema)
    .query(({ ctx, input }) => quoteCheckout(ctx, ctx.user.id, input.lines)),
  place: shopperProcedure
    .input(PlaceOrderInputSchema)
    .output(PlaceOrderViewSchema)
    .mutation(({ ctx, input }) => placeOrders(ctx, ctx.user.id, input)),
  pay: shopperProcedure
    .input(PayOrderInputSchema)
    .output(z.object({ redirectUrl: z.string().nullable() }))
    .mutation(({ ctx, input }) => payOrder(ctx, ctx.user.id, input)),
  payment: shopperProcedure
    .input(PaymentIdInputSchema)
    .output(PaymentResultViewSchema)
    .query(({ ctx, input }) => getPaymentResult(ctx.db, ctx.user.id, input.id)),
  list: shopperProcedure
    .input(OrderListInputSchema)
    .output(OrderListViewSchema)
    .query(({ ctx, input }) => listOrders(ctx, ctx.user.id, input)),
  counts: shopperProcedure.output(OrderCountsViewSchema).query(({ ctx }) => orderCounts(ctx.db, ctx.user.id)),
  get: shopperProcedure
    .input(OrderIdInputSchema)
    .output(OrderDetailViewSchema)
    .query(({ ctx, input }) => getOrder(ctx, ctx.user.id, input.id)),
  cancel: shopperProcedure
    .input(OrderActionInputSchema)
    .output(OrderActionViewSchema)
    .mutation(({ ctx, input }) => cancelOrder(ctx.db, ctx.user.id, input)),
  confirm: shopperProcedure
    .input(OrderActionInputSchema)
    .output(OrderActionViewSchema)
    .mutation(({ ctx, input }) => confirmReceipt(ctx.db, ctx.user.id, input)),
  /** Asks to return or replace an item of a completed order (multipart form: fields and up to 3 photos). */
  requestAfterSales: shopperProcedure
    .input(AfterSalesInputSchema)
    .output(AfterSalesViewSchema)
    .mutation(({ ctx, input }) => requestAfterSales(ctx, ctx.user.id, input)),
  /** Passes a request the store refused to the operator. */
  escalate: shopperProcedure
    .input(EscalateInputSchema)
    .output(AfterSalesViewSchema)
    .mutation(({ ctx, input }) => escalateAfterSales(ctx, ctx.user.id, input)),
});

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

/** The operator's fulfilment: ship, mark an exception, cancel with a reason. */
export const opsOrdersRouter = router({
  list: operatorProcedure
    .input(FulfilmentInputSchema)
    .output(FulfilmentViewSchema)
    .query(({ ctx, input }) => opsFulfilment(ctx, input)),
  counts: operatorProcedure
    .output(
      z.object({ toShip: z.number().int(), goodsUnpaid: z.number().int(), exception: z.number().int() }),
    )
    .query(({ ctx }) => fulfilmentCounts(ctx.db)),
  ship: operatorProcedure
    .input(ShipInputSchema)
    .output(OrderActionViewSchema)
    .mutation(({ ctx, input }) => shipOrder(ctx.db, ctx.user.id, input)),
  exception: operatorProcedure
    .input(ExceptionInputSchema)
    .output(OrderActionViewSchema)
    .mutation(({ ctx, input }) => markException(ctx.db, ctx.user.id, input)),
  cancel: operatorProcedure
    .input(ExceptionInputSchema)
    .output(OrderActionViewSchema)
    .mutation(({ ctx, input }) => operatorCancel(ctx.db, ctx.user.id, input)),
});

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
