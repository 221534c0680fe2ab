import {
  ExceptionInputSchema,
  FulfilmentInputSchema,
  FulfilmentViewSchema,
  OrderActionViewSchema,
  ShipInputSchema,
} from "#common/contracts/orders.ts";
import { z } from "zod";
import { MoveParcelInputSchema } from "#common/contracts/shipping.ts";
import { shipmentStatuses } from "#common/shipping.ts";
import { moveBuiltInParcel } from "../../flows/shipping/desk.ts";
import { fulfilmentCounts, fulfilmentOrders } from "../../read/fulfilment.ts";
import { markException } from "../../flows/orders/exception.ts";
import { operatorCancel } from "../../flows/orders/cancel.ts";
import { shipOrder } from "../../flows/orders/ship.ts";
import { operatorProcedure, router } from "../../trpc/init.ts";

/** The operator's fulfilment: ship, mark an exception, cancel with a reason. */
export const opsOrdersRouter = router({
  list: operatorProcedure
    .input(FulfilmentInputSchema)
    .output(FulfilmentViewSchema)
    .query(({ ctx, input }) => fulfilmentOrders(ctx, input)),
  counts: operatorProcedure
    .output(
      z.object({ toShip: z.number().int(), goodsUnpaid: z.number().int(), exception: z.number().int() }),
    )
    .query(({ ctx }) => fulfilmentCounts(ctx.db)),
  ship: operatorProcedure
    .input(ShipInputSchema)
    .output(OrderActionViewSchema)
    .mutation(({ ctx, input }) => shipOrder(ctx, ctx.user.id, input)),
  /** The built-in courier's desk: move a parcel one step (decision 21). */
  moveParcel: operatorProcedure
    .input(MoveParcelInputSchema)
    .output(z.object({ status: z.enum(shipmentStatuses) }))
    .mutation(({ ctx, input }) => moveBuiltInParcel(ctx, ctx.user.id, input)),
  exception: operatorProcedure
    .input(ExceptionInputSchema)
    .output(OrderActionViewSchema)
    .mutation(({ ctx, input }) => markException(ctx.db, ctx.user.id, input)),
  cancel: operatorProcedure
    .input(ExceptionInputSchema)
    .output(OrderActionViewSchema)
    .mutation(({ ctx, input }) => operatorCancel(ctx, ctx.user.id, input)),
});
