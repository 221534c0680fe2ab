import { z } from "zod";
import type { Db } from "../../db/client.ts";
import {
  NotificationSettingsViewSchema,
  PushEndpointInputSchema,
  PushSubscriptionInputSchema,
  SaveNotificationSettingsInputSchema,
  MarkReadInputSchema,
  NotificationListInputSchema,
  NotificationListViewSchema,
  UnreadViewSchema,
} from "#common/contracts/notifications.ts";
import {
  listNotifications,
  markRead,
  unreadNotifications,
} from "../../modules/notifications/inbox.service.ts";
import { listOutbox } from "../../modules/notifications/notifications.service.ts";
import {
  deliveryChannelsOf,
  notificationSettings,
  removePushSubscription,
  saveNotificationSettings,
} from "../../modules/notifications/delivery.service.ts";
import { pushKey, subscribeDevice } from "../../flows/notifications/push-devices.ts";
import { publicProcedure, router, signedInProcedure } from "../../trpc/init.ts";

const OutboxViewSchema = z.array(
  z.object({
    id: z.string(),
    channel: z.enum(["email", "sms"]),
    recipient: z.string(),
    subject: z.string(),
    body: z.string(),
    createdAt: z.date(),
  }),
);

/** A person's settings with what this shop offers: the channels it sends on and its web push key. */
function withShopChannels<T>(db: Db, view: T) {
  return { ...view, pushKey: pushKey(db), available: deliveryChannelsOf(db) };
}

export const notificationsRouter = router({
  /** The local outbox (codes that would have been emailed or texted): for this machine only. */
  outbox: publicProcedure.output(OutboxViewSchema).query(({ ctx }) => listOutbox(ctx)),
  /** The signed-in user's notification centre (issue 44): newest first, by category, in their language. */
  inbox: router({
    list: signedInProcedure
      .input(NotificationListInputSchema)
      .output(NotificationListViewSchema)
      .query(({ ctx, input }) => listNotifications(ctx, ctx.user.id, input)),
    unread: signedInProcedure
      .output(UnreadViewSchema)
      .query(({ ctx }) => unreadNotifications(ctx.db, ctx.user.id)),
    markRead: signedInProcedure
      .input(MarkReadInputSchema)
      .output(z.object({ marked: z.number().int() }))
      .mutation(async ({ ctx, input }) => ({ marked: await markRead(ctx.db, ctx.user.id, input.ids) })),
    markAllRead: signedInProcedure
      .output(z.object({ marked: z.number().int() }))
      .mutation(async ({ ctx }) => ({ marked: await markRead(ctx.db, ctx.user.id, "all") })),
  }),
  /** The person's notification settings (issue 44): channels by category, quiet hours' zone, this shop's push key. */
  settings: signedInProcedure
    .output(NotificationSettingsViewSchema)
    .query(async ({ ctx }) => withShopChannels(ctx.db, await notificationSettings(ctx.db, ctx.user.id))),
  saveSettings: signedInProcedure
    .input(SaveNotificationSettingsInputSchema)
    .output(NotificationSettingsViewSchema)
    .mutation(async ({ ctx, input }) =>
      withShopChannels(ctx.db, await saveNotificationSettings(ctx.db, ctx.user.id, input, ctx.lang)),
    ),
  /** This browser's push subscription, kept for the signed-in person; or forgotten. */
  subscribePush: signedInProcedure
    .input(PushSubscriptionInputSchema)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await subscribeDevice(ctx, ctx.user, input);
      return { ok: true as const };
    }),
  unsubscribePush: signedInProcedure
    .input(PushEndpointInputSchema)
    .output(z.object({ removed: z.number().int() }))
    .mutation(async ({ ctx, input }) => ({
      removed: await removePushSubscription(ctx.db, ctx.user.id, input.endpoint),
    })),
});
