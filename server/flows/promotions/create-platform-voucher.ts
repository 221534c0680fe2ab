import { transact } from "../../db/transaction.ts";
import type { Db } from "../../db/client.ts";
import { recordAudit } from "../../modules/audit/audit.service.ts";
import { insertVoucher } from "../../modules/promotions/vouchers.service.ts";
import { now } from "../../platform/clock.ts";
import { voucherRow, type VoucherForm } from "./steps/voucher-row.ts";

/** An operator creates a platform voucher or a free-shipping voucher, paid by the platform; audited (issue 42). */
export async function createPlatformVoucher(
  deps: { db: Db },
  operatorId: string,
  input: { kind: "platform" | "shipping"; storeIds: string[] | null; voucher: VoucherForm },
) {
  return transact(deps.db, async (tx) => {
    const row = await insertVoucher(
      tx,
      voucherRow(
        input.voucher,
        { kind: input.kind, storeId: null, storeIds: input.storeIds, createdBy: operatorId },
        now(),
      ),
    );
    await recordAudit(tx, {
      actorId: operatorId,
      action: "voucher.create",
      subject: { type: "voucher", id: row.id },
      after: {
        kind: row.kind,
        code: row.code,
        amount: row.amount,
        percentBp: row.percentBp,
        budget: row.budget,
      },
    });
    return { id: row.id };
  });
}
