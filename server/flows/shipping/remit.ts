import { type CodRemitInput } from "#common/contracts/shipping-ops.ts";
import { formatRupiah } from "#common/money.ts";
import { type Db } from "../../db/client.ts";
import { recordAudit } from "../../modules/audit/audit.service.ts";
import { move, once } from "../../modules/ledger/ledger.service.ts";
import { lockShipments, remittanceExists, updateShipment } from "../../modules/shipping/shipping.service.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";

/**
 * The operator records a courier's remittance of cash collected on delivery (issue 27), from its report: each
 * parcel must be a delivered cash-on-delivery parcel not remitted yet, and the amount received must be what
 * they collected, else nothing is recorded. The money arrives from outside the shop (gateway clearing, like
 * a provider's payment) and settles COD clearing parcel by parcel. Once per parcel and per reference; audited.
 */
export async function recordRemittance(
  db: Db,
  operatorId: string,
  input: CodRemitInput,
): Promise<{ parcels: number; amount: number }> {
  const ids = [...new Set(input.shipmentIds)];
  return once(
    db,
    {
      userId: operatorId,
      key: input.idempotencyKey,
      operation: "ops.cod.remit",
      request: { shipmentIds: ids, reference: input.reference, amount: input.amount },
    },
    async (tx) => {
      if (await remittanceExists(tx, input.reference)) {
        throw new DomainError("conflict", "errors.cod.remitReferenceUsed", { reference: input.reference });
      }
      const rows = await lockShipments(tx, ids);
      if (rows.length !== ids.length) throw new DomainError("not_found", "errors.cod.remitParcels");
      for (const r of rows) {
        if (r.kind !== "outbound" || r.codAmount === null || r.status !== "delivered") {
          throw new DomainError("conflict", "errors.cod.remitNotDelivered", { waybill: r.waybill ?? r.id });
        }
        if (r.codRemittedAt) {
          throw new DomainError("conflict", "errors.cod.remitDone", { waybill: r.waybill ?? r.id });
        }
      }
      const expected = rows.reduce((a, r) => a + r.codAmount!, 0);
      if (expected !== input.amount) {
        throw new DomainError("conflict", "errors.cod.remitMismatch", {
          expected: formatRupiah(expected),
          amount: formatRupiah(input.amount),
        });
      }
      const at = now();
      await move(
        tx,
        rows.map((r) => ({
          from: { platform: "gateway_clearing" as const },
          to: { platform: "cod_clearing" as const },
          amount: r.codAmount!,
          kind: "prd_order_pay" as const,
          subject: { type: "order" as const, id: r.orderId },
          step: "cod_remit",
        })),
        operatorId,
      );
      for (const r of rows) {
        await updateShipment(tx, r.id, { codRemittedAt: at, codRemittance: input.reference, updatedAt: at });
      }
      await recordAudit(tx, {
        actorId: operatorId,
        action: "cod.remit",
        subject: { type: "cod_remittance", id: input.reference },
        after: { shipments: ids, amount: input.amount },
      });
      return { parcels: rows.length, amount: expected };
    },
  );
}
