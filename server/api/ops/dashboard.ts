import { DashboardViewSchema } from "#common/contracts/admin.ts";
import { opsDashboard } from "../../read/ops-admin.ts";
import { operatorProcedure, router } from "../../trpc/init.ts";

/** The operator area's start page: daily figures and what waits for an operator. */
export const opsDashboardRouter = router({
  get: operatorProcedure.output(DashboardViewSchema).query(({ ctx }) => opsDashboard(ctx.db)),
});
