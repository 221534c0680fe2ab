import { describe, expect, it } from "vitest";
import type { PaymentChannel } from "#common/payment-channels.ts";
import {
  advance,
  attempt,
  eventsFor,
  gateway,
  refusalOf,
  sim,
  useMidtransSimulator,
} from "./midtrans-test-setup.ts";

/**
 * Refunds through Midtrans: once per refund id, in parts, confirmed by key, and those Midtrans does not make.
 * The simulator and the makings: midtrans-test-setup.ts.
 */

useMidtransSimulator();

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
