import {
  OpsUserDetailSchema,
  OpsUserInputSchema,
  OpsUsersInputSchema,
  OpsUsersViewSchema,
  EndUserSessionsInputSchema,
  EndUserSessionsViewSchema,
  ReinstateUserInputSchema,
  SuspendUserInputSchema,
  UserAccessViewSchema,
} from "#common/contracts/admin.ts";
import { changeUserAccess, endUserSessionsForOperator } from "../../flows/users.ts";
import { searchUsers, userDetail } from "../../read/ops-admin.ts";
import { operatorProcedure, router } from "../../trpc/init.ts";

/** Accounts (product.md section 7): search, one account in full, suspend and reinstate sign-in, sign out everywhere. */
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
});
