import { formatRupiah } from "#common/money.ts";
import { type PaymentChannel } from "#common/payment-channels.ts";
import { scheduleJob } from "../../platform/jobs.ts";
import { once } from "../../modules/ledger/ledger.service.ts";
import { getMoneySettings } from "../../modules/settings/settings.service.ts";
import { insertRecharge, type RechargeDeps, rechargeExpireJob } from "../../modules/wallet/wallet.service.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import { customerOf, deadlineFor, openAttempt, requestAttempt } from "../payments/steps/attempts.ts";

/**
 * Starts a recharge: a pending record with its channel's payment window (settings), expired by a job when unpaid,
 * and its first payment attempt by the chosen channel; then the provider is asked how to pay it.
 * Idempotent by key: a repeat answers the same recharge and attempt.
 */
export async function startRecharge(
  deps: RechargeDeps,
  userId: string,
  input: { amount: number; method: PaymentChannel; phone?: string | undefined; idempotencyKey: string },
): Promise<{ id: string; attemptId: string }> {
  const settings = await getMoneySettings(deps.db);
  if (input.amount < settings.rechargeMin || input.amount > settings.rechargeMax) {
    throw new DomainError("bad_request", "errors.recharge.outOfRange", {
      min: formatRupiah(settings.rechargeMin),
      max: formatRupiah(settings.rechargeMax),
    });
  }
  const started = await once(
    deps.db,
    {
      userId,
      key: input.idempotencyKey,
      operation: "wallet.recharge",
      request: { amount: input.amount, method: input.method, phone: input.phone ?? null },
    },
    async (tx) => {
      const id = newId("rch", now().getTime());
      // The channel's window (decision 19).
      const expiresAt = deadlineFor(settings, input.method, now());
      await insertRecharge(tx, {
        id,
        userId,
        amount: input.amount,
        method: input.method,
        createdAt: now(),
        expiresAt,
      });
      await scheduleJob(tx, rechargeExpireJob, id, expiresAt);
      const attemptId = await openAttempt(tx, deps.gateway, settings, {
        purpose: "recharge",
        subjectId: id,
        userId,
        amountDue: input.amount,
        channel: input.method,
        phone: input.phone,
        expiresAt,
      });
      return { id, attemptId };
    },
  );
  await requestAttempt(
    deps,
    started.attemptId,
    await customerOf(deps.db, userId, null),
    `Pasar ${started.id}`,
  );
  return started;
}
