import { randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { createAccount, hashPassword } from "#server/modules/auth/auth.service.ts";
import { seedPinHash } from "#server/modules/auth/pin.service.ts";
import { now } from "#server/platform/clock.ts";
import {
  sandboxPayment,
  sandboxSecret,
  sandboxSignatureHeader,
  signNotification,
} from "#server/modules/gateway/gateway.service.ts";
import { sandboxPayments } from "#server/modules/gateway/gateway.tables.ts";
import { bankCards } from "#server/modules/wallet/wallet.tables.ts";
import { findAttempt } from "#server/modules/payments/payments.service.ts";
import { callerFor } from "./caller.ts";
import { freshEmail } from "./accounts.ts";
import type { TestDatabase } from "./test-db.ts";

export const testPassword = "rahasia123";

/** A new idempotency key, as the browser makes one per tap. */
export const newKey = () => randomBytes(12).toString("base64url");

/** Every test account's payment PIN (issue 43), unless made without one; and the proof that carries it. */
export const testPin = "270419";
export const pinProof = { pin: testPin } as const;
let testPinHash: Promise<string> | undefined;

/**
 * Gives an account the test PIN as setting it by code would (its hash made once per process: hashing costs as much
 * as a sign-in).
 */
export async function withTestPin(db: TestDatabase["db"], userId: string): Promise<void> {
  await seedPinHash(db, userId, await testPinHashed());
}

/** The test PIN's hash, made once per process. */
export function testPinHashed(): Promise<string> {
  testPinHash ??= hashPassword(testPin);
  return testPinHash;
}

/**
 * Binds a bank account through the API (with the PIN) as it was bound a day and an hour ago, so withdrawals to it
 * are past the 24-hour hold (issue 43; server/modules/wallet/payout-hold.test.ts tests the hold itself).
 */
export async function bankCardOfYesterday(
  database: TestDatabase,
  user: { id: string; api: ReturnType<typeof callerFor> },
  card: { accountName: string; bankCode: string; accountNumber: string },
) {
  await user.api.wallet.saveBankCard({ ...card, proof: pinProof });
  const yesterday = new Date(now().getTime() - 25 * 3_600_000);
  await database.db.update(bankCards).set({ updatedAt: yesterday }).where(eq(bankCards.userId, user.id));
}

/** A new signed-in user of a role: their id, account and session token; with the test PIN unless `pin: false`. */
export async function signedInUser(
  database: TestDatabase,
  role: "shopper" | "merchant" | "operator" = "shopper",
  opts: { pin?: boolean } = {},
) {
  const email = freshEmail(role);
  const id = await createAccount(database.db, { email, password: testPassword, role });
  if (opts.pin !== false) await withTestPin(database.db, id);
  const { token } = await callerFor(database).auth.signIn({
    method: "password",
    account: email,
    password: testPassword,
  });
  return { id, email, token, api: callerFor(database, { token }) };
}

/**
 * The sandbox's payment behind a payment attempt (`pat_…`): the one its play-money page
 * (`/gateway/sandbox/<id>`) shows and pays. Its id is the attempt's provider payment id.
 */
export async function sandboxPaymentOf(database: Pick<TestDatabase, "db">, attemptId: string) {
  const attempt = await findAttempt(database.db, attemptId);
  if (!attempt?.providerPaymentId) throw new Error(`attempt ${attemptId} has no sandbox payment`);
  const payment = await sandboxPayment(database.db, attempt.providerPaymentId);
  if (!payment) throw new Error(`no sandbox payment ${attempt.providerPaymentId}`);
  return payment;
}

/**
 * The sandbox, as a real provider that took the money after the shop had closed the attempt (a bank's late
 * settlement): its own record says paid, so its status API agrees with the late notification (decision 19: money
 * for a closed attempt is applied only when the provider confirms it).
 */
export async function providerTookItLate(database: Pick<TestDatabase, "db">, attemptId: string) {
  const payment = await sandboxPaymentOf(database, attemptId);
  await database.db.update(sandboxPayments).set({ status: "paid" }).where(eq(sandboxPayments.id, payment.id));
}

/** The sandbox notification's body for an attempt's payment, now in `status` (as the sandbox sends it). */
export async function paidNotice(
  database: Pick<TestDatabase, "db">,
  attemptId: string,
  status: "paid" | "cancelled" | "expired" | "reversed" = "paid",
) {
  const payment = await sandboxPaymentOf(database, attemptId);
  return {
    paymentId: payment.id,
    reference: payment.reference,
    amount: payment.amount,
    currency: payment.currency,
    status,
  };
}

/** The sandbox's signature header for a body: signed with this database's secret (or `secret`), at `at`. */
export async function sandboxSignature(
  database: Pick<TestDatabase, "db">,
  body: string,
  opts: { secret?: string; at?: Date } = {},
) {
  const secret = opts.secret ?? (await sandboxSecret(database.db));
  return { [sandboxSignatureHeader]: signNotification(secret, body, opts.at ?? new Date()) };
}

/**
 * Posts a sandbox notification to the shop's route (`POST /payments/notify/sandbox`), signed as the sandbox
 * signs it; `raw` sends that text instead of the body's JSON.
 */
export async function notifySandbox(
  app: { request(input: string, init: RequestInit): Response | Promise<Response> },
  database: Pick<TestDatabase, "db">,
  body: object,
  opts: { secret?: string; at?: Date; raw?: string } = {},
): Promise<Response> {
  const text = opts.raw ?? JSON.stringify(body);
  return app.request("/payments/notify/sandbox", {
    method: "POST",
    headers: { "content-type": "application/json", ...(await sandboxSignature(database, text, opts)) },
    body: text,
  });
}

/** Presses "Pay" or "Cancel" on the sandbox's play-money page of an attempt, as a browser's form post does. */
export async function pressOnSandbox(
  app: { request(input: string, init: RequestInit): Response | Promise<Response> },
  database: Pick<TestDatabase, "db">,
  attemptId: string,
  action: "pay" | "cancel",
): Promise<Response> {
  const payment = await sandboxPaymentOf(database, attemptId);
  return app.request(`/gateway/sandbox/${payment.id}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: `action=${action}`,
  });
}

/**
 * The payer's decision, recorded by the sandbox as its page records it (a pending payment within its window
 * becomes paid or cancelled, once), but without the sandbox's own notification: the test delivers that
 * itself (`notifySandbox`), when and as often as it likes. Answers whether the sandbox took the decision.
 */
export async function decideOnSandbox(
  database: Pick<TestDatabase, "db">,
  attemptId: string,
  status: "paid" | "cancelled",
  at: Date,
): Promise<boolean> {
  const payment = await sandboxPaymentOf(database, attemptId);
  const rows = await database.db
    .update(sandboxPayments)
    .set({ status, decidedAt: at, notifiedAt: at })
    .where(
      and(
        eq(sandboxPayments.id, payment.id),
        eq(sandboxPayments.status, "pending"),
        gt(sandboxPayments.expiresAt, at),
      ),
    )
    .returning({ id: sandboxPayments.id });
  return rows.length > 0;
}

/**
 * The provider takes a paid payment back (a chargeback: the payer's bank returned the money), recorded by the
 * sandbox as its own reversal records it (paid becomes reversed, once), but without the sandbox's notification:
 * the test delivers that itself (`notifySandbox` with `paidNotice(…, "reversed")`). Only a payment the sandbox
 * counts as paid and has refunded nothing of can be taken back. Answers whether the sandbox reversed it.
 */
export async function reverseOnSandbox(
  database: Pick<TestDatabase, "db">,
  attemptId: string,
  at: Date,
): Promise<boolean> {
  const payment = await sandboxPaymentOf(database, attemptId);
  const rows = await database.db
    .update(sandboxPayments)
    .set({ status: "reversed", decidedAt: at, notifiedAt: at })
    .where(
      and(
        eq(sandboxPayments.id, payment.id),
        eq(sandboxPayments.status, "paid"),
        eq(sandboxPayments.refunded, 0),
      ),
    )
    .returning({ id: sandboxPayments.id });
  return rows.length > 0;
}
