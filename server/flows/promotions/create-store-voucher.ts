import type { Db } from "../../db/client.ts";
import { insertVoucher } from "../../modules/promotions/vouchers.service.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { selectStoreOfOwner } from "../../read/order-lines.ts";
import { voucherRow, type VoucherForm } from "./steps/voucher-row.ts";

/** A merchant creates a voucher of their own store, paid by the store (issue 42). */
export async function createStoreVoucher(deps: { db: Db }, merchantId: string, form: VoucherForm) {
  const store = await selectStoreOfOwner(deps.db, merchantId);
  if (!store) throw new DomainError("forbidden", "errors.merchant.notMerchant");
  const row = await insertVoucher(
    deps.db,
    voucherRow(form, { kind: "store", storeId: store.id, storeIds: null, createdBy: merchantId }, now()),
  );
  return { id: row.id };
}
