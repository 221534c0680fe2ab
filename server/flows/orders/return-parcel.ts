// The parcels of after-sales requests (issue 27): a return travels from the shopper's order address back to the
// warehouse, a replacement from the warehouse to the shopper. Quoted and booked through the courier port as the
// order's own parcel is (ship.ts): the shipment row is written first, the courier is asked outside any
// transaction under the shipment's id (so a retry books once), and what it answers is written after.
import type { Db } from "../../db/client.ts";
import { transact } from "../../db/transaction.ts";
import {
  insertEvents,
  orderEvent,
  type OrderRow,
  type ReturnRow,
} from "../../modules/orders/orders.service.ts";
import { getWarehouse } from "../../modules/settings/settings.service.ts";
import { selectShipment, updateShipment } from "../../modules/shipping/shipping.service.ts";
import { addMs, hour, now } from "../../platform/clock.ts";
import { CourierError, type CourierGateway, type CourierQuote } from "../../platform/couriers.ts";
import { DomainError } from "../../platform/errors.ts";
import { scheduleJob } from "../../platform/jobs.ts";
import { createLogger } from "../../platform/logger.ts";
import { parcelItems, placeOf, selectParcelLines } from "../../read/shipping-options.ts";
import { trackEveryHours, trackJob, trackNow } from "../shipping/steps/track.ts";

export interface CourierDeps {
  db: Db;
  courier: CourierGateway;
}

/** Which way a request's parcel goes: a return to the warehouse, a replacement from it. */
async function ends(db: Db, order: OrderRow, kind: "return" | "replacement") {
  const warehouse = await getWarehouse(db);
  const shopper = {
    ...placeOf(order.address),
    name: order.address.name,
    phone: order.address.mobile,
    address: order.address.detail,
    area: order.address.area,
  };
  const shop = {
    ...placeOf(warehouse),
    name: warehouse.name,
    phone: warehouse.phone,
    address: warehouse.detail,
    area: warehouse.area,
  };
  return kind === "return" ? { origin: shopper, destination: shop } : { origin: shop, destination: shopper };
}

/** The courier services that can carry a request's item(s) its way, cheapest first. */
export async function requestParcelOptions(
  deps: CourierDeps,
  order: OrderRow,
  row: ReturnRow,
  kind: "return" | "replacement",
): Promise<CourierQuote[]> {
  const [{ origin, destination }, lines] = await Promise.all([
    ends(deps.db, order, kind),
    selectParcelLines(deps.db, order.id, { variantId: row.variantId, quantity: row.quantity }),
  ]);
  try {
    const quotes = await deps.courier.quote({ origin, destination, items: parcelItems(lines) });
    return [...quotes].sort((a, b) => a.price - b.price);
  } catch (error) {
    if (error instanceof CourierError) throw new DomainError("failed", "errors.shipping.courierAway");
    throw error;
  }
}

/**
 * The service a request's parcel is booked with: the one asked for if the courier still offers it, else the
 * cheapest regular service (the cheapest of any kind when no regular one serves the address).
 */
export async function requestParcelService(
  deps: CourierDeps,
  order: OrderRow,
  row: ReturnRow,
  kind: "return" | "replacement",
  choice?: { courier: string; service: string } | null,
): Promise<CourierQuote> {
  const options = await requestParcelOptions(deps, order, row, kind);
  if (choice) {
    const chosen = options.find((o) => o.courier === choice.courier && o.service === choice.service);
    if (!chosen) throw new DomainError("conflict", "errors.returns.serviceGone");
    return chosen;
  }
  const pick = options.find((o) => o.kind === "regular") ?? options[0];
  if (!pick) throw new DomainError("conflict", "errors.shipping.noService");
  return pick;
}

/** A shipment row for a request's parcel, not booked yet (the courier is asked after it is written). */
export function requestShipmentRow(
  provider: CourierGateway["provider"],
  order: OrderRow,
  row: ReturnRow,
  kind: "return" | "replacement",
  service: CourierQuote,
  id: string,
) {
  const at = now();
  return {
    id,
    orderId: order.id,
    kind,
    returnId: row.id,
    provider,
    courier: service.courier,
    service: service.service,
    serviceName: service.serviceName,
    providerShipmentId: null,
    waybill: null,
    routingCode: null,
    status: "booked" as const,
    price: service.price,
    codAmount: null,
    trackedAt: null,
    deliveredAt: null,
    createdAt: at,
    updatedAt: at,
  };
}

const quiet = createLogger("silent");

/**
 * Books a request's shipment with the courier unless it is booked already, then tracks it (every 6 hours, and
 * once at once for the courier's booking step). Idempotent by the shipment's id: a retry after a courier
 * failure books nothing twice. A courier that cannot be reached is `failKey`, translated; nothing is lost, the
 * shipment waits to be booked again.
 */
export async function bookRequestParcel(
  deps: CourierDeps,
  shipmentId: string,
  order: OrderRow,
  row: ReturnRow,
  failKey: "errors.returns.bookingFailed" | "errors.shipping.courierAway",
): Promise<void> {
  const shipment = await selectShipment(deps.db, shipmentId);
  if (!shipment || shipment.providerShipmentId) return;
  const kind = shipment.kind === "return" ? "return" : "replacement";
  const [{ origin, destination }, lines] = await Promise.all([
    ends(deps.db, order, kind),
    selectParcelLines(deps.db, order.id, { variantId: row.variantId, quantity: row.quantity }),
  ]);
  let booked;
  try {
    booked = await deps.courier.createShipment({
      shipmentId: shipment.id,
      courier: shipment.courier,
      service: shipment.service,
      origin,
      destination,
      items: parcelItems(lines),
      codAmount: null,
      note: `${kind === "return" ? "Retur" : "Pengganti"} pesanan ${order.code}`,
    });
  } catch (error) {
    if (error instanceof CourierError) throw new DomainError("failed", failKey);
    throw error;
  }
  await transact(deps.db, async (tx) => {
    const current = await selectShipment(tx, shipment.id, true);
    if (!current || current.providerShipmentId) return;
    const at = now();
    await updateShipment(tx, shipment.id, {
      providerShipmentId: booked.providerShipmentId,
      waybill: booked.waybill,
      routingCode: booked.label.routingCode,
      status: booked.status,
      updatedAt: at,
    });
    await scheduleJob(tx, trackJob, `${shipment.id}:1`, addMs(at, trackEveryHours * hour));
    if (kind === "return") {
      await insertEvents(tx, [
        orderEvent(order.id, "return_shipped", "system", null, {
          listingId: row.listingId,
          variantId: row.variantId,
          courier: shipment.courier,
          trackingNumber: booked.waybill ?? "",
        }),
      ]);
    }
  });
  await trackNow({ ...deps, log: quiet }, shipment.id).catch(() => undefined);
}
