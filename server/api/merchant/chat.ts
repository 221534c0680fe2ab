import {
  ChatMessageViewSchema,
  ChatSettingsInputSchema,
  ChatSettingsViewSchema,
  InboxInputSchema,
  InboxViewSchema,
  QuickReplyIdInputSchema,
  QuickReplyInputSchema,
  StoreSendInputSchema,
  StoreThreadInputSchema,
  ThreadViewSchema,
  UnreadViewSchema,
} from "#common/contracts/chat.ts";
import { addQuickReply } from "../../flows/chat/add-quick-reply.ts";
import { removeQuickReply } from "../../flows/chat/remove-quick-reply.ts";
import { saveChatSettings } from "../../flows/chat/save-settings.ts";
import { storeSend } from "../../flows/chat/store-send.ts";
import { chatSettings, storeInbox, storeThread, storeUnread } from "../../read/chat.ts";
import { merchantProcedure, router } from "../../trpc/init.ts";

/** The store's inbox: its conversations only, its answers, its away message and quick replies. */
export const merchantChatRouter = router({
  list: merchantProcedure
    .input(InboxInputSchema)
    .output(InboxViewSchema)
    .query(({ ctx, input }) => storeInbox(ctx, ctx.user.id, input.cursor)),
  unread: merchantProcedure.output(UnreadViewSchema).query(({ ctx }) => storeUnread(ctx, ctx.user.id)),
  thread: merchantProcedure
    .input(StoreThreadInputSchema)
    .output(ThreadViewSchema)
    .query(({ ctx, input }) => storeThread(ctx, ctx.user.id, input)),
  send: merchantProcedure
    .input(StoreSendInputSchema)
    .output(ChatMessageViewSchema)
    .mutation(({ ctx, input }) => storeSend(ctx, ctx.user.id, input)),
  settings: merchantProcedure
    .output(ChatSettingsViewSchema)
    .query(({ ctx }) => chatSettings(ctx, ctx.user.id)),
  saveSettings: merchantProcedure
    .input(ChatSettingsInputSchema)
    .output(ChatSettingsViewSchema)
    .mutation(({ ctx, input }) => saveChatSettings(ctx, ctx.user.id, input)),
  addQuickReply: merchantProcedure
    .input(QuickReplyInputSchema)
    .output(ChatSettingsViewSchema)
    .mutation(({ ctx, input }) => addQuickReply(ctx, ctx.user.id, input)),
  removeQuickReply: merchantProcedure
    .input(QuickReplyIdInputSchema)
    .output(ChatSettingsViewSchema)
    .mutation(({ ctx, input }) => removeQuickReply(ctx, ctx.user.id, input)),
});
