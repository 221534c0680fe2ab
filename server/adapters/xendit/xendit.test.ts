import { readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { channelKinds, paymentChannels, type PaymentChannel } from "#common/payment-channels.ts";
import {
  PaymentProviderError,
  type CreatePaymentInput,
  type PaymentGateway,
  type ProviderRef,
} from "../../platform/payments.ts";
import { crc16, hasValidCrc, qrisPayload } from "../../platform/qris.ts";
import { createBody, createXenditGateway } from "./xendit.adapter.ts";
import {
  CreatePaymentRequestBodySchema,
  CreateRefundBodySchema,
  PaymentRequestSchema,
  PaymentRequestWebhookSchema,
  PaymentWebhookSchema,
  RefundSchema,
  RefundWebhookSchema,
  SimulatePaymentResponseSchema,
} from "./xendit.schemas.ts";
import { startXenditSimulator, type XenditSimulator } from "./xendit.simulator.ts";

const secretKey = "xnd_development_pasar0simulator0key0123456789";
const callbackToken = "pasar-callback-token-0123456789abcdef";
const fixtures = path.join(import.meta.dirname, "fixtures");

/** The shop's webhook endpoint: keeps what arrives and answers as told. */
interface Received {
  body: string;
  headers: Headers;
}
let receiver: { url: string; server: Server; received: Received[]; answer: number };
let sim: XenditSimulator;
let gateway: PaymentGateway;
let seq = 0;
const nextAttempt = () => `att_test_${Date.now().toString(36)}_${++seq}`;

async function listen(app: Hono): Promise<{ url: string; server: Server }> {
  const server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

beforeAll(async () => {
  const received: Received[] = [];
  const app = new Hono();
  app.post("/notify", async (c) => {
    received.push({ body: await c.req.text(), headers: c.req.raw.headers });
    return c.json({ ok: receiver.answer < 300 }, receiver.answer as 200);
  });
  const { url, server } = await listen(app);
  receiver = { url, server, received, answer: 200 };
  sim = await startXenditSimulator({
    secretKey,
    callbackToken,
    notifyUrl: `${url}/notify`,
    retryDelaysMs: [10, 20],
    refundDelayMs: 5,
  });
  gateway = createXenditGateway({ baseUrl: sim.url, secretKey, callbackToken, timeoutMs: 2000 });
});

afterAll(async () => {
  await sim?.close();
  if (receiver) await closeServer(receiver.server);
});

function input(channel: PaymentChannel, attemptId = nextAttempt(), amount = 25_000): CreatePaymentInput {
  return {
    attemptId,
    amount,
    channel,
    customer: { name: "Budi Santoso", email: "budi@example.id", phone: "+6281234567890" },
    description: `Pesanan ${attemptId}`,
    expiresAt: new Date(Date.now() + 60 * 60_000),
    returnUrl: "http://127.0.0.1:3000/payments/return",
    notifyUrl: "http://127.0.0.1:3000/payments/notify/xendit",
    lang: "ind",
  };
}

/** Runs `act` and reads the webhooks it made the simulator send to the shop. */
async function webhooksOf(act: () => Promise<unknown>): Promise<Received[]> {
  const before = receiver.received.length;
  await act();
  await sim.control.idle();
  return receiver.received.slice(before);
}

async function paid(channel: PaymentChannel, amount = 25_000): Promise<ProviderRef> {
  const payment = input(channel, nextAttempt(), amount);
  const created = await gateway.createPayment(payment);
  await sim.control.pay(payment.attemptId);
  return { attemptId: payment.attemptId, providerPaymentId: created.providerPaymentId };
}

const expectedAction = { qris: "qr", va: "va", ewallet: "redirect", retail: "code" } as const;

describe("Xendit fixtures (documented examples)", () => {
  const read = (file: string): unknown => JSON.parse(readFileSync(path.join(fixtures, file), "utf8"));
  const schemaOf: [RegExp, z.ZodType][] = [
    [
      /^create-request-mandiri-va\.json$/,
      CreatePaymentRequestBodySchema.omit({ type: true, request_amount: true }),
    ],
    [/create-request-/, CreatePaymentRequestBodySchema],
    [/(create|get|cancel)-response-/, PaymentRequestSchema],
    [/^simulate-response/, SimulatePaymentResponseSchema],
    [/^refund-request/, CreateRefundBodySchema],
    [/^refund-response/, RefundSchema],
    [/webhook-payment-request-/, PaymentRequestWebhookSchema],
    [/webhook-payment-/, PaymentWebhookSchema],
    [/webhook-refund-/, RefundWebhookSchema],
  ];
  const files = readdirSync(fixtures).filter((f) => f.endsWith(".json"));

  it("has a fixture for every kind of body the adapter reads", () => {
    expect(files.length).toBeGreaterThanOrEqual(25);
    for (const file of files)
      expect(
        schemaOf.some(([re]) => re.test(file)),
        file,
      ).toBe(true);
  });

  it.each(files)("%s parses with its schema", (file) => {
    const schema = schemaOf.find(([re]) => re.test(file))![1];
    const parsed = schema.safeParse(read(file));
    expect(parsed.error?.message, file).toBeUndefined();
  });

  it("reads the documented webhooks as the shop's events", async () => {
    const headers = new Headers({ "x-callback-token": callbackToken });
    const text = (file: string) => readFileSync(path.join(fixtures, file), "utf8");
    expect(await gateway.readNotification(text("webhook-payment-capture-bri-va.json"), headers)).toEqual({
      attemptId: "example_reference_id",
      providerPaymentId: "pr-1fdaf346-dd2e-4b6c-b938-124c7167a822",
      status: "paid",
      amount: 10000,
      currency: "IDR",
      providerStatus: "SUCCEEDED",
    });
    // A reusable virtual account's capture has no request_amount: the amount is what was captured.
    expect(
      await gateway.readNotification(text("webhook-payment-capture-mandiri-va.json"), headers),
    ).toMatchObject({
      attemptId: "crypto-user-12345",
      status: "paid",
      amount: 10001,
    });
    expect(
      await gateway.readNotification(text("adapted-webhook-payment-request-expiry.json"), headers),
    ).toMatchObject({
      attemptId: "order_id_123456",
      status: "expired",
      amount: 150000,
    });
    // Baht is not rupiah; the documented refunds name no attempt of the shop (they were not asked by it).
    expect(await gateway.readNotification(text("webhook-payment-failure-cards.json"), headers)).toBe(
      "unreadable",
    );
    expect(await gateway.readNotification(text("webhook-refund-succeeded.json"), headers)).toBe("unreadable");
  });

  it("builds the documented request shape for every channel", () => {
    for (const channel of paymentChannels) {
      const body = createBody(input(channel, "att_fixture"));
      expect(CreatePaymentRequestBodySchema.safeParse(body).success, channel).toBe(true);
      expect(body).toMatchObject({
        reference_id: "att_fixture",
        type: "PAY",
        country: "ID",
        currency: "IDR",
      });
    }
    expect(createBody(input("ovo")).channel_properties).toEqual({ account_mobile_number: "+6281234567890" });
    expect(createBody(input("qris")).channel_properties).toEqual({});
  });
});

describe("QRIS string", () => {
  it("uses CRC-16/CCITT-FALSE", () => {
    expect(crc16("123456789")).toBe("29B1");
  });

  it("carries the amount and a valid CRC", () => {
    const qr = qrisPayload({ merchantName: "Toko Ü", city: "Jakarta", amount: 25000, reference: "att_1" });
    expect(qr.startsWith("000201010212")).toBe(true);
    expect(qr).toContain("540525000");
    expect(hasValidCrc(qr)).toBe(true);
    expect(hasValidCrc(qr.slice(0, -1) + (qr.endsWith("0") ? "1" : "0"))).toBe(false);
  });
});

describe("Xendit adapter against the simulator", () => {
  it("offers all thirteen channels, GoPay among them, in the shop's order", () => {
    expect(gateway.provider).toBe("xendit");
    expect(gateway.channels).toEqual(paymentChannels);
    expect(paymentChannels.filter((c) => gateway.refundable(c))).toEqual([
      "qris",
      "dana",
      "shopeepay",
      "linkaja",
    ]);
  });

  it.each(paymentChannels)("%s: create, again, get, pay by webhook, cancel", async (channel) => {
    const payment = input(channel);
    const created = await gateway.createPayment(payment);
    expect(created.status).toBe("pending");
    expect(created.providerPaymentId).toMatch(/^pr-[0-9a-f-]{36}$/);
    expect(created.action.type).toBe(channel === "ovo" ? "push" : expectedAction[channelKinds[channel]]);
    switch (created.action.type) {
      case "qr":
        expect(hasValidCrc(created.action.qrString)).toBe(true);
        break;
      case "va":
        expect(created.action.bank).toBe(channel.slice(3));
        expect(created.action.accountNumber).toMatch(/^\d{13,16}$/);
        break;
      case "redirect":
        expect(created.action.url).toMatch(new RegExp(`^${sim.url}/sim/pay/pr-`));
        if (channel === "linkaja") expect(created.action.mobileUrl).toBeUndefined();
        else expect(created.action.mobileUrl).toContain("via=app");
        break;
      case "push":
        expect(created.action.phone).toBe("+6281234567890");
        break;
      case "code":
        expect(created.action.outlet).toBe(channel);
        expect(created.action.paymentCode).toMatch(/^TEST\d{8}$/);
        break;
    }
    // The attempt id is the idempotency key: the same attempt is the same payment request.
    const again = await gateway.createPayment(payment);
    expect(again).toEqual(created);

    const ref = { attemptId: payment.attemptId, providerPaymentId: created.providerPaymentId };
    expect(await gateway.getPayment(ref)).toEqual({
      providerPaymentId: created.providerPaymentId,
      status: "pending",
      amount: 25_000,
      refunded: 0,
    });

    const [webhook, ...more] = await webhooksOf(() => sim.control.pay(payment.attemptId));
    expect(more).toEqual([]);
    expect(await gateway.readNotification(webhook!.body, webhook!.headers)).toEqual({
      attemptId: payment.attemptId,
      providerPaymentId: created.providerPaymentId,
      status: "paid",
      amount: 25_000,
      currency: "IDR",
      providerStatus: "SUCCEEDED",
    });
    expect((await gateway.getPayment(ref)).status).toBe("paid");
    // Cancelling what was paid meanwhile answers what it is.
    expect((await gateway.cancelPayment(ref)).status).toBe("paid");

    const other = input(channel);
    const unpaid = await gateway.createPayment(other);
    const otherRef = { attemptId: other.attemptId, providerPaymentId: unpaid.providerPaymentId };
    expect(
      await webhooksOf(async () => expect((await gateway.cancelPayment(otherRef)).status).toBe("cancelled")),
    ).toEqual([]);
    expect((await gateway.cancelPayment(otherRef)).status).toBe("cancelled");
    await expect(sim.control.pay(other.attemptId)).rejects.toThrow(/CANCELED/);
  });

  it("answers unknown for a payment it does not have", async () => {
    expect(await gateway.getPayment({ attemptId: "att_none", providerPaymentId: null })).toEqual({
      providerPaymentId: null,
      status: "unknown",
      amount: null,
      refunded: 0,
    });
    const missing = { attemptId: "att_none", providerPaymentId: "pr-00000000-0000-4000-8000-000000000000" };
    expect((await gateway.getPayment(missing)).status).toBe("unknown");
    expect((await gateway.cancelPayment(missing)).status).toBe("unknown");
  });

  it("reads failed, expired and reversed payments from their webhooks", async () => {
    const failing = input("dana");
    const { providerPaymentId } = await gateway.createPayment(failing);
    const [failed] = await webhooksOf(() => sim.control.fail(failing.attemptId));
    expect(await gateway.readNotification(failed!.body, failed!.headers)).toMatchObject({
      attemptId: failing.attemptId,
      providerPaymentId,
      status: "failed",
      providerStatus: "FAILED",
    });

    const expiring = input("va_bni");
    await gateway.createPayment(expiring);
    const [expired] = await webhooksOf(() => sim.control.expire(expiring.attemptId));
    expect(JSON.parse(expired!.body).event).toBe("payment_request.expiry");
    expect(await gateway.readNotification(expired!.body, expired!.headers)).toMatchObject({
      attemptId: expiring.attemptId,
      status: "expired",
    });

    const ref = await paid("qris");
    const [reversed] = await webhooksOf(() => sim.control.reverse(ref.attemptId));
    expect(await gateway.readNotification(reversed!.body, reversed!.headers)).toMatchObject({
      attemptId: ref.attemptId,
      status: "reversed",
      providerStatus: "REVERSED",
    });
    expect((await gateway.getPayment(ref)).status).toBe("reversed");
    await expect(sim.control.reverse(ref.attemptId)).rejects.toThrow(/REVERSED/);
  });

  it("expires a payment request whose expiry passed when it is looked at", async () => {
    const payment = { ...input("va_bca"), expiresAt: new Date(Date.now() + 150) };
    const created = await gateway.createPayment(payment);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const webhooks = await webhooksOf(async () =>
      expect(
        (
          await gateway.getPayment({
            attemptId: payment.attemptId,
            providerPaymentId: created.providerPaymentId,
          })
        ).status,
      ).toBe("expired"),
    );
    expect(webhooks.map((w) => JSON.parse(w.body).event)).toEqual(["payment_request.expiry"]);
  });

  it("calls a webhook without the right token forged, before reading anything", async () => {
    const ref = await paid("shopeepay");
    const [forged] = await webhooksOf(() => sim.control.sendForged(ref.attemptId));
    expect(forged!.headers.get("x-callback-token")).not.toBe(callbackToken);
    expect(await gateway.readNotification(forged!.body, forged!.headers)).toBe("forged");
    expect(await gateway.readNotification(forged!.body, new Headers())).toBe("forged");
    expect(await gateway.readNotification("not even json", new Headers({ "x-callback-token": "x" }))).toBe(
      "forged",
    );
    const note = sim.control.notifications.at(-1)!;
    expect(note.forged).toBe(true);
    expect(note.answers).toHaveLength(1);
  });

  it("calls a genuine webhook it does not understand unreadable", async () => {
    const headers = new Headers({ "x-callback-token": callbackToken });
    const capture = JSON.parse(
      readFileSync(path.join(fixtures, "webhook-payment-capture-bri-va.json"), "utf8"),
    );
    expect(await gateway.readNotification("{", headers)).toBe("unreadable");
    expect(
      await gateway.readNotification(
        JSON.stringify({ event: "payment_token.activation", data: {} }),
        headers,
      ),
    ).toBe("unreadable");
    const fraction = { ...capture, data: { ...capture.data, request_amount: 10000.5 } };
    expect(await gateway.readNotification(JSON.stringify(fraction), headers)).toBe("unreadable");
    const strange = { ...capture, data: { ...capture.data, status: "SOMETHING_NEW" } };
    expect(await gateway.readNotification(JSON.stringify(strange), headers)).toBe("unreadable");
  });

  it("sends webhooks again: duplicates, late, reordered, and retried until the shop takes one", async () => {
    const ref = await paid("va_mandiri");
    const duplicates = await webhooksOf(() => sim.control.resend(ref.attemptId, 2));
    expect(duplicates).toHaveLength(2);
    expect(new Set([...duplicates.map((d) => d.body)]).size).toBe(1);

    const first = input("alfamart");
    const second = input("indomaret");
    await gateway.createPayment(first);
    await gateway.createPayment(second);
    sim.control.hold();
    const whileHeld = await webhooksOf(async () => {
      await sim.control.pay(first.attemptId);
      await sim.control.pay(second.attemptId);
    });
    expect(whileHeld).toEqual([]);
    const released = await webhooksOf(() => sim.control.release({ reverse: true }));
    expect(released.map((w) => JSON.parse(w.body).data.reference_id)).toEqual([
      second.attemptId,
      first.attemptId,
    ]);

    sim.control.delay(30);
    const started = Date.now();
    await webhooksOf(() => paid("linkaja"));
    expect(Date.now() - started).toBeGreaterThanOrEqual(30);
    sim.control.delay(0);

    receiver.answer = 500;
    try {
      const retried = await webhooksOf(() => paid("ovo"));
      expect(retried).toHaveLength(3);
      expect(sim.control.notifications.at(-1)!.answers.map((a) => a.status)).toEqual([500, 500, 500]);
    } finally {
      receiver.answer = 200;
    }
  });

  it("refunds once per refund id, and reads the refund's webhook", async () => {
    const ref = await paid("dana", 40_000);
    const refund = { ...ref, refundId: `rfn_${seq}`, amount: 15_000, reason: "Pesanan dibatalkan" };
    const [webhook, ...more] = await webhooksOf(async () => {
      const first = await gateway.refund(refund);
      const second = await gateway.refund(refund);
      expect(first.status).toBe("pending");
      expect(second).toEqual(first);
    });
    expect(more).toEqual([]);
    expect(await gateway.readNotification(webhook!.body, webhook!.headers)).toEqual({
      attemptId: ref.attemptId,
      providerPaymentId: ref.providerPaymentId,
      status: "refunded",
      amount: 15_000,
      currency: "IDR",
      providerStatus: "SUCCEEDED",
      refund: { refundId: refund.refundId, amount: 15_000, status: "succeeded" },
    });
    expect(await gateway.getPayment(ref)).toMatchObject({ status: "paid", amount: 40_000, refunded: 15_000 });
    // What Xendit says of each of the shop's refunds, by its id (a refund's webhook is checked against it).
    expect(await gateway.getRefund({ ...ref, refundId: refund.refundId })).toBe("succeeded");
    expect(await gateway.getRefund({ ...ref, refundId: "rfn_never_made" })).toBe("unknown");

    await gateway.refund({ ...refund, refundId: `${refund.refundId}_rest`, amount: 25_000 });
    await sim.control.idle();
    expect(await gateway.getPayment(ref)).toMatchObject({ status: "refunded", refunded: 40_000 });
    await expect(
      gateway.refund({ ...refund, refundId: `${refund.refundId}_more`, amount: 1 }),
    ).rejects.toMatchObject({
      retryable: false,
      status: 400,
      message: expect.stringContaining("REFUND_AMOUNT_EXCEEDED"),
    });
  });

  it("reads a failed refund, and refuses refunds Xendit does not make", async () => {
    const ref = await paid("qris");
    sim.control.refundOutcome("FAILED");
    try {
      const [webhook] = await webhooksOf(() =>
        gateway.refund({
          ...ref,
          refundId: `rfn_fail_${seq}`,
          amount: 25_000,
          reason: "REQUESTED_BY_CUSTOMER",
        }),
      );
      expect(await gateway.readNotification(webhook!.body, webhook!.headers)).toMatchObject({
        status: "paid",
        refund: { amount: 25_000, status: "failed" },
      });
    } finally {
      sim.control.refundOutcome("SUCCEEDED");
    }
    const va = await paid("va_bri");
    expect(gateway.refundable("va_bri")).toBe(false);
    await expect(
      gateway.refund({ ...va, refundId: `rfn_va_${seq}`, amount: 25_000, reason: "x" }),
    ).rejects.toMatchObject({
      retryable: false,
      status: 403,
      message: expect.stringContaining("REFUND_NOT_SUPPORTED"),
    });
  });

  it("refuses a wrong key with a non-retryable error that does not show it", async () => {
    const wrongKey = "xnd_development_wrong0key0abcdef";
    const wrong = createXenditGateway({ baseUrl: sim.url, secretKey: wrongKey, callbackToken });
    const error = await wrong.createPayment(input("qris")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({
      retryable: false,
      status: 401,
      message: expect.stringContaining("INVALID_API_KEY"),
    });
    expect((error as Error).message).not.toContain(wrongKey);
  });

  it("refuses what Xendit's validation refuses, without retrying", async () => {
    await expect(gateway.createPayment(input("va_bca", nextAttempt(), 5_000))).rejects.toMatchObject({
      retryable: false,
      status: 400,
      message: expect.stringContaining("INVALID_VALUE_ERROR"),
    });
    await expect(
      gateway.createPayment({ ...input("ovo"), customer: { name: "Budi", email: null, phone: null } }),
    ).rejects.toMatchObject({ retryable: false, message: expect.stringContaining("OVO") });
    // The same attempt with other details is a caller's mistake Xendit answers with 409.
    const payment = input("dana");
    await gateway.createPayment(payment);
    await expect(gateway.createPayment({ ...payment, amount: 30_000 })).rejects.toMatchObject({
      retryable: false,
      status: 409,
    });
  });

  it("calls a Xendit that is down or silent retryable", async () => {
    const down = await startXenditSimulator({
      secretKey,
      callbackToken,
      notifyUrl: `${receiver.url}/notify`,
    });
    await down.close();
    const unreachable = createXenditGateway({ baseUrl: down.url, secretKey, callbackToken });
    await expect(unreachable.createPayment(input("qris"))).rejects.toMatchObject({ retryable: true });

    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const slow = createXenditGateway({
        baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
        secretKey,
        callbackToken,
        timeoutMs: 100,
      });
      const error = await slow
        .getPayment({ attemptId: "a", providerPaymentId: "pr-x" })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ retryable: true, message: expect.stringContaining("100 ms") });
    } finally {
      await closeServer(silent);
    }
  });

  it("speaks the documented simulate endpoint and the payer's pages", async () => {
    const payment = input("shopeepay");
    const created = await gateway.createPayment(payment);
    const auth = { authorization: `Basic ${Buffer.from(`${secretKey}:`).toString("base64")}` };
    const [webhook] = await webhooksOf(async () => {
      const response = await fetch(`${sim.url}/v3/payment_requests/${created.providerPaymentId}/simulate`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json", "api-version": "2024-11-11" },
        body: JSON.stringify({ amount: 25_000 }),
      });
      expect(SimulatePaymentResponseSchema.parse(await response.json()).status).toBe("PENDING");
    });
    expect(JSON.parse(webhook!.body).event).toBe("payment.capture");

    const other = input("dana");
    const { action } = await gateway.createPayment(other);
    if (action.type !== "redirect") throw new Error("DANA redirects");
    const pageHtml = await (await fetch(action.url)).text();
    expect(pageHtml).toContain("Bayar");
    const [pressed] = await webhooksOf(async () => {
      const response = await fetch(action.url, {
        method: "POST",
        body: new URLSearchParams({ action: "pay" }),
        redirect: "manual",
      });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(other.returnUrl);
    });
    expect(await gateway.readNotification(pressed!.body, pressed!.headers)).toMatchObject({ status: "paid" });
    expect(await (await fetch(`${sim.url}/sim`)).text()).toContain(other.attemptId);
  });
});
