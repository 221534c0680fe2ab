import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { now } from "../../platform/clock.ts";
import type { ProviderEvent } from "../../platform/payments.ts";
import { hasValidCrc, parseEmv } from "../../platform/qris.ts";
import { createMidtransGateway } from "./midtrans.adapter.ts";
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
import {
  advance,
  attempt,
  fixture,
  fixtures,
  gateway,
  refusalOf,
  serverKey,
  sign,
  useMidtransSimulator,
} from "./midtrans-test-setup.ts";

/**
 * Midtrans' documented examples (fixtures/): each parses with its schema and reads as it says, and the
 * adapter sends valid charges and reads the documented answers verbatim. The simulator and the makings:
 * midtrans-test-setup.ts.
 */

useMidtransSimulator();

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
