// The owner freezes or unfreezes their account (issue 43): the account and its sessions (auth) and the audit row
// (audit), in one transaction.
import { transact } from "../db/transaction.ts";
import type { Db } from "../db/client.ts";
import { recordAudit } from "../modules/audit/audit.service.ts";
import type { AuthDeps } from "../modules/auth/auth.service.ts";
import { freezeAccount, proveUnfreeze, thawAccount } from "../modules/auth/freeze.service.ts";
import { securityNotice } from "./security-notice.ts";

/** Freezes the account: every session ends (this one too) and no money leaves it. Audited. */
export async function freeze(db: Db, userId: string): Promise<{ endedSessions: number }> {
  return transact(db, async (tx) => {
    const ended = await freezeAccount(tx, userId);
    await recordAudit(tx, {
      actorId: userId,
      action: "user.freeze",
      subject: { type: "user", id: userId },
      after: ended,
    });
    return ended;
  });
}

/** Unfreezes the account with a code and the PIN. Audited (without either). */
export async function unfreeze(
  deps: Pick<AuthDeps, "db" | "limits" | "clientIp">,
  userId: string,
  input: { code: string; pin?: string },
): Promise<void> {
  // A PIN locked or disabled by these tries is told to its owner (issue 44).
  await proveUnfreeze({ ...deps, securityNotice }, userId, input);
  await transact(deps.db, async (tx) => {
    if (await thawAccount(tx, userId)) {
      await recordAudit(tx, {
        actorId: userId,
        action: "user.unfreeze",
        subject: { type: "user", id: userId },
      });
    }
  });
}
