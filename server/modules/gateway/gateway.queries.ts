import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sandboxPayments, sandboxSecrets } from "./gateway.tables.ts";

export type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;

/** Opens a payment for a reference, or finds the one opened for it before. */
export async function insertSandboxPayment(
  db: Db | Tx,
  row: typeof sandboxPayments.$inferInsert,
): Promise<SandboxPaymentRow> {
  await db.insert(sandboxPayments).values(row).onConflictDoNothing({ target: sandboxPayments.reference });
  const rows = await db.select().from(sandboxPayments).where(eq(sandboxPayments.reference, row.reference));
  return rows[0]!;
}

export async function selectSandboxPayment(db: Db | Tx, id: string): Promise<SandboxPaymentRow | undefined> {
  const rows = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
  return rows[0];
}

/** Moves a payment out of `from` states; undefined when it was no longer in one (decided already). */
export async function updateSandboxStatus(
  db: Db | Tx,
  id: string,
  from: SandboxPaymentRow["status"][],
  to: SandboxPaymentRow["status"],
  at: Date,
): Promise<SandboxPaymentRow | undefined> {
  const rows = await db
    .update(sandboxPayments)
    .set({ status: to, decidedAt: at })
    .where(and(eq(sandboxPayments.id, id), inArray(sandboxPayments.status, from)))
    .returning();
  return rows[0];
}

export async function markNotified(db: Db | Tx, id: string, at: Date): Promise<void> {
  await db.update(sandboxPayments).set({ notifiedAt: at }).where(eq(sandboxPayments.id, id));
}

/** The signing secret, made on first use; concurrent first uses agree on one. */
export async function selectOrCreateSecret(db: Db, candidate: string): Promise<string> {
  await db.insert(sandboxSecrets).values({ id: 1, secret: candidate }).onConflictDoNothing();
  const rows = await db
    .select({ secret: sandboxSecrets.secret })
    .from(sandboxSecrets)
    .where(sql`id = 1`);
  return rows[0]!.secret;
}
