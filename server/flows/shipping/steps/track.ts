import { and, eq } from "drizzle-orm";
import type { CodSettings } from "#common/contracts/settings.ts";
import { parcelExceptions, type ParcelException } from "#common/order-states.ts";
import { finalShipmentStatuses, type ShipmentStatus } from "#common/shipping.ts";
import type { Db, Tx } from "../../../db/client.ts";
import { transact } from "../../../db/transaction.ts";
import {
  autoConfirmJob,
  insertEvents,
  lockOrders,
  orderEvent,
  ordersTable as orders,
  updateOrder,
} from "../../../modules/orders/orders.service.ts";
import { getCodSettings, getMoneySettings } from "../../../modules/settings/settings.service.ts";
import { recordSteps, selectShipment, type ShipmentRow } from "../../../modules/shipping/shipping.service.ts";
import { addMs, hour, now } from "../../../platform/clock.ts";
import type { CourierGateway, TrackingStep } from "../../../platform/couriers.ts";
import { scheduleJob } from "../../../platform/jobs.ts";
import { returnParcelMoved } from "../../orders/steps/return-refund.ts";
import type { Logger } from "../../../platform/logger.ts";
import { codDue, collectCod, returnRefusedCod } from "../../orders/steps/cod.ts";
import { scheduleConfirmReminder, tellShopper } from "../../orders/steps/notices.ts";

/** The `shipment.track` job: `<shipment>:<n>`, the n-th time a parcel on its way is asked after. */
export const trackJob = "shipment.track";
/** A parcel is asked after every 6 hours, for at most 60 days. */
export const trackEveryHours = 6;
const maxPolls = (60 * 24) / trackEveryHours;

export interface TrackDeps {
  db: Db;
  courier: CourierGateway;
  log: Logger;
}

const exceptionOf: Partial<Record<ShipmentStatus, ParcelException>> = {
  lost: "parcel_lost",
  returning: "parcel_returning",
  returned: "parcel_returned",
};

/**
 * Records a shipment's steps and, when its status moved, what that means for its order, in one transaction
 * under the shipment's and the order's locks. Delivered: the receipt window starts now (the order confirms
 * itself at its end) and a parcel exception is cleared; a cash-on-delivery order is paid by what the courier
 * collected. Lost, refused or returned: the order is marked for the operator, who refunds it; a
 * cash-on-delivery parcel back with the sender unpaid cancels its order by itself. Steps already known change
 * nothing, however often and in whatever order they come.
 */
export async function applySteps(db: Db, shipmentId: string, steps: readonly TrackingStep[]) {
  const [settings, cod] = await Promise.all([getMoneySettings(db), getCodSettings(db)]);
  return transact(db, async (tx) => {
    const shipment = await selectShipment(tx, shipmentId, true);
    if (!shipment) return null;
    const { movedTo, at } = await recordSteps(tx, shipment, steps);
    if (movedTo && at && shipment.kind === "outbound") {
      await moveOrder(tx, shipment, movedTo, at, { receiptDays: settings.receiptDays, cod });
    }
    // A return parcel back at the warehouse: its goods return to stock and the return is refunded (issue 27).
    if (movedTo && shipment.kind === "return") await returnParcelMoved(tx, shipment, movedTo);
    return movedTo;
  });
}

async function moveOrder(
  tx: Tx,
  shipment: ShipmentRow,
  to: ShipmentStatus,
  at: Date,
  settings: { receiptDays: number; cod: CodSettings },
) {
  const [order] = await lockOrders(tx, and(eq(orders.id, shipment.orderId), eq(orders.status, "shipped")));
  if (!order) return;
  const clearing = order.exception && (parcelExceptions as readonly string[]).includes(order.exception);
  if (to === "returned" && codDue(order)) {
    await returnRefusedCod(tx, order, shipment.price, settings.cod);
    return;
  }
  if (to === "delivered") {
    await collectCod(tx, order, at);
    const autoConfirmAt = addMs(at, settings.receiptDays * 24 * hour);
    await updateOrder(tx, order.id, {
      autoConfirmAt,
      ...(clearing ? { exception: null } : {}),
      updatedAt: now(),
    });
    await scheduleJob(tx, autoConfirmJob, `${order.id}:delivered`, autoConfirmAt);
    await insertEvents(tx, [
      orderEvent(order.id, "delivered", "system", null, { trackingNumber: shipment.waybill ?? "" }),
    ]);
    // The shopper is told, and reminded a day before the order confirms itself (issue 44).
    await tellShopper(tx, order, "orderDelivered", { count: settings.receiptDays });
    await scheduleConfirmReminder(tx, order.id, autoConfirmAt);
    return;
  }
  // The milestones a shopper waits for (issue 44): the courier has the parcel (its first move after booking,
  // whatever the courier calls it), and it is out for delivery. A step heard again moves nothing, so tells nobody.
  if (shipment.status === "booked" && (to === "picked_up" || to === "in_transit")) {
    await tellShopper(tx, order, "orderPickedUp", { courier: shipment.serviceName ?? shipment.courier });
  }
  if (to === "out_for_delivery") await tellShopper(tx, order, "orderOutForDelivery");
  const exception = exceptionOf[to];
  // An operator's own note stays; a parcel problem replaces an earlier parcel problem.
  if (exception && (!order.exception || clearing)) {
    await updateOrder(tx, order.id, { exception, updatedAt: now() });
    await insertEvents(tx, [orderEvent(order.id, "exception", "system", null, { note: exception })]);
  }
}

/**
 * The `shipment.track` job: asks the courier where a parcel is and applies what it says, then asks again
 * later while the parcel is still on its way. A parcel of another provider than the shop's now is left alone.
 */
export async function trackShipment(deps: TrackDeps, subject: string): Promise<void> {
  const [shipmentId, n] = subject.split(":");
  const shipment = await selectShipment(deps.db, shipmentId!);
  if (!shipment || !shipment.providerShipmentId || shipment.provider !== deps.courier.provider) return;
  if (finalShipmentStatuses.includes(shipment.status)) return;
  const view = await deps.courier.track({
    shipmentId: shipment.id,
    providerShipmentId: shipment.providerShipmentId,
    waybill: shipment.waybill,
    courier: shipment.courier,
  });
  await applySteps(deps.db, shipment.id, view.steps);
  const poll = Number(n ?? 1);
  if (!finalShipmentStatuses.includes(view.status) && poll < maxPolls) {
    await transact(deps.db, (tx) =>
      scheduleJob(tx, trackJob, `${shipment.id}:${poll + 1}`, addMs(now(), trackEveryHours * hour)),
    );
  }
}

/** Tracks a shipment at once (the courier desk moved it; an operator asks). */
export async function trackNow(deps: TrackDeps, shipmentId: string): Promise<void> {
  await trackShipment(deps, `${shipmentId}:0`);
}
