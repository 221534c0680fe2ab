import { type AfterSalesView } from "#common/contracts/returns.ts";
import { recordAudit } from "../../modules/audit/audit.service.ts";
import { once } from "../../modules/ledger/ledger.service.ts";
import { insertEvents, lockReturn, orderEvent, updateReturn } from "../../modules/orders/orders.service.ts";
import { type Deps, returnContext } from "../../modules/orders/returns.service.ts";
import { transact } from "../../db/transaction.ts";
import {
  insertShipment,
  selectRequestShipment,
  selectShipment,
} from "../../modules/shipping/shipping.service.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import { afterSalesView as oneView } from "../../read/after-sales.ts";
import {
  bookRequestParcel,
  requestParcelOptions,
  requestParcelService,
  requestShipmentRow,
  type CourierDeps,
} from "./return-parcel.ts";

/** The services a replacement can go with to the shopper, cheapest first (the operator's ship dialog). */
export async function replacementOptions(deps: Deps & CourierDeps, id: string) {
  const context = await returnContext(deps.db, id);
  if (!context) throw new DomainError("not_found", "errors.returns.notFound");
  const options = await requestParcelOptions(deps, context.order, context.row, "replacement");
  return options.map((o) => ({
    courier: o.courier,
    service: o.service,
    serviceName: o.serviceName,
    price: o.price,
    etaMinDays: o.etaMinDays,
    etaMaxDays: o.etaMaxDays,
  }));
}

/**
 * The operator ships an approved replacement (issue 27): its parcel is booked through the courier port from
 * the warehouse to the shopper's order address, with the cheapest regular service unless the operator picked
 * one, and tracked like the order's own parcel. As for an order (ship.ts), the shipment row is written first,
 * the courier asked outside any transaction under its id, and the request marked replaced once booked; a
 * retry after a courier failure books once. Audited.
 */
export async function shipReplacement(
  deps: Deps & CourierDeps,
  operatorId: string,
  input: {
    id: string;
    service?: { courier: string; service: string } | null;
    idempotencyKey: string;
  },
): Promise<AfterSalesView> {
  const context = await returnContext(deps.db, input.id);
  if (!context) throw new DomainError("not_found", "errors.returns.notFound");
  const ready = (row: typeof context.row) => row.kind === "replacement" && row.status === "approved";
  let shipment = await selectRequestShipment(deps.db, input.id, "replacement");
  if (!shipment) {
    if (!ready(context.row)) throw new DomainError("conflict", "errors.returns.notToShip");
    const service = await requestParcelService(
      deps,
      context.order,
      context.row,
      "replacement",
      input.service,
    );
    const id = newId("shp", now().getTime());
    await transact(deps.db, async (tx) => {
      const row = await lockReturn(tx, input.id);
      if (!row || !ready(row)) throw new DomainError("conflict", "errors.returns.notToShip");
      if (await selectRequestShipment(tx, input.id, "replacement")) return;
      await insertShipment(
        tx,
        requestShipmentRow(deps.courier.provider, context.order, row, "replacement", service, id),
      );
    });
    shipment = await selectRequestShipment(deps.db, input.id, "replacement");
  }
  await bookRequestParcel(deps, shipment!.id, context.order, context.row, "errors.shipping.courierAway");
  const booked = (await selectShipment(deps.db, shipment!.id))!;
  await once(
    deps.db,
    {
      userId: operatorId,
      key: input.idempotencyKey,
      operation: "ops.shipReplacement",
      request: { id: input.id, service: input.service ?? null },
    },
    async (tx) => {
      const row = await lockReturn(tx, input.id);
      if (!row) throw new DomainError("not_found", "errors.returns.notFound");
      if (row.status === "replaced") return row.id;
      if (!ready(row)) throw new DomainError("conflict", "errors.returns.notToShip");
      await updateReturn(tx, row.id, { status: "replaced", updatedAt: now() });
      await insertEvents(tx, [
        orderEvent(row.orderId, "replacement_shipped", "operator", operatorId, {
          listingId: row.listingId,
          variantId: row.variantId,
          courier: booked.courier,
          trackingNumber: booked.waybill ?? "",
        }),
      ]);
      await recordAudit(tx, {
        actorId: operatorId,
        action: "aftersales.ship",
        subject: { type: "after_sales", id: row.id },
        after: {
          shipment: booked.id,
          courier: booked.courier,
          service: booked.service,
          waybill: booked.waybill,
        },
      });
      return row.id;
    },
  );
  return oneView(deps, input.id);
}
