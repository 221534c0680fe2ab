import {
  ListedReviewViewSchema,
  ReplyInputSchema,
  ReviewListViewSchema,
  StoreReviewsInputSchema,
} from "#common/contracts/reviews.ts";
import { replyToReview, storeReviews } from "../../modules/reviews/reviews.service.ts";
import { merchantProcedure, router } from "../../trpc/init.ts";

/** The merchant's reviews list and replies: its own store's reviews only. */
export const merchantReviewsRouter = router({
  list: merchantProcedure
    .input(StoreReviewsInputSchema)
    .output(ReviewListViewSchema)
    .query(({ ctx, input }) => storeReviews(ctx, ctx.user.id, input)),
  reply: merchantProcedure
    .input(ReplyInputSchema)
    .output(ListedReviewViewSchema)
    .mutation(({ ctx, input }) => replyToReview(ctx, ctx.user.id, input)),
});
