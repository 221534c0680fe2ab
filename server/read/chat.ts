// The chat's views: a conversation as each side reads it (its messages with the product and order cards they
// carry, the marks, the store's quick replies), inbox rows with the other party (a store's name and logo, or a
// shopper's masked account: a store never learns a shopper's phone or e-mail), what arrived since a message, unread
// counts, the store's chat settings and figures, and the checks the chat's writes share (whose side one is, which
// card a message may carry). Read-only: the writes are server/flows/chat/.
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
  ChatSettingsView,
  ChatStatsView,
  ConversationSummary,
  InboxView,
  OrderCard,
  ProductCard,
  ShopperSendInput,
  ThreadView,
} from "#common/contracts/chat.ts";
import type { StoredImage } from "#common/images.ts";
import { localize, type Locale } from "#common/locales.ts";
import type { Db } from "../db/client.ts";
import { users } from "../modules/auth/auth.tables.ts";
import { listings, productImages, supplyProducts } from "../modules/catalog/catalog.tables.ts";
import {
  conversations,
  hasOpenReport,
  selectConversation,
  selectConversationOf,
  selectInboxPage,
  selectMessagePage,
  selectMessagesByIds,
  selectMessagesSince,
  selectQuickReplies,
  selectResponseStats,
  selectSettings,
  selectUnreadTotal,
  type ConversationRow,
  type MessageRow,
} from "../modules/chat/chat.service.ts";
import { orderItems, orders } from "../modules/orders/orders.tables.ts";
import { grandTotalOf } from "../modules/orders/orders.service.ts";
import { stores } from "../modules/stores/stores.tables.ts";
import { now } from "../platform/clock.ts";
import { cursorCodec, cursorIdSchema, cursorTimeSchema } from "../platform/cursor.ts";
import { DomainError } from "../platform/errors.ts";
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

/** A message just written, as its reader sees it. */
export async function messageView(deps: ChatReadDeps, row: MessageRow): Promise<ChatMessageView> {
  const [view] = await messageViews(deps, [row]);
  return view!;
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

const chatPage = chatLimits.page;

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

// ---------------------------------------------------------------------------------- sides and conversations

/** The chat's NOT_FOUND: a conversation, store or card the caller may not know of. */
export const chatNotFound = () => new DomainError("not_found", "errors.chat.notFound");

/** The caller's side of a conversation, or NOT_FOUND: nobody else may know it exists. */
export async function sideOf(db: Db, conversation: ConversationRow | undefined, userId: string) {
  if (!conversation) throw chatNotFound();
  if (conversation.shopperId === userId) return "shopper" as const;
  const store = await ownStore(db, userId);
  if (store && store.id === conversation.storeId) return "store" as const;
  throw chatNotFound();
}

/** The card a shopper's message is about, checked: a listing of this store, or their own order with it. */
export async function checkedAbout(
  deps: ChatReadDeps,
  shopperId: string,
  storeId: string,
  about: ShopperSendInput["about"],
) {
  if (about?.listingId && !(await listingOf(deps.db, about.listingId, storeId))) throw chatNotFound();
  if (about?.orderId && !(await orderBetween(deps.db, about.orderId, shopperId, storeId)))
    throw chatNotFound();
  return about?.listingId
    ? { listingId: about.listingId }
    : about?.orderId
      ? { orderId: about.orderId }
      : undefined;
}

/** The shopper's conversation with a store (none before the first message), newest first, a page at a time. */
export async function shopperThread(
  deps: ChatReadDeps,
  shopperId: string,
  input: { storeId: string; cursor?: number | null; about?: ShopperSendInput["about"] },
): Promise<ThreadView> {
  const store = await storeParty(deps, input.storeId);
  if (!store || store.ownerId === shopperId) throw chatNotFound();
  const conversation = await selectConversationOf(deps.db, shopperId, input.storeId);
  // A card the page was opened about: shown only when it is this store's product or the shopper's order with it.
  const about = await checkedAbout(deps, shopperId, input.storeId, input.about).catch(() => undefined);
  const [page, products, ordersFound, reported] = await Promise.all([
    conversation ? pageOf(deps, conversation.id, input.cursor) : { messages: [], nextCursor: null },
    productCards(deps, about?.listingId ? [about.listingId] : []),
    orderCards(deps, about?.orderId ? [about.orderId] : []),
    conversation ? hasOpenReport(deps.db, conversation.id, shopperId) : false,
  ]);
  return {
    conversationId: conversation?.id ?? null,
    mySide: "shopper",
    party: { id: store.id, name: store.name, image: store.image },
    ...page,
    ...otherMarks(conversation, "shopper"),
    open: store.status === "approved",
    about: {
      product: about?.listingId ? (products.get(about.listingId) ?? null) : null,
      order: about?.orderId ? (ordersFound.get(about.orderId) ?? null) : null,
    },
    reported,
    quickReplies: [],
  };
}

/** A conversation in the store's inbox, newest first, with its quick replies. */
export async function storeThread(
  deps: ChatReadDeps,
  ownerId: string,
  input: { conversationId: string; cursor?: number | null },
): Promise<ThreadView> {
  const conversation = await selectConversation(deps.db, input.conversationId);
  if ((await sideOf(deps.db, conversation, ownerId)) !== "store") throw chatNotFound();
  const store = (await ownStore(deps.db, ownerId))!;
  const [page, shoppers, reported, quickReplies] = await Promise.all([
    pageOf(deps, conversation!.id, input.cursor),
    shopperParties(deps, [conversation!.shopperId]),
    hasOpenReport(deps.db, conversation!.id, ownerId),
    selectQuickReplies(deps.db, store.id),
  ]);
  return {
    conversationId: conversation!.id,
    mySide: "store",
    party: shoppers.get(conversation!.shopperId) ?? { id: conversation!.shopperId, name: "***", image: null },
    ...page,
    ...otherMarks(conversation, "store"),
    open: store.status === "approved",
    about: { product: null, order: null },
    reported,
    quickReplies,
  };
}

async function pageOf(deps: ChatReadDeps, conversationId: string, before: number | null | undefined) {
  const rows = await selectMessagePage(deps.db, conversationId, {
    before: before ?? undefined,
    limit: chatPage,
  });
  const page = rows.slice(0, chatPage);
  return {
    messages: await messageViews(deps, page),
    nextCursor: rows.length > chatPage ? page.at(-1)!.id : null,
  };
}

/** Messages of all the caller's conversations (as shopper, and as their store) after a message id. */
export async function messagesSince(deps: ChatReadDeps, userId: string, after: number) {
  const store = await ownStore(deps.db, userId);
  const [rows, unread] = await Promise.all([
    selectMessagesSince(deps.db, { shopperId: userId, storeId: store?.id }, after, 100),
    selectUnreadTotal(deps.db, { shopperId: userId }),
  ]);
  return { messages: await messageViews(deps, rows), unread };
}

/** The store's away message and quick replies. */
export async function chatSettings(deps: ChatReadDeps, ownerId: string): Promise<ChatSettingsView> {
  const store = await ownStore(deps.db, ownerId);
  if (!store) throw chatNotFound();
  const [settings, quickReplies] = await Promise.all([
    selectSettings(deps.db, store.id),
    selectQuickReplies(deps.db, store.id),
  ]);
  return {
    awayEnabled: settings?.awayEnabled ?? false,
    awayMessage: settings?.awayMessage ?? "",
    quickReplies,
  };
}

/** The store's conversations, the most recent first. */
export async function storeInbox(deps: ChatReadDeps, ownerId: string, cursor: string | undefined) {
  const store = await ownStore(deps.db, ownerId);
  if (!store) throw chatNotFound();
  return inboxView(deps, { storeId: store.id }, cursor);
}

/** Unread messages over the store's conversations. */
export async function storeUnread(deps: ChatReadDeps, ownerId: string) {
  const store = await ownStore(deps.db, ownerId);
  return { count: store ? await selectUnreadTotal(deps.db, { storeId: store.id }) : 0 };
}
