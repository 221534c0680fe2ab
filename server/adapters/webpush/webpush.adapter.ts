import { createECDH, createHash } from "node:crypto";
import webpush from "web-push";
import type { PushMessage, PushSendResult, PushSender, PushSubscriptionJson } from "../push-provider.ts";

/**
 * Web push through the `web-push` package (RFC 8030 messages, RFC 8291 `aes128gcm` encryption, RFC 8292 VAPID).
 * web-push builds each request (`generateRequestDetails`: the encrypted body, the `Authorization: vapid t=…, k=…`
 * header, TTL, Urgency, Topic), exactly as its `sendNotification` does; the request is then sent with `fetch`,
 * as every adapter here sends (http-json.ts), rather than by `sendNotification` itself: that one speaks only
 * `https.request` (no local simulator over plain HTTP), and its `timeout` is a socket's idle time, not a
 * deadline for the answer. `fetch` gets a whole deadline, no redirects, and the test's simulator.
 */

/** Push services' hosts (and their subdomains): the browsers' own. An endpoint elsewhere is not a push service. */
export const knownPushServiceHosts = [
  // Chrome, Edge on Android, Opera, Samsung Internet (Firebase Cloud Messaging).
  "fcm.googleapis.com",
  "android.googleapis.com",
  // Firefox (autopush: updates.push.services.mozilla.com).
  "push.services.mozilla.com",
  // Safari on macOS and iOS 16.4+ (web.push.apple.com).
  "push.apple.com",
  // Edge on Windows (WNS: wns2-….notify.windows.com).
  "notify.windows.com",
] as const;

/**
 * Whether `endpoint` is a push service's address: https on a known push service's host, or one of
 * `extraOrigins` exactly (a simulator's, in tests). Check it before storing a subscription a browser sent.
 */
export function isPushServiceEndpoint(endpoint: string, extraOrigins: readonly string[] = []): boolean {
  if (endpoint.length > 2048 || !URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.username || url.password) return false;
  if (extraOrigins.includes(url.origin)) return true;
  if (url.protocol !== "https:" || (url.port !== "" && url.port !== "443")) return false;
  const host = url.hostname.toLowerCase();
  return knownPushServiceHosts.some((known) => host === known || host.endsWith(`.${known}`));
}

/** A new VAPID key pair, URL-safe Base64: the public key (65 bytes, uncompressed P-256) and the private (32). */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}

/** The VAPID public key of a private key, or null when it is not one: to check a configured pair. */
export function vapidPublicKeyOf(privateKey: string): string | null {
  try {
    const raw = Buffer.from(privateKey, "base64url");
    if (raw.length !== 32) return null;
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(raw);
    return ecdh.getPublicKey().toString("base64url");
  } catch {
    return null;
  }
}

/** Push services carry a body of 4096 bytes: 86 of header, 16 of tag and 1 of padding leave this for the JSON. */
export const maxPushPayloadBytes = 4096 - 86 - 16 - 1;

const base64url = /^[A-Za-z0-9_-]+={0,2}$/;

/** A topic as RFC 8030 wants it (up to 32 URL-safe Base64 characters); any other string is hashed into one. */
export function pushTopicOf(topic: string): string {
  if (/^[A-Za-z0-9_-]{1,32}$/.test(topic)) return topic;
  return createHash("sha256").update(topic).digest("base64url").slice(0, 32);
}

/** Why a subscription can never be sent to, or null when its keys are well formed. */
function malformed(subscription: PushSubscriptionJson): string | null {
  const { p256dh, auth } = subscription.keys ?? {};
  if (typeof p256dh !== "string" || !base64url.test(p256dh)) return "its p256dh key is not URL-safe Base64";
  if (typeof auth !== "string" || !base64url.test(auth)) return "its auth secret is not URL-safe Base64";
  const key = Buffer.from(p256dh, "base64url");
  if (key.length !== 65 || key[0] !== 0x04) return "its p256dh key is not an uncompressed P-256 point";
  if (Buffer.from(auth, "base64url").length !== 16) return "its auth secret is not 16 bytes";
  return null;
}

/** Retry-After in seconds (a number of seconds or an HTTP date), or null. */
function retryAfterOf(header: string | null): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

export interface WebPushSenderOptions {
  vapid: {
    /** `mailto:` address or `https:` URL push services may contact about the shop's messages. */
    subject: string;
    publicKey: string;
    privateKey: string;
  };
  /** How long one push may take before it counts as the push service being away (retryable). */
  timeoutMs?: number;
  /** Origins besides the push services' that endpoints may have: a simulator's (`http://127.0.0.1:…`). */
  extraOrigins?: readonly string[];
  fetch?: typeof fetch;
}

/** Creates the web push sender; throws at once when the VAPID details are not a usable key pair and subject. */
export function createWebPushSender(opts: WebPushSenderOptions): PushSender {
  const send = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const extraOrigins = opts.extraOrigins ?? [];
  const vapidDetails = { ...opts.vapid };
  // web-push checks the subject and both keys' encoding and length as it signs; this also catches a pair whose
  // halves do not belong together, which every push service would refuse message after message.
  webpush.getVapidHeaders(
    "https://fcm.googleapis.com",
    vapidDetails.subject,
    vapidDetails.publicKey,
    vapidDetails.privateKey,
    "aes128gcm",
  );
  if (vapidPublicKeyOf(vapidDetails.privateKey) !== vapidDetails.publicKey) {
    throw new Error("The VAPID public key is not the public half of the VAPID private key");
  }

  return {
    publicKey: vapidDetails.publicKey,
    async send(subscription, message, options): Promise<PushSendResult> {
      if (!isPushServiceEndpoint(subscription.endpoint, extraOrigins)) {
        return { outcome: "gone", status: null, reason: "the endpoint is not a push service's address" };
      }
      const bad = malformed(subscription);
      if (bad) return { outcome: "gone", status: null, reason: `the subscription is malformed: ${bad}` };
      const payload = JSON.stringify(messageJson(message));
      const bytes = Buffer.byteLength(payload);
      if (bytes > maxPushPayloadBytes) {
        return {
          outcome: "failed",
          status: null,
          reason: `the message is ${bytes} bytes of JSON, over the ${maxPushPayloadBytes} a push service carries`,
        };
      }
      if (!Number.isInteger(options.ttlSeconds) || options.ttlSeconds < 0) {
        return { outcome: "failed", status: null, reason: `ttlSeconds must be a whole number ≥ 0` };
      }

      let request: webpush.RequestDetails;
      try {
        request = webpush.generateRequestDetails(
          { endpoint: subscription.endpoint, keys: subscription.keys },
          payload,
          {
            vapidDetails,
            TTL: options.ttlSeconds,
            contentEncoding: "aes128gcm",
            urgency: options.urgency ?? "normal",
            ...(options.topic ? { topic: pushTopicOf(options.topic) } : {}),
          },
        );
      } catch (error) {
        // The keys passed the checks above; what is left is a point not on the curve.
        const why = error instanceof Error ? error.message : String(error);
        return { outcome: "gone", status: null, reason: `the subscription's keys cannot be used: ${why}` };
      }

      let response: Response;
      try {
        response = await send(request.endpoint, {
          method: "POST",
          headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
          body: request.body ? new Uint8Array(request.body) : null,
          redirect: "manual",
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut =
          error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
        return {
          outcome: "retry",
          status: null,
          reason: timedOut
            ? `the push service did not answer within ${timeoutMs} ms`
            : "the push service could not be reached",
          retryAfterSeconds: null,
        };
      }
      const status = response.status;
      const text = (await response.text().catch(() => "")).slice(0, 300);
      const said = `the push service answered ${status}${text ? `: ${text}` : ""}`;
      if (status >= 200 && status < 300) return { outcome: "sent", status };
      if (status === 404 || status === 410) return { outcome: "gone", status, reason: said };
      if (status === 429 || status >= 500) {
        return {
          outcome: "retry",
          status,
          reason: said,
          retryAfterSeconds: retryAfterOf(response.headers.get("retry-after")),
        };
      }
      return { outcome: "failed", status, reason: said };
    },
  };
}

/** The JSON the service worker reads: only the message's own fields, in a fixed order. */
function messageJson(message: PushMessage): PushMessage {
  return {
    title: message.title,
    body: message.body,
    ...(message.link !== undefined ? { link: message.link } : {}),
    ...(message.tag !== undefined ? { tag: message.tag } : {}),
  };
}
