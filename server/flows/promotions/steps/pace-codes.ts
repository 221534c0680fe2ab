import { DomainError } from "../../../platform/errors.ts";
import { RateLimitedError, type RateLimits } from "../../../platform/rate-limit.ts";

/**
 * Counts one try at a voucher code (a shopper typing one, a merchant choosing one): codes are guessable words, so
 * tries are limited per account and address (`claimCode`), refused in words when spent.
 */
export async function paceCodes(
  deps: { limits: RateLimits; clientIp: string },
  userId: string,
): Promise<void> {
  try {
    await deps.limits.consume("claimCode", { account: userId, ip: deps.clientIp });
  } catch (error) {
    if (error instanceof RateLimitedError) {
      throw new DomainError("too_many_requests", "errors.vouchers.tooManyCodes", { seconds: error.seconds });
    }
    throw error;
  }
}
