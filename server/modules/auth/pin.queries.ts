import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { paymentPins } from "./auth.tables.ts";

/** The user's PIN row: its hash and counters, or undefined when they have none. */
export async function selectPin(db: Db | Tx, userId: string) {
  const rows = await db.select().from(paymentPins).where(eq(paymentPins.userId, userId));
  return rows[0];
}

/**
 * Sets (or replaces) the PIN: every counter, lock and block cleared. `resetAt` is written when given (a code
 * replaced a PIN the user had) and kept otherwise.
 */
export async function upsertPin(
  db: Db | Tx,
  userId: string,
  pin: { pinHash: string; at: Date; day: string; resetAt?: Date },
) {
  const fresh = {
    pinHash: pin.pinHash,
    setAt: pin.at,
    ...(pin.resetAt && { resetAt: pin.resetAt }),
    failures: 0,
    lockedUntil: null,
    day: pin.day,
    dayFailures: 0,
    disabledAt: null,
  };
  await db
    .insert(paymentPins)
    .values({ userId, ...fresh })
    .onConflictDoUpdate({ target: paymentPins.userId, set: fresh });
}

/**
 * Counts one try at the PIN before it is checked, in one statement, so parallel tries can never count more than
 * the limits: answers the hash to check it against, or undefined when the PIN is locked or disabled (or not set).
 * The try that makes `lockAfter` in a row locks it until `lockUntil`; the one that makes `disableAfter` on the
 * Jakarta `day` disables it. A lock that has run out starts the count again.
 */
export async function reservePinTry(
  db: Db,
  userId: string,
  at: Date,
  day: string,
  rules: { lockAfter: number; disableAfter: number; lockUntil: Date },
) {
  const expired = sql`(${paymentPins.lockedUntil} is not null and ${paymentPins.lockedUntil} <= ${at})`;
  const failures = sql`(case when ${expired} then 1 else ${paymentPins.failures} + 1 end)`;
  const dayFailures = sql`(case when ${paymentPins.day} = ${day} then ${paymentPins.dayFailures} + 1 else 1 end)`;
  const rows = await db
    .update(paymentPins)
    .set({
      failures: sql`${failures}`,
      dayFailures: sql`${dayFailures}`,
      day,
      lockedUntil: sql`case when ${failures} >= ${rules.lockAfter} then ${rules.lockUntil}::timestamptz when ${expired} then null else ${paymentPins.lockedUntil} end`,
      disabledAt: sql`case when ${dayFailures} >= ${rules.disableAfter} then ${at}::timestamptz else ${paymentPins.disabledAt} end`,
    })
    .where(
      and(
        eq(paymentPins.userId, userId),
        sql`${paymentPins.disabledAt} is null`,
        sql`(${paymentPins.lockedUntil} is null or ${paymentPins.lockedUntil} <= ${at})`,
      ),
    )
    .returning({
      pinHash: paymentPins.pinHash,
      failures: paymentPins.failures,
      dayFailures: paymentPins.dayFailures,
    });
  return rows[0];
}

/** A right PIN: its try was no failure, and the run of wrong ones (with a lock or block it made) is over. */
export async function releasePinTry(db: Db, userId: string, disableAfter: number) {
  const dayFailures = sql`greatest(${paymentPins.dayFailures} - 1, 0)`;
  await db
    .update(paymentPins)
    .set({
      failures: 0,
      lockedUntil: null,
      dayFailures: sql`${dayFailures}`,
      disabledAt: sql`case when ${dayFailures} < ${disableAfter} then null else ${paymentPins.disabledAt} end`,
    })
    .where(eq(paymentPins.userId, userId));
}
