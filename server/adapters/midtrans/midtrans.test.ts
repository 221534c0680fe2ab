import { describe, expect, it } from "vitest";
import { now } from "../../platform/clock.ts";
import { hasValidCrc, parseEmv } from "../../platform/qris.ts";
import { midtransChannels } from "./midtrans.channels.ts";
import {
  advance,
  attempt,
  eventsFor,
  gateway,
  received,
  refusalOf,
  sim,
  useMidtransSimulator,
} from "./midtrans-test-setup.ts";

/**
 * The Midtrans adapter against the simulator: every channel opened, asked again and paid, cancelling, and the
 * simulator's own pages. The simulator and the makings: midtrans-test-setup.ts.
 */

useMidtransSimulator();

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
