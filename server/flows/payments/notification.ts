import type { Db } from "../../db/client.ts";
import { recordEvent } from "../../modules/payments/payments.service.ts";
import type { Logger } from "../../platform/logger.ts";
import type { PaymentGateway } from "../../platform/payments.ts";
import type { RateLimits } from "../../platform/rate-limit.ts";
import { applyProviderEvent, type EventOutcome } from "./apply.ts";

/** What became of a notification; the provider is told to stop sending it unless the shop failed. */
export type NotificationOutcome = EventOutcome | "forged" | "unreadable";

/**
 * A provider's notification, from the address `from`. Nothing is read before its signature (or token) is
 * verified; then it is applied once, and recorded raw with what the shop made of it, whatever that was: a
 * forged, unreadable or unmatched notification is kept for the operator, never dropped.
 *
 * It is limited by what verification found (issue 40): a genuine one counts in the provider's bucket and its
 * address's, one that fails verification in buckets of its own (its address's, and all forgeries' of the
 * provider), so no number of forgeries makes a genuine notification wait. Throws `RateLimitedError` when its
 * bucket is spent, before anything is recorded. Of a forged body only a short beginning and its SHA-256 are
 * kept.
 */
export async function applyNotification(
  deps: { db: Db; gateway: PaymentGateway; log: Logger; limits: RateLimits },
  body: string,
  headers: Headers,
  from: string,
): Promise<NotificationOutcome> {
  const provider = deps.gateway.provider;
  const read = await deps.gateway.readNotification(body, headers);
  await deps.limits.consume(read === "forged" ? "notifyForged" : "notify", { account: provider, ip: from });
  if (read === "forged" || read === "unreadable") {
    deps.log.warn(
      { provider },
      `payment notification ${read === "forged" ? "with a bad signature" : "not understood"}`,
    );
    // Nothing in an unreadable one is understood: it is kept short. Of a forged one, which anyone may send,
    // recordEvent keeps its beginning and the hash of the whole.
    await recordEvent(deps.db, {
      provider,
      source: "notification",
      outcome: read,
      body: read === "forged" ? body : body.slice(0, 2048),
    });
    return read;
  }
  const outcome = await applyProviderEvent(deps, read);
  await recordEvent(deps.db, {
    provider,
    source: "notification",
    outcome,
    attemptId: read.attemptId,
    providerStatus: read.providerStatus,
    amount: read.amount,
    body,
  });
  return outcome;
}
