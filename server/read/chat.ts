// The chat's views: messages with the product and order cards they carry, inbox rows with the other party (a
// store's name and logo, or a shopper's masked account: a store never learns a shopper's phone or e-mail), and the
// operator's reading of a reported conversation. Read-only.
import { and, eq, inArray, sql } from "drizzle-orm";
import { maskedAccount } from "#common/account-display.ts";
import {
  chatLimits,
  chatAnswerHours,
  chatStatsDays,
  chatStatsMinTurns,
  type ChatSide,
} from "#common/chat.ts";
import type {
  ChatMessageView,
  ChatStatsView,
  ConversationSummary,
  InboxView,
  OrderCard,
  ProductCard,
} from "#common/contracts/chat.ts";
import type { StoredImage } from "#common/images.ts";
import { localize, type Locale } from "#common/locales.ts";
import type { Db } from "../db/client.ts";
import { users } from "../modules/auth/auth.tables.ts";
import { listings, productImages, supplyProducts } from "../modules/catalog/catalog.tables.ts";
import {
  conversations,
  selectInboxPage,
  selectMessagesByIds,
  selectResponseStats,
  selectUnreadTotal,
  type ConversationRow,
  type MessageRow,
} from "../modules/chat/chat.service.ts";
import { orderItems, orders } from "../modules/orders/orders.tables.ts";
import { grandTotalOf } from "../modules/orders/orders.service.ts";
import { stores } from "../modules/stores/stores.tables.ts";
import { now } from "../platform/clock.ts";
import { cursorCodec, cursorIdSchema, cursorTimeSchema } from "../platform/cursor.ts";
import { imageView } from "../platform/images.ts";
import type { Storage } from "../platform/storage.ts";
import { z } from "zod";

export interface ChatReadDeps {
  db: Db;
  storage: Storage;
  lang: Locale;
}

const cover = sql<StoredImage | null>`(
  select ${productImages.image} from ${productImages}
  where ${productImages.supplyProductId} = ${supplyProducts.id}
  order by ${productImages.sort} limit 1
)`;

/** Cards of listings (whatever their state now: a card names what was asked about). */
export async function productCards(deps: ChatReadDeps, ids: string[]): Promise<Map<string, ProductCard>> {
  if (ids.length === 0) return new Map();
  const rows = await deps.db
    .select({
      id: listings.id,
      name: supplyProducts.name,
      image: cover,
      price: listings.minPrice,
      maxPrice: listings.maxPrice,
    })
    .from(listings)
    .innerJoin(supplyProducts, eq(supplyProducts.id, listings.supplyProductId))
    .where(inArray(listings.id, ids));
  return new Map(
    rows.map((r) => [
      r.id,
      { ...r, name: localize(r.name, deps.lang), image: imageView(deps.storage, r.image) },
    ]),
  );
}

/** Cards of orders: code, state, total, how many items, and the first item's name and picture. */
export async function orderCards(deps: ChatReadDeps, ids: string[]): Promise<Map<string, OrderCard>> {
  if (ids.length === 0) return new Map();
  const rows = await deps.db
    .select({
      id: orders.id,
      code: orders.code,
      status: orders.status,
      total: orders.total,
      codFee: orders.codFee,
      items: sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
      first: sql<{ name: Record<Locale, string>; image: StoredImage | null } | null>`(
        select jsonb_build_object('name', i.name, 'image', i.image) from ${orderItems} i
        where i.order_id = ${orders.id} order by i.variant_id limit 1)`,
    })
    .from(orders)
    .where(inArray(orders.id, ids));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        code: r.code,
        status: r.status,
        // What the shopper pays for it, COD fee included, as its order page shows it.
        total: grandTotalOf(r),
        items: r.items,
        name: r.first ? localize(r.first.name, deps.lang) : "",
        image: imageView(deps.storage, r.first?.image ?? null),
      },
    ]),
  );
}

/** Messages as their readers see them (the text with contact details masked), with their cards. */
export async function messageViews(
  deps: ChatReadDeps,
  rows: readonly MessageRow[],
): Promise<ChatMessageView[]> {
  const listingIds = [...new Set(rows.flatMap((r) => (r.listingId ? [r.listingId] : [])))];
  const orderIds = [...new Set(rows.flatMap((r) => (r.orderId ? [r.orderId] : [])))];
  const [products, orderMap] = await Promise.all([
    productCards(deps, listingIds),
    orderCards(deps, orderIds),
  ]);
  return rows.map((r) => ({
    id: r.id,
    conversationId: r.conversationId,
    side: r.side,
    kind: r.kind,
    text: r.shown,
    masked: r.masked,
    image: imageView(deps.storage, r.image),
    product: r.listingId ? (products.get(r.listingId) ?? null) : null,
    order: r.orderId ? (orderMap.get(r.orderId) ?? null) : null,
    auto: r.auto,
    createdAt: r.createdAt,
  }));
}

/** A store as the shopper sees it in the chat: its name and logo, and whether it is open. */
export async function storeParty(deps: ChatReadDeps, storeId: string) {
  const [row] = await deps.db
    .select({
      id: stores.id,
      name: stores.name,
      logo: stores.logo,
      status: stores.status,
      ownerId: stores.ownerId,
    })
    .from(stores)
    .where(eq(stores.id, storeId));
  return row
    ? {
        id: row.id,
        name: row.name,
        image: imageView(deps.storage, row.logo),
        status: row.status,
        ownerId: row.ownerId,
      }
    : undefined;
}

/** The caller's own store, if they run one. */
export async function ownStore(db: Db, ownerId: string) {
  const [row] = await db
    .select({ id: stores.id, status: stores.status })
    .from(stores)
    .where(eq(stores.ownerId, ownerId));
  return row;
}

/** Shoppers as a store sees them: their account masked, and their avatar. */
export async function shopperParties(deps: ChatReadDeps, ids: string[]) {
  if (ids.length === 0)
    return new Map<string, { id: string; name: string; image: ReturnType<typeof imageView> }>();
  const rows = await deps.db
    .select({ id: users.id, email: users.email, phone: users.phone, avatar: users.avatar })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(
    rows.map((r) => [r.id, { id: r.id, name: maskedAccount(r), image: imageView(deps.storage, r.avatar) }]),
  );
}

const inboxCursor = cursorCodec(z.tuple([cursorTimeSchema, cursorIdSchema]));

/** A page of the shopper's (or the store's) conversations, with the other party and the newest message. */
export async function inboxView(
  deps: ChatReadDeps,
  owner: { shopperId: string } | { storeId: string },
  cursor: string | undefined,
): Promise<InboxView> {
  const limit = 20;
  const after = cursor ? inboxCursor.decode(cursor) : undefined;
  const [rows, unread] = await Promise.all([
    selectInboxPage(deps.db, owner, { after: after && { at: after[0], id: after[1] }, limit }),
    selectUnreadTotal(deps.db, owner),
  ]);
  const page = rows.slice(0, limit);
  const asStore = "storeId" in owner;
  const [last, parties] = await Promise.all([
    selectMessagesByIds(
      deps.db,
      page.map((c) => c.lastMessageId),
    ),
    asStore
      ? shopperParties(
          deps,
          page.map((c) => c.shopperId),
        )
      : storeParties(
          deps,
          page.map((c) => c.storeId),
        ),
  ]);
  const lastById = new Map(last.map((m) => [m.id, m]));
  const items: ConversationSummary[] = page.map((c) => {
    const m = lastById.get(c.lastMessageId);
    return {
      id: c.id,
      party: parties.get(asStore ? c.shopperId : c.storeId) ?? { id: "", name: "***", image: null },
      last: m ? { side: m.side, kind: m.kind, text: m.shown, masked: m.masked } : null,
      lastMessageAt: c.lastMessageAt,
      unread: asStore ? c.storeUnread : c.shopperUnread,
    };
  });
  const tail = page.at(-1);
  return {
    items,
    unread,
    nextCursor:
      rows.length > limit && tail ? inboxCursor.encode([tail.lastMessageAt.toISOString(), tail.id]) : null,
  };
}

async function storeParties(deps: ChatReadDeps, ids: string[]) {
  if (ids.length === 0)
    return new Map<string, { id: string; name: string; image: ReturnType<typeof imageView> }>();
  const rows = await deps.db
    .select({ id: stores.id, name: stores.name, logo: stores.logo })
    .from(stores)
    .where(inArray(stores.id, ids));
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, image: imageView(deps.storage, r.logo) }]));
}

/** The marks the reader sees on their own messages: how far the other side received and read. */
export function otherMarks(conversation: ConversationRow | undefined, mySide: ChatSide) {
  if (!conversation) return { otherDelivered: 0, otherRead: 0 };
  return mySide === "shopper"
    ? { otherDelivered: conversation.storeDelivered, otherRead: conversation.storeRead }
    : { otherDelivered: conversation.shopperDelivered, otherRead: conversation.shopperRead };
}

/** A store's chat figures over the last 30 days, computed from its messages; null until there are enough turns. */
export async function chatStats(db: Db, storeId: string): Promise<ChatStatsView> {
  const at = now();
  const since = new Date(at.getTime() - chatStatsDays * 86_400_000);
  const s = await selectResponseStats(db, storeId, since, at, chatAnswerHours);
  const enough = s.turns >= chatStatsMinTurns;
  return {
    turns: s.turns,
    responseRate: enough ? Math.round((s.answered * 100) / s.turns) : null,
    typicalMinutes: enough && s.medianMinutes !== null ? Math.max(1, Math.round(s.medianMinutes)) : null,
  };
}

/** Whether an order is the shopper's with this store (a card may only show one's own order). */
export async function orderBetween(db: Db, orderId: string, shopperId: string, storeId: string) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, shopperId), eq(orders.storeId, storeId)));
  return !!row;
}

/** Whether a listing is the store's. */
export async function listingOf(db: Db, listingId: string, storeId: string) {
  const [row] = await db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.id, listingId), eq(listings.storeId, storeId)));
  return !!row;
}

export const chatPage = chatLimits.page;

/** Unread messages over a shopper's conversations. */
export async function shopperUnread(db: Db, shopperId: string) {
  return { count: await selectUnreadTotal(db, { shopperId }) };
}

/** Who hears of a conversation's events: its shopper and its store's owner, with the marks each side sees. */
export async function conversationParties(db: Db, conversationId: string) {
  const [row] = await db
    .select({
      shopperId: conversations.shopperId,
      ownerId: stores.ownerId,
      shopperDelivered: conversations.shopperDelivered,
      shopperRead: conversations.shopperRead,
      storeDelivered: conversations.storeDelivered,
      storeRead: conversations.storeRead,
      shopperUnread: conversations.shopperUnread,
      storeUnread: conversations.storeUnread,
    })
    .from(conversations)
    .innerJoin(stores, eq(stores.id, conversations.storeId))
    .where(eq(conversations.id, conversationId));
  return row;
}
