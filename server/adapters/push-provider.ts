import { createWebPushSender } from "./webpush/webpush.adapter.ts";

/**
 * The web push port (issue 44): one notification to one browser's push subscription, through the push service
 * its browser chose (FCM for Chrome, Mozilla's autopush, Apple's, Microsoft's WNS), signed with the shop's VAPID
 * key (RFC 8292) and encrypted for that browser alone (RFC 8291). The adapter is `webpush/webpush.adapter.ts`;
 * `webpush/webpush.simulator.ts` is a push service on 127.0.0.1 for tests.
 *
 * What the caller does with each outcome:
 * - `sent`: the push service took it; it will try to deliver it within `ttlSeconds`.
 * - `gone`: the subscription will never work again (the push service answered 404 or 410, or it is not a push
 *   service's address, or its keys are malformed): delete it, do not retry.
 * - `retry`: the push service is busy (429), broken (5xx) or unreachable: try again later, after
 *   `retryAfterSeconds` when it said so.
 * - `failed`: refused for good (another 4xx: a payload too large, a VAPID signature the push service refuses,
 *   which after a key change means the subscription was made for the old key): do not retry this message.
 *
 * A subscription's `endpoint` comes from a browser, so anyone can send the shop any URL: the caller checks it
 * with `isPushServiceEndpoint` (webpush.adapter.ts) before storing it, and the adapter checks it again before every send (a server
 * posting to addresses its users choose is a way into its network).
 */

/** A browser's push subscription as `PushSubscription.toJSON()` gives it (`expirationTime` may be present). */
export interface PushSubscriptionJson {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

/** What a notification says; the service worker shows it. Serialized as JSON, at most 3993 bytes. */
export interface PushMessage {
  title: string;
  body: string;
  /** Where a tap leads, a path of the shop (`/h5/orders/…`). */
  link?: string;
  /** The notification's tag: a newer one with the same tag replaces it on the device. */
  tag?: string;
}

/** How the push service should treat the message (RFC 8030). */
export interface PushOptions {
  /** How long the push service keeps it for a device that is offline, in seconds (0: now or never). */
  ttlSeconds: number;
  /** `high` for what the person waits for (a code, a payment), `normal` otherwise; low saves battery. */
  urgency?: "very-low" | "low" | "normal" | "high";
  /**
   * A message still waiting at the push service with the same topic is replaced by this one (an order's
   * latest status). Any string: one that is not up to 32 URL-safe Base64 characters is hashed into one.
   */
  topic?: string;
}

export type PushSendResult =
  | { outcome: "sent"; status: number }
  | { outcome: "gone"; status: number | null; reason: string }
  | { outcome: "retry"; status: number | null; reason: string; retryAfterSeconds: number | null }
  | { outcome: "failed"; status: number | null; reason: string };

export interface PushSender {
  /** The VAPID public key (URL-safe Base64): the browser's `applicationServerKey` when it subscribes. */
  readonly publicKey: string;
  /** Sends one message; never throws for what the push service or the network does. */
  send(
    subscription: PushSubscriptionJson,
    message: PushMessage,
    options: PushOptions,
  ): Promise<PushSendResult>;
}

/** The settings of web push (validated in server/platform/env.ts). */
export interface PushSettings {
  /** Whether web push is on: a VAPID key pair is set and WEB_PUSH is not `false`. */
  WEB_PUSH: boolean;
  VAPID_PUBLIC_KEY?: string | undefined;
  VAPID_PRIVATE_KEY?: string | undefined;
  /** `mailto:` or `https:` contact of the shop, sent to push services in the VAPID token. */
  VAPID_SUBJECT: string;
}

/**
 * The shop's push sender, or null when web push is off (no VAPID key pair set, or WEB_PUSH=false): the caller
 * then offers no push subscription and sends nothing.
 */
export function createPushSenderFromEnv(settings: PushSettings): PushSender | null {
  if (!settings.WEB_PUSH || !settings.VAPID_PUBLIC_KEY || !settings.VAPID_PRIVATE_KEY) return null;
  return createWebPushSender({
    vapid: {
      subject: settings.VAPID_SUBJECT,
      publicKey: settings.VAPID_PUBLIC_KEY,
      privateKey: settings.VAPID_PRIVATE_KEY,
    },
  });
}
