import { transact } from "../../db/transaction.ts";
import type { DeviceSessionView } from "#common/contracts/auth.ts";
import type { Db } from "../../db/client.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { notify } from "../../platform/pg-notify.ts";
import {
  confirmPassword,
  recordAuthEvent,
  sessionsChannel,
  type AuthDeps,
  type SessionsEvent,
} from "./auth.service.ts";
import * as q from "./auth.queries.ts";
import { deviceOf } from "./device.ts";

// The sessions a user can see and end (issue 43): where they are signed in, and "sign out everywhere else".

/** The user's signed-in sessions, the one asking (`currentId`) marked, the latest used first. */
export async function listSessions(db: Db, userId: string, currentId: string): Promise<DeviceSessionView[]> {
  const rows = await q.selectUserSessions(db, userId, now());
  return rows.map((row) => ({
    id: row.id,
    method: row.method,
    ...deviceOf(row.userAgent),
    ip: row.ip,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    current: row.id === currentId,
  }));
}

/**
 * Ends one of the user's own sessions: its next request is signed out, and its live streams close on every
 * instance when the revocation commits. Another user's session, or one already ended, is "not found".
 */
export async function endSession(db: Db, userId: string, sessionId: string): Promise<void> {
  await transact(db, async (tx) => {
    if (!(await q.revokeUserSession(tx, userId, sessionId, now()))) {
      throw new DomainError("not_found", "auth.errors.sessionNotFound");
    }
    await notify(tx, sessionsChannel, JSON.stringify({ u: userId, s: sessionId } satisfies SessionsEvent));
    await recordAuthEvent(tx, userId, "auth.sessions.end", { session: sessionId });
  });
}

/**
 * Signs out every other session of the user, after their password is entered again (a stolen session alone cannot
 * shut its owner out). Each stream of the user checks its own session when it hears of it, so the asking one stays.
 */
export async function endOtherSessions(
  deps: AuthDeps,
  user: { id: string; sessionId: string },
  password: string,
): Promise<{ ended: number }> {
  await confirmPassword(deps, user.id, password);
  return transact(deps.db, async (tx) => {
    const ended = await q.revokeOtherSessions(tx, user.id, user.sessionId, now());
    await notify(tx, sessionsChannel, JSON.stringify({ u: user.id } satisfies SessionsEvent));
    await recordAuthEvent(tx, user.id, "auth.sessions.endothers", { endedSessions: ended });
    return { ended };
  });
}
