import {
  ListedReviewViewSchema,
  ReplyInputSchema,
  ReviewListViewSchema,
  StoreReviewsInputSchema,
} from "#common/contracts/reviews.ts";
import { replyAsStore } from "../../flows/reviews.ts";
import { storeReviews } from "../../read/reviews.ts";
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
    .mutation(({ ctx, input }) => replyAsStore(ctx, ctx.user.id, input)),
});
