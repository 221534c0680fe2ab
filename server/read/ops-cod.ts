import { type CodLedgerView } from "#common/contracts/shipping-ops.ts";
import { inArray } from "drizzle-orm";
import { type Db } from "../db/client.ts";
import { platformBalance } from "../modules/ledger/ledger.service.ts";
import { ordersTable as orders } from "../modules/orders/orders.service.ts";
import {
  allowedCodFee,
  selectCodUnremitted,
  selectRemittances,
} from "../modules/shipping/shipping.service.ts";

/**
 * What couriers owe for cash they collected on delivery (issue 27): COD clearing's balance, the delivered
 * parcels not remitted yet (oldest first, up to 500), and the latest 20 remittances recorded.
 */
export async function codLedger(db: Db): Promise<CodLedgerView> {
  const [balance, parcels, remittances] = await Promise.all([
    platformBalance(db, "cod_clearing"),
    selectCodUnremitted(db, 500),
    selectRemittances(db, 20),
  ]);
  const codes =
    parcels.length === 0
      ? []
      : await db
          .select({ id: orders.id, code: orders.code })
          .from(orders)
          .where(
            inArray(
              orders.id,
              parcels.map((p) => p.orderId),
            ),
          );
  return {
    owed: -balance,
    parcels: parcels.map((p) => ({
      shipmentId: p.id,
      orderId: p.orderId,
      orderCode: codes.find((c) => c.id === p.orderId)?.code ?? "",
      courier: p.courier,
      serviceName: p.serviceName,
      waybill: p.waybill,
      codAmount: p.codAmount!,
      courierFee: allowedCodFee(p),
      deliveredAt: p.deliveredAt,
    })),
    remittances,
  };
}
