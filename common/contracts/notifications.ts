import { z } from "zod";
import { notificationCategories, notificationChannels } from "../notifications.ts";
import type { TimeZoneName } from "../time-zones.ts";
import { CursorSchema, prefixedId } from "./input.ts";

// The in-app notification centre (issue 44).

export { notificationCategories };

/** What a notification says, each a message under `notifications.kinds` with a title and a body. */
export const notificationKinds = [
  "orderShipped",
  "withdrawalPaid",
  "withdrawalRejected",
  "orderAwaitingPayment",
  "orderPaymentDue",
  "orderPaid",
  "orderPlacedCod",
  "orderPickedUp",
  "orderOutForDelivery",
  "orderDelivered",
  "orderAutoConfirmSoon",
  "orderCancelledUnpaid",
  "orderCancelledByStore",
  "orderCancelledByPasar",
  "orderCancelledReversed",
  "orderCancelledParcel",
  "orderCodRefused",
  "orderRefunded",
  "returnApproved",
  "replacementApproved",
  "returnRefused",
  "returnRejected",
  "reviewReplied",
  "merchantNewOrder",
  "merchantNewOrderGoodsDue",
  "merchantOrderCancelled",
  "merchantApproved",
  "merchantRejected",
  "lowStock",
  "chatMessage",
  "chatPicture",
  "chatCard",
  "securityNewDevice",
  "securityPasswordReset",
  "securityPinSet",
  "securityPinChanged",
  "securityPinReset",
  "securityPinLocked",
  "securityPinDisabled",
  "securityPasskeyAdded",
  "securityPasskeyRemoved",
  "securityEmailChanged",
  "securityPhoneChanged",
  "securityBankAccount",
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const NotificationViewSchema = z.object({
  id: z.string(),
  category: z.enum(notificationCategories),
  title: z.string(),
  body: z.string(),
  /** The page it is about. */
  link: z.string().nullable(),
  createdAt: z.date(),
  read: z.boolean(),
});
export type NotificationView = z.infer<typeof NotificationViewSchema>;

export const NotificationListInputSchema = z.object({
  category: z.enum(notificationCategories).optional(),
  cursor: CursorSchema.nullish(),
  limit: z.number().int().min(1).max(50).default(20),
});

export const NotificationListViewSchema = z.object({
  items: z.array(NotificationViewSchema),
  nextCursor: z.string().nullable(),
});

export const UnreadViewSchema = z.object({
  total: z.number().int(),
  byCategory: z.partialRecord(z.enum(notificationCategories), z.number().int()),
});

export const MarkReadInputSchema = z.object({
  ids: z.array(prefixedId("ntf")).min(1).max(100),
});

const zoneSchema = z.enum(["WIB", "WITA", "WIT"]) satisfies z.ZodType<TimeZoneName>;

/** The notification settings screen: each category's channels, on or off, and whether they can be switched. */
export const NotificationSettingsViewSchema = z.object({
  matrix: z.array(
    z.object({
      category: z.enum(notificationCategories),
      locked: z.boolean(),
      channels: z.array(z.object({ channel: z.enum(notificationChannels), on: z.boolean() })),
    }),
  ),
  zone: zoneSchema,
  /** Whether this shop sends web push (it has VAPID keys): the key a browser subscribes with, or null. */
  pushKey: z.string().nullable(),
  /** The channels this shop sends on (the others are not offered). */
  available: z.array(z.enum(notificationChannels)),
});

export const SaveNotificationSettingsInputSchema = z.object({
  choices: z.partialRecord(
    z.enum(notificationCategories),
    z.partialRecord(z.enum(notificationChannels), z.boolean()),
  ),
  zone: zoneSchema,
});

/** A browser's PushSubscription.toJSON(): its push service's address and keys (URL-safe Base64). */
export const PushSubscriptionInputSchema = z.object({
  endpoint: z.string().url().max(2048),
  expirationTime: z.number().nullish(),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}=*$/),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}=*$/),
  }),
});

export const PushEndpointInputSchema = z.object({ endpoint: z.string().url().max(2048) });
