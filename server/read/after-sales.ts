// After-sales requests with the parcels they travel by (issue 27): the orders module keeps the requests, the
// shipping module their parcels, the settings the warehouse a return goes back to.
import type { AfterSalesView } from "#common/contracts/returns.ts";
import type { Db } from "../db/client.ts";
import type { OrderRow } from "../modules/orders/orders.service.ts";
import {
  afterSalesOf as requestsOf,
  oneView as requestView,
  opsAfterSales as opsRequests,
  type Deps,
  type ParcelsOf,
} from "../modules/orders/returns.service.ts";
import { parcelMoves } from "../modules/courier/courier.service.ts";
import { getWarehouse } from "../modules/settings/settings.service.ts";
import { selectShipmentsOf } from "../modules/shipping/shipping.service.ts";

/**
 * The parcels of some orders' requests, and the warehouse returns go to; for the operator (`desk`), where the
 * built-in courier's desk may move each next.
 */
export function parcelsOf(db: Db, desk = false): ParcelsOf {
  return async (orderIds) => {
    const [{ shipments }, warehouse] = await Promise.all([selectShipmentsOf(db, orderIds), getWarehouse(db)]);
    return {
      parcels: shipments
        .filter((s) => s.returnId !== null)
        .map((s) => ({
          ...s,
          moves: desk && s.provider === "table" && s.providerShipmentId ? [...parcelMoves[s.status]] : [],
        })),
      warehouse: {
        name: warehouse.name,
        address: `${warehouse.detail}, ${warehouse.area} ${warehouse.postcode}`,
      },
    };
  };
}

/** The after-sales requests of one order, each with its parcel. */
export function afterSalesOf(deps: Deps, order: OrderRow): Promise<AfterSalesView[]> {
  return requestsOf(deps, order, parcelsOf(deps.db));
}

/** One request as its reader sees it, with its parcel. */
export function afterSalesView(deps: Deps, id: string): Promise<AfterSalesView> {
  return requestView(deps, id, parcelsOf(deps.db));
}

/** The operator's after-sales queues, with each request's parcel. */
export function opsAfterSales(deps: Deps, input: Parameters<typeof opsRequests>[1]) {
  return opsRequests(deps, input, parcelsOf(deps.db, true));
}
