import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Db } from "../../db/client.ts";
import { transact } from "../../db/transaction.ts";
import { now } from "../../platform/clock.ts";
import { newId } from "../../platform/ids.ts";
import { scheduleJob } from "../../platform/jobs.ts";
import type { GatewayNotification, PaymentGateway } from "../../platform/payments.ts";
import {
  insertSandboxPayment,
  markNotified,
  selectOrCreateSecret,
  selectSandboxPayment,
  updateSandboxStatus,
  type SandboxPaymentRow,
} from "./gateway.queries.ts";

/**
 * The sandbox payment gateway, served by the shop itself so the whole payment flow works on a laptop: a
 * hosted page (`/gateway/sandbox/<payment id>`) shows the amount with "Pay" and "Cancel"; the choice is
 * sent to the shop as a notification signed with HMAC-SHA256, exactly as a real gateway would, and the
 * shopper is sent back to the shop's return page. A notification that cannot be delivered is sent again
 * later (the `gateway.notify` job).
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

export function createSandboxGateway(db: Db, opts: { publicUrl: string }): PaymentGateway {
  return {
    provider: "sandbox",
    async createPayment(input) {
      const payment = await insertSandboxPayment(db, {
        id: newId("pay", now().getTime()),
        reference: input.reference,
        amount: input.amount,
        currency: "IDR",
        returnUrl: input.returnUrl,
        notifyUrl: input.notifyUrl,
        lang: input.lang,
        createdAt: now(),
        expiresAt: input.expiresAt,
      });
      // The language rides in the address, so the page speaks it even when it cannot read the payment.
      const redirectUrl = `${opts.publicUrl}/gateway/sandbox/${payment.id}?lang=${payment.lang}`;
      return { paymentId: payment.id, redirectUrl };
    },
    async readNotification(body, headers) {
      if (!verifySignature(await secretOf(db), body, headers.get(sandboxSignatureHeader))) return null;
      try {
        const n = JSON.parse(body) as Partial<GatewayNotification>;
        if (
          typeof n.paymentId !== "string" ||
          typeof n.reference !== "string" ||
          typeof n.amount !== "number" ||
          typeof n.currency !== "string" ||
          (n.status !== "paid" && n.status !== "cancelled")
        ) {
          return null;
        }
        return {
          paymentId: n.paymentId,
          reference: n.reference,
          amount: n.amount,
          currency: n.currency,
          status: n.status,
        };
      } catch {
        return null;
      }
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
  action: "pay" | "cancel",
): Promise<SandboxPaymentRow | undefined> {
  const payment = await selectSandboxPayment(db, id);
  if (!payment) return undefined;
  if (payment.status === "pending" && payment.expiresAt.getTime() <= now().getTime()) {
    await updateSandboxStatus(db, id, ["pending"], "expired", now());
    return selectSandboxPayment(db, id);
  }
  // The decision and the job that sends its notification again if the shop does not take it now commit together.
  const decided = await transact(db, async (tx) => {
    const row = await updateSandboxStatus(
      tx,
      id,
      ["pending"],
      action === "pay" ? "paid" : "cancelled",
      now(),
    );
    if (row) await scheduleJob(tx, notifyJob, row.id, new Date(now().getTime() + 30_000));
    return row;
  });
  if (!decided) return payment;
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
export async function redeliverNotification(db: Db, paymentId: string): Promise<void> {
  const payment = await selectSandboxPayment(db, paymentId);
  if (!payment || payment.notifiedAt || payment.status === "pending") return;
  await deliverNotification(db, payment, await secretOf(db));
}
