import type { FaqView, OpsFaq } from "#common/contracts/support.ts";
import { localize, type Locale, type Localized } from "#common/locales.ts";
import type { Db, Tx } from "../../db/client.ts";
import { transact } from "../../db/transaction.ts";
import { DomainError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { deleteFaq, insertFaq, selectFaqs, selectFaqsForUpdate, updateFaq } from "./support.queries.ts";

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

// ------------------------------------------------------------------------------------------- operators
//
// Each change runs in one transaction with its audit row, the list locked meanwhile; each answers the list
// as it is afterwards. The shop's FAQ page reads the table, so it shows a change on its next load (a page kept
// for signed-out visitors within PAGE_CACHE_MS, decision 0009).

/** The FAQs in every language, in display order (an operator edits them). */
export async function listFaqsForOps(db: Db): Promise<OpsFaq[]> {
  return selectFaqs(db);
}

type FaqRow = Awaited<ReturnType<typeof selectFaqsForUpdate>>[number];

function findFaq(rows: FaqRow[], id: string): FaqRow {
  const row = rows.find((r) => r.id === id);
  if (!row) throw new DomainError("not_found", "errors.faq.notFound");
  return row;
}

const faqOf = (row: FaqRow): OpsFaq => ({ id: row.id, question: row.question, answer: row.answer });

async function changeFaqs(db: Db, work: (tx: Tx, rows: FaqRow[]) => Promise<void>): Promise<OpsFaq[]> {
  await transact(db, async (tx) => work(tx, await selectFaqsForUpdate(tx)));
  return listFaqsForOps(db);
}

/** Adds a FAQ at the end of the list (an operator), in every language. */
export function addFaq(
  db: Db,
  operatorId: string,
  input: { question: Localized; answer: Localized },
): Promise<OpsFaq[]> {
  return changeFaqs(db, async (tx, rows) => {
    const id = newId("faq");
    const sort = Math.max(-1, ...rows.map((r) => r.sort)) + 1;
    await insertFaq(tx, { id, sort, ...input });
    await recordAudit(tx, {
      actorId: operatorId,
      action: "faq.create",
      subject: { type: "faq", id },
      after: input,
    });
  });
}

/** Changes a FAQ's question and answer (an operator), audited with both versions. */
export function editFaq(
  db: Db,
  operatorId: string,
  input: { id: string; question: Localized; answer: Localized },
): Promise<OpsFaq[]> {
  return changeFaqs(db, async (tx, rows) => {
    const row = findFaq(rows, input.id);
    await updateFaq(tx, row.id, { question: input.question, answer: input.answer });
    await recordAudit(tx, {
      actorId: operatorId,
      action: "faq.update",
      subject: { type: "faq", id: row.id },
      before: { question: row.question, answer: row.answer },
      after: { question: input.question, answer: input.answer },
    });
  });
}

/** Deletes a FAQ (an operator); the audit keeps what it said. */
export function removeFaq(db: Db, operatorId: string, id: string): Promise<OpsFaq[]> {
  return changeFaqs(db, async (tx, rows) => {
    const row = findFaq(rows, id);
    await deleteFaq(tx, row.id);
    await recordAudit(tx, {
      actorId: operatorId,
      action: "faq.delete",
      subject: { type: "faq", id: row.id },
      before: faqOf(row),
    });
  });
}

/**
 * Moves a FAQ one place up or down (an operator): the list is numbered 0, 1, 2 … in its new order. At the
 * top (or bottom) already, nothing changes.
 */
export function moveFaq(
  db: Db,
  operatorId: string,
  input: { id: string; direction: "up" | "down" },
): Promise<OpsFaq[]> {
  return changeFaqs(db, async (tx, rows) => {
    const from = rows.indexOf(findFaq(rows, input.id));
    const to = input.direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= rows.length) return;
    const order = [...rows];
    [order[from], order[to]] = [order[to]!, order[from]!];
    for (const [sort, row] of order.entries()) {
      if (row.sort !== sort) await updateFaq(tx, row.id, { sort });
    }
    await recordAudit(tx, {
      actorId: operatorId,
      action: "faq.move",
      subject: { type: "faq", id: input.id },
      before: { position: from + 1 },
      after: { position: to + 1 },
    });
  });
}
