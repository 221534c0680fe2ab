import { type PaymentChannel } from "#common/payment-channels.ts";
import { once } from "../../modules/ledger/ledger.service.ts";
import { lockPayment } from "../../modules/orders/orders.service.ts";
import { lockAttempt, selectAttemptsOf } from "../../modules/payments/payments.service.ts";
import { getMoneySettings } from "../../modules/settings/settings.service.ts";
import { selectRecharge } from "../../modules/wallet/wallet.service.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { closeOtherAttempts, customerOf, openAttempt, requestAttempt, type AttemptDeps } from "./attempts.ts";

/**
 * The shopper chooses another method for what an attempt pays, before paying it: a new attempt for the
 * same payment or recharge, with the same deadline; the old one is closed here and cancelled at the
 * provider by a job. Money that still arrives for the old one pays what is unpaid, or goes to the wallet.
 * Idempotent by key.
 */
export async function switchChannel(
  deps: AttemptDeps,
  userId: string,
  input: { id: string; channel: PaymentChannel; phone?: string | undefined; idempotencyKey: string },
): Promise<{ attemptId: string }> {
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
      const subject =
        old.purpose === "orders"
          ? await lockPayment(tx, old.subjectId)
          : await selectRecharge(tx, old.subjectId);
      if (!subject || subject.status !== "pending" || subject.expiresAt <= now()) {
        throw new DomainError("conflict", "errors.payments.closed");
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
      await closeOtherAttempts(tx, await selectAttemptsOf(tx, old.subjectId), attemptId);
      return { attemptId };
    },
  );
  await requestAttempt(deps, attemptId, await customerOf(deps.db, userId, null), `Pasar ${input.id}`);
  return { attemptId };
}
