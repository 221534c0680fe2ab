import type { Db } from "../../db/client.ts";
import { recordEvent } from "../../modules/payments/payments.service.ts";
import type { Logger } from "../../platform/logger.ts";
import type { PaymentGateway } from "../../platform/payments.ts";
import { applyProviderEvent, type EventOutcome } from "./apply.ts";

/** What became of a notification; the provider is told to stop sending it unless the shop failed. */
export type NotificationOutcome = EventOutcome | "forged" | "unreadable";

/**
 * A provider's notification. Nothing is read before its signature (or token) is verified; then it is
 * applied once, and recorded raw with what the shop made of it, whatever that was: a forged, unreadable or
 * unmatched notification is kept for the operator, never dropped.
 */
export async function applyNotification(
  deps: { db: Db; gateway: PaymentGateway; log: Logger },
  body: string,
  headers: Headers,
): Promise<NotificationOutcome> {
  const provider = deps.gateway.provider;
  const read = await deps.gateway.readNotification(body, headers);
  if (read === "forged" || read === "unreadable") {
    deps.log.warn(
      { provider },
      `payment notification ${read === "forged" ? "with a bad signature" : "not understood"}`,
    );
    // Nothing in it is trusted, and anyone may send one: a forged or unreadable body is kept short.
    await recordEvent(deps.db, {
      provider,
      source: "notification",
      outcome: read,
      body: body.slice(0, 2048),
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
