import type { Db } from "../../db/client.ts";
import { insertClaim, selectVoucherByCode } from "../../modules/promotions/vouchers.service.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { RateLimitedError, type RateLimits } from "../../platform/rate-limit.ts";

/**
 * A shopper types a voucher's code: a running voucher with that code is claimed. Codes are guessable words, so
 * tries are limited per account and address (`claimCode`); a wrong code and a finished voucher say so.
 */
export async function claimCode(
  deps: { db: Db; limits: RateLimits; clientIp: string },
  userId: string,
  input: { code: string },
) {
  try {
    await deps.limits.consume("claimCode", { account: userId, ip: deps.clientIp });
  } catch (error) {
    if (error instanceof RateLimitedError) {
      throw new DomainError("too_many_requests", "errors.vouchers.tooManyCodes", { seconds: error.seconds });
    }
    throw error;
  }
  const voucher = await selectVoucherByCode(deps.db, input.code);
  if (!voucher || voucher.paused) throw new DomainError("not_found", "errors.vouchers.codeUnknown");
  if (now() >= voucher.endsAt) throw new DomainError("conflict", "errors.vouchers.ended");
  await insertClaim(deps.db, voucher.id, userId);
  return { id: voucher.id };
}
