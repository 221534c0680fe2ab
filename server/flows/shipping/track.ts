// A courier's webhook, as a use case: the tracking machinery it drives is the step lent to orders
// (./steps/track.ts).
import {
  closeUnknownProblem,
  recordProblem,
  selectByProviderId,
  selectShipment,
} from "../../modules/shipping/shipping.service.ts";
import type { CourierEvent } from "../../platform/couriers.ts";
import { applySteps, type TrackDeps } from "./steps/track.ts";

/**
 * A webhook from the courier, verified by the adapter: its step is applied to the shipment it names (by the
 * shop's id it echoes, else the courier's id). Answers what happened, for the log and the courier's retry.
 * One about a parcel the shop has no shipment for is recorded for the operator (/ops/shipping, issue 40), once
 * per courier booking however often it is resent: a live booking nobody at the shop knows of costs money and
 * may carry goods. It closes by itself when a later webhook about the parcel applies (a booking whose answer
 * was still on its way when the courier's first webhook came).
 */
export async function applyCourierEvent(
  deps: TrackDeps,
  event: CourierEvent,
): Promise<"applied" | "unknown"> {
  const shipment =
    (event.shipmentId ? await selectShipment(deps.db, event.shipmentId) : undefined) ??
    (await selectByProviderId(deps.db, deps.courier.provider, event.providerShipmentId));
  if (!shipment) {
    await recordProblem(deps.db, {
      provider: deps.courier.provider,
      kind: "unknown_shipment",
      providerShipmentId: event.providerShipmentId,
      shipmentId: event.shipmentId,
      providerStatus: event.step.providerStatus,
      waybill: event.waybill,
      detail: event.step.note,
    });
    return "unknown";
  }
  await applySteps(deps.db, shipment.id, [event.step]);
  await closeUnknownProblem(deps.db, deps.courier.provider, event.providerShipmentId);
  return "applied";
}
