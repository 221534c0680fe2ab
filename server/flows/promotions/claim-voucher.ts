import type { Db } from "../../db/client.ts";
import { insertClaim, selectVouchers } from "../../modules/promotions/vouchers.service.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";

/**
 * A shopper claims a voucher anyone may claim ("Klaim" on the product, store or voucher page): running, not
 * paused, and without a code (one with a code is claimed by typing it). Claiming twice changes nothing.
 */
export async function claimVoucher(deps: { db: Db }, userId: string, input: { id: string }) {
  const [voucher] = await selectVouchers(deps.db, [input.id]);
  if (!voucher || voucher.code !== null) throw new DomainError("not_found", "errors.vouchers.notFound");
  const at = now();
  if (voucher.paused) throw new DomainError("conflict", "errors.vouchers.paused");
  if (at >= voucher.endsAt) throw new DomainError("conflict", "errors.vouchers.ended");
  if (voucher.usageLimit !== null && voucher.used >= voucher.usageLimit) {
    throw new DomainError("conflict", "errors.vouchers.usedUp");
  }
  await insertClaim(deps.db, voucher.id, userId);
  return { id: voucher.id };
}
