/** The reviews' fixed vocabularies, zod-free so pages can import them (common/contracts/reviews.ts builds on them). */

/** A review's text, its photos and the store's reply: the limits the forms and the server share. */
export const reviewTextMax = 500;
export const reviewPhotosMax = 3;
export const replyTextMax = 300;

/** An after-sales request's reason and photos. */
export const afterSalesReasonMax = 500;
export const afterSalesPhotosMax = 3;

/** The merchant's reviews list: every review, or those still waiting for its reply. */
export const reviewViews = ["all", "unreplied"] as const;

/** The operator's reviews list: all, the low ratings (1-2 stars), the hidden ones. */
export const opsReviewViews = ["all", "low", "hidden"] as const;
