import { createHash } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import type { PaymentChannel } from "#common/payment-channels.ts";
import { now, setClock } from "../../platform/clock.ts";
import {
  PaymentProviderError,
  type CreatePaymentInput,
  type PaymentGateway,
  type ProviderEvent,
} from "../../platform/payments.ts";
import { createMidtransGateway } from "./midtrans.adapter.ts";
import { midtransChannels } from "./midtrans.channels.ts";
import {
  CancelResponseSchema,
  ChargeRequestSchema,
  ChargeResponseSchema,
  ErrorResponseSchema,
  NotificationSchema,
  RefundRequestSchema,
  RefundResponseSchema,
  StatusResponseSchema,
} from "./midtrans.schemas.ts";
import { startMidtransSimulator, type MidtransSimulator } from "./midtrans.simulator.ts";
import { hasValidCrc, parseEmv } from "../../platform/qris.ts";

const serverKey = "SB-Mid-server-pasar-test-0123456789";
const fixtures = path.join(import.meta.dirname, "fixtures");

let sim: MidtransSimulator;
let gateway: PaymentGateway;
let receiver: Server;
let receiverUrl: string;
/** What the shop's notification endpoint received, and the statuses it answers next (200 when empty). */
const received: { path: string; body: string }[] = [];
const answers: number[] = [];

beforeAll(async () => {
  const shop = new Hono();
  shop.post("*", async (c) => {
    received.push({ path: c.req.path, body: await c.req.text() });
    return c.text("OK", (answers.shift() ?? 200) as ContentfulStatusCode);
  });
  receiver = serve({ fetch: shop.fetch, port: 0, hostname: "127.0.0.1" }) as Server;
  await new Promise<void>((resolve) =>
    receiver.listening ? resolve() : receiver.once("listening", resolve),
  );
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  // Notifications of the shop's charges go to /notify (X-Override-Notification); /default is the dashboard's.
  sim = await startMidtransSimulator({ serverKey, notifyUrl: `${receiverUrl}/default`, retryDelayMs: 5 });
  gateway = createMidtransGateway({ baseUrl: sim.url, serverKey, timeoutMs: 5000 });
});

afterAll(async () => {
  await sim.close();
  await new Promise<void>((resolve) => {
    receiver.close(() => resolve());
    receiver.closeAllConnections();
  });
});

let restoreClock: (() => void) | null = null;
afterEach(() => {
  restoreClock?.();
  restoreClock = null;
  answers.length = 0;
});

/** Moves the clock of the adapter and the simulator forward. */
function advance(ms: number): void {
  const at = now().getTime() + ms;
  restoreClock?.();
  restoreClock = setClock(() => new Date(at));
}

let sequence = 0;
function attempt(channel: PaymentChannel, overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  sequence += 1;
  return {
    attemptId: `att_${now().getTime().toString(36)}${sequence}`,
    amount: 150_000,
    channel,
    customer: { name: "Siti Aminah", email: "siti@example.com", phone: "+6281234567890" },
    description: "Pesanan P26010112345678",
    expiresAt: new Date(now().getTime() + 60 * 60_000),
    returnUrl: "https://pasar.test/checkout/return",
    notifyUrl: `${receiverUrl}/notify`,
    lang: "ind",
    ...overrides,
  };
}

function sign(orderId: string, statusCode: string, grossAmount: string, key = serverKey): string {
  return createHash("sha512")
    .update(orderId + statusCode + grossAmount + key)
    .digest("hex");
}

/** The notifications the shop received for an attempt, as sent. */
async function bodiesFor(attemptId: string): Promise<string[]> {
  await sim.control.idle();
  return received
    .filter((r) => (JSON.parse(r.body) as { order_id?: string }).order_id === attemptId)
    .map((r) => r.body);
}

/** The events the adapter reads from the notifications of an attempt (all of them genuine). */
async function eventsFor(attemptId: string): Promise<ProviderEvent[]> {
  const events: ProviderEvent[] = [];
  for (const body of await bodiesFor(attemptId)) {
    const event = await gateway.readNotification(body, new Headers());
    if (event === "forged" || event === "unreadable") throw new Error(`${event}: ${body}`);
    events.push(event);
  }
  return events;
}

async function refusalOf(work: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

function fixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(fixtures, name), "utf8")) as Record<string, unknown>;
}

describe("documented examples", () => {
  const schemaOf: [string, z.ZodType][] = [
    ["charge-request-", ChargeRequestSchema],
    ["charge-response-", ChargeResponseSchema],
    ["status-response-", StatusResponseSchema],
    ["transaction-", StatusResponseSchema],
    ["cancel-response", CancelResponseSchema],
    ["refund-request", RefundRequestSchema],
    ["refund-response", RefundResponseSchema],
    ["direct-refund-response", RefundResponseSchema],
    ["error-", ErrorResponseSchema],
    ["notification-", NotificationSchema],
  ];
  const files = readdirSync(fixtures).filter((f) => f.endsWith(".json"));

  it.each(files)("%s parses with its schema", (file) => {
    const schema = schemaOf.find(([prefix]) => file.startsWith(prefix))?.[1];
    expect(schema, `no schema for ${file}`).toBeDefined();
    const result = schema!.safeParse(fixture(file));
    expect(result.error).toBeUndefined();
  });

  it("has an example of every charge the adapter sends", () => {
    const types = files
      .filter((f) => f.startsWith("charge-request-"))
      .map((f) => ChargeRequestSchema.parse(fixture(f)))
      .map((c) => (c.payment_type === "bank_transfer" ? c.bank_transfer.bank : c.payment_type));
    expect(new Set(types)).toEqual(
      new Set(["qris", "bca", "bni", "bri", "permata", "echannel", "shopeepay", "cstore", "ovo"]),
    );
  });

  it("QRIS strings end in the CRC of the rest, and carry the gross amount", () => {
    for (const file of ["charge-response-qris.json", "charge-response-qris-pos.json"]) {
      const charge = ChargeResponseSchema.parse(fixture(file));
      expect(hasValidCrc(charge.qr_string!)).toBe(true);
      expect(parseEmv(charge.qr_string!).get("54")).toBe(charge.gross_amount);
      expect(hasValidCrc(charge.qr_string!.slice(0, -1) + "0")).toBe(false);
    }
  });

  // The docs do not say which server key signed their examples (fixtures/README.md): each is forged under
  // ours, and the same body signed with ours by the documented formula reads as the event it describes.
  it.each([
    ["notification-qris-pending.json", "pending", 275_000, undefined],
    ["notification-qris-settlement.json", "paid", 275_000, undefined],
    ["notification-qris-expire.json", "expired", 275_000, undefined],
    ["notification-shopeepay-settlement.json", "paid", 25_000, undefined],
    ["notification-bca-settlement.json", "paid", 100_000, undefined],
    ["notification-bni-settlement.json", "paid", 150_000, undefined],
    ["notification-bri-settlement.json", "paid", 300_000, undefined],
    ["notification-permata-settlement.json", "paid", 185_000, undefined],
    ["notification-mandiri-bill-settlement.json", "paid", 30_000, undefined],
    ["notification-indomaret-settlement.json", "paid", 336_000, undefined],
    ["notification-alfamart-pending.json", "pending", 162_500, undefined],
    ["notification-alfamart-expire.json", "expired", 162_500, undefined],
    ["notification-cancel.json", "cancelled", 244_108, undefined],
    ["notification-refund.json", "refunded", 698_879, { refundId: "reference2", amount: 7000 }],
    ["notification-partial-refund.json", "paid", 30_000, { refundId: "reference2", amount: 7000 }],
  ] as const)("%s reads as %s", async (file, status, amount, refund) => {
    const body = fixture(file);
    expect(await gateway.readNotification(JSON.stringify(body), new Headers())).toBe("forged");
    const signed = {
      ...body,
      signature_key: sign(String(body.order_id), String(body.status_code), String(body.gross_amount)),
    };
    const event = await gateway.readNotification(JSON.stringify(signed), new Headers());
    expect(event).toMatchObject({
      attemptId: body.order_id,
      providerPaymentId: body.transaction_id,
      status,
      amount,
      currency: "IDR",
      providerStatus: body.transaction_status,
    });
    expect((event as ProviderEvent).refund).toEqual(refund && { ...refund, status: "succeeded" });
  });
});

/** A gateway whose Midtrans answers as `answer` says, and the requests it sent. */
function stubbed(answer: (url: string) => { status?: number; body: unknown }) {
  const requests: { url: string; method: string; headers: Headers; body: string | undefined }[] = [];
  const stub: typeof fetch = async (input, init) => {
    const url = String(input);
    requests.push({
      url,
      method: init?.method ?? "GET",
      headers: new Headers(init?.headers),
      body: typeof init?.body === "string" ? init.body : undefined,
    });
    const { status = 200, body } = answer(url);
    return new Response(typeof body === "string" ? body : JSON.stringify(body), { status });
  };
  const stubGateway = createMidtransGateway({
    baseUrl: "https://api.sandbox.midtrans.com/",
    serverKey,
    fetch: stub,
  });
  return { gateway: stubGateway, requests };
}

describe("the documented answers, verbatim", () => {
  it.each([
    ["qris", "charge-response-qris.json", { type: "qr" }],
    ["va_bca", "charge-response-bca.json", { type: "va", bank: "bca", accountNumber: "812785002530231" }],
    ["va_bni", "charge-response-bni.json", { type: "va", bank: "bni", accountNumber: "9888500212345678" }],
    ["va_bri", "charge-response-bri.json", { type: "va", bank: "bri", accountNumber: "8578000000111111" }],
    [
      "va_mandiri",
      "charge-response-mandiri-bill.json",
      { type: "va", bank: "mandiri", accountNumber: "778347787706", billerCode: "70012" },
    ],
    [
      "va_permata",
      "charge-response-permata.json",
      { type: "va", bank: "permata", accountNumber: "850003072869607" },
    ],
    ["shopeepay", "charge-response-shopeepay.json", { type: "redirect" }],
    [
      "alfamart",
      "charge-response-alfamart.json",
      { type: "code", outlet: "alfamart", paymentCode: "010811223344" },
    ],
    [
      "indomaret",
      "charge-response-indomaret.json",
      { type: "code", outlet: "indomaret", paymentCode: "25709650945026" },
    ],
    ["ovo", "charge-response-ovo.json", { type: "push", phone: "08111111111" }],
  ] as const)("%s: sends a valid charge and reads %s", async (channel, file, action) => {
    advance(0); // one moment for the test and the adapter
    const documented = fixture(file);
    const input = attempt(channel, {
      amount: Number(String(documented.gross_amount).split(".")[0]),
      // A deadline between two whole minutes and seconds from now, as a reopened attempt's is.
      expiresAt: new Date(now().getTime() + 59 * 60_000 + 29_750),
    });
    const { gateway: stub, requests } = stubbed(() => ({
      body: { ...documented, order_id: input.attemptId },
    }));
    const payment = await stub.createPayment(input);

    expect(payment).toMatchObject({
      providerPaymentId: documented.transaction_id,
      status: "pending",
      action,
    });
    if (action.type === "qr") expect(payment.action).toEqual({ type: "qr", qrString: documented.qr_string });
    if (action.type === "redirect") {
      const url = (documented.actions as { url: string }[])[0]!.url;
      expect(payment.action).toEqual({ type: "redirect", url, mobileUrl: url });
    }
    // Midtrans' own expiry when it says one (in Jakarta time), else the shop's.
    const expiry = documented.expiry_time ?? documented.expire_time;
    expect(payment.expiresAt).toEqual(
      expiry ? new Date(`${String(expiry).replace(" ", "T")}+07:00`) : input.expiresAt,
    );

    const [sent] = requests;
    expect(requests).toHaveLength(1);
    expect(sent).toMatchObject({ url: "https://api.sandbox.midtrans.com/v2/charge", method: "POST" });
    expect(sent!.headers.get("authorization")).toBe(
      `Basic ${Buffer.from(`${serverKey}:`).toString("base64")}`,
    );
    expect(sent!.headers.get("idempotency-key")).toBe(`${input.attemptId}-charge`);
    expect(sent!.headers.get("x-override-notification")).toBe(input.notifyUrl);
    const charge = ChargeRequestSchema.parse(JSON.parse(sent!.body!));
    expect(charge.transaction_details).toEqual({ order_id: input.attemptId, gross_amount: input.amount });
    if (channel === "ovo") {
      expect(charge.custom_expiry).toBeUndefined();
    } else {
      // The window ends on the shop's deadline, to the second (its start is up to a minute before now).
      const { order_time = "", expiry_duration, unit } = charge.custom_expiry!;
      expect(unit).toBe("minute");
      expect(order_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \+0700$/);
      const start = Date.parse(`${order_time.slice(0, 10)}T${order_time.slice(11, 19)}+07:00`);
      expect(start).toBeLessThanOrEqual(now().getTime());
      expect(start).toBeGreaterThan(now().getTime() - 61_000);
      expect(start + expiry_duration * 60_000).toBe(Math.floor(input.expiresAt.getTime() / 1000) * 1000);
    }
  });

  it("refuses the QRIS answer of the QRIS reference page, which has no qr_string", async () => {
    const documented = fixture("charge-response-qris-without-qr-string.json");
    const input = attempt("qris", { amount: 275_000 });
    const { gateway: stub } = stubbed(() => ({ body: { ...documented, order_id: input.attemptId } }));
    const error = await refusalOf(stub.createPayment(input));
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/without a qr_string/);
  });

  it("reads a refusal in the HTTP status or only in status_code", async () => {
    const ref = { attemptId: "att_nowhere", providerPaymentId: null };
    const notFound = fixture("error-transaction-not-found.json");
    for (const status of [200, 404]) {
      const { gateway: stub } = stubbed(() => ({ status, body: notFound }));
      expect((await stub.getPayment(ref)).status).toBe("unknown");
    }
    const cases: [number, unknown, boolean][] = [
      [200, { status_code: "500", status_message: "Internal Server Error" }, true],
      [502, "<html>Bad Gateway</html>", true],
      [429, { status_code: "429", status_message: "Too Many Requests" }, true],
      [200, "<html>maintenance</html>", false],
      [200, fixture("error-unauthorized.json"), false],
    ];
    for (const [status, body, retryable] of cases) {
      const { gateway: stub } = stubbed(() => ({ status, body }));
      expect(await refusalOf(stub.getPayment(ref))).toMatchObject({ retryable });
    }
  });
});

describe("every channel against the simulator", () => {
  it("offers the channels Midtrans' Core API takes, and refunds e-money only", () => {
    expect(gateway.provider).toBe("midtrans");
    expect(gateway.channels).toEqual(midtransChannels);
    expect(gateway.channels).not.toContain("dana");
    expect(gateway.channels).not.toContain("linkaja");
    expect(gateway.channels.filter((c) => gateway.refundable(c))).toEqual([
      "qris",
      "gopay",
      "ovo",
      "shopeepay",
    ]);
  });

  it.each(midtransChannels)(
    "%s: opens a payment, answers the same one when asked again, and reads it paid",
    async (channel) => {
      // A deadline between two whole minutes from now, as a reopened attempt's is.
      const input = attempt(channel, { expiresAt: new Date(now().getTime() + 59 * 60_000 + 29_750) });
      const payment = await gateway.createPayment(input);
      expect(payment.status).toBe("pending");
      const action = payment.action;
      switch (channel) {
        case "qris":
          expect(action.type).toBe("qr");
          if (action.type === "qr") {
            expect(hasValidCrc(action.qrString)).toBe(true);
            expect(action.qrString.startsWith("000201010212")).toBe(true);
            expect(parseEmv(action.qrString).get("54")).toBe("150000.00");
          }
          break;
        case "va_bca":
        case "va_bni":
        case "va_bri":
        case "va_permata":
          expect(action).toMatchObject({
            type: "va",
            bank: channel.slice(3),
            accountNumber: expect.stringMatching(/^\d{15,16}$/),
          });
          break;
        case "va_mandiri":
          expect(action).toEqual({
            type: "va",
            bank: "mandiri",
            accountNumber: expect.stringMatching(/^\d{12}$/),
            billerCode: "70012",
          });
          break;
        case "gopay":
        case "shopeepay":
          expect(action).toEqual({
            type: "redirect",
            url: `${sim.url}/sim/pay/${input.attemptId}`,
            mobileUrl: `${sim.url}/sim/pay/${input.attemptId}`,
          });
          break;
        case "alfamart":
        case "indomaret":
          expect(action).toEqual({
            type: "code",
            outlet: channel,
            paymentCode: expect.stringMatching(/^\d{12,14}$/),
          });
          break;
        case "ovo":
          expect(action).toEqual({ type: "push", phone: "081234567890" });
          break;
      }
      // Midtrans closes the payment with the shop, on its deadline's second (never later); OVO's own 65
      // seconds are shorter.
      const early = input.expiresAt.getTime() - payment.expiresAt.getTime();
      if (channel === "ovo") expect(early).toBeGreaterThan(50 * 60_000);
      else expect(early).toBeGreaterThanOrEqual(0);
      expect(early).toBeLessThan(channel === "ovo" ? 60 * 60_000 : 1000);

      // Asked again: the Idempotency-Key answers the first charge again (Permata and Indomaret take no
      // key, so there Midtrans says 406 and the status API answers).
      expect(await gateway.createPayment(input)).toEqual(payment);

      const ref = { attemptId: input.attemptId, providerPaymentId: payment.providerPaymentId };
      expect(await gateway.getPayment(ref)).toEqual({
        providerPaymentId: payment.providerPaymentId,
        status: "pending",
        amount: 150_000,
        refunded: 0,
      });
      await sim.control.idle();
      await sim.control.pay(input.attemptId);
      const events = await eventsFor(input.attemptId);
      expect(events.map((e) => [e.status, e.providerStatus])).toEqual([
        ["pending", "pending"],
        ["paid", "settlement"],
      ]);
      expect(events[1]).toEqual({
        attemptId: input.attemptId,
        providerPaymentId: payment.providerPaymentId,
        status: "paid",
        amount: 150_000,
        currency: "IDR",
        providerStatus: "settlement",
      });
      expect((await gateway.getPayment(ref)).status).toBe("paid");
      // The charge named the shop's notification address; the dashboard's got nothing.
      expect(
        received.filter((r) => r.body.includes(input.attemptId)).every((r) => r.path === "/notify"),
      ).toBe(true);
    },
  );

  it.each(["va_bca", "va_bni", "va_bri", "va_mandiri", "shopeepay", "alfamart"] as const)(
    "%s: asked again after the Idempotency-Key's five minutes, reads the existing payment (406)",
    async (channel) => {
      const input = attempt(channel);
      const payment = await gateway.createPayment(input);
      advance(6 * 60_000);
      expect(await gateway.createPayment(input)).toEqual(payment);
    },
  );

  it("QRIS asked again after five minutes cannot show its QR again, and says so", async () => {
    const input = attempt("qris");
    await gateway.createPayment(input);
    advance(6 * 60_000);
    const error = await refusalOf(gateway.createPayment(input));
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/does not give the QR string again/);
  });

  it("refuses to answer an attempt charged by another channel", async () => {
    const input = attempt("va_bni");
    await gateway.createPayment(input);
    advance(6 * 60_000);
    const error = await refusalOf(gateway.createPayment({ ...input, channel: "alfamart" }));
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/va_bni payment, not alfamart/);
  });

  it("refuses channels Midtrans' Core API does not take, and OVO without a mobile number", async () => {
    expect((await refusalOf(gateway.createPayment(attempt("dana")))).retryable).toBe(false);
    const noPhone = attempt("ovo", { customer: { name: "Budi", email: null, phone: null } });
    const error = await refusalOf(gateway.createPayment(noPhone));
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/mobile number/);
  });
});

describe("cancelling", () => {
  it("cancels a pending payment, and answers cancelled again without a second cancel", async () => {
    const input = attempt("va_bca");
    const payment = await gateway.createPayment(input);
    const ref = { attemptId: input.attemptId, providerPaymentId: payment.providerPaymentId };
    expect(await gateway.cancelPayment(ref)).toEqual({
      providerPaymentId: payment.providerPaymentId,
      status: "cancelled",
      amount: 150_000,
      refunded: 0,
    });
    expect((await gateway.cancelPayment(ref)).status).toBe("cancelled");
    expect((await eventsFor(input.attemptId)).map((e) => e.status)).toEqual(["pending", "cancelled"]);
    // Cancelled stays cancelled: the shopper can no longer pay it.
    await expect(sim.control.pay(input.attemptId)).rejects.toThrow(/cancel/);
  });

  it("answers paid for a payment paid before the cancel", async () => {
    const input = attempt("indomaret");
    const payment = await gateway.createPayment(input);
    await sim.control.pay(input.attemptId);
    const ref = { attemptId: input.attemptId, providerPaymentId: payment.providerPaymentId };
    expect((await gateway.cancelPayment(ref)).status).toBe("paid");
  });

  it("answers unknown for an attempt Midtrans never saw", async () => {
    const ref = { attemptId: "att_never_charged", providerPaymentId: null };
    const unknown = { providerPaymentId: null, status: "unknown", amount: null, refunded: 0 };
    expect(await gateway.getPayment(ref)).toEqual(unknown);
    expect(await gateway.cancelPayment(ref)).toEqual(unknown);
  });
});

describe("state changes and their notifications", () => {
  it("expires a pending payment (the status API answers 407 for it)", async () => {
    const input = attempt("va_permata");
    const payment = await gateway.createPayment(input);
    await sim.control.expire(input.attemptId);
    expect(sim.control.transaction(input.attemptId)?.status_code).toBe("407");
    const ref = { attemptId: input.attemptId, providerPaymentId: payment.providerPaymentId };
    expect((await gateway.getPayment(ref)).status).toBe("expired");
    expect((await eventsFor(input.attemptId)).map((e) => e.status)).toEqual(["pending", "expired"]);
    await expect(sim.control.pay(input.attemptId)).rejects.toThrow(/expire/);
  });

  it("expires a payment left past its time, when next looked at", async () => {
    const input = attempt("alfamart", { expiresAt: new Date(now().getTime() + 30 * 60_000) });
    const payment = await gateway.createPayment(input);
    advance(31 * 60_000);
    const ref = { attemptId: input.attemptId, providerPaymentId: payment.providerPaymentId };
    expect((await gateway.getPayment(ref)).status).toBe("expired");
    expect((await eventsFor(input.attemptId)).map((e) => e.status)).toEqual(["pending", "expired"]);
  });

  it("reads a deny after a settlement (a reversal) as failed", async () => {
    const input = attempt("va_mandiri");
    await gateway.createPayment(input);
    await sim.control.pay(input.attemptId);
    await sim.control.deny(input.attemptId);
    const events = await eventsFor(input.attemptId);
    expect(events.map((e) => [e.status, e.providerStatus])).toEqual([
      ["pending", "pending"],
      ["paid", "settlement"],
      ["failed", "deny"],
    ]);
  });

  it("reads a chargeback as reversed", async () => {
    const input = attempt("qris");
    await gateway.createPayment(input);
    await sim.control.pay(input.attemptId);
    await sim.control.chargeback(input.attemptId);
    expect((await eventsFor(input.attemptId)).at(-1)?.status).toBe("reversed");
  });

  it("sends a notification again until the shop takes it", async () => {
    const input = attempt("va_bri");
    await gateway.createPayment(input);
    await sim.control.idle();
    answers.push(500, 503);
    await sim.control.pay(input.attemptId);
    const record = sim.control.notifications.filter((n) => n.orderId === input.attemptId).at(-1);
    expect(record).toMatchObject({ transactionStatus: "settlement", delivered: true });
    expect(record!.answers.map((a) => a.status)).toEqual([500, 503, 200]);
    const bodies = await bodiesFor(input.attemptId);
    expect(bodies.slice(1)).toEqual([record!.body, record!.body, record!.body]);
  });

  it("sends duplicates on demand, each read as the same event", async () => {
    const input = attempt("shopeepay");
    await gateway.createPayment(input);
    await sim.control.pay(input.attemptId);
    await sim.control.resend(input.attemptId, 2);
    const events = await eventsFor(input.attemptId);
    expect(events.map((e) => e.status)).toEqual(["pending", "paid", "paid", "paid"]);
    expect(new Set((await bodiesFor(input.attemptId)).slice(1)).size).toBe(1);
  });

  it("holds notifications and delivers them reordered", async () => {
    const input = attempt("va_permata");
    await gateway.createPayment(input);
    await sim.control.idle();
    sim.control.hold();
    await sim.control.pay(input.attemptId);
    await sim.control.deny(input.attemptId);
    expect(await bodiesFor(input.attemptId)).toHaveLength(1);
    await sim.control.release({ reverse: true });
    expect((await eventsFor(input.attemptId)).map((e) => e.providerStatus)).toEqual([
      "pending",
      "deny",
      "settlement",
    ]);
  });

  it("delivers late: the status API knows before the notification arrives", async () => {
    const input = attempt("va_bca");
    const payment = await gateway.createPayment(input);
    await sim.control.idle();
    sim.control.delay(300);
    try {
      const paying = sim.control.pay(input.attemptId);
      const ref = { attemptId: input.attemptId, providerPaymentId: payment.providerPaymentId };
      expect((await gateway.getPayment(ref)).status).toBe("paid");
      expect(received.filter((r) => r.body.includes(input.attemptId))).toHaveLength(1);
      await paying;
    } finally {
      sim.control.delay(0);
    }
    expect((await eventsFor(input.attemptId)).map((e) => e.status)).toEqual(["pending", "paid"]);
  });
});

describe("reading notifications", () => {
  async function settledBody(): Promise<Record<string, unknown>> {
    const input = attempt("va_bni");
    await gateway.createPayment(input);
    await sim.control.pay(input.attemptId);
    return JSON.parse((await bodiesFor(input.attemptId)).at(-1)!) as Record<string, unknown>;
  }

  it("calls a wrong signature forged", async () => {
    const input = attempt("qris");
    await gateway.createPayment(input);
    await sim.control.sendForged(input.attemptId);
    const bodies = await bodiesFor(input.attemptId);
    expect(await gateway.readNotification(bodies.at(-1)!, new Headers())).toBe("forged");
    expect(sim.control.notifications.at(-1)).toMatchObject({ forged: true, delivered: true });
  });

  it("calls a tampered amount, order or status code forged", async () => {
    const body = await settledBody();
    expect(await gateway.readNotification(JSON.stringify(body), new Headers())).toMatchObject({
      status: "paid",
    });
    for (const tampered of [
      { ...body, gross_amount: "1500000.00" },
      { ...body, gross_amount: "150000.0" },
      { ...body, order_id: "att_someone_else" },
      { ...body, status_code: "201" },
    ]) {
      expect(await gateway.readNotification(JSON.stringify(tampered), new Headers())).toBe("forged");
    }
  });

  it("calls a status that does not go with its signed status code forged", async () => {
    // transaction_status is outside the signature; a settlement (200) cannot be turned into an expiry (202).
    const body = await settledBody();
    const tampered = { ...body, transaction_status: "expire" };
    expect(await gateway.readNotification(JSON.stringify(tampered), new Headers())).toBe("forged");
  });

  it("pins each state to the status codes Midtrans documents; an undocumented one is left to the status API", async () => {
    const settled = await settledBody();
    const input = attempt("va_bca");
    await gateway.createPayment(input);
    const pending = JSON.parse((await bodiesFor(input.attemptId)).at(-1)!) as Record<string, unknown>;
    expect(pending.status_code).toBe("201");
    const read = (body: Record<string, unknown>, transaction_status: string) =>
      gateway.readNotification(JSON.stringify({ ...body, transaction_status }), new Headers());
    // A settlement's 200 documents settlement, capture, authorize, cancel, refund and partial_refund; not
    // deny (202), pending (201) or expire (202, 407).
    for (const state of ["deny", "pending", "expire"]) expect(await read(settled, state)).toBe("forged");
    for (const [state, status] of [
      ["cancel", "cancelled"],
      ["refund", "refunded"],
    ] as const) {
      expect(await read(settled, state)).toMatchObject({ status });
    }
    // A pending notification's 201 cannot become a payment or a closing.
    for (const state of ["settlement", "capture", "authorize", "deny", "cancel", "expire", "refund"]) {
      expect(await read(pending, state), state).toBe("forged");
    }
    // Midtrans documents no code for a chargeback: it is read, and the flow asks the status API before
    // taking a payment back (server/flows/payments/payments.test.ts).
    expect(await read(settled, "chargeback")).toMatchObject({ status: "reversed" });
  });

  it("calls anything that is not a signed JSON object forged", async () => {
    for (const body of [
      "",
      "not json",
      "[]",
      "null",
      JSON.stringify({ order_id: "x", status_code: "200" }),
    ]) {
      expect(await gateway.readNotification(body, new Headers())).toBe("forged");
    }
  });

  it("calls a genuine notification it cannot read as a payment event unreadable", async () => {
    const body = await settledBody();
    const resigned = (changes: Record<string, unknown>) => {
      const next = { ...body, ...changes };
      next.signature_key = sign(String(next.order_id), String(next.status_code), String(next.gross_amount));
      return JSON.stringify(next);
    };
    expect(await gateway.readNotification(resigned({}), new Headers())).toMatchObject({ status: "paid" });
    expect(await gateway.readNotification(resigned({ gross_amount: "150000.50" }), new Headers())).toBe(
      "unreadable",
    );
    expect(await gateway.readNotification(resigned({ transaction_status: "weird" }), new Headers())).toBe(
      "unreadable",
    );
    expect(await gateway.readNotification(resigned({ transaction_id: undefined }), new Headers())).toBe(
      "unreadable",
    );
  });
});

describe("refunds", () => {
  async function paid(channel: PaymentChannel) {
    const input = attempt(channel);
    const payment = await gateway.createPayment(input);
    await sim.control.pay(input.attemptId);
    return { input, ref: { attemptId: input.attemptId, providerPaymentId: payment.providerPaymentId } };
  }

  it("refunds once however often it is asked with the same refund id", async () => {
    const { ref } = await paid("qris");
    const ask = { ...ref, refundId: "rfd_test_qris_1", amount: 150_000, reason: "Pesanan dibatalkan" };
    const first = await gateway.refund(ask);
    expect(first).toEqual({ providerRefundId: expect.stringMatching(/^\d+$/), status: "succeeded" });
    // Again at once (Idempotency-Key), and after five minutes (406 "Duplicate refund ID", read back).
    expect(await gateway.refund(ask)).toEqual(first);
    advance(6 * 60_000);
    expect(await gateway.refund(ask)).toEqual(first);
    expect((sim.control.transaction(ref.attemptId)?.refunds as unknown[]).length).toBe(1);
    expect(await gateway.getPayment(ref)).toMatchObject({
      status: "refunded",
      amount: 150_000,
      refunded: 150_000,
    });
    const events = await eventsFor(ref.attemptId);
    expect(events.at(-1)).toMatchObject({
      status: "refunded",
      providerStatus: "refund",
      refund: { refundId: "rfd_test_qris_1", amount: 150_000, status: "succeeded" },
    });
    expect(events.filter((e) => e.refund)).toHaveLength(1);
  });

  it("refunds QRIS in parts: paid with a part refunded, then refunded", async () => {
    const { ref } = await paid("qris");
    await gateway.refund({ ...ref, refundId: "rfd_part_1", amount: 50_000, reason: "" });
    expect(await gateway.getPayment(ref)).toMatchObject({ status: "paid", refunded: 50_000 });
    await gateway.refund({ ...ref, refundId: "rfd_part_2", amount: 100_000, reason: "" });
    expect(await gateway.getPayment(ref)).toMatchObject({ status: "refunded", refunded: 150_000 });
    const refunds = (await eventsFor(ref.attemptId)).filter((e) => e.refund);
    expect(refunds.map((e) => [e.status, e.refund?.refundId, e.refund?.amount])).toEqual([
      ["paid", "rfd_part_1", 50_000],
      ["refunded", "rfd_part_2", 100_000],
    ]);
    // More than is left is refused, for good.
    const error = await refusalOf(gateway.refund({ ...ref, refundId: "rfd_part_3", amount: 1, reason: "" }));
    expect(error).toMatchObject({ retryable: false, status: 412 });
  });

  it("says which of the shop's refunds it made, by refund key (a refund's notification is checked against it)", async () => {
    const { ref } = await paid("gopay");
    expect(await gateway.getRefund({ ...ref, refundId: "rfd_gopay_1" })).toBe("unknown");
    expect(
      await gateway.refund({ ...ref, refundId: "rfd_gopay_1", amount: 150_000, reason: "" }),
    ).toMatchObject({ status: "succeeded" });
    expect(await gateway.getRefund({ ...ref, refundId: "rfd_gopay_1" })).toBe("succeeded");
    expect(await gateway.getRefund({ ...ref, refundId: "rfd_gopay_2" })).toBe("unknown");
  });

  it("refuses a partial ShopeePay refund, which Midtrans does not do", async () => {
    const { ref } = await paid("shopeepay");
    const error = await refusalOf(
      gateway.refund({ ...ref, refundId: "rfd_spay_1", amount: 1000, reason: "" }),
    );
    expect(error).toMatchObject({ retryable: false, status: 414 });
    expect(
      await gateway.refund({ ...ref, refundId: "rfd_spay_2", amount: 150_000, reason: "" }),
    ).toMatchObject({
      status: "succeeded",
    });
  });

  it("refuses refunds of a virtual account payment", async () => {
    expect(gateway.refundable("va_bca")).toBe(false);
    const { ref } = await paid("va_bca");
    const error = await refusalOf(
      gateway.refund({ ...ref, refundId: "rfd_va_1", amount: 150_000, reason: "" }),
    );
    expect(error).toMatchObject({ retryable: false, status: 412 });
  });
});

describe("when Midtrans refuses or is away", () => {
  it("a wrong server key is refused for good, and the key is never in the message", async () => {
    const wrongKey = "SB-Mid-server-wrong-key";
    const other = createMidtransGateway({ baseUrl: sim.url, serverKey: wrongKey });
    const error = await refusalOf(other.createPayment(attempt("va_bca")));
    expect(error).toMatchObject({ retryable: false, status: 401 });
    expect(error.message).not.toContain(wrongKey);
    expect(error.message).not.toContain(serverKey);
  });

  it("an outage (5xx) may pass", async () => {
    sim.control.failNext(503);
    const input = attempt("va_bca");
    expect(await refusalOf(gateway.createPayment(input))).toMatchObject({ retryable: true, status: 503 });
    expect((await gateway.createPayment(input)).status).toBe("pending");
  });

  it("a Midtrans that cannot be reached may come back", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const away = createMidtransGateway({ baseUrl: `http://127.0.0.1:${port}`, serverKey });
    const error = await refusalOf(away.getPayment({ attemptId: "att_x", providerPaymentId: null }));
    expect(error.retryable).toBe(true);
    expect(error.message).not.toContain(serverKey);
  });

  it("a Midtrans that does not answer in time may answer later", async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const slow = createMidtransGateway({
        baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
        serverKey,
        timeoutMs: 100,
      });
      const error = await refusalOf(slow.createPayment(attempt("qris")));
      expect(error.retryable).toBe(true);
      expect(error.message).toMatch(/within 100 ms/);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe("the simulator's pages", () => {
  it("lists payments, and ShopeePay's page pays and returns to the shop", async () => {
    const input = attempt("shopeepay");
    const payment = await gateway.createPayment(input);
    expect(await (await fetch(`${sim.url}/sim`)).text()).toContain(input.attemptId);
    const url = payment.action.type === "redirect" ? payment.action.url : "";
    const pagePay = await fetch(url);
    expect(await pagePay.text()).toContain("Bayar");
    const paid = await fetch(url, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(input.returnUrl);
    expect((await gateway.getPayment({ attemptId: input.attemptId, providerPaymentId: null })).status).toBe(
      "paid",
    );
  });

  it("takes controls over HTTP", async () => {
    const input = attempt("va_bca");
    await gateway.createPayment(input);
    const res = await fetch(`${sim.url}/sim/${input.attemptId}/pay`, { method: "POST" });
    expect(await res.json()).toMatchObject({ ok: true, transaction: { transaction_status: "settlement" } });
    const again = await fetch(`${sim.url}/sim/${input.attemptId}/pay`, { method: "POST" });
    expect(again.status).toBe(409);
  });
});
