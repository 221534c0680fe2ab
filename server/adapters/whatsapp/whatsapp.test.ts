import { readFileSync } from "node:fs";
import path from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen, type Listening } from "../simulator/sim-http.ts";
import {
  createWhatsAppSenderFromEnv,
  whatsappStatusRank,
  type WhatsAppSendInput,
  type WhatsAppSender,
} from "../whatsapp-provider.ts";
import {
  createWhatsAppSender,
  verifyWhatsAppSignature,
  waNumberOf,
  whatsappSignatureOf,
} from "./whatsapp.adapter.ts";
import { whatsappErrorOf } from "./whatsapp.errors.ts";
import { GraphErrorSchema, SendAnswerSchema, SendTemplateBodySchema } from "./whatsapp.schemas.ts";
import { metaJson, startWhatsAppSimulator, type WhatsAppSimulator } from "./whatsapp.simulator.ts";
import { componentsOf, templateCreationRequests } from "./whatsapp.templates.ts";

const fixtures = path.join(import.meta.dirname, "fixtures");
const fixtureText = (file: string) => readFileSync(path.join(fixtures, file), "utf8");
const fixture = (file: string): unknown => JSON.parse(fixtureText(file));

const secrets = {
  accessToken: "EAAJBpasar0simulator0token0123456789",
  appSecret: "0123456789abcdef0123456789abcdef",
  verifyToken: "pasar-verify-token-2026",
  phoneNumberId: "106540352242922",
};

/** The shop's webhook endpoint: answers the verification with the sender, keeps every POST's raw body. */
let receiver: Listening & { posts: { body: Uint8Array; signature: string | null }[] };
let sim: WhatsAppSimulator;
let sender: WhatsAppSender;

beforeAll(async () => {
  const posts: { body: Uint8Array; signature: string | null }[] = [];
  const app = new Hono();
  app.get("/notify/whatsapp", (c) => {
    const challenge = sender.answerVerification(new URL(c.req.url).searchParams);
    return challenge === null ? c.text("forbidden", 403) : c.text(challenge);
  });
  app.post("/notify/whatsapp", async (c) => {
    posts.push({
      body: new Uint8Array(await c.req.arrayBuffer()),
      signature: c.req.header("x-hub-signature-256") ?? null,
    });
    return c.text("ok");
  });
  receiver = Object.assign(await listen(app), { posts });
  sim = await startWhatsAppSimulator({
    ...secrets,
    webhookUrl: `${receiver.url}/notify/whatsapp`,
    retryDelaysMs: [10, 20],
  });
  sender = createWhatsAppSender({ ...secrets, apiUrl: sim.url, timeoutMs: 2000 });
});
afterAll(async () => {
  await sim?.close();
  await receiver?.close();
});

const orderUpdate = (over: Partial<WhatsAppSendInput> = {}): WhatsAppSendInput => ({
  to: "+62 812-3456-7890",
  language: "id",
  message: {
    template: "order_update",
    params: { orderCode: "P2611-0001", statusText: "sedang dikirim dengan JNE REG" },
  },
  deliveryId: `ntf_test_${Math.random().toString(36).slice(2)}:whatsapp`,
  ...over,
});

/** Runs `act`, then reads every webhook it made the simulator post to the shop, as the shop's route would. */
async function webhooksOf(act: () => Promise<unknown>) {
  const before = receiver.posts.length;
  await act();
  await sim.control.idle();
  return receiver.posts.slice(before).map((post) => sender.readWebhook(post.body, post.signature));
}

describe("Meta's documented bodies", () => {
  it("parse: template requests, the answer, errors", () => {
    for (const file of [
      "send-template-auth-otp.request.json",
      "adapted-send-template-order-update.request.json",
      "adapted-send-template-auth-code.request.json",
    ]) {
      expect(SendTemplateBodySchema.safeParse(fixture(file)).success, file).toBe(true);
    }
    expect(SendAnswerSchema.parse(fixture("adapted-send-template.response.json")).messages[0]?.id).toMatch(
      /^wamid\./,
    );
    const codes = {
      "error-rate-limit-130429.json": ["rate_limited", undefined],
      "adapted-error-template-does-not-exist-132001.json": ["failed", "template"],
      "adapted-error-param-count-132000.json": ["failed", "template"],
      "adapted-error-access-token-190.json": ["failed", "account"],
    } as const;
    for (const [file, [kind, cause]] of Object.entries(codes)) {
      const error = GraphErrorSchema.parse(fixture(file)).error;
      const info = whatsappErrorOf(error.code, 400);
      expect([info.kind, info.cause], file).toEqual([kind, cause]);
    }
  });

  it("are what the adapter sends: the shop's two templates in Meta's component shape", () => {
    const order = fixture("adapted-send-template-order-update.request.json") as {
      template: { components: unknown };
    };
    expect(componentsOf(orderUpdate().message)).toEqual(order.template.components);
    const auth = fixture("adapted-send-template-auth-code.request.json") as {
      template: { components: unknown };
    };
    expect(componentsOf({ template: "auth_code", params: { code: "582604" } })).toEqual(
      auth.template.components,
    );
    // Meta's own OTP example has the same two components around its code.
    const meta = fixture("send-template-auth-otp.request.json") as { template: { components: unknown } };
    expect(componentsOf({ template: "auth_code", params: { code: "J$FpnYnP" } })).toEqual(
      meta.template.components,
    );
    // Six templates to create: two per language; the authentication one with Meta's copy-code button.
    const creations = templateCreationRequests();
    expect(creations).toHaveLength(6);
    expect(creations.find((t) => t.name === "auth_code" && t.language === "zh_CN")).toMatchObject({
      category: "authentication",
      components: expect.arrayContaining([
        { type: "buttons", buttons: [expect.objectContaining({ otp_type: "copy_code" })] },
      ]),
    });
  });

  it("read the status and error webhooks once signed with the app secret", () => {
    const sign = (file: string) => {
      const body = fixtureText(file);
      return sender.readWebhook(body, whatsappSignatureOf(body, secrets.appSecret));
    };
    expect(sign("adapted-webhook-status-sent.json")).toEqual({
      kind: "events",
      statuses: [
        {
          wamid: "wamid.HBgNNjI4MTIzNDU2Nzg5MBUCABEYEjdBRjNGNUY2QTJEQ0I0QjE5MQA=",
          status: "sent",
          at: new Date(1762741200 * 1000),
          recipientId: "6281234567890",
          deliveryId: "ntf_01JH3Q9V8Z2K4M6N8P0R2T4V6X:whatsapp",
          error: null,
        },
      ],
      errors: [],
      ignored: 0,
    });
    expect(sign("adapted-webhook-status-read.json")).toMatchObject({ statuses: [{ status: "read" }] });
    expect(sign("adapted-webhook-status-failed-131026.json")).toMatchObject({
      statuses: [
        {
          status: "failed",
          deliveryId: "otp_01JH3QB2C4D6E8F0G2H4J6K8M0:whatsapp",
          error: { code: 131026, title: "Message undeliverable", kind: "failed", cause: "recipient" },
        },
      ],
    });
    expect(sign("webhook-errors-rate-limit.json")).toEqual({
      kind: "events",
      statuses: [],
      errors: [
        {
          code: 130429,
          title: "Rate limit hit",
          details:
            "Message failed to send because there were too many messages sent from this phone number in a short period of time",
        },
      ],
      ignored: 0,
    });
  });
});

describe("webhook signatures and the verification handshake", () => {
  const body = fixtureText("adapted-webhook-status-sent.json");
  const signature = whatsappSignatureOf(body, secrets.appSecret);

  it("verify the exact body with the app secret, in constant time", () => {
    expect(verifyWhatsAppSignature(body, signature, secrets.appSecret)).toBe(true);
    expect(
      verifyWhatsAppSignature(
        Buffer.from(body),
        signature.toUpperCase().replace("SHA256=", "sha256="),
        secrets.appSecret,
      ),
    ).toBe(true);
    // One byte changed, anywhere.
    const i = body.indexOf('"read"') > 0 ? body.indexOf('"read"') : body.indexOf('"sent"');
    const changed = `${body.slice(0, i + 1)}S${body.slice(i + 2)}`;
    expect(changed.length).toBe(body.length);
    expect(verifyWhatsAppSignature(changed, signature, secrets.appSecret)).toBe(false);
    expect(verifyWhatsAppSignature(`${body} `, signature, secrets.appSecret)).toBe(false);
    // No header, another scheme, a truncated digest, another secret.
    for (const header of [
      null,
      undefined,
      "",
      signature.slice("sha256=".length),
      `sha1=${signature.slice(7)}`,
      signature.slice(0, -2),
    ]) {
      expect(verifyWhatsAppSignature(body, header, secrets.appSecret), String(header)).toBe(false);
    }
    expect(verifyWhatsAppSignature(body, signature, "another-app-secret")).toBe(false);
    expect(sender.readWebhook(body, null)).toEqual({ kind: "forged" });
    expect(sender.readWebhook(changed, signature)).toEqual({ kind: "forged" });
    const notJson = "not json";
    expect(sender.readWebhook(notJson, whatsappSignatureOf(notJson, secrets.appSecret))).toMatchObject({
      kind: "unreadable",
    });
  });

  it("answers Meta's verification request only with the verify token, echoing a plain challenge", () => {
    const meta = fixture("webhook-verification-request.json") as Record<string, string>;
    const withMetaToken = createWhatsAppSender({ ...secrets, verifyToken: "meatyhamhock" });
    expect(withMetaToken.answerVerification(meta)).toBe("1158201444");
    expect(sender.answerVerification(meta)).toBeNull();
    expect(withMetaToken.answerVerification({ ...meta, "hub.mode": "unsubscribe" })).toBeNull();
    expect(
      withMetaToken.answerVerification({ ...meta, "hub.challenge": "<script>alert(1)</script>" }),
    ).toBeNull();
  });

  it("passes the simulator's handshake with the shop's endpoint, and fails it with another token", async () => {
    expect(await sim.control.verifyWebhook()).toMatchObject({ accepted: true, status: 200 });
    expect(await sim.control.verifyWebhook({ token: "guess" })).toMatchObject({
      accepted: false,
      status: 403,
    });
  });
});

describe("sending through the simulated Cloud API", () => {
  it("sends an order update: a wamid, then sent and delivered by signed webhooks naming the delivery", async () => {
    const input = orderUpdate();
    let result: Awaited<ReturnType<WhatsAppSender["send"]>> | undefined;
    const readings = await webhooksOf(async () => (result = await sender.send(input)));
    expect(result).toMatchObject({ outcome: "sent", waId: "6281234567890" });
    const wamid = (result as { wamid: string }).wamid;
    expect(sim.control.message(wamid)).toMatchObject({
      to: "6281234567890",
      template: "order_update",
      language: "id",
      bodyParams: ["P2611-0001", "sedang dikirim dengan JNE REG"],
      buttonParam: null,
      deliveryId: input.deliveryId,
    });
    expect(
      readings.map((r) =>
        r.kind === "events" ? r.statuses.map((s) => [s.wamid, s.status, s.deliveryId]) : r.kind,
      ),
    ).toEqual([[[wamid, "sent", input.deliveryId]], [[wamid, "delivered", input.deliveryId]]]);
    const [read] = await webhooksOf(() => sim.control.advance(wamid, "read"));
    expect(read).toMatchObject({ kind: "events", statuses: [{ wamid, status: "read" }] });
    // A duplicate arrives as itself: the caller applies statuses only forward.
    const again = await webhooksOf(() => sim.control.resend(wamid));
    expect(again).toMatchObject([{ statuses: [{ status: "read" }] }]);
    expect(whatsappStatusRank.read > whatsappStatusRank.delivered).toBe(true);
  });

  it("sends an authentication code with its copy-code button, in Chinese", async () => {
    const result = await sender.send({
      to: "6281234567890",
      language: "zh_CN",
      message: { template: "auth_code", params: { code: "582604" } },
      deliveryId: "otp_test:whatsapp",
    });
    expect(result.outcome).toBe("sent");
    const wamid = (result as { wamid: string }).wamid;
    expect(sim.control.message(wamid)).toMatchObject({
      template: "auth_code",
      language: "zh_CN",
      bodyParams: ["582604"],
      buttonParam: "582604",
    });
    await sim.control.idle();
  });

  it("signs bodies as Meta writes them (escaped non-ASCII and slashes) and reads them back whole", async () => {
    const deliveryId = "ntf/Pesanan-Budi-é-订单:whatsapp";
    const readings = await webhooksOf(() => sender.send(orderUpdate({ deliveryId })));
    const raw = Buffer.from(receiver.posts.at(-1)!.body).toString("utf8");
    expect(raw).toContain("ntf\\/Pesanan-Budi-\\u00e9-\\u8ba2\\u5355:whatsapp");
    expect(readings.at(-1)).toMatchObject({ kind: "events", statuses: [{ deliveryId }] });
    expect(metaJson({ a: "ä/" })).toBe('{"a":"\\u00e4\\/"}');
  });

  it("maps Meta's template errors: no such template or language (132001), wrong parameters (132000)", async () => {
    const post = (body: unknown) =>
      fetch(`${sim.url}/v24.0/${secrets.phoneNumberId}/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${secrets.accessToken}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const unknown = await post(fixture("send-template-auth-otp.request.json"));
    expect(unknown.status).toBe(404);
    expect(GraphErrorSchema.parse(await unknown.json()).error).toMatchObject({
      code: 132001,
      error_data: { details: "template name (verification_code) does not exist in en_US" },
    });
    const oneParam = fixture("adapted-send-template-order-update.request.json") as {
      template: { components: { parameters: unknown[] }[] };
    };
    oneParam.template.components[0]!.parameters.pop();
    const mismatch = await post(oneParam);
    expect(mismatch.status).toBe(400);
    expect(GraphErrorSchema.parse(await mismatch.json()).error.code).toBe(132000);

    sim.control.failNext(132001);
    expect(await sender.send(orderUpdate())).toMatchObject({
      outcome: "failed",
      code: 132001,
      status: 404,
      cause: "template",
    });
    sim.control.failNext(132015);
    expect(await sender.send(orderUpdate())).toMatchObject({
      outcome: "failed",
      code: 132015,
      cause: "template",
    });
    sim.control.failNext(131047);
    expect(await sender.send(orderUpdate())).toMatchObject({
      outcome: "failed",
      code: 131047,
      cause: "recipient",
    });
  });

  it("waits out rate limits, retries Meta's failures, and says when the message may have gone out", async () => {
    sim.control.failNext(130429);
    expect(await sender.send(orderUpdate())).toMatchObject({
      outcome: "rate_limited",
      code: 130429,
      retryAfterSeconds: 10,
    });
    sim.control.failNext(131056);
    expect(await sender.send(orderUpdate())).toMatchObject({
      outcome: "rate_limited",
      code: 131056,
      retryAfterSeconds: 60,
    });
    sim.control.failNext(131000);
    expect(await sender.send(orderUpdate())).toMatchObject({
      outcome: "retry",
      code: 131000,
      status: 500,
      maybeSent: true,
    });
    sim.control.failNextRaw(503);
    expect(await sender.send(orderUpdate())).toMatchObject({
      outcome: "retry",
      code: null,
      status: 503,
      maybeSent: true,
    });

    const hanging: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)),
      );
    const slow = createWhatsAppSender({ ...secrets, apiUrl: sim.url, timeoutMs: 50, fetch: hanging });
    expect(await slow.send(orderUpdate())).toMatchObject({
      outcome: "retry",
      maybeSent: true,
      reason: "Meta did not answer within 50 ms",
    });

    const away = await startWhatsAppSimulator(secrets);
    await away.close();
    const toAway = createWhatsAppSender({ ...secrets, apiUrl: away.url });
    expect(await toAway.send(orderUpdate())).toMatchObject({ outcome: "retry", maybeSent: false });
    await sim.control.idle();
  });

  it("fails for good on a bad token (and never repeats the token), a local number or too long a code", async () => {
    const wrong = createWhatsAppSender({ ...secrets, accessToken: "EAAJBwrong0token", apiUrl: sim.url });
    expect(await wrong.send(orderUpdate())).toMatchObject({
      outcome: "failed",
      code: 190,
      status: 401,
      cause: "account",
    });
    const echoing: typeof fetch = async () =>
      new Response(JSON.stringify({ error: { message: `bad token ${secrets.accessToken}`, code: 190 } }), {
        status: 401,
      });
    const echoed = await createWhatsAppSender({ ...secrets, fetch: echoing }).send(orderUpdate());
    expect(JSON.stringify(echoed)).not.toContain(secrets.accessToken);

    const before = sim.control.messages.length;
    expect(await sender.send(orderUpdate({ to: "0812 3456 7890" }))).toMatchObject({
      outcome: "failed",
      cause: "request",
    });
    expect(
      await sender.send(
        orderUpdate({ message: { template: "auth_code", params: { code: "1234567890123456" } } }),
      ),
    ).toMatchObject({ outcome: "failed", cause: "request" });
    expect(
      await sender.send(
        orderUpdate({
          message: { template: "order_update", params: { orderCode: "P1", statusText: "a\nb" } },
        }),
      ),
    ).toMatchObject({
      outcome: "failed",
    });
    expect(sim.control.messages.length).toBe(before);
    expect(waNumberOf("+62 812-3456-7890")).toBe("6281234567890");
    expect(waNumberOf("0812-3456-7890")).toBeNull();
  });

  it("reports a number that cannot get WhatsApp as a failed status (131026) after accepting it", async () => {
    sim.control.undeliverable("6285712345678");
    let result: Awaited<ReturnType<WhatsAppSender["send"]>> | undefined;
    const input = orderUpdate({ to: "6285712345678" });
    const readings = await webhooksOf(async () => (result = await sender.send(input)));
    expect(result?.outcome).toBe("sent");
    expect(readings).toMatchObject([
      {
        kind: "events",
        statuses: [
          {
            status: "failed",
            deliveryId: input.deliveryId,
            error: { code: 131026, kind: "failed", cause: "recipient" },
          },
        ],
      },
    ]);
  });

  it("tells a forged status webhook from Meta's", async () => {
    const result = await sender.send(orderUpdate());
    await sim.control.idle();
    const readings = await webhooksOf(() => sim.control.sendForged((result as { wamid: string }).wamid));
    expect(readings).toEqual([{ kind: "forged" }]);
  });

  it("is off without all four settings", () => {
    expect(createWhatsAppSenderFromEnv({})).toBeNull();
    expect(
      createWhatsAppSenderFromEnv({
        WHATSAPP_ACCESS_TOKEN: secrets.accessToken,
        WHATSAPP_PHONE_NUMBER_ID: secrets.phoneNumberId,
        WHATSAPP_APP_SECRET: secrets.appSecret,
      }),
    ).toBeNull();
    expect(
      createWhatsAppSenderFromEnv({
        WHATSAPP_ACCESS_TOKEN: secrets.accessToken,
        WHATSAPP_PHONE_NUMBER_ID: secrets.phoneNumberId,
        WHATSAPP_APP_SECRET: secrets.appSecret,
        WHATSAPP_VERIFY_TOKEN: secrets.verifyToken,
      }),
    ).not.toBeNull();
  });
});
