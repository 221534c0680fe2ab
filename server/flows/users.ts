// An operator suspends or reinstates a user's sign-in: the account's flag and sessions (auth) and the audit
// row (audit), in one transaction.
import type { Db } from "../db/client.ts";
import { recordAudit } from "../modules/audit/audit.service.ts";
import { setSuspension } from "../modules/auth/auth.service.ts";
import { once } from "../modules/ledger/ledger.service.ts";
import { DomainError } from "../platform/errors.ts";

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
