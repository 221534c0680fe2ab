import { type AfterSalesView } from "#common/contracts/returns.ts";
import { type CourierCode } from "#common/order-states.ts";
import { recordAudit } from "../../modules/audit/audit.service.ts";
import { once } from "../../modules/ledger/ledger.service.ts";
import { insertEvents, lockReturn, orderEvent, updateReturn } from "../../modules/orders/orders.service.ts";
import { type Deps, oneView } from "../../modules/orders/returns.service.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";

/** The operator ships an approved replacement (courier, tracking number); audited. */
export async function shipReplacement(
  deps: Deps,
  operatorId: string,
  input: { id: string; courier: CourierCode; trackingNumber: string; idempotencyKey: string },
): Promise<AfterSalesView> {
  await once(
    deps.db,
    {
      userId: operatorId,
      key: input.idempotencyKey,
      operation: "ops.shipReplacement",
      request: { id: input.id, courier: input.courier, trackingNumber: input.trackingNumber },
    },
    async (tx) => {
      const row = await lockReturn(tx, input.id);
      if (!row) throw new DomainError("not_found", "errors.returns.notFound");
      if (row.kind !== "replacement" || row.status !== "approved") {
        throw new DomainError("conflict", "errors.returns.notToShip");
      }
      await updateReturn(tx, row.id, {
        status: "replaced",
        courier: input.courier,
        trackingNumber: input.trackingNumber,
        updatedAt: now(),
      });
      await insertEvents(tx, [
        orderEvent(row.orderId, "replacement_shipped", "operator", operatorId, {
          listingId: row.listingId,
          courier: input.courier,
          trackingNumber: input.trackingNumber,
        }),
      ]);
      await recordAudit(tx, {
        actorId: operatorId,
        action: "aftersales.ship",
        subject: { type: "after_sales", id: row.id },
        after: { courier: input.courier, trackingNumber: input.trackingNumber },
      });
      return row.id;
    },
  );
  return oneView(deps, input.id);
}
