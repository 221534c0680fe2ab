import { z } from "zod";
import { chatLimits, chatMessageKinds, chatReportReasons, chatReportStatuses, chatSides } from "../chat.ts";
import { filesOf } from "./reviews.ts";
import { ImageViewSchema } from "./image.ts";
import { CursorSchema, multilineText, prefixedId } from "./input.ts";

/** A message's id: the chat's sequence (a positive integer), as pages and streams pass it back. */
export const MessageIdSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

const messageText = multilineText(
  z.string().trim().min(1, "errors.chat.empty").max(chatLimits.text, "errors.chat.tooLong"),
);

/** A card of what the talk is about, at most one: a product (a listing) or one of the shopper's orders. */
const AboutSchema = z
  .object({ listingId: prefixedId("prd").optional(), orderId: prefixedId("ord").optional() })
  .refine((v) => !(v.listingId && v.orderId), "errors.api.invalidInput");

/** The shopper writes to a store (the conversation starts with the first message), perhaps about a product or order. */
export const ShopperSendInputSchema = z.object({
  storeId: prefixedId("str"),
  text: messageText.optional(),
  about: AboutSchema.optional(),
});
export type ShopperSendInput = z.infer<typeof ShopperSendInputSchema>;

/** The store answers in one of its conversations. */
export const StoreSendInputSchema = z.object({ conversationId: prefixedId("cnv"), text: messageText });

/** A picture in a conversation, as multipart form data: `to` (a store id, or a conversation id) and `picture`. */
export const SendPictureInputSchema = z
  .instanceof(FormData, { error: "errors.api.invalidInput" })
  .transform((form) => ({ to: form.get("to"), picture: filesOf(form, "picture") }))
  .pipe(
    z.object({
      to: z
        .string()
        .max(64)
        .regex(/^(str|cnv)_[0-9a-z]{1,59}$/, "errors.api.invalidInput"),
      picture: z.array(z.instanceof(File)).length(1, "errors.image.invalid"),
    }),
  );

export const ConversationIdInputSchema = z.object({ conversationId: prefixedId("cnv") });

/** A page of a conversation, newest first: messages older than `cursor` (the first page without it). */
export const ThreadPageInputSchema = z.object({ cursor: MessageIdSchema.nullish() });

export const ShopperThreadInputSchema = ThreadPageInputSchema.extend({
  storeId: prefixedId("str"),
  about: AboutSchema.optional(),
});
export const StoreThreadInputSchema = ThreadPageInputSchema.extend({ conversationId: prefixedId("cnv") });

/** The reader's device received (or shows, `read`) the conversation's messages up to `upTo`. */
export const MarkInputSchema = z.object({
  conversationId: prefixedId("cnv"),
  upTo: MessageIdSchema,
  read: z.boolean(),
});

export const ReportInputSchema = z.object({
  conversationId: prefixedId("cnv"),
  reason: z.enum(chatReportReasons),
  note: multilineText(z.string().trim().max(chatLimits.reportNote, "errors.chat.tooLong")).default(""),
});

/** Messages of all the caller's conversations after `after` (the polling fallback of the live stream). */
export const SinceInputSchema = z.object({ after: MessageIdSchema });

export const InboxInputSchema = z.object({ cursor: CursorSchema.optional() });

export const ChatSettingsInputSchema = z.object({
  awayEnabled: z.boolean(),
  awayMessage: multilineText(z.string().trim().max(chatLimits.awayMessage, "errors.chat.tooLong")),
});

export const QuickReplyInputSchema = z.object({
  text: multilineText(
    z.string().trim().min(1, "errors.chat.empty").max(chatLimits.quickReply, "errors.chat.tooLong"),
  ),
});
export const QuickReplyIdInputSchema = z.object({ id: prefixedId("cqr") });

export const ProductCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: ImageViewSchema.nullable(),
  price: z.number().int(),
  maxPrice: z.number().int(),
});
export type ProductCard = z.infer<typeof ProductCardSchema>;

export const OrderCardSchema = z.object({
  id: z.string(),
  code: z.string(),
  status: z.string(),
  total: z.number().int(),
  items: z.number().int(),
  image: ImageViewSchema.nullable(),
  name: z.string(),
});
export type OrderCard = z.infer<typeof OrderCardSchema>;

export const ChatMessageViewSchema = z.object({
  id: MessageIdSchema,
  conversationId: z.string(),
  side: z.enum(chatSides),
  kind: z.enum(chatMessageKinds),
  /** The text as the reader sees it: contact details replaced by a mark. */
  text: z.string(),
  /** What was hidden: the reader is warned to pay only through Pasar. */
  masked: z.array(z.enum(["phone", "email", "link", "account"])),
  image: ImageViewSchema.nullable(),
  product: ProductCardSchema.nullable(),
  order: OrderCardSchema.nullable(),
  /** The store's away message, sent for it. */
  auto: z.boolean(),
  createdAt: z.date(),
});
export type ChatMessageView = z.infer<typeof ChatMessageViewSchema>;

/** The other party as the reader sees it: a store's name and logo, or a shopper's masked account. */
export const ChatPartySchema = z.object({
  id: z.string(),
  name: z.string(),
  image: ImageViewSchema.nullable(),
});

export const ConversationSummarySchema = z.object({
  id: z.string(),
  party: ChatPartySchema,
  last: ChatMessageViewSchema.pick({ side: true, kind: true, text: true, masked: true }).nullable(),
  lastMessageAt: z.date(),
  unread: z.number().int(),
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

export const InboxViewSchema = z.object({
  items: z.array(ConversationSummarySchema),
  nextCursor: z.string().nullable(),
  unread: z.number().int(),
});
export type InboxView = z.infer<typeof InboxViewSchema>;

export const ThreadViewSchema = z.object({
  /** Null until the shopper's first message starts the conversation. */
  conversationId: z.string().nullable(),
  mySide: z.enum(chatSides),
  party: ChatPartySchema,
  /** Newest first. */
  messages: z.array(ChatMessageViewSchema),
  /** Where the next (older) page starts; null at the beginning. */
  nextCursor: MessageIdSchema.nullable(),
  /** How far the other side has received and read this side's messages. */
  otherDelivered: MessageIdSchema,
  otherRead: MessageIdSchema,
  /** Whether the store may be written to, or may write (a store suspended by the operator may not). */
  open: z.boolean(),
  /** The product or order the page was opened about, shown at the top until it is sent. */
  about: z.object({ product: ProductCardSchema.nullable(), order: OrderCardSchema.nullable() }),
  /** Whether the caller has an open report of this conversation. */
  reported: z.boolean(),
  /** The store's quick replies (the store's side only). */
  quickReplies: z.array(z.object({ id: z.string(), text: z.string() })),
});
export type ThreadView = z.infer<typeof ThreadViewSchema>;

export const SinceViewSchema = z.object({
  messages: z.array(ChatMessageViewSchema),
  unread: z.number().int(),
});

export const UnreadViewSchema = z.object({ count: z.number().int() });

export const ChatSettingsViewSchema = z.object({
  awayEnabled: z.boolean(),
  awayMessage: z.string(),
  quickReplies: z.array(z.object({ id: z.string(), text: z.string() })),
});
export type ChatSettingsView = z.infer<typeof ChatSettingsViewSchema>;

/** A store's chat figures over the last 30 days, from its messages; null until there are enough turns. */
export const ChatStatsViewSchema = z.object({
  /** Answered turns per hundred. */
  responseRate: z.number().int().nullable(),
  /** The median minutes to the first answer. */
  typicalMinutes: z.number().int().nullable(),
  turns: z.number().int(),
});
export type ChatStatsView = z.infer<typeof ChatStatsViewSchema>;

export const OpsReportsInputSchema = z.object({
  status: z.enum(chatReportStatuses).default("open"),
  cursor: CursorSchema.optional(),
});

export const OpsReportSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  reason: z.enum(chatReportReasons),
  note: z.string(),
  side: z.enum(chatSides),
  reporter: z.string(),
  store: z.object({ id: z.string(), name: z.string(), status: z.string() }),
  shopper: z.string(),
  status: z.enum(chatReportStatuses),
  createdAt: z.date(),
  /** Messages of the store (in all its conversations, 30 days) whose contact details were masked. */
  storeMaskedAttempts: z.number().int(),
});
export const OpsReportsViewSchema = z.object({
  items: z.array(OpsReportSchema),
  nextCursor: z.string().nullable(),
});

/** The operator's full reading of a reported conversation: every message as written and as shown. */
export const OpsConversationViewSchema = z.object({
  id: z.string(),
  store: z.object({ id: z.string(), name: z.string(), status: z.string() }),
  shopper: z.string(),
  messages: z.array(ChatMessageViewSchema.extend({ written: z.string(), sender: z.string().nullable() })),
  reports: z.array(OpsReportSchema.omit({ storeMaskedAttempts: true })),
});
export type OpsConversationView = z.infer<typeof OpsConversationViewSchema>;

export const OpsCloseReportInputSchema = z.object({ id: prefixedId("crp") });
