import type { ShippingServicesView } from "#common/contracts/shipping-ops.ts";
import { provinceZones } from "#common/shipping-zones.ts";
import type { Db } from "../db/client.ts";
import { listCourierServices } from "../modules/courier/rates.service.ts";
import { getWarehouse } from "../modules/settings/settings.service.ts";

/**
 * The operator's shipping page (issue 27): the built-in courier's services, and the zone of the warehouse every
 * parcel leaves from, whose rates the page opens on. Read only.
 */
export async function opsShippingServices(db: Db): Promise<ShippingServicesView> {
  const [services, warehouse] = await Promise.all([listCourierServices(db), getWarehouse(db)]);
  return {
    // The warehouse's area is checked against the official data when saved, so its province has a zone.
    originZone: provinceZones[warehouse.provinceCode] ?? "jakarta",
    originArea: warehouse.area,
    services,
  };
}
