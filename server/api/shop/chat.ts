import { z } from "zod";
import {
  ChatMessageViewSchema,
  ChatStatsViewSchema,
  InboxInputSchema,
  InboxViewSchema,
  MarkInputSchema,
  ReportInputSchema,
  SendPictureInputSchema,
  ShopperSendInputSchema,
  ShopperThreadInputSchema,
  SinceInputSchema,
  SinceViewSchema,
  ThreadViewSchema,
  UnreadViewSchema,
} from "#common/contracts/chat.ts";
import { StoreIdInputSchema } from "#common/contracts/stores.ts";
import { markSeen } from "../../flows/chat/mark-seen.ts";
import { reportConversation } from "../../flows/chat/report.ts";
import { sendPicture } from "../../flows/chat/send-picture.ts";
import { shopperSend } from "../../flows/chat/shopper-send.ts";
import { chatStats, inboxView, messagesSince, shopperThread, shopperUnread } from "../../read/chat.ts";
import { publicProcedure, router, shopperProcedure } from "../../trpc/init.ts";

const Ok = z.object({ ok: z.literal(true) });

/**
 * The shopper's side of the chat with stores (any signed-in shopper or merchant: a merchant shops at other stores
 * too). Marks, reports and pictures also serve the store's side: they act on a conversation the caller is a side of.
 */
export const chatRouter = router({
  /** The shopper's conversations, the most recent first, with the unread total. */
  list: shopperProcedure
    .input(InboxInputSchema)
    .output(InboxViewSchema)
    .query(({ ctx, input }) => inboxView(ctx, { shopperId: ctx.user.id }, input.cursor)),
  /** Unread messages over the shopper's conversations (the header's and account page's badge). */
  unread: shopperProcedure.output(UnreadViewSchema).query(({ ctx }) => shopperUnread(ctx.db, ctx.user.id)),
  /** The conversation with a store (empty before the first message), a page at a time, newest first. */
  thread: shopperProcedure
    .input(ShopperThreadInputSchema)
    .output(ThreadViewSchema)
    .query(({ ctx, input }) => shopperThread(ctx, ctx.user.id, input)),
  /** Writes to a store: text, and a card of the product or order the talk is about. */
  send: shopperProcedure
    .input(ShopperSendInputSchema)
    .output(ChatMessageViewSchema.nullable())
    .mutation(({ ctx, input }) => shopperSend(ctx, ctx.user.id, input)),
  /** A picture (multipart form: `to`, a store or one of the caller's conversations, and `picture`). */
  sendPicture: shopperProcedure
    .input(SendPictureInputSchema)
    .output(ChatMessageViewSchema)
    .mutation(({ ctx, input }) => sendPicture(ctx, ctx.user.id, input)),
  /** The caller's device received, or shows, a conversation up to a message. */
  mark: shopperProcedure
    .input(MarkInputSchema)
    .output(Ok)
    .mutation(({ ctx, input }) => markSeen(ctx, ctx.user.id, input)),
  report: shopperProcedure
    .input(ReportInputSchema)
    .output(Ok)
    .mutation(({ ctx, input }) => reportConversation(ctx, ctx.user.id, input)),
  /** Messages after an id in all the caller's conversations: the fallback when the live stream cannot be used. */
  since: shopperProcedure
    .input(SinceInputSchema)
    .output(SinceViewSchema)
    .query(({ ctx, input }) => messagesSince(ctx, ctx.user.id, input.after)),
  /** A store's response rate and typical response time over 30 days, from its messages (public). */
  storeStats: publicProcedure
    .input(StoreIdInputSchema)
    .output(ChatStatsViewSchema)
    .query(({ ctx, input }) => chatStats(ctx.db, input.storeId)),
});
