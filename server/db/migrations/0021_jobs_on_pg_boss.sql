-- Durable jobs moved to pg-boss (decision 18). The undone deadlines of a shop that ran before are kept under
-- another name: the first openJobQueue (server/platform/jobs.ts) moves them into the queue and drops the table.
ALTER TABLE "scheduled_jobs" RENAME TO "scheduled_jobs_legacy";--> statement-breakpoint
-- The gateway's re-sends are a job per payment now; nothing scans for undelivered notifications.
DROP INDEX "sandbox_payments_undelivered_idx";
