import type { Db } from "../db/client.ts";
import { transact } from "../db/transaction.ts";
import { recordAudit } from "../modules/audit/audit.service.ts";
import { DomainError } from "../platform/errors.ts";
import { jobQueueOf } from "../platform/jobs.ts";

/**
 * The operator sends a dead job (its tries used up) back to its queue, due now; audited with what had
 * failed. Its handler is idempotent, so a job that meanwhile became moot does nothing when it runs.
 */
export async function retryDeadJob(db: Db, operatorId: string, input: { id: string }) {
  const queue = jobQueueOf(db);
  // Read before the transaction: pg-boss reads on a connection of its own (PGlite has one, held by a transaction).
  const job = await queue.deadLetter(input.id);
  if (!job) throw new DomainError("not_found", "errors.jobs.notFound");
  await transact(db, async (tx) => {
    if (!(await queue.retryDead(job.id, tx))) throw new DomainError("not_found", "errors.jobs.notFound");
    await recordAudit(tx, {
      actorId: operatorId,
      action: "job.retry",
      subject: { type: "job", id: job.subjectId },
      before: { kind: job.kind, tries: job.tries, error: job.error },
      after: { queued: true },
    });
  });
  return { id: job.id, kind: job.kind, subjectId: job.subjectId };
}
