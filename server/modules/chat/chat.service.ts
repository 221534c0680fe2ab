import { maskContacts } from "#common/chat-safety.ts";
import type { ChatMessageKind, ChatSide } from "#common/chat.ts";
import type { StoredImage } from "#common/images.ts";
import type { Db, Tx } from "../../db/client.ts";
import { transact } from "../../db/transaction.ts";
import { now } from "../../platform/clock.ts";
import { notify } from "../../platform/pg-notify.ts";
import { insertMessage, lockConversation, updateMarks, type ConversationRow } from "./chat.queries.ts";

export {
  closeReportRow,
  deleteQuickReply,
  hasOpenReport,
  insertQuickReply,
  insertReport,
  lockConversation,
  selectConversation,
  selectConversationOf,
  selectInboxPage,
  selectLastCard,
  selectMaskedAttempts,
  selectMessagePage,
  selectMessagesByIds,
  selectMessagesSince,
  selectQuickReplies,
  selectReportPage,
  selectReportsOf,
  selectResponseStats,
  selectSettings,
  selectUnreadTotal,
  selectWholeConversation,
  storeWroteSince,
  upsertConversation,
  upsertSettings,
  type ConversationRow,
  type MessageRow,
  type ReportRow,
} from "./chat.queries.ts";
export { chatMessages, chatReports, conversations } from "./chat.tables.ts";

/**
 * The bus channel of the chat: every written message and every moved mark is announced on it (ids only), so each
 * instance's live streams hear of it once it is committed (server/http/chat-stream.ts).
 */
export const chatChannel = "pasar_chat";

/** What the chat's channel carries: a conversation and the message written in it, or that its marks moved. */
export type ChatEvent = { c: string; m: number } | { c: string; k: "marks" };

export function parseChatEvent(payload: string): ChatEvent | undefined {
  try {
    const value = JSON.parse(payload) as { c?: unknown; m?: unknown; k?: unknown };
    if (typeof value.c !== "string") return undefined;
    if (typeof value.m === "number" && Number.isSafeInteger(value.m)) return { c: value.c, m: value.m };
    if (value.k === "marks") return { c: value.c, k: "marks" };
  } catch {
    // Not ours.
  }
  return undefined;
}

/**
 * Writes a message in a locked conversation and announces it. Text is kept as typed (for the operator) and as the
 * other side reads it, with phone numbers, e-mail addresses, links and account numbers masked.
 */
export async function writeMessage(
  tx: Tx,
  conversation: ConversationRow,
  message: {
    side: ChatSide;
    senderId: string | null;
    kind: ChatMessageKind;
    text?: string;
    image?: StoredImage;
    listingId?: string;
    orderId?: string;
    auto?: boolean;
  },
) {
  const text = message.text ?? "";
  const masked = maskContacts(text);
  const written = await insertMessage(tx, {
    conversationId: conversation.id,
    side: message.side,
    senderId: message.senderId,
    kind: message.kind,
    body: text,
    shown: masked.text,
    masked: masked.kinds,
    image: message.image ?? null,
    listingId: message.listingId ?? null,
    orderId: message.orderId ?? null,
    auto: message.auto ?? false,
    createdAt: now(),
  });
  await notify(tx, chatChannel, JSON.stringify({ c: conversation.id, m: written.id } satisfies ChatEvent));
  return written;
}

/** A side's device received (or shows) the conversation up to `upTo`; the other side hears of it. */
export function markConversation(
  db: Db,
  conversationId: string,
  side: ChatSide,
  upTo: number,
  read: boolean,
) {
  return transact(db, async (tx) => {
    const locked = await lockConversation(tx, conversationId);
    if (!locked) return undefined;
    const after = await updateMarks(tx, locked, side, upTo, read);
    const moved =
      side === "shopper"
        ? after.shopperDelivered !== locked.shopperDelivered || after.shopperRead !== locked.shopperRead
        : after.storeDelivered !== locked.storeDelivered || after.storeRead !== locked.storeRead;
    if (moved)
      await notify(tx, chatChannel, JSON.stringify({ c: conversationId, k: "marks" } satisfies ChatEvent));
    return after;
  });
}
