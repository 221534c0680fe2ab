import type { Db, Tx } from "../../db/client.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { endUserSessions, type AuthDeps } from "./auth.service.ts";
import * as q from "./auth.queries.ts";
import { checkPin, useActionCode } from "./pin.service.ts";
import * as pins from "./pin.queries.ts";

// "Bekukan akun" (issue 43): the owner of a taken-over account stops it in one tap; only they can start it again.

/** When the account was frozen, or null. */
export function frozenSince(db: Db, userId: string): Promise<Date | null> {
  return q.selectFrozenAt(db, userId);
}

/** Refuses what takes money out of a frozen account (a payment from the wallet, a withdrawal). */
export async function refuseFrozen(db: Db | Tx, userId: string): Promise<void> {
  if (await q.selectFrozenAt(db, userId)) throw new DomainError("forbidden", "errors.account.frozen");
}

/** Freezes the account and ends every session of it, the asking one too, in the caller's transaction. */
export async function freezeAccount(tx: Tx, userId: string): Promise<{ endedSessions: number }> {
  const at = now();
  await q.updateFrozenAt(tx, userId, at);
  return { endedSessions: await endUserSessions(tx, userId, at) };
}

/**
 * Proves the owner asks to unfreeze: the PIN (when the account has one) and a code sent to it for this, so a stolen
 * password or session alone cannot. The PIN is checked first, so a wrong one spends no code.
 */
export async function proveUnfreeze(
  deps: Pick<AuthDeps, "db" | "limits" | "clientIp" | "securityNotice">,
  userId: string,
  input: { code: string; pin?: string },
): Promise<void> {
  if (await pins.selectPin(deps.db, userId)) {
    if (!input.pin) throw new DomainError("bad_request", "errors.pin.format");
    await checkPin(deps.db, userId, input.pin, deps.securityNotice);
  }
  await useActionCode(deps, userId, "unfreeze", null, input.code);
}

/** Unfreezes the account, in the caller's transaction; answers whether it was frozen. */
export function thawAccount(tx: Tx, userId: string): Promise<boolean> {
  return q.updateFrozenAt(tx, userId, null);
}
