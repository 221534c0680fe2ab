import { asc } from "drizzle-orm";
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
