import { z } from "zod";
import {
  opsReviewViews,
  replyTextMax,
  reviewPhotosMax,
  reviewTextMax,
  reviewViews,
} from "../review-states.ts";
import { ImageViewSchema } from "./image.ts";
import { CursorSchema, multilineText, plainText, prefixedId } from "./input.ts";

const ReviewId = prefixedId("rev");
const OrderId = prefixedId("ord");
const ListingId = prefixedId("prd");
const Stars = z
  .number("errors.reviews.rating")
  .int("errors.reviews.rating")
  .min(1, "errors.reviews.rating")
  .max(5, "errors.reviews.rating");
/** Stars as a form field sends them. */
const Rating = z.coerce.number<string>("errors.reviews.rating").pipe(Stars);
const ReviewText = multilineText(z.string().trim().max(reviewTextMax, "errors.reviews.textLong"));

/** Every file of a multipart form's field that holds one (empty file inputs send an empty file). */
export const filesOf = (form: FormData, name: string) =>
  form.getAll(name).filter((v): v is File => v instanceof File && v.size > 0);
const textOf = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** A new review, as multipart form data: the item, stars, text and up to three photos in `photos`. */
export const ReviewInputSchema = z
  .instanceof(FormData, { error: "errors.api.invalidInput" })
  .transform((form) => ({
    orderId: textOf(form, "orderId"),
    variantId: textOf(form, "variantId"),
    rating: textOf(form, "rating"),
    text: textOf(form, "text"),
    photos: filesOf(form, "photos"),
  }))
  .pipe(
    z.object({
      orderId: OrderId,
      /** The item: the variant bought. */
      variantId: prefixedId("var"),
      rating: Rating,
      text: ReviewText,
      photos: z.array(z.instanceof(File)).max(reviewPhotosMax, "errors.reviews.tooManyPhotos"),
    }),
  );

/** The author changes the stars or the text of their own review (its photos stay). */
export const ReviewEditInputSchema = z.object({ id: ReviewId, rating: Stars, text: ReviewText });

export const ReplyInputSchema = z.object({
  id: ReviewId,
  reply: multilineText(
    z.string().trim().min(1, "errors.reviews.replyEmpty").max(replyTextMax, "errors.reviews.replyLong"),
  ),
});

export const HideReviewInputSchema = z.object({
  id: ReviewId,
  reason: plainText(z.string().trim().min(1, "errors.ops.reasonRequired").max(300, "errors.ops.reasonLong")),
});
export const ReviewIdInputSchema = z.object({ id: ReviewId });

export const ProductReviewsInputSchema = z.object({
  listingId: ListingId,
  /** Only reviews with photos. */
  withPhotos: z.boolean().default(false),
  cursor: CursorSchema.nullish(),
  limit: z.number().int().min(1).max(30).default(10),
});

export const OrderReviewsInputSchema = z.object({ orderId: OrderId });

export const StoreReviewsInputSchema = z.object({
  view: z.enum(reviewViews).default("all"),
  cursor: CursorSchema.nullish(),
  limit: z.number().int().min(1).max(30).default(20),
});

export const OpsReviewsInputSchema = z.object({
  view: z.enum(opsReviewViews).default("all"),
  cursor: CursorSchema.nullish(),
  limit: z.number().int().min(1).max(50).default(20),
});

/**
 * A review as a page shows it. A hidden review shows only that it was hidden (and the operator's reason):
 * its stars, text and photos are left out.
 */
export const ReviewViewSchema = z.object({
  id: z.string(),
  /** The reviewer's account, masked ("sh***r"), and avatar. */
  reviewer: z.string(),
  avatar: ImageViewSchema.nullable(),
  rating: z.number().int().nullable(),
  text: z.string(),
  images: z.array(ImageViewSchema),
  createdAt: z.date(),
  editedAt: z.date().nullable(),
  reply: z.object({ text: z.string(), at: z.date() }).nullable(),
  hidden: z.object({ reason: z.string() }).nullable(),
  /** The caller wrote it (and so may change it). */
  mine: z.boolean(),
  /** The variant reviewed ("Hitam / 42"); null for a product without options. */
  variantLabel: z.string().nullable(),
});
export type ReviewView = z.infer<typeof ReviewViewSchema>;

/** A product's rating: the average of its visible reviews, how many, how many with photos, per star. */
const RatingSummarySchema = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
  withPhotos: z.number().int(),
  /** Reviews with 5, 4, 3, 2 and 1 stars. */
  stars: z.array(z.number().int()).length(5),
});
export type RatingSummary = z.infer<typeof RatingSummarySchema>;

export const ProductReviewsViewSchema = z.object({
  summary: RatingSummarySchema,
  items: z.array(ReviewViewSchema),
  nextCursor: z.string().nullable(),
});
export type ProductReviewsView = z.infer<typeof ProductReviewsViewSchema>;

/** The items of one of the shopper's orders, each with its review if written. */
export const OrderReviewsViewSchema = z.object({
  orderId: z.string(),
  code: z.string(),
  /** The order is completed: its items may be reviewed. */
  open: z.boolean(),
  items: z.array(
    z.object({
      listingId: z.string(),
      variantId: z.string(),
      /** "Hitam / 42"; null for a product without options. */
      variantLabel: z.string().nullable(),
      name: z.string(),
      image: ImageViewSchema.nullable(),
      review: ReviewViewSchema.nullable(),
    }),
  ),
});
export type OrderReviewsView = z.infer<typeof OrderReviewsViewSchema>;

/** A review in the merchant's or operator's lists: with its product and order. */
export const ListedReviewViewSchema = ReviewViewSchema.extend({
  listingId: z.string(),
  product: z.string(),
  orderCode: z.string(),
  storeName: z.string(),
  /** Shown to operators and the store even when hidden. */
  original: z.object({ rating: z.number().int(), text: z.string() }),
});
export type ListedReviewView = z.infer<typeof ListedReviewViewSchema>;

export const ReviewListViewSchema = z.object({
  items: z.array(ListedReviewViewSchema),
  nextCursor: z.string().nullable(),
});

export { opsReviewViews, reviewViews };
