import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { createMidtransGateway } from "./midtrans.adapter.ts";
import { attempt, gateway, refusalOf, serverKey, sim, useMidtransSimulator } from "./midtrans-test-setup.ts";

/**
 * The Midtrans adapter when Midtrans refuses, fails, cannot be reached or does not answer in time. The
 * simulator and the makings: midtrans-test-setup.ts.
 */

useMidtransSimulator();

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
