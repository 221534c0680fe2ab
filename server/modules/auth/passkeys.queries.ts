import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { passkeys, webauthnChallenges } from "./auth.tables.ts";

type Executor = Db | Tx;

/** Keeps a challenge for one ceremony (and forgets a few long expired ones, so the table stays small). */
export async function insertChallenge(db: Executor, row: typeof webauthnChallenges.$inferInsert, at: Date) {
  await db.insert(webauthnChallenges).values(row);
  await db.execute(
    sql`delete from ${webauthnChallenges} where ${webauthnChallenges.id} in (select ${webauthnChallenges.id} from ${webauthnChallenges} where ${webauthnChallenges.expiresAt} < ${new Date(at.getTime() - 3_600_000)} limit 20)`,
  );
}

/** Uses up a challenge: deleted as it is read, so it answers one ceremony only, and only before it expires. */
export async function takeChallenge(db: Executor, id: string, purpose: string, at: Date) {
  const rows = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.id, id),
        eq(webauthnChallenges.purpose, purpose as "register"),
        gt(webauthnChallenges.expiresAt, at),
      ),
    )
    .returning();
  return rows[0];
}

export async function selectPasskeys(db: Executor, userId: string) {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
}

export async function selectPasskey(db: Executor, id: string) {
  const rows = await db.select().from(passkeys).where(eq(passkeys.id, id));
  return rows[0];
}

/** Keeps a new passkey; false when its credential id is known already. */
export async function insertPasskey(db: Executor, row: typeof passkeys.$inferInsert): Promise<boolean> {
  const rows = await db.insert(passkeys).values(row).onConflictDoNothing().returning({ id: passkeys.id });
  return rows.length > 0;
}

/**
 * Moves a passkey's counter forward after a use; false when another use got there first with a counter as high
 * (a cloned authenticator, or a replay), so the use is refused. A counter of 0 (authenticators that keep none)
 * never moves.
 */
export async function usePasskey(db: Executor, id: string, counter: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter, lastUsedAt: at })
    .where(and(eq(passkeys.id, id), counter === 0 ? sql`true` : lt(passkeys.counter, counter)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

export async function deletePasskey(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}
