// Read-only SQL for the review lists: who wrote each review (their account, to be masked, and avatar) and
// what it is about (the item's name as bought, the order's code, the store's name). Never a write.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Localized } from "#common/locales.ts";
import type { Db } from "../db/client.ts";
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

/** For each (order, listing): the item's name as bought, the order's code and the store's name. */
export async function selectReviewSubjects(db: Db, pairs: readonly { orderId: string; listingId: string }[]) {
  if (pairs.length === 0) return [];
  const orderIds = [...new Set(pairs.map((p) => p.orderId))];
  return db
    .select({
      orderId: orderItems.orderId,
      listingId: orderItems.listingId,
      name: sql<Localized>`${orderItems.name}`,
      code: orders.code,
      storeName: stores.name,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(stores, and(eq(stores.id, orders.storeId)))
    .where(inArray(orderItems.orderId, orderIds));
}
