import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import type { PushSubscriptionJson } from "../push-provider.ts";
import { listen } from "../simulator/sim-http.ts";
import { checkVapid, decryptAes128gcm, newReceiverKeys, type ReceiverKeys } from "./webpush.sim-crypto.ts";

/**
 * A push service on 127.0.0.1 (RFC 8030), for tests: it hands out subscriptions as a browser's
 * `pushManager.subscribe()` would (`control.subscribe`, the `PushSubscription.toJSON()` shape, its endpoint on this
 * server), and takes `POST <endpoint>` as FCM, autopush or Apple's service take them: a VAPID token signed by the
 * sender's key for this origin (401 without, or with a bad one; 403 when the subscription was made for another
 * `applicationServerKey`), a TTL header (400 without), `Content-Encoding: aes128gcm` (400 otherwise), at most 4096
 * bytes (413); then 201 with the message's `Location`. Unlike a real push service it also decrypts every message
 * with the subscription's private key and auth secret, which only the browser has, and refuses (400) one that
 * does not decrypt: what a test reads in `control.messages` is what the service worker would get.
 * `control.answer` makes an endpoint answer 404, 410, 429 or 5xx; `control.unsubscribe` makes it gone for good.
 */

/** A message the simulator accepted, decrypted. */
export interface SimPushMessage {
  id: string;
  endpoint: string;
  /** The decrypted payload, and it parsed as JSON (undefined when it is not JSON). */
  text: string;
  json: unknown;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The VAPID key and subject that signed it. */
  vapid: { publicKey: string; subject: string };
}

/** A request the simulator refused, with why: what a test checks when it expects a refusal. */
export interface SimPushRefusal {
  endpoint: string;
  status: number;
  reason: string;
}

export interface WebPushSimulatorControl {
  /**
   * A new subscription, as a browser makes one. With `applicationServerKey` (a VAPID public key) the push service
   * takes only messages signed by that key, as browsers' push services do.
   */
  subscribe(opts?: { applicationServerKey?: string }): PushSubscriptionJson;
  /** The person revoked it (or the browser dropped it): every message to it is answered 410 from now on. */
  unsubscribe(endpoint: string): void;
  /**
   * The next `times` messages to `endpoint` (every one with `times: Infinity`) are answered `status`, with
   * `Retry-After` when given, before anything is checked.
   */
  answer(
    endpoint: string,
    status: 404 | 410 | 413 | 429 | 500 | 502 | 503,
    opts?: { times?: number; retryAfter?: string },
  ): void;
  /** The messages accepted, oldest first. */
  readonly messages: readonly SimPushMessage[];
  /** The messages accepted for one endpoint. */
  messagesFor(endpoint: string): SimPushMessage[];
  /** The requests refused, oldest first. */
  readonly refusals: readonly SimPushRefusal[];
}

export interface WebPushSimulator {
  /** The push service's origin (`http://127.0.0.1:<port>`): add it to the sender's `extraOrigins`. */
  url: string;
  control: WebPushSimulatorControl;
  close(): Promise<void>;
}

interface Subscription {
  id: string;
  endpoint: string;
  keys: ReceiverKeys;
  applicationServerKey: string | null;
  gone: boolean;
  forced: { status: number; times: number; retryAfter?: string }[];
}

/** Push services carry at most this many bytes of body (RFC 8030 asks for at least 4096; FCM and Apple take 4096). */
const maxBody = 4096;

/** Starts the push service on 127.0.0.1 (a free port unless one is given). */
export async function startWebPushSimulator(opts: { port?: number } = {}): Promise<WebPushSimulator> {
  const subscriptions = new Map<string, Subscription>();
  const messages: SimPushMessage[] = [];
  const refusals: SimPushRefusal[] = [];
  let origin = "";

  const byEndpoint = (endpoint: string) => {
    const id = /\/push\/([^/?#]+)$/.exec(endpoint)?.[1];
    const subscription = id ? subscriptions.get(id) : undefined;
    if (!subscription) throw new Error(`the push simulator made no subscription ${endpoint}`);
    return subscription;
  };

  const app = new Hono();
  app.post("/push/:id", async (c) => {
    const subscription = subscriptions.get(c.req.param("id"));
    const endpoint = `${origin}/push/${c.req.param("id")}`;
    const refuse = (status: 400 | 401 | 403 | 404 | 410 | 413, reason: string) => {
      refusals.push({ endpoint, status, reason });
      return c.text(reason, status);
    };
    if (!subscription) return refuse(404, "no such subscription");
    const forced = subscription.forced[0];
    if (forced) {
      if (--forced.times <= 0) subscription.forced.shift();
      refusals.push({ endpoint, status: forced.status, reason: "told to" });
      if (forced.retryAfter) c.header("retry-after", forced.retryAfter);
      return c.text(`answered ${forced.status} as told`, forced.status as 404);
    }
    if (subscription.gone) return refuse(410, "the subscription has expired or was unsubscribed");

    const vapid = checkVapid(c.req.header("authorization"), origin);
    if (!vapid.ok) return refuse(401, `VAPID: ${vapid.reason}`);
    if (subscription.applicationServerKey && vapid.value.publicKey !== subscription.applicationServerKey) {
      return refuse(403, "the VAPID key is not the one the subscription was made with");
    }
    const ttlHeader = c.req.header("ttl");
    if (ttlHeader === undefined || !/^\d+$/.test(ttlHeader)) return refuse(400, "a TTL header is required");
    const urgency = c.req.header("urgency") ?? null;
    if (urgency !== null && !["very-low", "low", "normal", "high"].includes(urgency)) {
      return refuse(400, `urgency ${urgency} is not very-low, low, normal or high`);
    }
    const topic = c.req.header("topic") ?? null;
    if (topic !== null && !/^[A-Za-z0-9_-]{1,32}$/.test(topic)) {
      return refuse(400, "a topic is up to 32 URL-safe Base64 characters");
    }
    const body = Buffer.from(await c.req.arrayBuffer());
    if (body.length > maxBody) return refuse(413, `the body is ${body.length} bytes, over ${maxBody}`);
    if (body.length > 0 && (c.req.header("content-encoding") ?? "").toLowerCase() !== "aes128gcm") {
      return refuse(400, "the body must be Content-Encoding: aes128gcm");
    }
    let text = "";
    if (body.length > 0) {
      const plain = decryptAes128gcm(body, subscription.keys);
      if (!plain.ok) return refuse(400, `the body does not decrypt: ${plain.reason}`);
      text = plain.value;
    }
    let parsed: unknown = undefined;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: kept as text.
    }
    const id = randomUUID();
    messages.push({
      id,
      endpoint,
      text,
      json: parsed,
      ttl: Number(ttlHeader),
      urgency,
      topic,
      vapid: { publicKey: vapid.value.publicKey, subject: vapid.value.subject },
    });
    c.header("location", `${origin}/message/${id}`);
    return c.body(null, 201);
  });

  const server = await listen(app, opts.port);
  origin = server.url;

  const control: WebPushSimulatorControl = {
    subscribe(options = {}) {
      const id = randomUUID().replaceAll("-", "");
      const keys = newReceiverKeys();
      const endpoint = `${origin}/push/${id}`;
      subscriptions.set(id, {
        id,
        endpoint,
        keys,
        applicationServerKey: options.applicationServerKey ?? null,
        gone: false,
        forced: [],
      });
      return {
        endpoint,
        expirationTime: null,
        keys: { p256dh: keys.publicKey.toString("base64url"), auth: keys.authSecret.toString("base64url") },
      };
    },
    unsubscribe(endpoint) {
      byEndpoint(endpoint).gone = true;
    },
    answer(endpoint, status, options = {}) {
      byEndpoint(endpoint).forced.push({ status, times: options.times ?? 1, retryAfter: options.retryAfter });
    },
    get messages() {
      return messages;
    },
    messagesFor: (endpoint) => messages.filter((m) => m.endpoint === endpoint),
    get refusals() {
      return refusals;
    },
  };
  return { url: origin, control, close: () => server.close() };
}
