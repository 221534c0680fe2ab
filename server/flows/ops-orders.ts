import type { FulfilmentView } from "#common/order-states.ts";
import { selectAccountNames } from "../read/operator-views.ts";
import { fulfilmentOrders, type OrderDeps } from "../modules/orders/orders.service.ts";

/** The operator's fulfilment queues: the orders module's records with each shopper's account beside them. */
export function opsFulfilment(
  deps: OrderDeps,
  input: { view: FulfilmentView; cursor?: string | null; limit: number },
) {
  return fulfilmentOrders(deps, input, (ids) => selectAccountNames(deps.db, ids));
}
