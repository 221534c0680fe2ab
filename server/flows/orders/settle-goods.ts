import { and, eq, inArray } from "drizzle-orm";
import { type Db } from "../../db/client.ts";
import { once } from "../../modules/ledger/ledger.service.ts";
import { goodsUnpaid, lockOrders, ordersTable as orders } from "../../modules/orders/orders.service.ts";
import { DomainError } from "../../platform/errors.ts";
import { ownStore } from "../../read/merchant-orders.ts";
import { payGoodsOf } from "./steps/goods.ts";

/**
 * The merchant pays the goods cost of its paid orders (the ones named, or all still waiting) from its
 * balance, all or none: "Insufficient balance" when short. Idempotent by key.
 */
export async function payGoods(
  db: Db,
  merchantId: string,
  input: { orderIds?: string[]; idempotencyKey: string },
): Promise<{ paid: number; amount: number }> {
  return once(
    db,
    {
      userId: merchantId,
      key: input.idempotencyKey,
      operation: "orders.payGoods",
      request: { orderIds: input.orderIds ?? null },
    },
    async (tx) => {
      const store = await ownStore(tx, merchantId);
      const toPay = await lockOrders(
        tx,
        and(
          eq(orders.storeId, store.id),
          goodsUnpaid,
          input.orderIds ? inArray(orders.id, input.orderIds) : undefined,
        ),
      );
      if (toPay.length === 0) throw new DomainError("conflict", "errors.orders.noGoodsDue");
      await payGoodsOf(tx, merchantId, toPay, "merchant", merchantId);
      return { paid: toPay.length, amount: toPay.reduce((s, o) => s + o.goodsCost, 0) };
    },
  );
}
