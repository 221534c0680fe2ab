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
  selectOutbound,
  updateShipment,
  type ShipmentRow,
} from "../../modules/shipping/shipping.service.ts";
import { addMs, hour, now } from "../../platform/clock.ts";
import { CourierError, type CourierGateway } from "../../platform/couriers.ts";
import { DomainError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import { scheduleJob } from "../../platform/jobs.ts";
import { parcelItems, placeOf, selectParcelLines, shippingOptions } from "../../read/shipping-options.ts";
import { trackEveryHours, trackJob, trackNow } from "../shipping/track.ts";
import { createLogger } from "../../platform/logger.ts";

/**
 * The operator ships an order whose goods cost is paid: the shopper's courier service is booked through the
 * courier port (a waybill and the label's routing code come back) and the order is shipped. The receipt window
 * waits for the parcel: the order confirms itself the receipt window after the courier says "delivered", or,
 * if no courier ever says so, after the service's longest estimate plus the window. Audited. Idempotent by key;
 * booking is idempotent by the shipment's id, so a retry after a courier failure books nothing twice.
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
    const booked = await selectOutbound(tx, order.id);
    if (booked) return booked;
    if (order.status !== "paid" || !order.goodsPaidAt)
      throw new DomainError("conflict", "errors.ship.notReady");
    const service = order.shipping ?? (await cheapestNow(deps, order));
    const at = now();
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
      trackedAt: null,
      deliveredAt: null,
      createdAt: at,
      updatedAt: at,
    };
    await insertShipment(tx, row);
    return row as ShipmentRow;
  });
  const booking = shipment.providerShipmentId ? null : await book(deps, shipment);
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
      if (booking) {
        await updateShipment(tx, shipment.id, { ...booking, updatedAt: at });
      }
      const waybill = booking?.waybill ?? shipment.waybill ?? null;
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
      return { id: order.id, status: "shipped" as const };
    },
  );
  // What the courier already knows (its booking step) shows at once; if it cannot say now, the job asks later.
  await trackNow({ ...deps, log: quiet }, shipment.id).catch(() => undefined);
  return shipped;
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
