import {
  HideReviewInputSchema,
  ListedReviewViewSchema,
  OpsReviewsInputSchema,
  OrderReviewsInputSchema,
  OrderReviewsViewSchema,
  ProductReviewsInputSchema,
  ProductReviewsViewSchema,
  ReplyInputSchema,
  ReviewEditInputSchema,
  ReviewIdInputSchema,
  ReviewInputSchema,
  ReviewListViewSchema,
  ReviewViewSchema,
  StoreReviewsInputSchema,
} from "#common/contracts/reviews.ts";
import { orderReviews, writeReview } from "../../flows/reviews.ts";
import {
  merchantProcedure,
  operatorProcedure,
  publicProcedure,
  router,
  shopperProcedure,
} from "../../trpc/init.ts";
import {
  editReview,
  opsReviews,
  productReviews,
  replyToReview,
  setReviewHidden,
  storeReviews,
} from "./reviews.service.ts";

/** Reviews as shoppers read and write them. */
export const reviewsRouter = router({
  /** A product's rating and its reviews, newest first (the same for everyone: no viewer-specific parts). */
  forProduct: publicProcedure
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
    .mutation(({ ctx, input }) => editReview(ctx, ctx.user.id, input)),
});

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
