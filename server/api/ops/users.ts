import {
  OpsUserDetailSchema,
  OpsUserInputSchema,
  OpsUsersInputSchema,
  OpsUsersViewSchema,
  EndUserSessionsInputSchema,
  EndUserSessionsViewSchema,
  ReinstateUserInputSchema,
  ReleasePayoutHoldInputSchema,
  SuspendUserInputSchema,
  UserAccessViewSchema,
} from "#common/contracts/admin.ts";
import { changeUserAccess, endUserSessionsForOperator, releasePayoutHold } from "../../flows/users.ts";
import { searchUsers, userDetail } from "../../read/ops-admin.ts";
import { z } from "zod";
import { operatorProcedure, router } from "../../trpc/init.ts";

/**
 * Accounts (product.md section 7): search, one account in full, suspend and reinstate sign-in, sign out everywhere,
 * lift a payout hold.
 */
export const opsUsersRouter = router({
  list: operatorProcedure
    .input(OpsUsersInputSchema)
    .output(OpsUsersViewSchema)
    .query(({ ctx, input }) => searchUsers(ctx.db, input)),
  get: operatorProcedure
    .input(OpsUserInputSchema)
    .output(OpsUserDetailSchema)
    .query(({ ctx, input }) => userDetail(ctx, input.id)),
  suspend: operatorProcedure
    .input(SuspendUserInputSchema)
    .output(UserAccessViewSchema)
    .mutation(({ ctx, input }) =>
      changeUserAccess(ctx.db, ctx.user.id, {
        userId: input.id,
        suspend: true,
        reason: input.reason,
        idempotencyKey: input.idempotencyKey,
      }),
    ),
  reinstate: operatorProcedure
    .input(ReinstateUserInputSchema)
    .output(UserAccessViewSchema)
    .mutation(({ ctx, input }) =>
      changeUserAccess(ctx.db, ctx.user.id, {
        userId: input.id,
        suspend: false,
        reason: null,
        idempotencyKey: input.idempotencyKey,
      }),
    ),
  endSessions: operatorProcedure
    .input(EndUserSessionsInputSchema)
    .output(EndUserSessionsViewSchema)
    .mutation(({ ctx, input }) =>
      endUserSessionsForOperator(ctx.db, ctx.user.id, {
        userId: input.id,
        idempotencyKey: input.idempotencyKey,
      }),
    ),
  /** Lifts the 24-hour payout hold (issue 43) once the owner is verified, with how. */
  releasePayoutHold: operatorProcedure
    .input(ReleasePayoutHoldInputSchema)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) =>
      releasePayoutHold(ctx.db, ctx.user.id, {
        userId: input.id,
        reason: input.reason,
        idempotencyKey: input.idempotencyKey,
      }),
    ),
});
