// An operator suspends or reinstates a user's sign-in, signs them out everywhere, or lifts their payout hold: the
// account's flag and sessions (auth) or bank account (wallet) and the audit row (audit), in one transaction.
import type { Db } from "../db/client.ts";
import { recordAudit } from "../modules/audit/audit.service.ts";
import { endSessionsForOperator, setSuspension } from "../modules/auth/auth.service.ts";
import { once } from "../modules/ledger/ledger.service.ts";
import { releaseCardHold, selectBankCard } from "../modules/wallet/wallet.service.ts";
import { now } from "../platform/clock.ts";
import { DomainError } from "../platform/errors.ts";
import { payoutHoldUntil } from "../read/payout-hold.ts";

/**
 * Suspends a user's sign-in with a reason, revoking every session at once (the user is signed out on their
 * next request), or reinstates it. Never an operator, so never oneself. Audited; a repeated tap does it once.
 */
export async function changeUserAccess(
  db: Db,
  operatorId: string,
  input: { userId: string; suspend: boolean; reason: string | null; idempotencyKey: string },
): Promise<{ id: string; suspended: boolean }> {
  if (input.userId === operatorId) throw new DomainError("forbidden", "errors.users.operator");
  return once(
    db,
    {
      userId: operatorId,
      key: input.idempotencyKey,
      operation: "ops.users.access",
      request: { userId: input.userId, suspend: input.suspend, reason: input.reason },
    },
    async (tx) => {
      const { before, revokedSessions } = await setSuspension(tx, input.userId, input);
      await recordAudit(tx, {
        actorId: operatorId,
        action: input.suspend ? "user.suspend" : "user.reinstate",
        subject: { type: "user", id: input.userId },
        before,
        after: {
          suspended: input.suspend,
          reason: input.reason,
          ...(input.suspend ? { revokedSessions } : {}),
        },
      });
      return { id: input.userId, suspended: input.suspend };
    },
  );
}

/**
 * Signs a user out everywhere (issue 43: an account the operator believes taken over), without suspending it: every
 * session ends and its live streams close on every instance. Never an operator, so never oneself. Audited with how
 * many sessions ended; a repeated tap does it once.
 */
export async function endUserSessionsForOperator(
  db: Db,
  operatorId: string,
  input: { userId: string; idempotencyKey: string },
): Promise<{ id: string; ended: number }> {
  if (input.userId === operatorId) throw new DomainError("forbidden", "errors.users.operator");
  return once(
    db,
    {
      userId: operatorId,
      key: input.idempotencyKey,
      operation: "ops.users.endSessions",
      request: { userId: input.userId },
    },
    async (tx) => {
      const ended = await endSessionsForOperator(tx, input.userId);
      await recordAudit(tx, {
        actorId: operatorId,
        action: "user.sessions.end",
        subject: { type: "user", id: input.userId },
        before: null,
        after: { endedSessions: ended },
      });
      return { id: input.userId, ended };
    },
  );
}

/**
 * Lifts a user's 24-hour payout hold (issue 43) after the operator verified the owner (a call back to the phone
 * on record, say), with the reason: withdrawals to their bank account may go at once. Never one's own account; a
 * later change of the bank account or PIN reset holds again. Audited; a repeated tap does it once.
 */
export async function releasePayoutHold(
  db: Db,
  operatorId: string,
  input: { userId: string; reason: string; idempotencyKey: string },
): Promise<{ id: string }> {
  if (input.userId === operatorId) throw new DomainError("forbidden", "errors.ops.ownAccount");
  return once(
    db,
    {
      userId: operatorId,
      key: input.idempotencyKey,
      operation: "ops.users.releaseHold",
      request: { userId: input.userId, reason: input.reason },
    },
    async (tx) => {
      const card = await selectBankCard(tx, input.userId);
      const heldUntil = card && (await payoutHoldUntil(tx, input.userId, card));
      if (!heldUntil) throw new DomainError("conflict", "errors.ops.noPayoutHold");
      await releaseCardHold(tx, input.userId, now());
      await recordAudit(tx, {
        actorId: operatorId,
        action: "user.hold.release",
        subject: { type: "user", id: input.userId },
        before: { heldUntil },
        after: { reason: input.reason },
      });
      return { id: input.userId };
    },
  );
}
