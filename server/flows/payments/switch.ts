import { type PaymentChannel } from "#common/payment-channels.ts";
import { once } from "../../modules/ledger/ledger.service.ts";
import { lockPayment } from "../../modules/orders/orders.service.ts";
import { lockAttempt, selectAttemptsOf } from "../../modules/payments/payments.service.ts";
import { getMoneySettings } from "../../modules/settings/settings.service.ts";
import { lockRecharge } from "../../modules/wallet/wallet.service.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { RateLimitedError, type RateLimits } from "../../platform/rate-limit.ts";
import { closeOtherAttempts, customerOf, openAttempt, requestAttempt, type AttemptDeps } from "./steps/attempts.ts";

/**
 * The most attempts one order payment or recharge may have (issue 40): each is a payment opened at the
 * provider, and the one it replaces is cancelled there, so switching without end would call the provider
 * without end. A shopper who tried this many methods pays with the last, or starts again.
 */
export const maxAttemptsPerPayment = 10;

export interface SwitchDeps extends AttemptDeps {
  limits: RateLimits;
  clientIp: string;
}

/**
 * The shopper chooses another method for what an attempt pays, before paying it: a new attempt for the
 * same payment or recharge, with the same deadline; the old one is closed here and cancelled at the
 * provider by a job. Money that still arrives for the old one pays what is unpaid, or goes to the wallet.
 * Idempotent by key. Limited per user (`paymentSwitch`) and to `maxAttemptsPerPayment` attempts; a switch
 * refused either way opens nothing and asks no provider.
 */
export async function switchChannel(
  deps: SwitchDeps,
  userId: string,
  input: { id: string; channel: PaymentChannel; phone?: string | undefined; idempotencyKey: string },
): Promise<{ attemptId: string }> {
  try {
    await deps.limits.consume("paymentSwitch", { account: userId, ip: deps.clientIp });
  } catch (error) {
    if (error instanceof RateLimitedError) {
      throw new DomainError("too_many_requests", "errors.payments.tooManySwitches", {
        seconds: error.seconds,
      });
    }
    throw error;
  }
  const settings = await getMoneySettings(deps.db);
  const { attemptId } = await once(
    deps.db,
    {
      userId,
      key: input.idempotencyKey,
      operation: "payments.switch",
      request: { id: input.id, channel: input.channel, phone: input.phone ?? null },
    },
    async (tx) => {
      const old = await lockAttempt(tx, input.id);
      if (!old || old.userId !== userId) throw new DomainError("not_found", "errors.payments.notFound");
      if (old.status === "paid") throw new DomainError("conflict", "errors.payments.alreadyPaid");
      // The payment or recharge is locked, so its attempts are counted and opened one switch at a time.
      const subject =
        old.purpose === "orders"
          ? await lockPayment(tx, old.subjectId)
          : await lockRecharge(tx, old.subjectId);
      if (!subject || subject.status !== "pending" || subject.expiresAt <= now()) {
        throw new DomainError("conflict", "errors.payments.closed");
      }
      const attempts = await selectAttemptsOf(tx, old.subjectId);
      if (attempts.length >= maxAttemptsPerPayment) {
        throw new DomainError("conflict", "errors.payments.tooManyAttempts", {
          count: maxAttemptsPerPayment,
        });
      }
      const attemptId = await openAttempt(tx, deps.gateway, settings, {
        purpose: old.purpose,
        subjectId: old.subjectId,
        userId,
        amountDue: old.amount - old.fee,
        channel: input.channel,
        phone: input.phone,
        expiresAt: subject.expiresAt,
      });
      await closeOtherAttempts(tx, attempts, attemptId);
      return { attemptId };
    },
  );
  await requestAttempt(deps, attemptId, await customerOf(deps.db, userId, null), `Pasar ${input.id}`);
  return { attemptId };
}
