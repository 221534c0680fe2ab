import type { StoredImage } from "#common/images.ts";
// Reviews touch two modules: the review (reviews) and the order leaving "pending review" once every item of
// it is reviewed (orders). Both in one transaction, with the order locked.
import type { OrderReviewsView, ReviewView } from "#common/contracts/reviews.ts";
import type { Locale } from "#common/locales.ts";
import type { Db } from "../db/client.ts";
import { transact } from "../db/transaction.ts";
import { DomainError } from "../platform/errors.ts";
import { imageKinds, storeUpload } from "../platform/images.ts";
import { newId } from "../platform/ids.ts";
import type { Logger } from "../platform/logger.ts";
import type { Storage } from "../platform/storage.ts";
import { lockReviewableItem, markReviewed, orderForReview } from "../modules/orders/orders.service.ts";
import {
  editReview,
  insertReview,
  replyToReview,
  reviewedVariants,
  setReviewHidden,
} from "../modules/reviews/reviews.service.ts";
import { listedOne, orderReviewViews, requireStoreId, reviewViews } from "../read/reviews.ts";
import { reviewById } from "../modules/reviews/reviews.service.ts";
import { notifyUser } from "../modules/notifications/inbox.service.ts";
import { selectStorePayer } from "../read/order-lines.ts";

interface Deps {
  db: Db;
  storage: Storage;
  lang: Locale;
  log: Logger;
}

/** The items of one of the shopper's orders, each with its review (the order's review page). */
export async function orderReviews(deps: Deps, userId: string, orderId: string): Promise<OrderReviewsView> {
  const { order, items } = await orderForReview(deps, userId, orderId);
  const views = await orderReviewViews(deps, userId, order.id);
  return {
    orderId: order.id,
    code: order.code,
    open: order.status === "completed",
    items: items.map((i) => ({
      listingId: i.listingId,
      variantId: i.variantId,
      variantLabel: i.variantLabel,
      name: i.name,
      image: i.image,
      review: views.get(i.variantId) ?? null,
    })),
  };
}

/**
 * The buyer reviews an item of a completed order, once: stars, text and up to three photos (stored resized
 * before the transaction, after a first check, so an ineligible review stores nothing).
 */
export async function writeReview(
  deps: Deps,
  userId: string,
  input: { orderId: string; variantId: string; rating: number; text: string; photos: File[] },
): Promise<ReviewView> {
  await transact(deps.db, (tx) => lockReviewableItem(tx, userId, input.orderId, input.variantId));
  const images: StoredImage[] = [];
  for (const photo of input.photos) images.push(await storeUpload(deps, imageKinds.shopperPhoto, photo));
  await transact(deps.db, async (tx) => {
    const { order, item, variantIds } = await lockReviewableItem(tx, userId, input.orderId, input.variantId);
    const written = await insertReview(tx, {
      id: newId("rev"),
      orderId: order.id,
      listingId: item.listingId,
      variantId: item.variantId,
      storeId: order.storeId,
      userId,
      rating: input.rating,
      text: input.text,
      images,
    });
    if (!written) throw new DomainError("conflict", "errors.reviews.already");
    const reviewed = await reviewedVariants(tx, order.id);
    if (variantIds.every((id) => reviewed.has(id))) await markReviewed(tx, order.id);
  });
  const views = await orderReviewViews(deps, userId, input.orderId);
  return views.get(input.variantId)!;
}

/** The author changes the stars or text of their review, and sees it as others will. */
export async function editOwnReview(
  deps: Deps,
  userId: string,
  input: { id: string; rating: number; text: string },
): Promise<ReviewView> {
  await editReview(deps.db, userId, input);
  const row = (await reviewById(deps.db, input.id))!;
  return (await reviewViews(deps, [row], userId)).get(row.id)!;
}

/**
 * The store answers a review of its own products; its author is told of the first answer (issue 44), in the same
 * transaction (a changed answer tells nobody again).
 */
export async function replyAsStore(deps: Deps, ownerId: string, input: { id: string; reply: string }) {
  const storeId = await requireStoreId(deps.db, ownerId);
  await transact(deps.db, async (tx) => {
    const review = await replyToReview(tx, storeId, input);
    if (!review.first) return;
    const store = await selectStorePayer(tx, storeId);
    await notifyUser(tx, {
      userId: review.userId,
      category: "orders",
      kind: "reviewReplied",
      params: { store: store?.name ?? "" },
      link: `/h5/products/${review.listingId}/reviews`,
    });
  });
  return listedOne(deps, input.id, ownerId);
}

/** An operator hides an abusive review with a reason, or shows it again (audited). */
export async function moderateReview(
  deps: Deps,
  operatorId: string,
  input: { id: string; reason?: string },
  hide: boolean,
) {
  await setReviewHidden(deps.db, operatorId, input, hide);
  return listedOne(deps, input.id, operatorId);
}
