import type { Tx } from "../../../db/client.ts";
import { selectOutbound, updateShipment } from "../../../modules/shipping/shipping.service.ts";
import { now } from "../../../platform/clock.ts";
import { DomainError } from "../../../platform/errors.ts";

/**
 * Before a paid order not yet shipped is cancelled by its shopper or an operator (issue 40), under the order's
 * lock: refused while its parcel is being booked with the courier, or is booked (shipping it is under way: the
 * operator finishes it, and the courier's booking would otherwise outlive the order); a parcel whose booking
 * failed, so nothing was booked, is let go with the order.
 */
export async function letGoOfParcel(tx: Tx, orderId: string): Promise<void> {
  const parcel = await selectOutbound(tx, orderId);
  if (!parcel) return;
  const booking = parcel.bookingUntil !== null && parcel.bookingUntil > now();
  if (booking || parcel.providerShipmentId) throw new DomainError("conflict", "errors.orders.beingShipped");
  await updateShipment(tx, parcel.id, { status: "cancelled", bookingUntil: null, updatedAt: now() });
}
