import { type CodRemitInput } from "#common/contracts/shipping-ops.ts";
import { formatRupiah } from "#common/money.ts";
import { type Db } from "../../db/client.ts";
import { recordAudit } from "../../modules/audit/audit.service.ts";
import { move, once, type Transfer } from "../../modules/ledger/ledger.service.ts";
import {
  allowedCodFee,
  lockShipments,
  remittanceExists,
  updateShipment,
} from "../../modules/shipping/shipping.service.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";

/**
 * The operator records a courier's remittance of cash collected on delivery (issues 27 and 40), from its report:
 * each parcel must be a delivered cash-on-delivery parcel not remitted yet; the courier may keep a fee for
 * collecting, at most what it named at booking for those parcels; and the amount received plus that fee must be
 * what they collected. Else nothing is recorded and the operator is told which figure disagrees. The money
 * arrives from outside the shop (gateway clearing, like a provider's payment) and the fee is the platform's
 * expense (COD courier fees): together they settle COD clearing parcel by parcel, to zero (decision 24). Once per
 * parcel and per reference, and once per idempotency key; audited.
 */
export async function recordRemittance(
  db: Db,
  operatorId: string,
  input: CodRemitInput,
): Promise<{ parcels: number; collected: number; fee: number; amount: number }> {
  const ids = [...new Set(input.shipmentIds)];
  return once(
    db,
    {
      userId: operatorId,
      key: input.idempotencyKey,
      operation: "ops.cod.remit",
      request: { shipmentIds: ids, reference: input.reference, amount: input.amount, fee: input.fee },
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
      const collected = rows.reduce((a, r) => a + r.codAmount!, 0);
      const allowed = rows.map(allowedCodFee);
      const allowedSum = allowed.reduce((a, b) => a + b, 0);
      if (input.fee > allowedSum) {
        throw new DomainError("conflict", "errors.cod.remitFeeTooHigh", {
          fee: formatRupiah(input.fee),
          allowed: formatRupiah(allowedSum),
        });
      }
      if (input.amount + input.fee !== collected) {
        throw new DomainError("conflict", "errors.cod.remitMismatch", {
          expected: formatRupiah(collected),
          fee: formatRupiah(input.fee),
          net: formatRupiah(collected - input.fee),
          amount: formatRupiah(input.amount),
        });
      }
      const fees = spread(input.fee, allowed);
      const at = now();
      const transfers: Transfer[] = [];
      rows.forEach((r, i) => {
        const subject = { type: "order" as const, id: r.orderId };
        // What the courier paid for this parcel (always above zero: its fee is less than what it collected)…
        transfers.push({
          from: { platform: "gateway_clearing" },
          to: { platform: "cod_clearing" },
          amount: r.codAmount! - fees[i]!,
          kind: "prd_order_pay",
          subject,
          step: "cod_remit",
        });
        // …and what it kept as its fee, the platform's cost of cash on delivery: COD clearing is even for it.
        if (fees[i]! > 0) {
          transfers.push({
            from: { platform: "cod_courier_fees" },
            to: { platform: "cod_clearing" },
            amount: fees[i]!,
            kind: "prd_order_pay",
            subject,
            step: "cod_remit_fee",
          });
        }
      });
      await move(tx, transfers, operatorId);
      for (const [i, r] of rows.entries()) {
        await updateShipment(tx, r.id, {
          codRemittedAt: at,
          codRemittance: input.reference,
          codRemittedFee: fees[i]!,
          updatedAt: at,
        });
      }
      await recordAudit(tx, {
        actorId: operatorId,
        action: "cod.remit",
        subject: { type: "cod_remittance", id: input.reference },
        after: { shipments: ids, collected, fee: input.fee, amount: input.amount },
      });
      return { parcels: rows.length, collected, fee: input.fee, amount: input.amount };
    },
  );
}

/**
 * Spreads a remittance's fee over its parcels in proportion to the fee each allows: floor plus largest
 * remainder, ties to the earlier parcel (rows come in id order). The shares sum to the fee and none exceeds
 * what its parcel allows, since the fee is at most their sum.
 */
function spread(fee: number, allowed: readonly number[]): number[] {
  const whole = BigInt(allowed.reduce((a, b) => a + b, 0));
  if (fee === 0 || whole === 0n) return allowed.map(() => 0);
  // Exact in bigints: the products may pass 2^53.
  const quotas = allowed.map((a) => BigInt(fee) * BigInt(a));
  const shares = quotas.map((q) => Number(q / whole));
  const order = quotas
    .map((q, i) => ({ i, rest: q % whole }))
    .sort((x, y) => (x.rest === y.rest ? x.i - y.i : x.rest > y.rest ? -1 : 1));
  let left = fee - shares.reduce((a, b) => a + b, 0);
  for (const { i } of order) {
    if (left === 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}
