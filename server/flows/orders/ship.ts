import { eq } from "drizzle-orm";
import { type Db } from "../../db/client.ts";
import { transact } from "../../db/transaction.ts";
import { recordAudit } from "../../modules/audit/audit.service.ts";
import { once } from "../../modules/ledger/ledger.service.ts";
import {
  autoConfirmJob,
  grandTotalOf,
  insertEvents,
  lockOrders,
  orderEvent,
  ordersTable as orders,
  updateOrder,
  type OrderRow,
} from "../../modules/orders/orders.service.ts";
import { getMoneySettings, getWarehouse } from "../../modules/settings/settings.service.ts";
import {
  insertShipment,
  recordProblem,
  recordSteps,
  selectOutbound,
  selectShipment,
  updateShipment,
  type ShipmentRow,
} from "../../modules/shipping/shipping.service.ts";
import { notifyUser } from "../../modules/notifications/inbox.service.ts";
import { scheduleConfirmReminder } from "./steps/notices.ts";
import { addMs, hour, now } from "../../platform/clock.ts";
import { CourierError, type CourierGateway } from "../../platform/couriers.ts";
import { DomainError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import { scheduleJob } from "../../platform/jobs.ts";
import { parcelItems, placeOf, selectParcelLines, shippingOptions } from "../../read/shipping-options.ts";
import { trackEveryHours, trackJob, trackNow } from "../shipping/steps/track.ts";
import { createLogger } from "../../platform/logger.ts";

/**
 * How long an order is held for the courier's booking of its parcel: cancelling it is refused meanwhile. Longer
 * than any booking call may take (Biteship's times out after 15 s); a booking that failed lets go at once.
 */
export const bookingHoldMs = 2 * 60_000;

/**
 * The operator ships an order whose goods cost is paid: the shopper's courier service is booked through the
 * courier port (a waybill and the label's routing code come back) and the order is shipped. The receipt window
 * waits for the parcel: the order confirms itself the receipt window after the courier says "delivered", or,
 * if no courier ever says so, after the service's longest estimate plus the window. Audited. Idempotent by key;
 * booking is idempotent by the shipment's id, so a retry after a courier failure books nothing twice.
 *
 * Booking is a step with its compensation (issue 40). The courier is asked outside any transaction, so the
 * transaction that starts it holds the order for it (`bookingUntil`): a shopper's or operator's cancel is refused
 * until the booking is recorded or has failed. An order cancelled anyway meanwhile (a payment the provider took
 * back cancels whatever is under way) gets its booking cancelled at the courier again, recorded on the
 * shipment and for the operator on /ops/shipping, and so does a booking the courier would not cancel.
 */
export async function shipOrder(
  deps: { db: Db; courier: CourierGateway },
  operatorId: string,
  input: { id: string; idempotencyKey: string },
): Promise<{ id: string; status: "shipped" }> {
  const { db } = deps;
  const shipment = await transact(db, async (tx) => {
    const [order] = await lockOrders(tx, eq(orders.id, input.id));
    if (!order) throw new DomainError("not_found", "errors.orders.notFound");
    const standing = await selectOutbound(tx, order.id);
    if (standing?.providerShipmentId) return standing;
    if (order.status !== "paid" || !order.goodsPaidAt)
      throw new DomainError("conflict", "errors.ship.notReady");
    const at = now();
    const bookingUntil = addMs(at, bookingHoldMs);
    if (standing) {
      // A booking that failed, or one another tap is making right now, is asked again under the same id: the
      // courier answers the same booking.
      await updateShipment(tx, standing.id, { bookingUntil, updatedAt: at });
      return { ...standing, bookingUntil };
    }
    const service = order.shipping ?? (await cheapestNow(deps, order));
    const row = {
      id: newId("shp", at.getTime()),
      orderId: order.id,
      kind: "outbound" as const,
      returnId: null,
      provider: deps.courier.provider,
      courier: service.courier,
      service: service.service,
      serviceName: service.serviceName,
      providerShipmentId: null,
      waybill: null,
      routingCode: null,
      status: "booked" as const,
      price: order.postage,
      // Cash on delivery: the courier collects the total and the fee at the door.
      codAmount: order.paymentMethod === "cod" ? grandTotalOf(order) : null,
      bookingUntil,
      trackedAt: null,
      deliveredAt: null,
      createdAt: at,
      updatedAt: at,
    };
    await insertShipment(tx, row);
    return row as ShipmentRow;
  });
  if (!shipment.providerShipmentId) {
    const booking = await book(deps, shipment).catch(async (error: unknown) => {
      // Nothing was recorded: the order is free to be shipped again, or cancelled.
      await transact(db, (tx) => updateShipment(tx, shipment.id, { bookingUntil: null, updatedAt: now() }));
      throw error;
    });
    // The booking is recorded whatever became of the order meanwhile, under the order's lock, unless another tap
    // recorded it first (the same booking; tracking may have moved it on since); a parcel let go with its order
    // (the hold ran out) stays cancelled.
    const wanted = await transact(db, async (tx) => {
      const [order] = await lockOrders(tx, eq(orders.id, input.id));
      const current = await selectShipment(tx, shipment.id, true);
      const { status, ...booked } = booking;
      if (!current?.providerShipmentId) {
        await updateShipment(tx, shipment.id, {
          ...booked,
          ...(current?.status === "cancelled" ? {} : { status }),
          bookingUntil: null,
          updatedAt: now(),
        });
      }
      // Still to ship, or shipped meanwhile by another tap with this very parcel (the same booking).
      if (order!.status === "shipped") return current?.status !== "cancelled";
      return order!.status === "paid" && order!.goodsPaidAt !== null;
    });
    Object.assign(shipment, booking);
    if (!wanted) {
      await undoBooking(deps, operatorId, shipment);
      throw new DomainError("conflict", "errors.ship.cancelledMeanwhile");
    }
  }
  const settings = await getMoneySettings(db);
  const shipped = await once(
    db,
    {
      userId: operatorId,
      key: input.idempotencyKey,
      operation: "ops.orders.ship",
      request: { id: input.id },
    },
    async (tx) => {
      const [order] = await lockOrders(tx, eq(orders.id, input.id));
      if (!order) throw new DomainError("not_found", "errors.orders.notFound");
      if (order.status === "shipped" && order.trackingNumber)
        return { id: order.id, status: "shipped" as const };
      if (order.status !== "paid" || !order.goodsPaidAt)
        throw new DomainError("conflict", "errors.ship.notReady");
      const at = now();
      const waybill = shipment.waybill ?? null;
      const etaMaxDays = order.shipping?.etaMaxDays ?? 0;
      const autoConfirmAt = addMs(at, (etaMaxDays + settings.receiptDays) * 24 * hour);
      await updateOrder(tx, order.id, {
        status: "shipped",
        courier: shipment.courier,
        trackingNumber: waybill,
        shippedAt: at,
        autoConfirmAt,
        updatedAt: at,
      });
      await scheduleJob(tx, autoConfirmJob, order.id, autoConfirmAt);
      await scheduleConfirmReminder(tx, order.id, autoConfirmAt);
      await scheduleJob(tx, trackJob, `${shipment.id}:1`, addMs(at, trackEveryHours * hour));
      await insertEvents(tx, [
        orderEvent(order.id, "shipped", "operator", operatorId, {
          courier: shipment.courier,
          trackingNumber: waybill ?? "",
        }),
      ]);
      await recordAudit(tx, {
        actorId: operatorId,
        action: "order.ship",
        subject: { type: "order", id: order.id },
        before: { status: "paid" },
        after: { status: "shipped", courier: shipment.courier, service: shipment.service, waybill },
      });
      // The shopper is told (issue 44), with the shipment: a rolled-back shipment tells nobody.
      await notifyUser(tx, {
        userId: order.userId,
        category: "orders",
        kind: "orderShipped",
        params: {
          code: order.code,
          courier: shipment.serviceName ?? shipment.courier,
          waybill: waybill ?? "",
        },
        link: `/h5/order/detail?id=${order.id}`,
      });
      return { id: order.id, status: "shipped" as const };
    },
  );
  // What the courier already knows (its booking step) shows at once; if it cannot say now, the job asks later.
  await trackNow({ ...deps, log: quiet }, shipment.id).catch(() => undefined);
  return shipped;
}

/**
 * The compensation of booking: the order was cancelled while its parcel was being booked, so the booking is
 * cancelled at the courier. Done, the shipment is cancelled with a step saying why; refused (the courier has
 * the parcel) or unanswered, it stays booked and the operator is told to end it. Either way it is recorded for
 * the operator and audited.
 */
async function undoBooking(
  deps: { db: Db; courier: CourierGateway },
  operatorId: string,
  shipment: ShipmentRow,
) {
  const [order] = await deps.db
    .select({ code: orders.code })
    .from(orders)
    .where(eq(orders.id, shipment.orderId));
  const reason = `Pesanan ${order!.code} dibatalkan sebelum paket diserahkan`;
  const refusal = await deps.courier
    .cancel({
      shipmentId: shipment.id,
      providerShipmentId: shipment.providerShipmentId!,
      waybill: shipment.waybill,
      courier: shipment.courier,
      reason,
    })
    .then(
      () => null,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
  await transact(deps.db, async (tx) => {
    const locked = await selectShipment(tx, shipment.id, true);
    if (!refusal && locked) {
      await recordSteps(tx, locked, [
        { status: "cancelled", providerStatus: "cancelled", note: reason, at: now() },
      ]);
    }
    await recordProblem(tx, {
      provider: shipment.provider,
      kind: refusal ? "booking_live" : "booking_cancelled",
      providerShipmentId: shipment.providerShipmentId!,
      shipmentId: shipment.id,
      orderId: shipment.orderId,
      providerStatus: refusal ? shipment.status : "cancelled",
      waybill: shipment.waybill,
      detail: refusal ?? reason,
    });
    await recordAudit(tx, {
      actorId: operatorId,
      action: "shipment.cancel_booking",
      subject: { type: "order", id: shipment.orderId },
      before: { shipment: shipment.id, status: "booked" },
      after: { cancelled: !refusal, ...(refusal ? { refusal } : {}) },
    });
  });
}

const quiet = createLogger("silent");

/** Books a shipment with the courier: what the shipment row learns from it. */
async function book(deps: { db: Db; courier: CourierGateway }, shipment: ShipmentRow) {
  const [warehouse, lines] = await Promise.all([
    getWarehouse(deps.db),
    selectParcelLines(deps.db, shipment.orderId),
  ]);
  const [order] = await deps.db
    .select({ address: orders.address, code: orders.code })
    .from(orders)
    .where(eq(orders.id, shipment.orderId));
  const address = order!.address;
  try {
    const booked = await deps.courier.createShipment({
      shipmentId: shipment.id,
      courier: shipment.courier,
      service: shipment.service,
      origin: {
        ...placeOf(warehouse),
        name: warehouse.name,
        phone: warehouse.phone,
        address: warehouse.detail,
        area: warehouse.area,
      },
      destination: {
        ...placeOf(address),
        name: address.name,
        phone: address.mobile,
        address: address.detail,
        area: address.area,
      },
      items: parcelItems(lines),
      codAmount: shipment.codAmount,
      note: `Pesanan ${order!.code}`,
    });
    return {
      providerShipmentId: booked.providerShipmentId,
      waybill: booked.waybill,
      routingCode: booked.label.routingCode,
      status: booked.status,
      // Cash on delivery: what the courier will keep of the cash as its fee, the most a remittance may deduct.
      codCourierFee: shipment.codAmount === null ? null : booked.codFee,
    };
  } catch (error) {
    if (error instanceof CourierError) throw new DomainError("failed", "errors.shipping.courierAway");
    throw error;
  }
}

/** An order placed before courier choice: its cheapest service now. */
async function cheapestNow(deps: { db: Db; courier: CourierGateway }, order: OrderRow) {
  const lines = await selectParcelLines(deps.db, order.id);
  const options = await shippingOptions(deps, order.address, [{ storeId: order.storeId, lines }]);
  const cheapest = options.get(order.storeId)?.[0];
  if (!cheapest) throw new DomainError("conflict", "errors.shipping.noService");
  return cheapest;
}
