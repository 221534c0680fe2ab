import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import {
  paymentChannels,
  refundableByProvider,
  type PaymentAction,
  type PaymentChannel,
} from "#common/payment-channels.ts";
import type { Db } from "../../db/client.ts";
import { transact } from "../../db/transaction.ts";
import { now } from "../../platform/clock.ts";
import { newId } from "../../platform/ids.ts";
import { scheduleJob } from "../../platform/jobs.ts";
import { PaymentProviderError, type PaymentGateway, type ProviderStatus } from "../../platform/payments.ts";
import { qrisPayload } from "../../platform/qris.ts";
import {
  insertSandboxPayment,
  insertSandboxRefund,
  markNotified,
  SandboxRefundRefused,
  selectOrCreateSecret,
  selectSandboxByReference,
  selectSandboxPayment,
  selectSandboxRefund,
  updateSandboxStatus,
  type SandboxPaymentRow,
} from "./gateway.queries.ts";

/**
 * The sandbox payment provider, served by the shop itself so the whole payment flow works on a laptop with
 * no settings. It takes every channel and answers how to pay as a real provider does (a QRIS string, a
 * virtual account number, an e-wallet page, a retail payment code), but nobody can pay those for real: its
 * hosted page (`/gateway/sandbox/<payment id>`) stands in for the bank, the app or the till, with "Pay" and
 * "Cancel". The outcome is sent to the shop as a notification signed with HMAC-SHA256, exactly as a real
 * provider would; a notification that cannot be delivered is sent again later (the `gateway.notify` job).
 */

export const sandboxSignatureHeader = "x-sandbox-signature";
/** Notifications older (or newer) than this are refused: a replay of an old one changes nothing anyway. */
const toleranceMs = 10 * 60_000;

const secrets = new WeakMap<Db, Promise<string>>();
function secretOf(db: Db): Promise<string> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = selectOrCreateSecret(db, randomBytes(32).toString("hex"));
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}

/** The signing secret of this database's sandbox (made on first use): what a test signs notifications with. */
export function sandboxSecret(db: Db): Promise<string> {
  return secretOf(db);
}

/** The signature header of a body sent at `at`: `t=<ms>,v1=<hex hmac of "<ms>.<body>">`. */
export function signNotification(secret: string, body: string, at: Date): string {
  const t = at.getTime();
  const mac = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
  return `t=${t},v1=${mac}`;
}

function verifySignature(secret: string, body: string, header: string | null): boolean {
  const match = /^t=(\d{1,16}),v1=([0-9a-f]{64})$/.exec(header ?? "");
  if (!match) return false;
  const t = Number(match[1]);
  if (Math.abs(now().getTime() - t) > toleranceMs) return false;
  const expected = createHmac("sha256", secret).update(`${t}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2]!, "hex"));
}

function notificationBody(p: SandboxPaymentRow): string {
  return JSON.stringify({
    paymentId: p.id,
    reference: p.reference,
    amount: p.amount,
    currency: p.currency,
    status: p.status,
  });
}

const NotificationSchema = z.object({
  paymentId: z.string(),
  reference: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(["pending", "paid", "cancelled", "expired", "reversed"]),
});

const vaPrefixes = { bca: "80777", bni: "8808", bri: "26215", mandiri: "", permata: "8625" } as const;

/** Digits derived from a payment id: the same payment always shows the same number. */
function digitsOf(id: string, length: number): string {
  const hash = createHmac("sha256", "sandbox").update(id).digest();
  let out = "";
  for (let i = 0; out.length < length; i++) out += String(hash[i % hash.length]! % 10);
  return out;
}

/** How to pay a sandbox payment by its channel: numbers and codes made up, but shaped like the real ones. */
function actionOf(
  id: string,
  input: { channel: PaymentChannel; amount: number; phone: string | null; attemptId: string },
  hostedUrl: string,
): PaymentAction {
  switch (input.channel) {
    case "qris":
      return {
        type: "qr",
        qrString: qrisPayload({
          merchantName: "PASAR SANDBOX",
          city: "JAKARTA",
          amount: input.amount,
          reference: input.attemptId,
        }),
      };
    case "va_bca":
    case "va_bni":
    case "va_bri":
    case "va_permata": {
      const bank = input.channel.slice(3) as "bca" | "bni" | "bri" | "permata";
      const prefix = vaPrefixes[bank];
      return { type: "va", bank, accountNumber: prefix + digitsOf(id, 16 - prefix.length) };
    }
    case "va_mandiri":
      return { type: "va", bank: "mandiri", accountNumber: digitsOf(id, 12), billerCode: "70012" };
    case "ovo":
      return { type: "push", phone: input.phone ?? "" };
    case "gopay":
    case "dana":
    case "shopeepay":
    case "linkaja":
      return { type: "redirect", url: hostedUrl, mobileUrl: hostedUrl };
    case "alfamart":
    case "indomaret":
      return { type: "code", outlet: input.channel, paymentCode: `PSR${digitsOf(id, 10)}` };
  }
}

const statusOf = (p: SandboxPaymentRow): ProviderStatus =>
  p.status === "pending" && p.expiresAt.getTime() <= now().getTime()
    ? "expired"
    : p.status === "paid" && p.refunded === p.amount
      ? "refunded"
      : p.status;

export function createSandboxGateway(db: Db, opts: { publicUrl: string }): PaymentGateway {
  const hosted = (p: Pick<SandboxPaymentRow, "id" | "lang">) =>
    `${opts.publicUrl}/gateway/sandbox/${p.id}?lang=${p.lang}`;
  const status = (p: SandboxPaymentRow | undefined) =>
    p
      ? { providerPaymentId: p.id, status: statusOf(p), amount: p.amount, refunded: p.refunded }
      : { providerPaymentId: null, status: "unknown" as const, amount: null, refunded: 0 };
  return {
    provider: "sandbox",
    channels: paymentChannels,
    refundable: refundableByProvider,
    async createPayment(input) {
      const id = newId("pay", now().getTime());
      const payment = await insertSandboxPayment(db, {
        id,
        reference: input.attemptId,
        channel: input.channel,
        // The language rides in the address, so the page speaks it even when it cannot read the payment.
        action: actionOf(id, { ...input, phone: input.customer.phone }, hosted({ id, lang: input.lang })),
        amount: input.amount,
        currency: "IDR",
        returnUrl: input.returnUrl,
        notifyUrl: input.notifyUrl,
        lang: input.lang,
        createdAt: now(),
        expiresAt: input.expiresAt,
      });
      return {
        providerPaymentId: payment.id,
        status: statusOf(payment),
        action: payment.action!,
        expiresAt: payment.expiresAt,
      };
    },
    async getPayment(ref) {
      return status(await selectSandboxByReference(db, ref.attemptId));
    },
    async cancelPayment(ref) {
      const payment = await selectSandboxByReference(db, ref.attemptId);
      if (!payment) return status(undefined);
      // Closed at the shop's request: no notification (the shop asked, and reads the answer).
      const cancelled = await updateSandboxStatus(db, payment.id, ["pending"], "cancelled", now());
      if (cancelled) await markNotified(db, payment.id, now());
      return status(cancelled ?? (await selectSandboxPayment(db, payment.id)));
    },
    async refund(input) {
      const payment = await selectSandboxByReference(db, input.attemptId);
      if (!payment || payment.status !== "paid") {
        throw new PaymentProviderError("the sandbox has no paid payment to refund", false, 404);
      }
      try {
        await transact(db, (tx) =>
          insertSandboxRefund(tx, {
            id: input.refundId,
            paymentId: payment.id,
            amount: input.amount,
            createdAt: now(),
          }),
        );
      } catch (error) {
        if (error instanceof SandboxRefundRefused) {
          throw new PaymentProviderError("the refund is larger than what is left of the payment", false, 400);
        }
        throw error;
      }
      return { providerRefundId: input.refundId, status: "succeeded" };
    },
    async getRefund(ref) {
      const payment = await selectSandboxByReference(db, ref.attemptId);
      // The sandbox refunds at once: a refund it has is made.
      return payment && (await selectSandboxRefund(db, ref.refundId, payment.id)) ? "succeeded" : "unknown";
    },
    async readNotification(body, headers) {
      if (!verifySignature(await secretOf(db), body, headers.get(sandboxSignatureHeader))) return "forged";
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        return "unreadable";
      }
      const n = NotificationSchema.safeParse(json);
      if (!n.success) return "unreadable";
      return {
        attemptId: n.data.reference,
        providerPaymentId: n.data.paymentId,
        status: n.data.status,
        amount: n.data.amount,
        currency: n.data.currency,
        providerStatus: n.data.status,
      };
    },
  };
}

/** A payment as the hosted page shows it. */
export function sandboxPayment(db: Db, id: string) {
  return selectSandboxPayment(db, id);
}

/**
 * The shopper pressed "Pay" or "Cancel" on the hosted page. The payment is decided once (a second press, or a
 * payment past its window, changes nothing) and the shop is notified. Returns the payment, or undefined.
 */
export async function decideSandboxPayment(
  db: Db,
  id: string,
  action: "pay" | "cancel" | "reverse",
): Promise<SandboxPaymentRow | undefined> {
  const payment = await selectSandboxPayment(db, id);
  if (!payment) return undefined;
  if (action === "reverse") return changeAndNotify(db, id, ["paid"], "reversed");
  if (payment.status === "pending" && payment.expiresAt.getTime() <= now().getTime()) {
    await updateSandboxStatus(db, id, ["pending"], "expired", now());
    return selectSandboxPayment(db, id);
  }
  return (await changeAndNotify(db, id, ["pending"], action === "pay" ? "paid" : "cancelled")) ?? payment;
}

/**
 * Changes a payment's status (once) and notifies the shop: at once, and by the `gateway.notify` job until
 * it takes it. Undefined when the payment was in none of the `from` states.
 */
async function changeAndNotify(
  db: Db,
  id: string,
  from: SandboxPaymentRow["status"][],
  to: SandboxPaymentRow["status"],
): Promise<SandboxPaymentRow | undefined> {
  // The decision and the job that sends its notification again if the shop does not take it now commit together.
  const decided = await transact(db, async (tx) => {
    const row = await updateSandboxStatus(tx, id, from, to, now());
    if (row) await scheduleJob(tx, notifyJob, `${row.id}:${to}`, new Date(now().getTime() + 30_000));
    return row;
  });
  if (!decided) return undefined;
  // Not taken now (the shop is away): the job sends it again until it is.
  await deliverNotification(db, decided, await secretOf(db)).catch(() => undefined);
  return decided;
}

/**
 * Sends, outside any transaction, the notification of a decided payment; throws unless the shop accepted it.
 */
async function deliverNotification(db: Db, payment: SandboxPaymentRow, secret: string): Promise<void> {
  const body = notificationBody(payment);
  const response = await fetch(payment.notifyUrl, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      [sandboxSignatureHeader]: signNotification(secret, body, now()),
    },
    body,
    signal: AbortSignal.timeout(5000),
  });
  if (!response.ok) throw new Error(`the shop answered ${response.status} to a sandbox notification`);
  await markNotified(db, payment.id, now());
}

/** The job that sends a decided payment's notification again until the shop takes it. */
export const notifyJob = "gateway.notify";

/**
 * Sends again, outside any transaction, the notification of a decided payment the shop has not taken, as a
 * real gateway retries: the `gateway.notify` job (30 s after the decision, then with the job queue's back-off
 * while it throws). The shop handles a notification once however often it arrives.
 */
export async function redeliverNotification(db: Db, subject: string): Promise<void> {
  const payment = await selectSandboxPayment(db, subject.split(":")[0]!);
  if (!payment || payment.notifiedAt || payment.status === "pending") return;
  await deliverNotification(db, payment, await secretOf(db));
}
