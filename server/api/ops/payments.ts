import {
  OpsPaymentEventsInputSchema,
  OpsPaymentEventsViewSchema,
  OpsPaymentsInputSchema,
  OpsPaymentsViewSchema,
  OpsReconciliationsViewSchema,
} from "#common/contracts/payments.ts";
import { opsPaymentEvents, opsPayments, opsReconciliations } from "../../read/ops-payments.ts";
import { operatorProcedure, router } from "../../trpc/init.ts";

/** The operator's view of payments: attempts, what providers sent, and the daily reconciliation. */
export const opsPaymentsRouter = router({
  list: operatorProcedure
    .input(OpsPaymentsInputSchema)
    .output(OpsPaymentsViewSchema)
    .query(({ ctx, input }) => opsPayments(ctx.db, input)),
  events: operatorProcedure
    .input(OpsPaymentEventsInputSchema)
    .output(OpsPaymentEventsViewSchema)
    .query(({ ctx, input }) => opsPaymentEvents(ctx.db, input)),
  reconciliations: operatorProcedure
    .output(OpsReconciliationsViewSchema)
    .query(({ ctx }) => opsReconciliations(ctx.db)),
});
