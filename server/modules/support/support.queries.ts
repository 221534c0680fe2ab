import { asc, eq, sql } from "drizzle-orm";
import type { Localized } from "#common/locales.ts";
import type { Db } from "../../db/client.ts";
import { faqs } from "./support.tables.ts";

export async function insertFaq(db: Db, row: typeof faqs.$inferInsert) {
  await db.insert(faqs).values(row);
}

export async function selectFaqs(db: Db) {
  return db
    .select({ id: faqs.id, question: faqs.question, answer: faqs.answer })
    .from(faqs)
    .orderBy(asc(faqs.sort), asc(faqs.id));
}

/**
 * Every FAQ in display order with its sort, for an operator's change: a transaction-scoped lock on the list
 * makes changes at the same moment (two adds, a move and a delete) happen one after the other.
 */
export async function selectFaqsForUpdate(db: Db) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('faqs'))`);
  return db
    .select({ id: faqs.id, sort: faqs.sort, question: faqs.question, answer: faqs.answer })
    .from(faqs)
    .orderBy(asc(faqs.sort), asc(faqs.id));
}

export async function updateFaq(
  db: Db,
  id: string,
  set: { question?: Localized; answer?: Localized; sort?: number },
) {
  await db.update(faqs).set(set).where(eq(faqs.id, id));
}

export async function deleteFaq(db: Db, id: string) {
  await db.delete(faqs).where(eq(faqs.id, id));
}
