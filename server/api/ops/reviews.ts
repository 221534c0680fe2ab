import {
  HideReviewInputSchema,
  ListedReviewViewSchema,
  OpsReviewsInputSchema,
  ReviewIdInputSchema,
  ReviewListViewSchema,
} from "#common/contracts/reviews.ts";
import { opsReviews, setReviewHidden } from "../../modules/reviews/reviews.service.ts";
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
    .mutation(({ ctx, input }) => setReviewHidden(ctx, ctx.user.id, input, true)),
  show: operatorProcedure
    .input(ReviewIdInputSchema)
    .output(ListedReviewViewSchema)
    .mutation(({ ctx, input }) => setReviewHidden(ctx, ctx.user.id, input, false)),
});
