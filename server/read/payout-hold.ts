import { payoutHoldHours } from "#common/wallet-states.ts";
import type { Db, Tx } from "../db/client.ts";
import { pinResetAt } from "../modules/auth/pin.service.ts";
import { addMs, now } from "../platform/clock.ts";

const holdMs = payoutHoldHours * 3_600_000;

/**
 * Until when withdrawals wait (issue 43): 24 hours after the bank account was added or changed, or after the
 * payment PIN was reset by a code, whichever is later; null when neither happened in the last 24 hours, or an
 * operator lifted the hold after both.
 */
export async function payoutHoldUntil(
  db: Db | Tx,
  userId: string,
  card: { updatedAt: Date; holdReleasedAt: Date | null } | null | undefined,
): Promise<Date | null> {
  const starts = [card?.updatedAt, await pinResetAt(db, userId)].filter((d): d is Date => d instanceof Date);
  const latest = starts.sort((a, b) => b.getTime() - a.getTime())[0];
  if (!latest || (card?.holdReleasedAt && card.holdReleasedAt >= latest)) return null;
  const until = addMs(latest, holdMs);
  return until > now() ? until : null;
}
