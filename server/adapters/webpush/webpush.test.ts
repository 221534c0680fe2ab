import webpush from "web-push";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPushSenderFromEnv, type PushMessage, type PushSender } from "../push-provider.ts";
import {
  createWebPushSender,
  generateVapidKeys,
  isPushServiceEndpoint,
  maxPushPayloadBytes,
  pushTopicOf,
  vapidPublicKeyOf,
} from "./webpush.adapter.ts";
import { startWebPushSimulator, type WebPushSimulator } from "./webpush.simulator.ts";

const vapid = { subject: "mailto:ops@pasar.test", ...generateVapidKeys() };
const message: PushMessage = {
  title: "Pesanan dikirim",
  body: "Pesanan P2611-0001 sedang dikirim dengan JNE REG — lacak di sini ✓",
  link: "/h5/orders/ord_123",
  tag: "order:ord_123",
};

let sim: WebPushSimulator;
let sender: PushSender;

beforeAll(async () => {
  sim = await startWebPushSimulator();
  sender = createWebPushSender({ vapid, extraOrigins: [sim.url], timeoutMs: 2000 });
});
afterAll(() => sim?.close());

/** Posts a request web-push built, with `Authorization` replaced: how a test forges what the adapter never sends. */
async function postWith(endpoint: string, keys: { p256dh: string; auth: string }, authorization: string) {
  const request = webpush.generateRequestDetails({ endpoint, keys }, JSON.stringify(message), {
    vapidDetails: vapid,
    TTL: 60,
    contentEncoding: "aes128gcm",
  });
  const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
  headers["Authorization"] = authorization;
  const response = await fetch(endpoint, { method: "POST", headers, body: new Uint8Array(request.body!) });
  return response.status;
}

describe("web push through the simulated push service", () => {
  it("delivers the message encrypted for the browser: the simulator decrypts exactly what was sent", async () => {
    const subscription = sim.control.subscribe({ applicationServerKey: vapid.publicKey });
    const result = await sender.send(subscription, message, {
      ttlSeconds: 3600,
      urgency: "high",
      topic: "order-ord_123",
    });
    expect(result).toEqual({ outcome: "sent", status: 201 });
    const [received] = sim.control.messagesFor(subscription.endpoint);
    expect(received?.json).toEqual(message);
    expect(received).toMatchObject({
      ttl: 3600,
      urgency: "high",
      topic: "order-ord_123",
      vapid: { publicKey: vapid.publicKey, subject: "mailto:ops@pasar.test" },
    });
  });

  it("sends normal urgency by default and hashes a topic push services would refuse", async () => {
    const subscription = sim.control.subscribe();
    await sender.send(
      subscription,
      { title: "t", body: "b" },
      { ttlSeconds: 0, topic: "order:ord_123 shipped" },
    );
    const [received] = sim.control.messagesFor(subscription.endpoint);
    expect(received?.json).toEqual({ title: "t", body: "b" });
    expect(received?.urgency).toBe("normal");
    expect(received?.ttl).toBe(0);
    expect(received?.topic).toBe(pushTopicOf("order:ord_123 shipped"));
    expect(received?.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it("reports a subscription the push service answers 410 or 404 for as gone", async () => {
    for (const status of [410, 404] as const) {
      const subscription = sim.control.subscribe();
      sim.control.answer(subscription.endpoint, status);
      expect(await sender.send(subscription, message, { ttlSeconds: 60 })).toMatchObject({
        outcome: "gone",
        status,
      });
    }
    const revoked = sim.control.subscribe();
    sim.control.unsubscribe(revoked.endpoint);
    expect(await sender.send(revoked, message, { ttlSeconds: 60 })).toMatchObject({
      outcome: "gone",
      status: 410,
    });
    expect(sim.control.messagesFor(revoked.endpoint)).toEqual([]);
  });

  it("retries after 429 (with the push service's Retry-After), 5xx, no answer in time and no push service", async () => {
    const subscription = sim.control.subscribe();
    sim.control.answer(subscription.endpoint, 429, { retryAfter: "120" });
    expect(await sender.send(subscription, message, { ttlSeconds: 60 })).toMatchObject({
      outcome: "retry",
      status: 429,
      retryAfterSeconds: 120,
    });
    for (const status of [500, 503] as const) {
      sim.control.answer(subscription.endpoint, status);
      expect(await sender.send(subscription, message, { ttlSeconds: 60 })).toMatchObject({
        outcome: "retry",
        status,
        retryAfterSeconds: null,
      });
    }
    // Told once each: the next message goes through.
    expect(await sender.send(subscription, message, { ttlSeconds: 60 })).toMatchObject({ outcome: "sent" });

    const hanging: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)),
      );
    const slow = createWebPushSender({ vapid, extraOrigins: [sim.url], timeoutMs: 50, fetch: hanging });
    expect(await slow.send(subscription, message, { ttlSeconds: 60 })).toMatchObject({
      outcome: "retry",
      status: null,
      reason: "the push service did not answer within 50 ms",
    });

    const away = await startWebPushSimulator();
    const lost = away.control.subscribe();
    await away.close();
    const toAway = createWebPushSender({ vapid, extraOrigins: [away.url] });
    expect(await toAway.send(lost, message, { ttlSeconds: 60 })).toMatchObject({
      outcome: "retry",
      reason: "the push service could not be reached",
    });
  });

  it("fails for good on another 4xx: a subscription made for another VAPID key, a payload the service refuses", async () => {
    const subscription = sim.control.subscribe({ applicationServerKey: vapid.publicKey });
    const other = createWebPushSender({
      vapid: { subject: "https://pasar.example.id", ...generateVapidKeys() },
      extraOrigins: [sim.url],
    });
    expect(await other.send(subscription, message, { ttlSeconds: 60 })).toMatchObject({
      outcome: "failed",
      status: 403,
    });
    sim.control.answer(subscription.endpoint, 413);
    expect(await sender.send(subscription, message, { ttlSeconds: 60 })).toMatchObject({
      outcome: "failed",
      status: 413,
    });
    expect(sim.control.messagesFor(subscription.endpoint)).toEqual([]);
  });

  it("refuses bad VAPID tokens: none, signed by another key, for another audience, expired", async () => {
    const subscription = sim.control.subscribe();
    const { endpoint, keys } = subscription;
    const headerFor = (audience: string, signer = vapid, expiration?: number) =>
      webpush.getVapidHeaders(
        audience,
        signer.subject,
        signer.publicKey,
        signer.privateKey,
        "aes128gcm",
        expiration,
      ).Authorization;
    const stranger = { subject: vapid.subject, ...generateVapidKeys() };
    const good = headerFor(sim.url);
    const borrowedKey = good.replace(/k=[^,\s]+/, `k=${stranger.publicKey}`);
    const before = sim.control.refusals.length;

    expect(await postWith(endpoint, keys, "")).toBe(401);
    expect(await postWith(endpoint, keys, `WebPush ${good.slice("vapid ".length)}`)).toBe(401);
    expect(await postWith(endpoint, keys, borrowedKey)).toBe(401);
    expect(await postWith(endpoint, keys, headerFor("https://fcm.googleapis.com"))).toBe(401);
    expect(
      await postWith(endpoint, keys, headerFor(sim.url, vapid, Math.floor(Date.now() / 1000) - 60)),
    ).toBe(401);
    expect(sim.control.refusals.slice(before).map((r) => r.reason)).toEqual([
      "VAPID: no Authorization header",
      "VAPID: the Authorization scheme is not vapid",
      "VAPID: the JWT's signature does not verify with k",
      `VAPID: the JWT's aud is https://fcm.googleapis.com, not ${sim.url}`,
      "VAPID: the JWT has expired",
    ]);
    expect(await postWith(endpoint, keys, good)).toBe(201);
  });

  it("refuses a body that was not encrypted for the subscription (the simulator really decrypts)", async () => {
    const a = sim.control.subscribe();
    const b = sim.control.subscribe();
    const request = webpush.generateRequestDetails(a, "{}", {
      vapidDetails: vapid,
      TTL: 60,
      contentEncoding: "aes128gcm",
    });
    const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
    const answer = await fetch(b.endpoint, { method: "POST", headers, body: new Uint8Array(request.body!) });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toMatch(/does not decrypt/);
  });

  it("sends nothing to an address that is not a push service, nor with malformed keys, nor too large a payload", async () => {
    const subscription = sim.control.subscribe();
    const plain = createWebPushSender({ vapid });
    expect(await plain.send(subscription, message, { ttlSeconds: 60 })).toMatchObject({
      outcome: "gone",
      reason: "the endpoint is not a push service's address",
    });
    const broken = {
      ...subscription,
      keys: { p256dh: subscription.keys.p256dh.slice(4), auth: subscription.keys.auth },
    };
    expect(await sender.send(broken, message, { ttlSeconds: 60 })).toMatchObject({
      outcome: "gone",
      status: null,
    });
    const shortAuth = { ...subscription, keys: { ...subscription.keys, auth: "AAAA" } };
    expect(await sender.send(shortAuth, message, { ttlSeconds: 60 })).toMatchObject({ outcome: "gone" });

    const big = { title: "t", body: "x".repeat(maxPushPayloadBytes) };
    expect(await sender.send(subscription, big, { ttlSeconds: 60 })).toMatchObject({
      outcome: "failed",
      status: null,
    });
    // The largest payload that fits still goes through the push service's 4096 bytes.
    const fits = {
      title: "t",
      body: "x".repeat(maxPushPayloadBytes - JSON.stringify({ title: "t", body: "" }).length),
    };
    expect(await sender.send(subscription, fits, { ttlSeconds: 60 })).toMatchObject({ outcome: "sent" });
    expect(sim.control.messagesFor(subscription.endpoint)).toHaveLength(1);
  });

  it("knows the browsers' push services and nothing else", () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/dXJ…",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
      "https://web.push.apple.com/QGuQyavXutnMH",
      "https://wns2-by3p.notify.windows.com/w/?token=BQYAAA",
    ]) {
      expect(isPushServiceEndpoint(endpoint), endpoint).toBe(true);
    }
    for (const endpoint of [
      "http://fcm.googleapis.com/fcm/send/x",
      "https://fcm.googleapis.com.evil.example/x",
      "https://evilfcm.googleapis.com.example/x",
      "https://169.254.169.254/latest/meta-data",
      "https://fcm.googleapis.com:8443/x",
      "https://user:pw@fcm.googleapis.com/x",
      "not a url",
    ]) {
      expect(isPushServiceEndpoint(endpoint), endpoint).toBe(false);
    }
    expect(isPushServiceEndpoint(`${sim.url}/push/x`, [sim.url])).toBe(true);
  });

  it("checks the VAPID key pair at start, and is off without one", () => {
    const keys = generateVapidKeys();
    expect(vapidPublicKeyOf(keys.privateKey)).toBe(keys.publicKey);
    expect(() => createWebPushSender({ vapid: { ...vapid, publicKey: keys.publicKey } })).toThrow(
      /public half/,
    );
    expect(() => createWebPushSender({ vapid: { ...vapid, subject: "ops@pasar.test" } })).toThrow();
    expect(createPushSenderFromEnv({ WEB_PUSH: false, VAPID_SUBJECT: "mailto:a@b.c", ...keys })).toBeNull();
    expect(createPushSenderFromEnv({ WEB_PUSH: true, VAPID_SUBJECT: "mailto:a@b.c" })).toBeNull();
    const on = createPushSenderFromEnv({
      WEB_PUSH: true,
      VAPID_SUBJECT: "mailto:a@b.c",
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
    });
    expect(on?.publicKey).toBe(keys.publicKey);
  });
});
