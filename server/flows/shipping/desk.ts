import type { ShipmentStatus } from "#common/shipping.ts";
import type { Db } from "../../db/client.ts";
import { transact } from "../../db/transaction.ts";
import { recordAudit } from "../../modules/audit/audit.service.ts";
import { moveParcel } from "../../modules/courier/courier.service.ts";
import { selectShipment } from "../../modules/shipping/shipping.service.ts";
import type { CourierGateway } from "../../platform/couriers.ts";
import { DomainError } from "../../platform/errors.ts";
import type { Logger } from "../../platform/logger.ts";
import { trackNow } from "./steps/track.ts";

/**
 * The courier desk of the built-in courier (decision 21): an operator, standing in for the courier's people,
 * moves a parcel one step (picked up, in transit, delivered, refused, lost). The shop then learns of it the way
 * it learns of any courier's news: by tracking the parcel, at once. Audited, as every operator action.
 */
export async function moveBuiltInParcel(
  deps: { db: Db; courier: CourierGateway; log: Logger },
  operatorId: string,
  input: { shipmentId: string; to: ShipmentStatus },
): Promise<{ status: ShipmentStatus }> {
  const shipment = await selectShipment(deps.db, input.shipmentId);
  if (!shipment || !shipment.waybill) throw new DomainError("not_found", "errors.shipping.parcelNotFound");
  if (shipment.provider !== "table" || deps.courier.provider !== "table") {
    throw new DomainError("conflict", "errors.shipping.notBuiltIn");
  }
  const moved = await moveParcel(deps.db, shipment.waybill, input.to);
  await transact(deps.db, (tx) =>
    recordAudit(tx, {
      actorId: operatorId,
      action: "parcel.move",
      subject: { type: "order", id: shipment.orderId },
      before: { status: shipment.status },
      after: { status: moved.status, waybill: shipment.waybill },
    }),
  );
  await trackNow(deps, shipment.id);
  return { status: moved.status };
}
