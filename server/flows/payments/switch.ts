import { type PaymentChannel } from "#common/payment-channels.ts";
import { once } from "../../modules/ledger/ledger.service.ts";
import { lockPayment } from "../../modules/orders/orders.service.ts";
import { lockAttempt, selectAttemptsOf } from "../../modules/payments/payments.service.ts";
import { getMoneySettings } from "../../modules/settings/settings.service.ts";
import { lockRecharge } from "../../modules/wallet/wallet.service.ts";
import { now } from "../../platform/clock.ts";
import { voucherAllowsMethod } from "../../read/checkout-vouchers.ts";
import { DomainError } from "../../platform/errors.ts";
import { RateLimitedError, type RateLimits } from "../../platform/rate-limit.ts";
import {
  closeOtherAttempts,
  customerOf,
  deadlineFor,
  maxAttemptsPerPayment,
  openAttempt,
  requestAttempt,
  type AttemptDeps,
} from "./steps/attempts.ts";
import { movePaymentDeadline, moveRechargeDeadline, owedOrders } from "./steps/owed.ts";

export interface SwitchDeps extends AttemptDeps {
  limits: RateLimits;
  clientIp: string;
}

/**
 * The shopper chooses another method for what an attempt pays, before paying it: a new attempt for the
 * same payment or recharge, for what is still owed (the orders still waiting), with the new channel's
 * window from now but never past the longest window from placing (the payment's and its orders' deadline
 * follow it); the old one is closed here and cancelled at the provider by a job. Money that still arrives for the old one pays what is unpaid, or goes to the wallet.
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
      // What is still owed now (an order of the checkout may have been cancelled since this attempt).
      const owed = old.purpose === "orders" ? await owedOrders(tx, old.subjectId) : null;
      if (owed && owed.length === 0) throw new DomainError("conflict", "errors.payments.closed");
      if (
        owed &&
        !(await voucherAllowsMethod(
          tx,
          owed.map((o) => o.id),
          input.channel,
        ))
      ) {
        throw new DomainError("conflict", "errors.vouchers.paymentMethod");
      }
      const placedAt = owed
        ? new Date(Math.min(...owed.map((o) => o.createdAt.getTime())))
        : subject.createdAt;
      // The new channel's window from now, within the longest from placing; the deadline follows it.
      const expiresAt = deadlineFor(settings, input.channel, placedAt);
      if (expiresAt <= now()) throw new DomainError("conflict", "errors.payments.closed");
      const attemptId = await openAttempt(tx, deps.gateway, settings, {
        purpose: old.purpose,
        subjectId: old.subjectId,
        userId,
        amountDue: owed ? owed.reduce((sum, o) => sum + o.total, 0) : subject.amount,
        channel: input.channel,
        phone: input.phone,
        expiresAt,
        orderIds: owed?.map((o) => o.id),
      });
      if (expiresAt.getTime() !== subject.expiresAt.getTime()) {
        if (owed) await movePaymentDeadline(tx, old.subjectId, owed, expiresAt);
        else await moveRechargeDeadline(tx, old.subjectId, expiresAt);
      }
      await closeOtherAttempts(tx, attempts, attemptId);
      return { attemptId };
    },
  );
  await requestAttempt(deps, attemptId, await customerOf(deps.db, userId, null), `Pasar ${input.id}`);
  return { attemptId };
}
