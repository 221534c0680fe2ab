import {
  AttemptIdInputSchema,
  AttemptStartViewSchema,
  AttemptViewSchema,
  SwitchChannelInputSchema,
} from "#common/contracts/payments.ts";
import { switchChannel } from "../../flows/payments/switch.ts";
import { getAttempt } from "../../read/payments.ts";
import { router, signedInProcedure } from "../../trpc/init.ts";

/** A signed-in user's payment attempts (orders and recharges): each acts on the caller's own only. */
export const paymentsRouter = router({
  attempt: signedInProcedure
    .input(AttemptIdInputSchema)
    .output(AttemptViewSchema)
    .query(({ ctx, input }) => getAttempt(ctx, ctx.user.id, input.id)),
  switch: signedInProcedure
    .input(SwitchChannelInputSchema)
    .output(AttemptStartViewSchema)
    .mutation(({ ctx, input }) => switchChannel(ctx, ctx.user.id, input)),
});
