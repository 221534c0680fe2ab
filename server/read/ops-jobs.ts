import type { Db } from "../db/client.ts";
import { jobQueueOf } from "../platform/jobs.ts";

/** The operator's list of jobs whose tries are used up (pg-boss's dead-letter queue), newest first. */
export async function opsDeadJobs(db: Db) {
  return { items: await jobQueueOf(db).deadLetters(100) };
}
