import { isPushServiceEndpoint } from "../../adapters/webpush/webpush.adapter.ts";
import type { Db } from "../../db/client.ts";
import { addPushSubscription } from "../../modules/notifications/delivery.service.ts";
import { DomainError } from "../../platform/errors.ts";
import type { RateLimits } from "../../platform/rate-limit.ts";
import { sendersOf } from "./deliver.ts";

// Issue 44: a browser of the signed-in person subscribes to web push (or stops).

/** The key browsers subscribe with, where this shop sends web push. */
export function pushKey(db: Db): string | null {
  return sendersOf(db)?.push?.publicKey ?? null;
}

/** Keeps the subscription of a device of the person: only a push service's address, only where push is on. */
export async function subscribeDevice(
  deps: { db: Db; limits: RateLimits; clientIp: string },
  user: { id: string; sessionId: string },
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<void> {
  const db = deps.db;
  await deps.limits.consume("pushSubscribe", { account: user.id, ip: deps.clientIp });
  const senders = sendersOf(db);
  if (!senders?.push) throw new DomainError("precondition_failed", "notifications.settings.pushUnavailable");
  if (!isPushServiceEndpoint(subscription.endpoint, senders.pushOrigins ?? [])) {
    throw new DomainError("bad_request", "notifications.settings.pushInvalid");
  }
  await addPushSubscription(db, user, subscription);
}
