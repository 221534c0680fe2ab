// Talking with stores: a conversation is one shopper's with one store. Sending checks who may write (the
// conversation's two sides, a store not suspended, never one's own store), limits the pace per sender, masks
// contact details (the chat module) and, for a shopper's message, sends the store's away message once it has not
// written for a while. The operator reads a reported conversation in full, each reading audited.
import type { ChatReportReason, ChatSide } from "#common/chat.ts";
import { chatLimits } from "#common/chat.ts";
import type {
  ChatMessageView,
  ChatSettingsView,
  OpsConversationView,
  ShopperSendInput,
  ThreadView,
} from "#common/contracts/chat.ts";
import type { Locale } from "#common/locales.ts";
import type { Db, Tx } from "../db/client.ts";
import { transact } from "../db/transaction.ts";
import { recordAudit } from "../modules/audit/audit.service.ts";
import {
  closeReportRow,
  deleteQuickReply,
  hasOpenReport,
  insertQuickReply,
  insertReport,
  lockConversation,
  markConversation,
  selectConversation,
  selectConversationOf,
  selectLastCard,
  selectMessagePage,
  selectMessagesSince,
  selectQuickReplies,
  selectSettings,
  selectUnreadTotal,
  storeWroteSince,
  upsertConversation,
  upsertSettings,
  writeMessage,
  type ConversationRow,
  type MessageRow,
} from "../modules/chat/chat.service.ts";
import { now } from "../platform/clock.ts";
import { DomainError } from "../platform/errors.ts";
import { newId } from "../platform/ids.ts";
import { imageKinds, storeUpload } from "../platform/images.ts";
import type { Logger } from "../platform/logger.ts";
import { RateLimitedError, type RateLimits } from "../platform/rate-limit.ts";
import type { Storage } from "../platform/storage.ts";
import {
  chatPage,
  inboxView,
  listingOf,
  messageViews,
  orderBetween,
  orderCards,
  otherMarks,
  ownStore,
  productCards,
  shopperParties,
  storeParty,
} from "../read/chat.ts";
import { opsConversation, wasReported } from "../read/chat-ops.ts";

export interface ChatDeps {
  db: Db;
  storage: Storage;
  log: Logger;
  lang: Locale;
  limits: RateLimits;
  clientIp: string;
}

/** Hours after the store's last message (its own or the away message) when a shopper's message gets the away message again. */
const awayEveryHours = 12;

const notFound = () => new DomainError("not_found", "errors.chat.notFound");

/** The caller's side of a conversation, or NOT_FOUND: nobody else may know it exists. */
async function sideOf(db: Db, conversation: ConversationRow | undefined, userId: string) {
  if (!conversation) throw notFound();
  if (conversation.shopperId === userId) return "shopper" as const;
  const store = await ownStore(db, userId);
  if (store && store.id === conversation.storeId) return "store" as const;
  throw notFound();
}

/** One more message from this sender, or a translated "too fast". */
async function pace(deps: ChatDeps, userId: string) {
  try {
    await deps.limits.consume("chatSend", { account: userId, ip: deps.clientIp });
  } catch (error) {
    if (error instanceof RateLimitedError) {
      throw new DomainError("too_many_requests", "errors.chat.tooFast", { seconds: error.seconds });
    }
    throw error;
  }
}

/** The store a shopper writes to: it exists, is open, and is not their own. */
async function storeToWrite(deps: ChatDeps, shopperId: string, storeId: string) {
  const store = await storeParty(deps, storeId);
  if (!store) throw notFound();
  if (store.ownerId === shopperId) throw new DomainError("bad_request", "errors.chat.ownStore");
  if (store.status !== "approved") throw new DomainError("precondition_failed", "errors.chat.storeClosed");
  return store;
}

/** The card a shopper's message is about, checked: a listing of this store, or their own order with it. */
async function checkedAbout(
  deps: ChatDeps,
  shopperId: string,
  storeId: string,
  about: ShopperSendInput["about"],
) {
  if (about?.listingId && !(await listingOf(deps.db, about.listingId, storeId))) throw notFound();
  if (about?.orderId && !(await orderBetween(deps.db, about.orderId, shopperId, storeId))) throw notFound();
  return about?.listingId
    ? { listingId: about.listingId }
    : about?.orderId
      ? { orderId: about.orderId }
      : undefined;
}

/** The store's away message, when on and the store has not written in the conversation for a while. */
async function awayReply(tx: Tx, conversation: ConversationRow) {
  const settings = await selectSettings(tx, conversation.storeId);
  if (!settings?.awayEnabled || !settings.awayMessage) return;
  const since = new Date(now().getTime() - awayEveryHours * 3_600_000);
  if (await storeWroteSince(tx, conversation.id, since)) return;
  await writeMessage(tx, conversation, {
    side: "store",
    senderId: null,
    kind: "text",
    text: settings.awayMessage,
    auto: true,
  });
}

/** A message just written, as its reader sees it. */
async function viewOf(deps: ChatDeps, row: MessageRow): Promise<ChatMessageView> {
  const [view] = await messageViews(deps, [row]);
  return view!;
}

/**
 * The shopper writes to a store: a card of the product or order the talk is about (when it moves to another) and
 * the text. The conversation starts with the first message. Answers the last message written.
 */
export async function shopperSend(deps: ChatDeps, shopperId: string, input: ShopperSendInput) {
  const about = await checkedAbout(deps, shopperId, input.storeId, input.about);
  if (!input.text && !about) throw new DomainError("bad_request", "errors.chat.empty");
  await storeToWrite(deps, shopperId, input.storeId);
  await pace(deps, shopperId);
  const last = await transact(deps.db, async (tx) => {
    const conversation = await upsertConversation(tx, {
      id: newId("cnv"),
      shopperId,
      storeId: input.storeId,
      at: now(),
    });
    let written;
    if (about) {
      const card = await selectLastCard(tx, conversation.id);
      const same =
        card && card.listingId === (about.listingId ?? null) && card.orderId === (about.orderId ?? null);
      if (!same) {
        written = await writeMessage(tx, conversation, {
          side: "shopper",
          senderId: shopperId,
          kind: about.listingId ? "product" : "order",
          ...about,
        });
      }
    }
    if (input.text) {
      written = await writeMessage(tx, conversation, {
        side: "shopper",
        senderId: shopperId,
        kind: "text",
        text: input.text,
      });
    }
    if (written) await awayReply(tx, conversation);
    return written;
  });
  return last ? viewOf(deps, last) : null;
}

/** The store answers in one of its conversations (a suspended store cannot). */
export async function storeSend(
  deps: ChatDeps,
  ownerId: string,
  input: { conversationId: string; text: string },
) {
  const [conversation, store] = await Promise.all([
    selectConversation(deps.db, input.conversationId),
    storeMayWrite(deps.db, ownerId),
  ]);
  if (conversation?.storeId !== store.id) throw notFound();
  await pace(deps, ownerId);
  const written = await transact(deps.db, async (tx) => {
    const locked = (await lockConversation(tx, input.conversationId))!;
    return writeMessage(tx, locked, { side: "store", senderId: ownerId, kind: "text", text: input.text });
  });
  return viewOf(deps, written);
}

async function storeMayWrite(db: Db, ownerId: string) {
  const store = await ownStore(db, ownerId);
  if (!store) throw notFound();
  if (store.status !== "approved") throw new DomainError("forbidden", "errors.chat.storeSuspended");
  return store;
}

/**
 * A picture, from either side: `to` is a store (the shopper writes to it) or a conversation of the caller's. Stored
 * resized and re-encoded like every upload, after the checks, so a refused message stores nothing.
 */
export async function sendPicture(deps: ChatDeps, userId: string, input: { to: string; picture: File[] }) {
  let side: ChatSide;
  let target: { storeId: string } | { conversationId: string };
  if (input.to.startsWith("str_")) {
    await storeToWrite(deps, userId, input.to);
    side = "shopper";
    target = { storeId: input.to };
  } else {
    side = await sideOf(deps.db, await selectConversation(deps.db, input.to), userId);
    if (side === "store") await storeMayWrite(deps.db, userId);
    else await storeToWrite(deps, userId, (await selectConversation(deps.db, input.to))!.storeId);
    target = { conversationId: input.to };
  }
  await pace(deps, userId);
  const image = await storeUpload(deps, imageKinds.shopperPhoto, input.picture[0]!);
  const written = await transact(deps.db, async (tx) => {
    const conversation =
      "storeId" in target
        ? await upsertConversation(tx, {
            id: newId("cnv"),
            shopperId: userId,
            storeId: target.storeId,
            at: now(),
          })
        : (await lockConversation(tx, target.conversationId))!;
    const message = await writeMessage(tx, conversation, { side, senderId: userId, kind: "image", image });
    if (side === "shopper") await awayReply(tx, conversation);
    return message;
  });
  return viewOf(deps, written);
}

/** The shopper's conversation with a store (none before the first message), newest first, a page at a time. */
export async function shopperThread(
  deps: ChatDeps,
  shopperId: string,
  input: { storeId: string; cursor?: number | null; about?: ShopperSendInput["about"] },
): Promise<ThreadView> {
  const store = await storeParty(deps, input.storeId);
  if (!store || store.ownerId === shopperId) throw notFound();
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
  deps: ChatDeps,
  ownerId: string,
  input: { conversationId: string; cursor?: number | null },
): Promise<ThreadView> {
  const conversation = await selectConversation(deps.db, input.conversationId);
  if ((await sideOf(deps.db, conversation, ownerId)) !== "store") throw notFound();
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

async function pageOf(deps: ChatDeps, conversationId: string, before: number | null | undefined) {
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

/** The caller's device received (or shows) a conversation up to a message: the marks the other side sees. */
export async function markSeen(
  deps: ChatDeps,
  userId: string,
  input: { conversationId: string; upTo: number; read: boolean },
) {
  const side = await sideOf(deps.db, await selectConversation(deps.db, input.conversationId), userId);
  await markConversation(deps.db, input.conversationId, side, input.upTo, input.read);
  return { ok: true as const };
}

/** Messages of all the caller's conversations (as shopper, and as their store) after a message id. */
export async function messagesSince(deps: ChatDeps, userId: string, after: number) {
  const store = await ownStore(deps.db, userId);
  const [rows, unread] = await Promise.all([
    selectMessagesSince(deps.db, { shopperId: userId, storeId: store?.id }, after, 100),
    selectUnreadTotal(deps.db, { shopperId: userId }),
  ]);
  return { messages: await messageViews(deps, rows), unread };
}

/** Either side reports a conversation to the operators (once while the report is open). */
export async function reportConversation(
  deps: ChatDeps,
  userId: string,
  input: { conversationId: string; reason: ChatReportReason; note: string },
) {
  const side = await sideOf(deps.db, await selectConversation(deps.db, input.conversationId), userId);
  try {
    await deps.limits.consume("chatReport", { account: userId, ip: deps.clientIp });
  } catch (error) {
    if (error instanceof RateLimitedError) {
      throw new DomainError("too_many_requests", "errors.chat.tooFast", { seconds: error.seconds });
    }
    throw error;
  }
  const added = await transact(deps.db, (tx) =>
    insertReport(tx, {
      id: newId("crp"),
      conversationId: input.conversationId,
      reporterId: userId,
      side,
      reason: input.reason,
      note: input.note,
      createdAt: now(),
    }),
  );
  if (!added) throw new DomainError("conflict", "errors.chat.alreadyReported");
  return { ok: true as const };
}

/** The store's away message and quick replies. */
export async function chatSettings(deps: ChatDeps, ownerId: string): Promise<ChatSettingsView> {
  const store = await ownStore(deps.db, ownerId);
  if (!store) throw notFound();
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

export async function saveChatSettings(
  deps: ChatDeps,
  ownerId: string,
  input: { awayEnabled: boolean; awayMessage: string },
) {
  const store = await ownStore(deps.db, ownerId);
  if (!store) throw notFound();
  if (input.awayEnabled && !input.awayMessage) throw new DomainError("bad_request", "errors.chat.awayEmpty");
  await upsertSettings(deps.db, { storeId: store.id, ...input, updatedAt: now() });
  return chatSettings(deps, ownerId);
}

export async function addQuickReply(deps: ChatDeps, ownerId: string, input: { text: string }) {
  const store = await ownStore(deps.db, ownerId);
  if (!store) throw notFound();
  const added = await transact(deps.db, (tx) =>
    insertQuickReply(
      tx,
      { id: newId("cqr"), storeId: store.id, text: input.text, createdAt: now() },
      chatLimits.quickReplies,
    ),
  );
  if (!added)
    throw new DomainError("bad_request", "errors.chat.tooManyQuickReplies", {
      count: chatLimits.quickReplies,
    });
  return chatSettings(deps, ownerId);
}

export async function removeQuickReply(deps: ChatDeps, ownerId: string, input: { id: string }) {
  const store = await ownStore(deps.db, ownerId);
  if (!store || !(await deleteQuickReply(deps.db, store.id, input.id))) throw notFound();
  return chatSettings(deps, ownerId);
}

/**
 * The operator opens a reported conversation: every message as written and as shown, and its reports. Reading it
 * is recorded in the audit log first (an operator reads people's conversations only when one of them reported it).
 */
export async function openReported(
  deps: ChatDeps,
  operatorId: string,
  conversationId: string,
): Promise<OpsConversationView> {
  await transact(deps.db, async (tx) => {
    if (!(await wasReported(tx, conversationId))) throw notFound();
    await recordAudit(tx, {
      actorId: operatorId,
      action: "chat.read",
      subject: { type: "conversation", id: conversationId },
    });
  });
  const view = await opsConversation(deps, conversationId);
  if (!view) throw notFound();
  return view;
}

/** The operator closes a report once dealt with (audited). */
export async function closeReport(deps: ChatDeps, operatorId: string, id: string) {
  await transact(deps.db, async (tx) => {
    const closed = await closeReportRow(tx, id, operatorId, now());
    if (!closed) throw notFound();
    await recordAudit(tx, {
      actorId: operatorId,
      action: "chat.report.close",
      subject: { type: "chatReport", id },
      after: { conversationId: closed.conversationId },
    });
  });
  return { ok: true as const };
}

/** The store's conversations, the most recent first. */
export async function storeInbox(deps: ChatDeps, ownerId: string, cursor: string | undefined) {
  const store = await ownStore(deps.db, ownerId);
  if (!store) throw notFound();
  return inboxView(deps, { storeId: store.id }, cursor);
}

/** Unread messages over the store's conversations. */
export async function storeUnread(deps: ChatDeps, ownerId: string) {
  const store = await ownStore(deps.db, ownerId);
  return { count: store ? await selectUnreadTotal(deps.db, { storeId: store.id }) : 0 };
}
