import type { Db } from "../../db/client.ts";
import { transact } from "../../db/transaction.ts";
import { findAttempt, recordEvent, updateAttemptStatus } from "../../modules/payments/payments.service.ts";
import { now } from "../../platform/clock.ts";
import type { Logger } from "../../platform/logger.ts";
import type { PaymentGateway, ProviderStatus } from "../../platform/payments.ts";
import { applyProviderEvent } from "./apply.ts";

interface CheckDeps {
  db: Db;
  gateway: PaymentGateway;
  log: Logger;
}

/**
 * Applies what the provider says of an attempt now, as a notification would have (recorded as a check).
 * Used by the status checks and the reconciliation; answers the provider's status.
 */
export async function applyProviderStatus(
  deps: CheckDeps,
  attemptId: string,
): Promise<ProviderStatus | "unknown"> {
  const attempt = await findAttempt(deps.db, attemptId);
  if (!attempt || attempt.provider !== deps.gateway.provider) return "unknown";
  const status = await deps.gateway.getPayment({ attemptId, providerPaymentId: attempt.providerPaymentId });
  if (status.status === "unknown" || status.providerPaymentId === null || status.amount === null)
    return status.status;
  // The status API's own answer: nothing to confirm with the provider again.
  const outcome = await applyProviderEvent(
    deps,
    {
      attemptId,
      providerPaymentId: status.providerPaymentId,
      status: status.status,
      amount: status.amount,
      currency: "IDR",
      providerStatus: status.status,
    },
    { confirmed: true },
  );
  if (outcome !== "unchanged") {
    await recordEvent(deps.db, {
      provider: attempt.provider,
      source: "check",
      outcome,
      attemptId,
      providerStatus: status.status,
      amount: status.amount,
      body: JSON.stringify(status),
    });
  }
  return status.status;
}

/**
 * The `payment.check` job (`<attempt>:first` a few minutes in, `<attempt>:final` just after its window):
 * asks the provider about an attempt still pending, in case its notification was lost. At the final check
 * a payment the provider still calls pending is cancelled there and closed here, so it cannot be paid
 * after the shop gave up on it (if it was paid meanwhile, that is applied instead).
 */
export async function checkAttempt(deps: CheckDeps, subject: string): Promise<void> {
  const [attemptId, which] = subject.split(":");
  const attempt = await findAttempt(deps.db, attemptId!);
  // An attempt of a provider the shop no longer uses: only that provider could say (decision 19).
  if (attempt?.provider !== deps.gateway.provider) return;
  if (attempt.status !== "pending" || !attempt.providerPaymentId) {
    if (attempt?.status === "pending" && which === "final") {
      // Never reached the provider: nothing to ask, nothing can arrive.
      await updateAttemptStatus(deps.db, attempt.id, ["pending"], "expired", now());
    }
    return;
  }
  const status = await applyProviderStatus(deps, attempt.id);
  if (which === "final" && status === "pending") await cancelAtProvider(deps, attempt.id);
}

/**
 * The `payment.cancel` job: cancels an attempt at the provider (the shopper switched method, or what it
 * paid was paid or closed). If the provider says it was paid meanwhile, that payment is applied: it pays
 * what is still unpaid, or goes to the wallet.
 */
export async function cancelAtProvider(deps: CheckDeps, attemptId: string): Promise<void> {
  const attempt = await findAttempt(deps.db, attemptId);
  if (!attempt || attempt.provider !== deps.gateway.provider) return;
  if (attempt.status !== "pending" && attempt.status !== "cancelled") return;
  if (attempt.providerPaymentId) {
    const answer = await deps.gateway.cancelPayment({
      attemptId,
      providerPaymentId: attempt.providerPaymentId,
    });
    if (answer.status === "paid" && answer.providerPaymentId && answer.amount !== null) {
      // The provider's own answer: nothing to confirm again.
      await applyProviderEvent(
        deps,
        {
          attemptId,
          providerPaymentId: answer.providerPaymentId,
          status: "paid",
          amount: answer.amount,
          currency: "IDR",
          providerStatus: "paid",
        },
        { confirmed: true },
      );
      return;
    }
  }
  await transact(deps.db, (tx) => updateAttemptStatus(tx, attemptId, ["pending"], "cancelled", now()));
}
