import { type FulfilmentOrderView } from "#common/contracts/orders.ts";
import { courierName, type FulfilmentView } from "#common/order-states.ts";
import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { type Db } from "../db/client.ts";
import {
  countOrders,
  goodsUnpaid,
  type OrderDeps,
  ordersTable as orders,
  selectOrderPage,
} from "../modules/orders/orders.service.ts";
import { parcelMoves } from "../modules/courier/courier.service.ts";
import { orderVouchers } from "../modules/promotions/vouchers.service.ts";
import { selectShipmentsOf } from "../modules/shipping/shipping.service.ts";
import { pageOf } from "../platform/pages.ts";
import { cardViews } from "./orders.ts";
import { merchantViewOf } from "./merchant-orders.ts";
import { selectAccountNames } from "./operator-views.ts";

const fulfilmentFilter: Record<FulfilmentView, SQL | undefined> = {
  /** Paid, goods cost paid, nothing wrong: ready to ship. */
  to_ship: and(eq(orders.status, "paid"), isNotNull(orders.goodsPaidAt), isNull(orders.exception)),
  goods_unpaid: goodsUnpaid,
  shipped: eq(orders.status, "shipped"),
  exception: and(inArray(orders.status, ["paid", "shipped"]), isNotNull(orders.exception)),
  all: undefined,
};

/** Orders that a voucher took something off (its redemption reserved or given back). */
const usesVoucher = (voucherId: string) =>
  sql`exists (select 1 from ${orderVouchers} where ${orderVouchers.orderId} = ${orders.id} and ${orderVouchers.voucherId} = ${voucherId})`;

/** The operator's fulfilment queues, newest first: the orders with each shopper's account, address and goods state. */
export async function fulfilmentOrders(
  deps: OrderDeps,
  input: { view: FulfilmentView; voucherId?: string | undefined; cursor?: string | null; limit: number },
): Promise<{ items: FulfilmentOrderView[]; nextCursor: string | null }> {
  const rows = await selectOrderPage(
    deps.db,
    and(fulfilmentFilter[input.view], input.voucherId ? usesVoucher(input.voucherId) : undefined),
    input.cursor ?? undefined,
    input.limit,
  );
  const page = pageOf(rows, input.limit);
  const cards = await cardViews(deps, page.items);
  const [users, parcels] = await Promise.all([
    selectAccountNames(deps.db, [...new Set(page.items.map((o) => o.userId))]),
    selectShipmentsOf(
      deps.db,
      page.items.map((o) => o.id),
    ),
  ]);
  return {
    items: cards.map((c, i) => {
      const o = page.items[i]!;
      return {
        ...merchantViewOf(c, o),
        user: users.get(o.userId) ?? "",
        note: o.note,
        address: o.address,
        courier: o.courier ? courierName(o.courier) : null,
        trackingNumber: o.trackingNumber,
        exception: o.exception,
        serviceName: o.shipping?.serviceName ?? null,
        shipment: ((p) =>
          p
            ? {
                id: p.id,
                provider: p.provider,
                serviceName: p.serviceName,
                waybill: p.waybill,
                routingCode: p.routingCode,
                codAmount: p.codAmount,
                status: p.status,
                moves: p.provider === "table" ? [...parcelMoves[p.status]] : [],
              }
            : null)(
          parcels.shipments.find((s) => s.orderId === o.id && s.kind === "outbound" && s.providerShipmentId),
        ),
      };
    }),
    nextCursor: page.nextCursor,
  };
}

/** How many orders wait in each operator queue. */
export async function fulfilmentCounts(db: Db) {
  const [toShip, goods, exceptions] = await Promise.all([
    countOrders(db, fulfilmentFilter.to_ship),
    countOrders(db, fulfilmentFilter.goods_unpaid),
    countOrders(db, fulfilmentFilter.exception),
  ]);
  return { toShip, goodsUnpaid: goods, exception: exceptions };
}
