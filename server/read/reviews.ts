// Read-only SQL for the review lists: who wrote each review (their account, to be masked, and avatar) and
// what it is about (the item's name as bought, the order's code, the store's name). Never a write.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { maskedAccount } from "#common/account-display.ts";
import type {
  ListedReviewView,
  OpsReviewsInputSchema,
  ProductReviewsView,
  RatingSummary,
  ReviewView,
  StoreReviewsInputSchema,
} from "#common/contracts/reviews.ts";
import { localize, type Locale, type Localized } from "#common/locales.ts";
import type { z } from "zod";
import {
  orderReviewRows,
  ratingSummary,
  reviewById,
  reviewPage,
  type ReviewRow,
} from "../modules/reviews/reviews.service.ts";
import { getOwnStore } from "../modules/stores/stores.service.ts";
import { DomainError } from "../platform/errors.ts";
import { imageView } from "../platform/images.ts";
import { pageOf } from "../platform/pages.ts";
import type { Storage } from "../platform/storage.ts";
import { users } from "../modules/auth/auth.tables.ts";
import { orderItems, orders } from "../modules/orders/orders.tables.ts";
import { stores } from "../modules/stores/stores.tables.ts";

/** The reviewers' accounts and avatars. */
export async function selectReviewers(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, phone: users.phone, avatar: users.avatar })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
}

/** For each (order, variant): the item's name as bought, the order's code and the store's name. */
export async function selectReviewSubjects(db: Db, pairs: readonly { orderId: string; variantId: string }[]) {
  if (pairs.length === 0) return [];
  const orderIds = [...new Set(pairs.map((p) => p.orderId))];
  return db
    .select({
      orderId: orderItems.orderId,
      variantId: orderItems.variantId,
      name: sql<Localized>`${orderItems.name}`,
      variantLabel: orderItems.variantLabel,
      code: orders.code,
      storeName: stores.name,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(stores, and(eq(stores.id, orders.storeId)))
    .where(inArray(orderItems.orderId, orderIds));
}

interface ReviewViewDeps {
  db: Db;
  storage: Storage;
  lang: Locale;
}

export async function reviewViews(
  deps: ReviewViewDeps,
  rows: readonly ReviewRow[],
  viewerId: string | null,
): Promise<Map<string, ReviewView>> {
  const [reviewers, subjects] = await Promise.all([
    selectReviewers(
      deps.db,
      rows.map((r) => r.userId),
    ),
    selectReviewSubjects(deps.db, rows),
  ]);
  const people = new Map(reviewers.map((u) => [u.id, u]));
  // Which variant each review is of ("Varian: Hitam / 42"), from the order item as bought.
  const labels = new Map(subjects.map((s) => [`${s.orderId}/${s.variantId}`, s.variantLabel]));
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
          variantLabel: ((label) => (label ? localize(label, deps.lang) : null))(
            labels.get(`${r.orderId}/${r.variantId}`),
          ),
        },
      ];
    }),
  );
}

function summaryOf(row: Awaited<ReturnType<typeof ratingSummary>>): RatingSummary {
  return {
    average: row.count > 0 && row.average !== null ? Math.round(row.average * 10) / 10 : null,
    count: row.count,
    withPhotos: row.withPhotos,
    stars: [row.five, row.four, row.three, row.two, row.one],
  };
}

/** A product's rating and a page of its reviews, newest first (hidden ones say only that they were). */
export async function productReviews(
  deps: ReviewViewDeps,
  viewerId: string | null,
  input: { listingId: string; withPhotos: boolean; cursor?: string | null; limit: number },
): Promise<ProductReviewsView> {
  const [summary, rows] = await Promise.all([
    ratingSummary(deps.db, input.listingId),
    reviewPage(deps.db, {
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

/** The reviews of an order's items, by variant (for its buyer's review page). */
export async function orderReviewViews(
  deps: ReviewViewDeps,
  viewerId: string,
  orderId: string,
): Promise<Map<string, ReviewView>> {
  const rows = await orderReviewRows(deps.db, orderId);
  const views = await reviewViews(deps, rows, viewerId);
  return new Map(rows.map((r) => [r.variantId, views.get(r.id)!]));
}

async function listedViews(
  deps: ReviewViewDeps,
  rows: readonly ReviewRow[],
  viewerId: string,
): Promise<ListedReviewView[]> {
  const [views, subjects] = await Promise.all([
    reviewViews(deps, rows, viewerId),
    selectReviewSubjects(deps.db, rows),
  ]);
  const about = new Map(subjects.map((s) => [`${s.orderId}/${s.variantId}`, s]));
  return rows.map((r) => {
    const subject = about.get(`${r.orderId}/${r.variantId}`);
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

/** The merchant's own store, or FORBIDDEN for anyone without one. */
export async function requireStoreId(db: Db, ownerId: string): Promise<string> {
  const store = await getOwnStore(db, ownerId);
  if (!store) throw new DomainError("forbidden", "errors.merchant.notMerchant");
  return store.id;
}

/** The merchant's reviews list: every review of its store, or those still waiting for a reply. */
export async function storeReviews(
  deps: ReviewViewDeps,
  ownerId: string,
  input: z.infer<typeof StoreReviewsInputSchema>,
) {
  const storeId = await requireStoreId(deps.db, ownerId);
  const rows = await reviewPage(deps.db, {
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
  deps: ReviewViewDeps,
  operatorId: string,
  input: z.infer<typeof OpsReviewsInputSchema>,
) {
  const rows = await reviewPage(deps.db, {
    maxRating: input.view === "low" ? 2 : undefined,
    hidden: input.view === "hidden",
    before: input.cursor ?? undefined,
    limit: input.limit,
  });
  const page = pageOf(rows, input.limit);
  return { items: await listedViews(deps, page.items, operatorId), nextCursor: page.nextCursor };
}

export async function listedOne(
  deps: ReviewViewDeps,
  id: string,
  viewerId: string,
): Promise<ListedReviewView> {
  const row = (await reviewById(deps.db, id))!;
  return (await listedViews(deps, [row], viewerId))[0]!;
}
