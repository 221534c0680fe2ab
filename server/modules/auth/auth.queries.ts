import { and, desc, eq, gt, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import type { StoredImage } from "#common/images.ts";
import type { Db } from "../../db/client.ts";
import { preparedPerDb } from "../../db/prepared.ts";
import { sessions, users, verificationCodes, type codePurposes } from "./auth.tables.ts";

export async function insertUser(db: Db, row: typeof users.$inferInsert) {
  await db.insert(users).values(row);
}

export async function countUsers(db: Db) {
  return db.$count(users);
}

const userColumns = {
  id: users.id,
  email: users.email,
  phone: users.phone,
  role: users.role,
  inviteCode: users.inviteCode,
  avatar: users.avatar,
  passwordHash: users.passwordHash,
  suspendedAt: users.suspendedAt,
};

export async function selectUserByEmail(db: Db, email: string) {
  const rows = await db.select(userColumns).from(users).where(eq(users.email, email));
  return rows[0];
}

export async function selectUserByPhone(db: Db, phone: string) {
  const rows = await db.select(userColumns).from(users).where(eq(users.phone, phone));
  return rows[0];
}

export async function selectUserById(db: Db, id: string) {
  const rows = await db.select(userColumns).from(users).where(eq(users.id, id));
  return rows[0];
}

export async function inviteCodeExists(db: Db, code: string) {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.inviteCode, code));
  return rows.length > 0;
}

export async function updateUserPassword(db: Db, id: string, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, id));
}

/** Sets the account's email or phone number to a proven address. */
export async function updateUserContact(
  db: Db,
  id: string,
  address: { kind: "email" | "phone"; value: string },
) {
  await db
    .update(users)
    .set(address.kind === "email" ? { email: address.value } : { phone: address.value })
    .where(eq(users.id, id));
}

export async function updateUserRole(db: Db, id: string, role: (typeof users.$inferSelect)["role"]) {
  await db.update(users).set({ role }).where(eq(users.id, id));
}

export async function updateUserAvatar(db: Db, id: string, avatar: StoredImage) {
  await db.update(users).set({ avatar }).where(eq(users.id, id));
}

export async function insertSession(db: Db, row: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(row);
}

const activeSession = preparedPerDb((db) =>
  db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      role: users.role,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder("at")),
        // A suspended account's sessions are revoked with the suspension; this keeps any other out too.
        isNull(users.suspendedAt),
      ),
    )
    .prepare("active_session"),
);

/** The user behind a session token's hash, while the session is neither revoked nor expired at `at`. */
export async function selectActiveSession(db: Db, tokenHash: string, at: Date) {
  const rows = await activeSession(db).execute({ tokenHash, at });
  return rows[0];
}

/** Moves a session's "last used" to `at`, unless it moved after `staleBefore` (so at most once a minute). */
export async function touchSession(db: Db, id: string, at: Date, staleBefore: Date) {
  await db
    .update(sessions)
    .set({ lastUsedAt: at })
    .where(and(eq(sessions.id, id), lt(sessions.lastUsedAt, staleBefore)));
}

/** A user's sessions that are neither revoked nor expired at `at`, the latest used first. */
/** The User-Agents of the user's latest sessions, ended ones too: the devices they signed in from. */
export async function selectRecentUserAgents(
  db: Db,
  userId: string,
  limit: number,
): Promise<(string | null)[]> {
  const rows = await db
    .select({ userAgent: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt))
    .limit(limit);
  return rows.map((r) => r.userAgent);
}

export async function selectUserSessions(db: Db, userId: string, at: Date) {
  return db
    .select({
      id: sessions.id,
      method: sessions.method,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, at)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id))
    .limit(100);
}

/** Revokes one of a user's sessions; answers whether it was theirs and still signed in. */
export async function revokeUserSession(db: Db, userId: string, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Revokes every session of a user but `keep`; answers how many. */
export async function revokeOtherSessions(db: Db, userId: string, keep: string, at: Date): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keep), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Revokes the session with this token's hash; answers it (its id and user), unless it was revoked already. */
export async function revokeSessionByHash(db: Db, tokenHash: string, at: Date) {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id, userId: sessions.userId });
  return rows[0];
}

export async function revokeUserSessions(db: Db, userId: string, at: Date): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** A user's role and suspension, the row locked until the transaction ends (an operator's decision). */
export async function selectUserForUpdate(tx: Db, id: string) {
  const rows = await tx
    .select({
      id: users.id,
      role: users.role,
      suspendedAt: users.suspendedAt,
      suspendedReason: users.suspendedReason,
    })
    .from(users)
    .where(eq(users.id, id))
    .for("update");
  return rows[0];
}

export async function updateUserSuspension(
  tx: Db,
  id: string,
  suspension: { suspendedAt: Date | null; suspendedReason: string | null },
) {
  await tx.update(users).set(suspension).where(eq(users.id, id));
}

export async function selectLatestCode(db: Db, account: string, purpose: (typeof codePurposes)[number]) {
  const rows = await db
    .select({
      id: verificationCodes.id,
      target: verificationCodes.target,
      codeHash: verificationCodes.codeHash,
      attempts: verificationCodes.attempts,
      createdAt: verificationCodes.createdAt,
      expiresAt: verificationCodes.expiresAt,
      consumedAt: verificationCodes.consumedAt,
    })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.account, account), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return rows[0];
}

/**
 * Issues a code and retires every earlier one for the same account and purpose, unless one was issued
 * less than `resendMs` before `row.createdAt`. A transaction-scoped advisory lock on the account and
 * purpose makes the check and the insert one step, so parallel requests issue exactly one code.
 * Answers whether the code was issued, else when the recent one was.
 */
export async function issueCode(
  db: Db,
  row: typeof verificationCodes.$inferInsert & { createdAt: Date },
  resendMs: number,
): Promise<{ issued: true } | { issued: false; latestAt: Date }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`code:${row.purpose}:${row.account}`}))`);
    const latest = await selectLatestCode(tx, row.account, row.purpose);
    if (latest && row.createdAt.getTime() - latest.createdAt.getTime() < resendMs) {
      return { issued: false, latestAt: latest.createdAt } as const;
    }
    await tx
      .update(verificationCodes)
      .set({ consumedAt: row.createdAt })
      .where(
        and(
          eq(verificationCodes.account, row.account),
          eq(verificationCodes.purpose, row.purpose),
          isNull(verificationCodes.consumedAt),
        ),
      );
    await tx.insert(verificationCodes).values(row);
    return { issued: true } as const;
  });
}

/**
 * Counts one attempt at a code and, when the guess was `right`, uses the code up: one conditional
 * update, so parallel guesses can never count more than `maxAttempts` and a right guess is accepted
 * only within them. Answers the attempts counted so far, or undefined when the code can no longer be
 * used (used, expired, out of attempts).
 */
export async function attemptCode(db: Db, id: string, at: Date, maxAttempts: number, right: boolean) {
  const rows = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1`, ...(right ? { consumedAt: at } : {}) })
    .where(
      and(
        eq(verificationCodes.id, id),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, at),
        sql`${verificationCodes.attempts} < ${maxAttempts}`,
      ),
    )
    .returning({ attempts: verificationCodes.attempts });
  return rows[0]?.attempts;
}

/** Removes a code that never reached its owner, so a new one may be requested at once. */
export async function deleteCode(db: Db, id: string) {
  await db.delete(verificationCodes).where(eq(verificationCodes.id, id));
}

/** What cash on delivery asks of an account (issue 27): the phone it proved by code, and its age. */
export async function selectStanding(db: Db, id: string) {
  const rows = await db
    .select({ phone: users.phone, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, id));
  return rows[0];
}

/** When the account was frozen by its owner, or null. */
export async function selectFrozenAt(db: Db, id: string): Promise<Date | null> {
  const rows = await db.select({ frozenAt: users.frozenAt }).from(users).where(eq(users.id, id));
  return rows[0]?.frozenAt ?? null;
}

/** Freezes (a date) or unfreezes (null) the account; answers whether it changed. */
export async function updateFrozenAt(db: Db, id: string, frozenAt: Date | null): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ frozenAt })
    .where(and(eq(users.id, id), frozenAt ? isNull(users.frozenAt) : sql`${users.frozenAt} is not null`))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** The operators who may sign in (not suspended). */
export async function selectOperatorIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "operator"), isNull(users.suspendedAt)))
    .orderBy(users.id);
  return rows.map((r) => r.id);
}

/** Which of these sessions are still signed in at `at` (not revoked, not expired, the account not suspended). */
export async function selectActiveSessionIds(db: Db, ids: string[], at: Date): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        inArray(sessions.id, ids),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, at),
        isNull(users.suspendedAt),
      ),
    );
  return rows.map((r) => r.id);
}
