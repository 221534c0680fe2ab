import {
  OrderReviewsInputSchema,
  OrderReviewsViewSchema,
  ProductReviewsInputSchema,
  ProductReviewsViewSchema,
  ReviewEditInputSchema,
  ReviewInputSchema,
  ReviewViewSchema,
} from "#common/contracts/reviews.ts";
import { editOwnReview, orderReviews, writeReview } from "../../flows/reviews.ts";
import { productReviews } from "../../read/reviews.ts";
import { browseProcedure, router, shopperProcedure } from "../../trpc/init.ts";

/** Reviews as shoppers read and write them. */
export const reviewsRouter = router({
  /** A product's rating and its reviews, newest first (the same for everyone: no viewer-specific parts). */
  forProduct: browseProcedure
    .input(ProductReviewsInputSchema)
    .output(ProductReviewsViewSchema)
    .query(({ ctx, input }) => productReviews(ctx, null, input)),
  /** The items of one of the caller's orders with their reviews. */
  forOrder: shopperProcedure
    .input(OrderReviewsInputSchema)
    .output(OrderReviewsViewSchema)
    .query(({ ctx, input }) => orderReviews(ctx, ctx.user.id, input.orderId)),
  /** Reviews an item of a completed order (multipart form: fields and up to three photos). */
  write: shopperProcedure
    .input(ReviewInputSchema)
    .output(ReviewViewSchema)
    .mutation(({ ctx, input }) => writeReview(ctx, ctx.user.id, input)),
  edit: shopperProcedure
    .input(ReviewEditInputSchema)
    .output(ReviewViewSchema)
    .mutation(({ ctx, input }) => editOwnReview(ctx, ctx.user.id, input)),
});
