import { type MoneySettings } from "#common/contracts/settings.ts";
import { type Locale } from "#common/locales.ts";
import { channelWindowMinutes, longestWindowMinutes, type PaymentChannel } from "#common/payment-channels.ts";
import { isDatabaseUnavailable, type Db, type Tx } from "../../../db/client.ts";
import {
  attemptCancelJob,
  attemptCheckJob,
  channelFee,
  findAttempt,
  insertAttempt,
  setAttemptAction,
  updateAttemptStatus,
  type AttemptRow,
} from "../../../modules/payments/payments.service.ts";
import { now } from "../../../platform/clock.ts";
import { DomainError } from "../../../platform/errors.ts";
import { newId } from "../../../platform/ids.ts";
import { scheduleJob } from "../../../platform/jobs.ts";
import { PaymentProviderError, type PaymentGateway } from "../../../platform/payments.ts";
import { userContact } from "../../../modules/auth/auth.service.ts";

/** What opening and asking a provider for an attempt needs. */
export interface AttemptDeps {
  db: Db;
  gateway: PaymentGateway;
  publicUrl: string;
  lang: Locale;
}

/**
 * The most attempts one order payment or recharge may have (issue 40): each is a payment opened at the
 * provider, and the one it replaces is cancelled there, so switching without end would call the provider
 * without end. A shopper who tried this many methods pays with the last, or starts again. An attempt opened
 * again at a new amount after an order of the checkout was cancelled counts too.
 */
export const maxAttemptsPerPayment = 10;

/** When the shop asks a provider about an attempt it has heard nothing of: a few minutes in. */
const firstCheckMs = 5 * 60_000;
/** And once more just after its window closed, when a missed notification would otherwise be lost. */
const finalCheckMs = 2 * 60_000;

/** "08…", "628…" or "+628…" as E.164 (+628…), the form providers take. */
export function e164Phone(phone: string): string {
  const digits = phone.replace(/[^0-9]/g, "");
  return `+62${digits.startsWith("62") ? digits.slice(2) : digits.startsWith("0") ? digits.slice(1) : digits}`;
}

/**
 * Opens a payment attempt for what is due, in the caller's transaction (with what it pays): the channel's
 * fee is added to the amount, and status checks are scheduled for a notification that never comes. The
 * provider is asked afterwards, outside the transaction (`requestAttempt`).
 */
export async function openAttempt(
  tx: Tx,
  gateway: PaymentGateway,
  settings: MoneySettings,
  input: {
    purpose: AttemptRow["purpose"];
    subjectId: string;
    userId: string;
    amountDue: number;
    channel: PaymentChannel;
    phone: string | null | undefined;
    expiresAt: Date;
    /** The orders it pays (what its money is shared out to); none for a recharge. */
    orderIds?: readonly string[] | undefined;
  },
): Promise<string> {
  if (!gateway.channels.includes(input.channel)) {
    throw new DomainError("bad_request", "errors.payments.channelUnavailable");
  }
  if (input.channel === "ovo" && !input.phone) throw new DomainError("bad_request", "errors.payments.phone");
  const at = now();
  const id = newId("pat", at.getTime());
  const fee = channelFee(settings, input.channel, input.amountDue);
  await insertAttempt(tx, {
    id,
    purpose: input.purpose,
    subjectId: input.subjectId,
    userId: input.userId,
    provider: gateway.provider,
    channel: input.channel,
    amount: input.amountDue + fee,
    fee,
    refundable: gateway.refundable(input.channel),
    phone: input.channel === "ovo" && input.phone ? e164Phone(input.phone) : null,
    createdAt: at,
    expiresAt: input.expiresAt,
    orderIds: input.orderIds ? [...input.orderIds] : null,
  });
  const first = Math.min(at.getTime() + firstCheckMs, input.expiresAt.getTime());
  await scheduleJob(tx, attemptCheckJob, `${id}:first`, new Date(first));
  await scheduleJob(tx, attemptCheckJob, `${id}:final`, new Date(input.expiresAt.getTime() + finalCheckMs));
  return id;
}

/**
 * The payment deadline of a channel chosen now (decision 19, issue 40): its group's window from now, but
 * never later than the longest window from when the orders (or the recharge) were placed, however often
 * the shopper switches.
 */
export function deadlineFor(
  settings: MoneySettings,
  channel: PaymentChannel,
  placedAt: Date,
  at: Date = now(),
): Date {
  const own = at.getTime() + channelWindowMinutes(settings, channel) * 60_000;
  const cap = placedAt.getTime() + longestWindowMinutes(settings) * 60_000;
  return new Date(Math.min(own, cap));
}

/** The shop's own pages an attempt returns to (an e-wallet sends the shopper back here). */
export function attemptPageUrl(deps: Pick<AttemptDeps, "publicUrl" | "lang">, attemptId: string): string {
  const prefix = deps.lang === "ind" ? "" : `/${deps.lang}`;
  return `${deps.publicUrl}${prefix}/h5/payment?id=${encodeURIComponent(attemptId)}`;
}

/**
 * Asks the provider for the attempt's payment, outside any transaction (a provider is another system, and
 * PGlite has one connection): once answered, how to pay it is kept and every later ask reuses it. The
 * attempt id is the provider's idempotency key, so asking again after a failure finds the same payment.
 * A provider that refuses marks the attempt failed; one that is away leaves it pending to try again.
 */
export async function requestAttempt(
  deps: AttemptDeps,
  attemptId: string,
  customer: { name: string; email: string | null; phone: string | null },
  description: string,
): Promise<void> {
  const attempt = (await findAttempt(deps.db, attemptId))!;
  if (attempt.action) return;
  if (attempt.status !== "pending") throw new DomainError("conflict", "errors.payments.closed");
  try {
    const payment = await deps.gateway.createPayment({
      attemptId,
      amount: attempt.amount,
      channel: attempt.channel,
      customer: { ...customer, phone: attempt.phone ?? customer.phone },
      description,
      expiresAt: attempt.expiresAt,
      returnUrl: attemptPageUrl(deps, attemptId),
      notifyUrl: `${deps.publicUrl}/payments/notify/${deps.gateway.provider}`,
      lang: deps.lang,
    });
    await setAttemptAction(deps.db, attemptId, payment.providerPaymentId, payment.action, payment.expiresAt);
  } catch (error) {
    // The shop's own database away stays a 503.
    if (isDatabaseUnavailable(error)) throw error;
    if (error instanceof PaymentProviderError && !error.retryable) {
      await updateAttemptStatus(deps.db, attemptId, ["pending"], "failed", now());
    }
    throw new DomainError("failed", "errors.money.paymentFailed");
  }
}

/**
 * Closes the other attempts of what was just paid (or switched from), in the caller's transaction: they
 * are marked cancelled now and cancelled at the provider by a job. Money that still arrives for one of them
 * is applied as any late payment is.
 */
export async function closeOtherAttempts(
  tx: Tx,
  attempts: readonly AttemptRow[],
  keep: string | null,
): Promise<void> {
  for (const a of attempts) {
    if (a.id === keep || a.status !== "pending") continue;
    await updateAttemptStatus(tx, a.id, ["pending"], "cancelled", now());
    await scheduleJob(tx, attemptCancelJob, a.id, now());
  }
}

/** The customer a provider is told of: the user's contact, named by what they gave (or their email). */
export async function customerOf(
  db: Db,
  userId: string,
  name: string | null,
): Promise<{ name: string; email: string | null; phone: string | null }> {
  const contact = await userContact(db, userId);
  return { name: name ?? contact.email?.split("@")[0] ?? "Pasar", ...contact };
}
