import type { Db } from "../../db/client.ts";
import { insertClaim, selectVoucherByCode } from "../../modules/promotions/vouchers.service.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { type RateLimits } from "../../platform/rate-limit.ts";
import { paceCodes } from "./steps/pace-codes.ts";

/**
 * A shopper types a voucher's code: a running voucher with that code is claimed. Codes are guessable words, so
 * tries are limited per account and address (`claimCode`); a wrong code and a finished voucher say so.
 */
export async function claimCode(
  deps: { db: Db; limits: RateLimits; clientIp: string },
  userId: string,
  input: { code: string },
) {
  await paceCodes(deps, userId);
  const voucher = await selectVoucherByCode(deps.db, input.code);
  if (!voucher || voucher.paused) throw new DomainError("not_found", "errors.vouchers.codeUnknown");
  if (now() >= voucher.endsAt) throw new DomainError("conflict", "errors.vouchers.ended");
  await insertClaim(deps.db, voucher.id, userId);
  return { id: voucher.id };
}
