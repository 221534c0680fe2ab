import { describe, expect, it } from "vitest";
import { now } from "../../platform/clock.ts";
import {
  advance,
  answers,
  attempt,
  bodiesFor,
  eventsFor,
  gateway,
  received,
  sign,
  sim,
  useMidtransSimulator,
} from "./midtrans-test-setup.ts";

/**
 * Midtrans' state changes and their notifications as the adapter reads them, forged or genuine. The simulator
 * and the makings: midtrans-test-setup.ts.
 */

useMidtransSimulator();

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
