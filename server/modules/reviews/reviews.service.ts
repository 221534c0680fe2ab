import type { Db, Tx } from "../../db/client.ts";
import { transact } from "../../db/transaction.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { recordAudit } from "../audit/audit.service.ts";
import * as q from "./reviews.queries.ts";
import type { reviews } from "./reviews.tables.ts";

/**
 * Reviews (product.md section 2.7): written by the buyer of a completed order, once per item (the flow in
 * `server/flows/reviews.ts` checks the order); changed only by their author; answered by the store; hidden,
 * never deleted, by an operator with a reason. Ratings count visible reviews only.
 */

type NewReview = Omit<typeof reviews.$inferInsert, "createdAt">;

/** Writes a review in the caller's transaction; false when the item already has one. */
export function insertReview(tx: Tx, row: NewReview): Promise<boolean> {
  return q.insertReview(tx, { ...row, createdAt: now() });
}

/** The listings of an order that have a review. */
export async function reviewedVariants(tx: Tx, orderId: string): Promise<Set<string>> {
  return new Set((await q.selectOrderReviews(tx, orderId)).map((r) => r.variantId));
}

/** The author changes the stars or text of their review (not a hidden one); others cannot. */
export async function editReview(
  db: Db,
  userId: string,
  input: { id: string; rating: number; text: string },
): Promise<void> {
  const row = await q.selectReview(db, input.id);
  if (!row || row.userId !== userId) throw new DomainError("not_found", "errors.reviews.notFound");
  if (row.hiddenAt) throw new DomainError("conflict", "errors.reviews.hidden");
  await q.updateReview(db, row.id, { rating: input.rating, text: input.text, editedAt: now() });
}

/**
 * The store replies to a review of its own products (a later reply replaces the earlier), in the caller's
 * transaction with the review locked. Answers whose review it is, and whether it is the first reply to it.
 */
export async function replyToReview(
  tx: Tx,
  storeId: string,
  input: { id: string; reply: string },
): Promise<{ userId: string; listingId: string; first: boolean }> {
  const row = await q.selectReview(tx, input.id, true);
  if (!row || row.storeId !== storeId) throw new DomainError("not_found", "errors.reviews.notFound");
  if (row.hiddenAt) throw new DomainError("conflict", "errors.reviews.hidden");
  await q.updateReview(tx, row.id, { reply: input.reply, repliedAt: now() });
  return { userId: row.userId, listingId: row.listingId, first: row.repliedAt === null };
}

/** An operator hides an abusive review with a reason, or shows it again; both audited. */
export async function setReviewHidden(
  db: Db,
  operatorId: string,
  input: { id: string; reason?: string },
  hide: boolean,
): Promise<void> {
  await transact(db, async (tx) => {
    const row = await q.selectReview(tx, input.id);
    if (!row) throw new DomainError("not_found", "errors.reviews.notFound");
    if (Boolean(row.hiddenAt) === hide) return;
    const set = hide
      ? { hiddenAt: now(), hiddenReason: input.reason ?? "", hiddenBy: operatorId }
      : { hiddenAt: null, hiddenReason: null, hiddenBy: null };
    await q.updateReview(tx, row.id, set);
    await recordAudit(tx, {
      actorId: operatorId,
      action: hide ? "review.hide" : "review.show",
      subject: { type: "review", id: row.id },
      before: { hidden: Boolean(row.hiddenAt), reason: row.hiddenReason },
      after: { hidden: hide, reason: hide ? input.reason : null },
    });
  });
}

/** The records the review views (server/read/reviews.ts) read. */
export {
  selectOrderReviews as orderReviewRows,
  selectRatingSummary as ratingSummary,
  selectReview as reviewById,
  selectReviewPage as reviewPage,
  type ReviewRow,
} from "./reviews.queries.ts";
