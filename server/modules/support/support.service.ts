import type { FaqView } from "#common/contracts/support.ts";
import { localize, type Locale, type Localized } from "#common/locales.ts";
import type { Db } from "../../db/client.ts";
import { newId } from "../../platform/ids.ts";
import { insertFaq, selectFaqs } from "./support.queries.ts";

/** The FAQs in the reader's language, in display order. */
export async function listFaqs(deps: { db: Db; lang: Locale }): Promise<FaqView[]> {
  const rows = await selectFaqs(deps.db);
  return rows.map((r) => ({
    id: r.id,
    question: localize(r.question, deps.lang),
    answer: localize(r.answer, deps.lang),
  }));
}

/** Adds a question and its answer in every language (operators; the seed). */
export async function createFaq(
  db: Db,
  input: { sort: number; question: Localized; answer: Localized },
): Promise<string> {
  const id = newId("faq");
  await insertFaq(db, { id, ...input });
  return id;
}
