import {
  HideReviewInputSchema,
  ListedReviewViewSchema,
  OpsReviewsInputSchema,
  ReviewIdInputSchema,
  ReviewListViewSchema,
} from "#common/contracts/reviews.ts";
import { moderateReview } from "../../flows/reviews.ts";
import { opsReviews } from "../../read/reviews.ts";
import { operatorProcedure, router } from "../../trpc/init.ts";

/** Operators hide an abusive review with a reason, or show it again. */
export const opsReviewsRouter = router({
  list: operatorProcedure
    .input(OpsReviewsInputSchema)
    .output(ReviewListViewSchema)
    .query(({ ctx, input }) => opsReviews(ctx, ctx.user.id, input)),
  hide: operatorProcedure
    .input(HideReviewInputSchema)
    .output(ListedReviewViewSchema)
    .mutation(({ ctx, input }) => moderateReview(ctx, ctx.user.id, input, true)),
  show: operatorProcedure
    .input(ReviewIdInputSchema)
    .output(ListedReviewViewSchema)
    .mutation(({ ctx, input }) => moderateReview(ctx, ctx.user.id, input, false)),
});
