import { randomUUID } from "node:crypto";
import type { Context, Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { now } from "../../platform/clock.ts";
import { jsonBody } from "../simulator/sim-http.ts";
import { ChargeRequestSchema, RefundRequestSchema } from "./midtrans.schemas.ts";
import {
  amountString,
  jakartaTime,
  merchantId,
  refundableTypes,
  type MidtransState,
  type SimRefund,
} from "./midtrans.sim-state.ts";

/**
 * The Midtrans simulator's API: the subset of Core API v2 the adapter speaks (`/v2/…`), answering as the
 * documentation's examples do: an outage when told, Basic authentication with the server key, `Idempotency-Key`
 * replays within five minutes, refusals in Midtrans' words.
 */

/** How long Midtrans keeps an Idempotency-Key. */
const idempotencyLifetimeMs = 5 * 60_000;

type Answer = { http: ContentfulStatusCode; body: Record<string, unknown> };

function validationError(messages: string[]): Answer {
  return {
    http: 400,
    body: {
      status_code: "400",
      status_message: "One or more parameters in the payload is invalid.",
      validation_messages: messages,
      id: randomUUID(),
    },
  };
}

function conflict(code: number, message: string): Answer {
  return { http: 200, body: { status_code: String(code), status_message: message, id: randomUUID() } };
}

const notFound = (): Answer => ({
  http: 404,
  body: { status_code: "404", status_message: "Transaction doesn't exist.", id: randomUUID() },
});

function field(value: unknown, name: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

/** The body as JSON; undefined when there is none or it is not JSON. */
async function rawBody(c: Context): Promise<unknown> {
  const parsed = await jsonBody(c);
  return parsed.ok && parsed.text !== "" ? parsed.value : undefined;
}

/** Adds the `/v2/…` routes to the simulator's app. */
export function midtransApi(opts: {
  app: Hono;
  serverKey: string;
  /** Where notifications go unless a charge names its own (`X-Override-Notification`). */
  notifyUrl: string;
  state: MidtransState;
  /** The API calls still to answer with an outage's status (`control.failNext`). */
  outage: { status: number; left: number };
}): void {
  const { app, state, outage } = opts;
  const idempotent = new Map<string, { at: number } & Answer>();

  const reply = (c: Context, { http, body }: Answer) => c.json(body, http);

  // The API: an outage first, then Basic authentication with the server key as user name.
  app.use("/v2/*", async (c, next) => {
    if (outage.left > 0) {
      outage.left -= 1;
      const status = outage.status as ContentfulStatusCode;
      return c.json({ status_code: String(status), status_message: "Simulated outage" }, status);
    }
    const header = c.req.header("authorization") ?? "";
    const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header);
    const user = match ? Buffer.from(match[1]!, "base64").toString("utf8").split(":")[0] : undefined;
    if (user !== opts.serverKey || !opts.serverKey) {
      const message = "Transaction cannot be authorized with the current client/server key.";
      return c.json({ status_code: "401", status_message: message, id: randomUUID() }, 401);
    }
    await next();
  });

  /** Answers a POST again for the same Idempotency-Key within five minutes, whatever the body. */
  async function idempotently(c: Context, exempt: boolean, handle: () => Answer) {
    const key = c.req.header("idempotency-key");
    // Midtrans ignores keys longer than 46 characters, and keys on some payment methods.
    const usable = key !== undefined && key.length > 0 && key.length <= 46 && !exempt;
    const at = now().getTime();
    const kept = usable ? idempotent.get(key) : undefined;
    if (kept && at - kept.at < idempotencyLifetimeMs) return reply(c, kept);
    const answer = handle();
    // Only successful answers are kept.
    if (usable && /^2/.test(String(answer.body.status_code))) idempotent.set(key, { at, ...answer });
    return reply(c, answer);
  }

  app.post("/v2/charge", async (c) => {
    const raw = await rawBody(c);
    // "Idempotent requests are not supported for … Permata Virtual Account … Indomaret."
    const exempt =
      field(raw, "payment_type") === "permata" ||
      field(field(raw, "bank_transfer"), "bank") === "permata" ||
      String(field(field(raw, "cstore"), "store") ?? "").toLowerCase() === "indomaret";
    return idempotently(c, exempt, () => {
      const parsed = ChargeRequestSchema.safeParse(raw);
      if (!parsed.success) {
        return validationError(parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`));
      }
      const charge = parsed.data;
      if (charge.payment_type === "bank_transfer" && charge.bank_transfer.bank === "cimb") {
        return conflict(402, "Merchant doesn't have access for this payment type");
      }
      const items = charge.item_details ?? [];
      if (
        items.length > 0 &&
        items.reduce((s, i) => s + i.price * i.quantity, 0) !== charge.transaction_details.gross_amount
      ) {
        return validationError(["transaction_details.gross_amount is not equal to the sum of item_details"]);
      }
      const existing = state.transactions.get(charge.transaction_details.order_id);
      if (existing) {
        state.touch(existing);
        return conflict(
          406,
          "The request could not be completed due to a conflict with the current state of the target resource, please try again",
        );
      }
      const override = c.req.header("x-override-notification");
      const notifyUrls = override
        ? override
            .split(",")
            .map((u) => u.trim())
            .slice(0, 3)
        : [opts.notifyUrl];
      return { http: 200, body: state.charge(charge, notifyUrls) };
    });
  });

  app.get("/v2/:id/status", (c) => {
    const tx = state.find(c.req.param("id"));
    if (!tx) return reply(c, notFound());
    state.touch(tx);
    return c.json(state.describe(tx, "status"), 200);
  });

  app.post("/v2/:id/cancel", (c) =>
    idempotently(c, false, () => {
      const tx = state.find(c.req.param("id"));
      if (!tx) return notFound();
      state.touch(tx);
      if (tx.status !== "pending")
        return conflict(412, "Merchant cannot modify the status of the transaction");
      tx.status = "cancel";
      void state.notify(tx);
      return {
        http: 200,
        body: {
          status_code: "200",
          status_message: "Success, transaction is canceled",
          transaction_id: tx.transactionId,
          order_id: tx.orderId,
          merchant_id: merchantId,
          payment_type: tx.paymentType,
          transaction_time: jakartaTime(tx.createdAt),
          transaction_status: tx.status,
          fraud_status: "accept",
          gross_amount: amountString(tx.grossAmount),
          currency: "IDR",
        },
      };
    }),
  );

  async function refund(c: Context, direct: boolean) {
    const raw = await rawBody(c);
    return idempotently(c, false, () => {
      const tx = state.find(c.req.param("id") ?? "");
      if (!tx) return notFound();
      state.touch(tx);
      const parsed = RefundRequestSchema.safeParse(raw ?? {});
      if (!parsed.success)
        return validationError(parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`));
      const { refund_key: key, amount, reason } = parsed.data;
      if (key && tx.refunds.some((r) => r.key === key)) return conflict(406, "Duplicate refund ID");
      if (
        !refundableTypes.has(tx.paymentType) ||
        (tx.status !== "settlement" && tx.status !== "partial_refund")
      ) {
        return conflict(412, "Merchant cannot modify the status of the transaction");
      }
      const remaining = tx.grossAmount - tx.refunds.reduce((sum, r) => sum + r.amount, 0);
      const value = amount ?? remaining;
      // "ShopeePay and OVO does not support partial refund at the moment."
      const wholeOnly = tx.paymentType === "shopeepay" || tx.paymentType === "ovo";
      if (value <= 0 || value > remaining || (wholeOnly && value !== tx.grossAmount)) {
        return conflict(414, "Refund request is rejected due to invalid amount");
      }
      const made: SimRefund = {
        id: state.nextRefundId(),
        key: key ?? randomUUID(),
        amount: value,
        reason: reason ?? "",
        createdAt: now(),
      };
      tx.refunds.push(made);
      tx.status = value === remaining ? "refund" : "partial_refund";
      void state.notify(tx);
      return {
        http: 200,
        body: {
          status_code: "200",
          status_message: direct
            ? "Success, refund request is approved by the bank"
            : "Success, refund request is approved",
          transaction_id: tx.transactionId,
          order_id: tx.orderId,
          payment_type: tx.paymentType,
          transaction_time: jakartaTime(tx.createdAt),
          transaction_status: tx.status,
          gross_amount: amountString(tx.grossAmount),
          refund_chargeback_id: made.id,
          refund_amount: amountString(made.amount),
          refund_key: made.key,
        },
      };
    });
  }
  app.post("/v2/:id/refund", (c) => refund(c, false));
  app.post("/v2/:id/refund/online/direct", (c) => refund(c, true));
}
