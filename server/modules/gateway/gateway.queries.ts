import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sandboxPayments, sandboxRefunds, sandboxSecrets } from "./gateway.tables.ts";

export type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;
type Executor = Db | Tx;

/** Opens a payment for a reference, or finds the one opened for it before. */
export async function insertSandboxPayment(
  db: Executor,
  row: typeof sandboxPayments.$inferInsert,
): Promise<SandboxPaymentRow> {
  await db.insert(sandboxPayments).values(row).onConflictDoNothing({ target: sandboxPayments.reference });
  return (await selectSandboxByReference(db, row.reference))!;
}

export async function selectSandboxPayment(db: Executor, id: string): Promise<SandboxPaymentRow | undefined> {
  const rows = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
  return rows[0];
}

export async function selectSandboxByReference(
  db: Executor,
  reference: string,
): Promise<SandboxPaymentRow | undefined> {
  const rows = await db.select().from(sandboxPayments).where(eq(sandboxPayments.reference, reference));
  return rows[0];
}

/** Moves a payment out of `from` states; undefined when it was no longer in one (decided already). */
export async function updateSandboxStatus(
  db: Executor,
  id: string,
  from: SandboxPaymentRow["status"][],
  to: SandboxPaymentRow["status"],
  at: Date,
): Promise<SandboxPaymentRow | undefined> {
  const rows = await db
    .update(sandboxPayments)
    .set({ status: to, decidedAt: at, notifiedAt: null })
    .where(and(eq(sandboxPayments.id, id), inArray(sandboxPayments.status, from)))
    .returning();
  return rows[0];
}

export async function markNotified(db: Executor, id: string, at: Date): Promise<void> {
  await db.update(sandboxPayments).set({ notifiedAt: at }).where(eq(sandboxPayments.id, id));
}

/**
 * Refunds part of a paid payment once per refund id: false when the id was used before (nothing changes)
 * or the payment has less left than asked.
 */
export async function insertSandboxRefund(
  tx: Tx,
  row: { id: string; paymentId: string; amount: number; createdAt: Date },
): Promise<"refunded" | "repeat" | "refused"> {
  const inserted = await tx.insert(sandboxRefunds).values(row).onConflictDoNothing().returning();
  if (inserted.length === 0) return "repeat";
  const updated = await tx
    .update(sandboxPayments)
    .set({ refunded: sql`${sandboxPayments.refunded} + ${row.amount}` })
    .where(
      and(
        eq(sandboxPayments.id, row.paymentId),
        eq(sandboxPayments.status, "paid"),
        sql`${sandboxPayments.refunded} + ${row.amount} <= ${sandboxPayments.amount}`,
      ),
    )
    .returning({ id: sandboxPayments.id });
  if (updated.length === 0) throw new SandboxRefundRefused();
  return "refunded";
}

export class SandboxRefundRefused extends Error {}

/** A refund made of a payment, by its refund id. */
export async function selectSandboxRefund(db: Executor, id: string, paymentId: string) {
  const rows = await db
    .select()
    .from(sandboxRefunds)
    .where(and(eq(sandboxRefunds.id, id), eq(sandboxRefunds.paymentId, paymentId)));
  return rows[0];
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
