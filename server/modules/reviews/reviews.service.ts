import { maskedAccount } from "#common/account-display.ts";
import type {
  ListedReviewView,
  OpsReviewsInputSchema,
  ProductReviewsView,
  RatingSummary,
  ReviewView,
  StoreReviewsInputSchema,
} from "#common/contracts/reviews.ts";
import { localize, type Locale } from "#common/locales.ts";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { transact } from "../../db/transaction.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { imageView } from "../../platform/images.ts";
import { pageOf } from "../../platform/pages.ts";
import type { Storage } from "../../platform/storage.ts";
import { selectReviewers, selectReviewSubjects } from "../../read/reviews.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { getOwnStore } from "../stores/stores.service.ts";
import * as q from "./reviews.queries.ts";
import type { ReviewRow } from "./reviews.queries.ts";
import type { reviews } from "./reviews.tables.ts";

/**
 * Reviews (product.md section 2.7): written by the buyer of a completed order, once per item (the flow in
 * `server/flows/reviews.ts` checks the order); changed only by their author; answered by the store; hidden,
 * never deleted, by an operator with a reason. Ratings count visible reviews only.
 */

interface ReviewDeps {
  db: Db;
  storage: Storage;
  lang: Locale;
}

type NewReview = Omit<typeof reviews.$inferInsert, "createdAt">;

/** Writes a review in the caller's transaction; false when the item already has one. */
export function insertReview(tx: Tx, row: NewReview): Promise<boolean> {
  return q.insertReview(tx, { ...row, createdAt: now() });
}

/** The listings of an order that have a review. */
export async function reviewedListings(tx: Tx, orderId: string): Promise<Set<string>> {
  return new Set((await q.selectOrderReviews(tx, orderId)).map((r) => r.listingId));
}

async function reviewViews(
  deps: { db: Db; storage: Storage },
  rows: readonly ReviewRow[],
  viewerId: string | null,
): Promise<Map<string, ReviewView>> {
  const people = new Map(
    (
      await selectReviewers(
        deps.db,
        rows.map((r) => r.userId),
      )
    ).map((u) => [u.id, u]),
  );
  return new Map(
    rows.map((r) => {
      const person = people.get(r.userId);
      const hidden = r.hiddenAt ? { reason: r.hiddenReason ?? "" } : null;
      return [
        r.id,
        {
          id: r.id,
          reviewer: person ? maskedAccount(person) : "***",
          avatar: person?.avatar ? imageView(deps.storage, person.avatar) : null,
          rating: hidden ? null : r.rating,
          text: hidden ? "" : r.text,
          images: hidden ? [] : r.images.map((image) => imageView(deps.storage, image)),
          createdAt: r.createdAt,
          editedAt: r.editedAt,
          reply: !hidden && r.reply && r.repliedAt ? { text: r.reply, at: r.repliedAt } : null,
          hidden,
          mine: viewerId === r.userId,
        },
      ];
    }),
  );
}

function summaryOf(row: Awaited<ReturnType<typeof q.selectRatingSummary>>): RatingSummary {
  return {
    average: row.count > 0 && row.average !== null ? Math.round(row.average * 10) / 10 : null,
    count: row.count,
    withPhotos: row.withPhotos,
    stars: [row.five, row.four, row.three, row.two, row.one],
  };
}

/** A product's rating and a page of its reviews, newest first (hidden ones say only that they were). */
export async function productReviews(
  deps: ReviewDeps,
  viewerId: string | null,
  input: { listingId: string; withPhotos: boolean; cursor?: string | null; limit: number },
): Promise<ProductReviewsView> {
  const [summary, rows] = await Promise.all([
    q.selectRatingSummary(deps.db, input.listingId),
    q.selectReviewPage(deps.db, {
      listingId: input.listingId,
      withPhotos: input.withPhotos,
      before: input.cursor ?? undefined,
      limit: input.limit,
    }),
  ]);
  const page = pageOf(rows, input.limit);
  const views = await reviewViews(deps, page.items, viewerId);
  return {
    summary: summaryOf(summary),
    items: page.items.map((r) => views.get(r.id)!),
    nextCursor: page.nextCursor,
  };
}

/** The reviews of an order's items, by listing (for its buyer's review page). */
export async function orderReviewViews(
  deps: ReviewDeps,
  viewerId: string,
  orderId: string,
): Promise<Map<string, ReviewView>> {
  const rows = await q.selectOrderReviews(deps.db, orderId);
  const views = await reviewViews(deps, rows, viewerId);
  return new Map(rows.map((r) => [r.listingId, views.get(r.id)!]));
}

async function listedViews(
  deps: ReviewDeps,
  rows: readonly ReviewRow[],
  viewerId: string,
): Promise<ListedReviewView[]> {
  const [views, subjects] = await Promise.all([
    reviewViews(deps, rows, viewerId),
    selectReviewSubjects(deps.db, rows),
  ]);
  const about = new Map(subjects.map((s) => [`${s.orderId}/${s.listingId}`, s]));
  return rows.map((r) => {
    const subject = about.get(`${r.orderId}/${r.listingId}`);
    return {
      ...views.get(r.id)!,
      listingId: r.listingId,
      product: subject ? localize(subject.name, deps.lang) : "",
      orderCode: subject?.code ?? "",
      storeName: subject?.storeName ?? "",
      original: { rating: r.rating, text: r.text },
    };
  });
}

async function requireStoreId(db: Db, ownerId: string): Promise<string> {
  const store = await getOwnStore(db, ownerId);
  if (!store) throw new DomainError("forbidden", "errors.merchant.notMerchant");
  return store.id;
}

/** The merchant's reviews list: every review of its store, or those still waiting for a reply. */
export async function storeReviews(
  deps: ReviewDeps,
  ownerId: string,
  input: z.infer<typeof StoreReviewsInputSchema>,
) {
  const storeId = await requireStoreId(deps.db, ownerId);
  const rows = await q.selectReviewPage(deps.db, {
    storeId,
    unreplied: input.view === "unreplied",
    before: input.cursor ?? undefined,
    limit: input.limit,
  });
  const page = pageOf(rows, input.limit);
  return { items: await listedViews(deps, page.items, ownerId), nextCursor: page.nextCursor };
}

/** The operator's reviews list: all, the low ratings (1-2 stars), or the hidden ones. */
export async function opsReviews(
  deps: ReviewDeps,
  operatorId: string,
  input: z.infer<typeof OpsReviewsInputSchema>,
) {
  const rows = await q.selectReviewPage(deps.db, {
    maxRating: input.view === "low" ? 2 : undefined,
    hidden: input.view === "hidden",
    before: input.cursor ?? undefined,
    limit: input.limit,
  });
  const page = pageOf(rows, input.limit);
  return { items: await listedViews(deps, page.items, operatorId), nextCursor: page.nextCursor };
}

async function listedOne(deps: ReviewDeps, id: string, viewerId: string): Promise<ListedReviewView> {
  const row = (await q.selectReview(deps.db, id))!;
  return (await listedViews(deps, [row], viewerId))[0]!;
}

/** The author changes the stars or text of their review (not a hidden one); others cannot. */
export async function editReview(
  deps: ReviewDeps,
  userId: string,
  input: { id: string; rating: number; text: string },
): Promise<ReviewView> {
  const row = await q.selectReview(deps.db, input.id);
  if (!row || row.userId !== userId) throw new DomainError("not_found", "errors.reviews.notFound");
  if (row.hiddenAt) throw new DomainError("conflict", "errors.reviews.hidden");
  await q.updateReview(deps.db, row.id, { rating: input.rating, text: input.text, editedAt: now() });
  const updated = (await q.selectReview(deps.db, row.id))!;
  return (await reviewViews(deps, [updated], userId)).get(row.id)!;
}

/** The store replies to a review of its own products (a later reply replaces the earlier). */
export async function replyToReview(
  deps: ReviewDeps,
  ownerId: string,
  input: { id: string; reply: string },
): Promise<ListedReviewView> {
  const storeId = await requireStoreId(deps.db, ownerId);
  const row = await q.selectReview(deps.db, input.id);
  if (!row || row.storeId !== storeId) throw new DomainError("not_found", "errors.reviews.notFound");
  if (row.hiddenAt) throw new DomainError("conflict", "errors.reviews.hidden");
  await q.updateReview(deps.db, row.id, { reply: input.reply, repliedAt: now() });
  return listedOne(deps, row.id, ownerId);
}

/** An operator hides an abusive review with a reason, or shows it again; both audited. */
export async function setReviewHidden(
  deps: ReviewDeps,
  operatorId: string,
  input: { id: string; reason?: string },
  hide: boolean,
): Promise<ListedReviewView> {
  await transact(deps.db, async (tx) => {
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
  return listedOne(deps, input.id, operatorId);
}
