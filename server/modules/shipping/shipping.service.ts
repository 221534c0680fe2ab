import { finalShipmentStatuses, type ShipmentStatus } from "#common/shipping.ts";
import type { Tx } from "../../db/client.ts";
import { now } from "../../platform/clock.ts";
import type { TrackingStep } from "../../platform/couriers.ts";
import { insertEventsOnce, selectLatestEvent, updateShipment, type ShipmentRow } from "./shipping.queries.ts";

/** The shipping module's records, for the flows and reads above it (rule 4: only through the service). */
export {
  insertShipment,
  lockShipments,
  selectByProviderId,
  selectCodUnremitted,
  selectRemittances,
  remittanceExists,
  selectOutbound,
  selectRequestShipment,
  selectShipment,
  selectShipmentsOf,
  updateShipment,
  type ShipmentEventRow,
  type ShipmentRow,
} from "./shipping.queries.ts";

/**
 * Records a shipment's tracking steps, each once, in the caller's transaction (the shipment's row locked by
 * it). Steps come twice, late and out of order, by webhook and by polling: the shipment's status is the step
 * that happened last, and a status couriers do not leave (delivered, returned, lost, cancelled) is kept.
 * Answers the status the shipment moved to, or null when it did not move.
 */
export async function recordSteps(
  tx: Tx,
  shipment: ShipmentRow,
  steps: readonly TrackingStep[],
): Promise<{ movedTo: ShipmentStatus | null; at: Date | null }> {
  const at = now();
  await insertEventsOnce(
    tx,
    steps.map((s) => ({
      shipmentId: shipment.id,
      status: s.status,
      providerStatus: s.providerStatus,
      note: s.note.slice(0, 500),
      at: s.at,
      recordedAt: at,
    })),
  );
  if (finalShipmentStatuses.includes(shipment.status)) return { movedTo: null, at: null };
  const latest = await selectLatestEvent(tx, shipment.id);
  if (!latest || latest.status === shipment.status) return { movedTo: null, at: null };
  await updateShipment(tx, shipment.id, {
    status: latest.status,
    updatedAt: at,
    ...(latest.status === "delivered" ? { deliveredAt: latest.at } : {}),
  });
  return { movedTo: latest.status, at: latest.at };
}

/**
 * The most a courier may keep of a COD parcel's cash as its fee: what it named at booking, and always less than
 * what it collected (0 when it named none, or the parcel collects nothing).
 */
export function allowedCodFee(shipment: Pick<ShipmentRow, "codAmount" | "codCourierFee">): number {
  if (shipment.codAmount === null) return 0;
  return Math.max(0, Math.min(shipment.codCourierFee ?? 0, shipment.codAmount - 1));
}
