import type { Db } from "../../db/client.ts";
import {
  selectAttemptsBetween,
  selectUnappliedEvents,
  upsertReconciliation,
  type ReconciliationDifference,
} from "../../modules/payments/payments.service.ts";
import { jakartaDay, now } from "../../platform/clock.ts";
import { newId } from "../../platform/ids.ts";
import type { Logger } from "../../platform/logger.ts";
import type { PaymentGateway } from "../../platform/payments.ts";
import { applyProviderStatus } from "./checks.ts";

const dayMs = 24 * 60 * 60_000;

/** The Jakarta day (yyyy-mm-dd) as an instant range: Jakarta is UTC+7 all year. */
function dayRange(day: string): { from: Date; to: Date } {
  const from = new Date(`${day}T00:00:00+07:00`);
  return { from, to: new Date(from.getTime() + dayMs) };
}

/**
 * The daily reconciliation (decision 19): every attempt of a Jakarta day (yesterday by default) is compared
 * with what the provider says of it now, and each difference named for the operator: money the provider
 * took that the shop did not record (then applied, as a late notification would be), payments the shop
 * counts that the provider does not, amounts and refunds that differ, attempts the provider does not know,
 * and notifications the shop could not apply. The shop's side is the attempt's status and refunds, which
 * change only in the transactions that move its money through the ledger. Run again, a day's report is
 * replaced.
 */
export async function reconcilePayments(
  deps: { db: Db; gateway: PaymentGateway; log: Logger },
  day: string = jakartaDay(new Date(now().getTime() - dayMs)),
): Promise<{ day: string; checked: number; differences: ReconciliationDifference[] }> {
  const { from, to } = dayRange(day);
  const provider = deps.gateway.provider;
  const attempts = await selectAttemptsBetween(deps.db, provider, from, to);
  const differences: ReconciliationDifference[] = [];
  for (const a of attempts) {
    if (!a.providerPaymentId) continue;
    const theirs = await deps.gateway.getPayment({ attemptId: a.id, providerPaymentId: a.providerPaymentId });
    const shopPaid = a.status === "paid" || a.status === "refunded";
    const providerPaid = theirs.status === "paid" || theirs.status === "refunded";
    const name = (kind: ReconciliationDifference["kind"], shop: string | null, provider: string | null) =>
      differences.push({ attemptId: a.id, kind, shop, provider });
    if (theirs.status === "unknown") name("provider_unknown", a.status, null);
    else if (providerPaid && !shopPaid) {
      name("provider_paid_shop_not", a.status, theirs.status);
      await applyProviderStatus(deps, a.id);
    } else if (shopPaid && !providerPaid) name("shop_paid_provider_not", a.status, theirs.status);
    else if (theirs.amount !== null && theirs.amount !== a.amount) {
      name("amount_differs", String(a.amount), String(theirs.amount));
    } else if (shopPaid && theirs.refunded !== a.refunded) {
      name("refund_differs", String(a.refunded), String(theirs.refunded));
    }
  }
  for (const e of await selectUnappliedEvents(deps.db, provider, from, to)) {
    differences.push({ attemptId: e.attemptId, kind: "unmatched_event", shop: e.outcome, provider: e.id });
  }
  await upsertReconciliation(deps.db, {
    id: newId("rcn", now().getTime()),
    provider,
    day,
    checked: attempts.length,
    differences,
    createdAt: now(),
  });
  if (differences.length > 0) {
    deps.log.warn(
      { provider, day, differences: differences.length },
      "payment reconciliation found differences",
    );
  }
  return { day, checked: attempts.length, differences };
}
