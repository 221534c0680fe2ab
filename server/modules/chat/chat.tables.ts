import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { chatMessageKinds, chatReportReasons, chatReportStatuses, chatSides } from "#common/chat.ts";
import type { ContactKind } from "#common/chat-safety.ts";
import type { StoredImage } from "#common/images.ts";
import { users } from "../auth/auth.tables.ts";
import { listings } from "../catalog/catalog.tables.ts";
import { orders } from "../orders/orders.tables.ts";
import { stores } from "../stores/stores.tables.ts";

/**
 * One shopper talking with one store. The unread counters and the delivered and read marks (message ids, per
 * side) are kept here, in the transaction that writes the message or the mark, so inboxes read one row per
 * conversation.
 */
export const conversations = pgTable(
  "conversations",
  {
    id: text().primaryKey(),
    shopperId: text()
      .notNull()
      .references(() => users.id),
    storeId: text()
      .notNull()
      .references(() => stores.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** The newest message: its id (0 before the first) and when it was written. */
    lastMessageId: bigint({ mode: "number" }).notNull().default(0),
    lastMessageAt: timestamp({ withTimezone: true }).notNull(),
    /** Messages of the other side each side has not read. */
    shopperUnread: integer().notNull().default(0),
    storeUnread: integer().notNull().default(0),
    /** The newest message id each side's device has received, and has read. */
    shopperDelivered: bigint({ mode: "number" }).notNull().default(0),
    shopperRead: bigint({ mode: "number" }).notNull().default(0),
    storeDelivered: bigint({ mode: "number" }).notNull().default(0),
    storeRead: bigint({ mode: "number" }).notNull().default(0),
  },
  (t) => [
    uniqueIndex("conversations_pair_unique").on(t.shopperId, t.storeId),
    index("conversations_shopper_idx").on(t.shopperId, t.lastMessageAt.desc(), t.id.desc()),
    index("conversations_store_idx").on(t.storeId, t.lastMessageAt.desc(), t.id.desc()),
    check("conversations_unread_nonnegative", sql`${t.shopperUnread} >= 0 and ${t.storeUnread} >= 0`),
  ],
);

/**
 * A message. Its id is a sequence: the order of a conversation, the position a live stream resumes from
 * (`Last-Event-ID`) and the unit of the delivered and read marks. `body` is what the sender typed (the operator
 * reads it when a conversation is reported); `shown` is what the other side reads, with contact details masked
 * (`masked` names what was hidden).
 */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: text()
      .notNull()
      .references(() => conversations.id),
    side: text({ enum: chatSides }).notNull(),
    /** Who wrote it: the shopper or the store's owner; null for the store's away message. */
    senderId: text().references(() => users.id),
    kind: text({ enum: chatMessageKinds }).notNull(),
    body: text().notNull().default(""),
    shown: text().notNull().default(""),
    masked: jsonb().$type<ContactKind[]>().notNull().default([]),
    image: jsonb().$type<StoredImage>(),
    listingId: text().references(() => listings.id),
    orderId: text().references(() => orders.id),
    /** The store's away message, sent for it: no answer of the merchant's (the response figures skip it). */
    auto: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index("chat_messages_conversation_idx").on(t.conversationId, t.id.desc()),
    // Masking attempts per store, and the response figures' scan of recent messages.
    index("chat_messages_created_idx").on(t.createdAt),
  ],
);

/** A side reports a conversation to the operators (scam, asking to pay outside Pasar, abuse). */
export const chatReports = pgTable(
  "chat_reports",
  {
    id: text().primaryKey(),
    conversationId: text()
      .notNull()
      .references(() => conversations.id),
    reporterId: text()
      .notNull()
      .references(() => users.id),
    side: text({ enum: chatSides }).notNull(),
    reason: text({ enum: chatReportReasons }).notNull(),
    note: text().notNull().default(""),
    status: text({ enum: chatReportStatuses }).notNull().default("open"),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    closedBy: text().references(() => users.id),
    closedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("chat_reports_status_idx").on(t.status, t.createdAt.desc(), t.id.desc()),
    // One open report per person and conversation: reporting again adds nothing for the operator to read.
    uniqueIndex("chat_reports_open_unique")
      .on(t.conversationId, t.reporterId)
      .where(sql`${t.status} = 'open'`),
  ],
);

/** The store's away message: sent for it when a shopper writes and no answer of the store's is recent. */
export const storeChatSettings = pgTable("store_chat_settings", {
  storeId: text()
    .primaryKey()
    .references(() => stores.id),
  awayEnabled: boolean().notNull().default(false),
  awayMessage: text().notNull().default(""),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
});

/** Answers a merchant saved to send with one tap. */
export const storeQuickReplies = pgTable(
  "store_quick_replies",
  {
    id: text().primaryKey(),
    storeId: text()
      .notNull()
      .references(() => stores.id),
    text: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("store_quick_replies_store_idx").on(t.storeId, t.createdAt)],
);
