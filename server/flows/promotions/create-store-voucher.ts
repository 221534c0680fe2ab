import type { Db } from "../../db/client.ts";
import { insertVoucher } from "../../modules/promotions/vouchers.service.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { type RateLimits } from "../../platform/rate-limit.ts";
import { paceCodes } from "./steps/pace-codes.ts";
import { selectStoreOfOwner } from "../../read/order-lines.ts";
import { voucherRow, type VoucherForm } from "./steps/voucher-row.ts";

/**
 * A merchant creates a voucher of their own store, paid by the store (issue 42). A code is counted against the
 * same limit as a shopper's typed codes: "that code is taken" would otherwise let anyone probe for codes.
 */
export async function createStoreVoucher(
  deps: { db: Db; limits?: RateLimits; clientIp?: string },
  merchantId: string,
  form: VoucherForm,
) {
  const store = await selectStoreOfOwner(deps.db, merchantId);
  if (!store) throw new DomainError("forbidden", "errors.merchant.notMerchant");
  if (form.code !== null && deps.limits)
    await paceCodes({ limits: deps.limits, clientIp: deps.clientIp ?? "" }, merchantId);
  const row = await insertVoucher(
    deps.db,
    voucherRow(form, { kind: "store", storeId: store.id, storeIds: null, createdBy: merchantId }, now()),
  );
  return { id: row.id };
}
