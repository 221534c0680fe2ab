import {
  DeadJobsViewSchema,
  RetryDeadJobInputSchema,
  RetryDeadJobViewSchema,
} from "#common/contracts/ops.ts";
import { retryDeadJob } from "../../flows/retry-dead-job.ts";
import { opsDeadJobs } from "../../read/ops-jobs.ts";
import { operatorProcedure, router } from "../../trpc/init.ts";

/** The operator's view of durable jobs that failed for good, and sending one again. */
export const opsJobsRouter = router({
  dead: operatorProcedure.output(DeadJobsViewSchema).query(({ ctx }) => opsDeadJobs(ctx.db)),
  retry: operatorProcedure
    .input(RetryDeadJobInputSchema)
    .output(RetryDeadJobViewSchema)
    .mutation(({ ctx, input }) => retryDeadJob(ctx.db, ctx.user.id, input)),
});
