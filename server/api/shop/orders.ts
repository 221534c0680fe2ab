import {
  BuyAgainViewSchema,
  CheckoutQuoteInputSchema,
  CheckoutQuoteViewSchema,
  OrderActionInputSchema,
  OrderActionViewSchema,
  OrderCountsViewSchema,
  OrderDetailViewSchema,
  OrderIdInputSchema,
  OrderListInputSchema,
  OrderListViewSchema,
  PaymentIdInputSchema,
  PaymentResultViewSchema,
  PayOrderInputSchema,
  PlaceOrderInputSchema,
  PlaceOrderViewSchema,
} from "#common/contracts/orders.ts";
import { AttemptStartViewSchema } from "#common/contracts/payments.ts";
import {
  AfterSalesInputSchema,
  AfterSalesViewSchema,
  EscalateInputSchema,
} from "#common/contracts/returns.ts";
import { z } from "zod";
import { cancelOrder } from "../../flows/orders/cancel.ts";
import { buyAgain } from "../../flows/orders/buy-again.ts";
import { confirmReceipt } from "../../flows/orders/confirm.ts";
import { getOrder, getPaymentResult, listOrders, orderCounts } from "../../read/orders.ts";
import { payOrder } from "../../flows/orders/pay.ts";
import { placeOrders } from "../../flows/orders/place.ts";
import { quoteCheckout } from "../../read/checkout-quote.ts";
import { escalateAfterSales, requestAfterSales } from "../../flows/orders/return.ts";
import { router, shopperProcedure } from "../../trpc/init.ts";

/** The shopper's checkout and orders: every call acts on the caller's own orders only. */
export const ordersRouter = router({
  quote: shopperProcedure
    .input(CheckoutQuoteInputSchema)
    .output(CheckoutQuoteViewSchema)
    .query(({ ctx, input }) => quoteCheckout(ctx, ctx.user.id, input)),
  place: shopperProcedure
    .input(PlaceOrderInputSchema)
    .output(PlaceOrderViewSchema)
    .mutation(({ ctx, input }) => placeOrders(ctx, ctx.user.id, input)),
  pay: shopperProcedure
    .input(PayOrderInputSchema)
    .output(AttemptStartViewSchema.extend({ attemptId: z.string().nullable() }))
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
    .mutation(({ ctx, input }) => cancelOrder(ctx, ctx.user.id, input)),
  confirm: shopperProcedure
    .input(OrderActionInputSchema)
    .output(OrderActionViewSchema)
    .mutation(({ ctx, input }) => confirmReceipt(ctx.db, ctx.user.id, input)),
  /** "Beli lagi": a finished or cancelled order's products back into the cart, as many as are in stock. */
  buyAgain: shopperProcedure
    .input(OrderIdInputSchema)
    .output(BuyAgainViewSchema)
    .mutation(({ ctx, input }) => buyAgain(ctx.db, ctx.user.id, input.id)),
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
