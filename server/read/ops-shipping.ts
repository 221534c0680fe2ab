import { inArray } from "drizzle-orm";
import type { CourierProblemsView, ShippingServicesView } from "#common/contracts/shipping-ops.ts";
import { provinceZones } from "#common/shipping-zones.ts";
import type { Db } from "../db/client.ts";
import { listCourierServices } from "../modules/courier/rates.service.ts";
import { ordersTable as orders } from "../modules/orders/orders.service.ts";
import { getWarehouse } from "../modules/settings/settings.service.ts";
import { selectOpenProblems } from "../modules/shipping/shipping.service.ts";

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

/**
 * The courier problems still open (issue 40), the latest reported first, up to 100: webhooks about parcels the
 * shop does not know, and bookings of orders cancelled while they were booked. With each its order's code.
 */
export async function opsCourierProblems(db: Db): Promise<CourierProblemsView> {
  const problems = await selectOpenProblems(db, 100);
  const orderIds = [...new Set(problems.flatMap((p) => (p.orderId ? [p.orderId] : [])))];
  const codes =
    orderIds.length === 0
      ? []
      : await db
          .select({ id: orders.id, code: orders.code })
          .from(orders)
          .where(inArray(orders.id, orderIds));
  return {
    items: problems.map((p) => ({
      id: p.id,
      provider: p.provider,
      kind: p.kind,
      providerShipmentId: p.providerShipmentId,
      orderId: p.orderId,
      orderCode: codes.find((c) => c.id === p.orderId)?.code ?? null,
      providerStatus: p.providerStatus,
      waybill: p.waybill,
      detail: p.detail,
      count: p.count,
      firstAt: p.firstAt,
      lastAt: p.lastAt,
    })),
  };
}
