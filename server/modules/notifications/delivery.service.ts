import {
  channelDefaults,
  channelOn,
  lockedCategories,
  notificationCategories,
  notificationChannels,
  quietHours,
  type ChannelChoices,
  type NotificationCategory,
  type NotificationChannel,
} from "#common/notifications.ts";
import type { Locale } from "#common/locales.ts";
import type { TimeZoneName } from "#common/time-zones.ts";
import type { Db, Tx } from "../../db/client.ts";
import { originOf } from "../../db/transaction.ts";
import { now } from "../../platform/clock.ts";
import { newId } from "../../platform/ids.ts";
import { scheduleJob } from "../../platform/jobs.ts";
import * as q from "./delivery.queries.ts";

// Issue 44: a notification's deliveries beyond the in-app centre (web push, WhatsApp, e-mail). Planned in the
// event's transaction (a row per channel that is on, and a job for each), sent by the job
// (server/flows/notifications/deliver.ts), which checks the person's choices again when it runs.

/** The job that sends one notification on one channel; its subject is `<notification id>:<channel>`. */
export const deliverJob = "notification.deliver";

/** Indonesia keeps no summer time: each zone is a fixed offset from UTC, in hours. */
const zoneOffsetHours: Record<TimeZoneName, number> = { WIB: 7, WITA: 8, WIT: 9 };
const hourMs = 3_600_000;

/** What planning read of a person, per transaction. */
const recipients = new WeakMap<
  object,
  Map<string, Awaited<ReturnType<typeof recipientOf>> & { devices: boolean }>
>();

/** The channels a shop (its database) can send on: the ones configured when it started. */
const configured = new WeakMap<Db, ReadonlySet<NotificationChannel>>();

/** Says which channels the shop over `db` sends on (main.ts, a test's app); none: only the in-app centre. */
export function useDeliveryChannels(db: Db, channels: Iterable<NotificationChannel>): void {
  configured.set(db, new Set(channels));
}

/** The channels the shop over `db` sends on, in their order. */
export function deliveryChannelsOf(db: Db): NotificationChannel[] {
  const on = configured.get(db);
  return notificationChannels.filter((c) => on?.has(c));
}

export interface SettingsView {
  /** For each category, each channel it can use: whether it is on, and whether the person may switch it. */
  matrix: {
    category: NotificationCategory;
    locked: boolean;
    channels: { channel: NotificationChannel; on: boolean }[];
  }[];
  zone: TimeZoneName;
}

/** The person's notification settings, as the settings screen shows them (reads only). */
export async function notificationSettings(db: Db, userId: string): Promise<SettingsView> {
  const row = await q.selectSettings(db, userId);
  const choices = row?.choices ?? {};
  return {
    matrix: notificationCategories.map((category) => ({
      category,
      locked: lockedCategories.includes(category),
      channels: notificationChannels
        .filter((channel) => channelDefaults[category][channel] !== undefined)
        .map((channel) => ({ channel, on: channelOn(choices, category, channel) })),
    })),
    zone: (row?.zone ?? "WIB") as TimeZoneName,
  };
}

/**
 * Saves the person's choices (a locked category's, or a channel a category cannot use, are left out: they cannot
 * be chosen), their time zone, and the language the page was in: their messages are written in it.
 */
export async function saveNotificationSettings(
  db: Db,
  userId: string,
  input: { choices: ChannelChoices; zone: TimeZoneName },
  lang: Locale,
): Promise<SettingsView> {
  const choices: ChannelChoices = {};
  for (const category of notificationCategories) {
    if (lockedCategories.includes(category)) continue;
    for (const channel of notificationChannels) {
      const chosen = input.choices[category]?.[channel];
      if (chosen === undefined || channelDefaults[category][channel] === undefined) continue;
      (choices[category] ??= {})[channel] = chosen;
    }
  }
  await q.upsertSettings(db, { userId, choices, lang, zone: input.zone, updatedAt: now() });
  return notificationSettings(db, userId);
}

/** The language and time zone the person's messages are written and timed in. */
export async function recipientOf(
  db: Db,
  userId: string,
): Promise<{ lang: Locale; zone: TimeZoneName; choices: ChannelChoices }> {
  const row = await q.selectSettings(db, userId);
  return {
    lang: (row?.lang ?? "ind") as Locale,
    zone: (row?.zone ?? "WIB") as TimeZoneName,
    choices: row?.choices ?? {},
  };
}

/** When the quiet hours around `at` end in `zone` (08:00 there), or `at` itself when it is not in them. */
export function afterQuietHours(at: Date, zone: TimeZoneName): Date {
  const offset = zoneOffsetHours[zone] * hourMs;
  const local = new Date(at.getTime() + offset);
  const hour = local.getUTCHours();
  if (hour < quietHours.from && hour >= quietHours.until) return at;
  const morning = new Date(local);
  morning.setUTCHours(quietHours.until, 0, 0, 0);
  if (hour >= quietHours.from) morning.setUTCDate(morning.getUTCDate() + 1);
  return new Date(morning.getTime() - offset);
}

/** The start of the day `at` falls on in `zone`. */
export function startOfLocalDay(at: Date, zone: TimeZoneName): Date {
  const offset = zoneOffsetHours[zone] * hourMs;
  const local = new Date(at.getTime() + offset);
  local.setUTCHours(0, 0, 0, 0);
  return new Date(local.getTime() - offset);
}

/**
 * Plans a new notification's deliveries in the event's transaction: a row and a job for each channel the shop
 * sends on that is on for its category (push only to someone with a subscribed device). Promotions wait for the
 * end of the person's quiet hours.
 */
export async function planDeliveries(
  tx: Tx | Db,
  notice: {
    id: string;
    userId: string;
    category: NotificationCategory;
    createdAt: Date;
    /** WhatsApp carries order updates only: a notice with an order's code. */
    orderCode: boolean;
  },
): Promise<void> {
  const channels = configured.get(originOf(tx));
  if (!channels || channels.size === 0) return;
  // Read once per person and transaction: one event may tell a person several things.
  // (A database handle, not a transaction, is not kept: it would outlive the event.)
  let known = originOf(tx) === tx ? undefined : recipients.get(tx);
  if (!known) {
    known = new Map();
    if (originOf(tx) !== tx) recipients.set(tx, known);
  }
  let found = known.get(notice.userId);
  if (!found) {
    const [recipient, devices] = await Promise.all([
      recipientOf(tx as Db, notice.userId),
      q.hasSubscription(tx, notice.userId),
    ]);
    known.set(notice.userId, (found = { ...recipient, devices }));
  }
  const { choices, zone, devices } = found;
  const wanted = notificationChannels.filter(
    (channel) =>
      channels.has(channel) &&
      channelOn(choices, notice.category, channel) &&
      (channel !== "push" || devices) &&
      (channel !== "whatsapp" || notice.orderCode),
  );
  if (wanted.length === 0) return;
  const dueAt = notice.category === "promotions" ? afterQuietHours(notice.createdAt, zone) : notice.createdAt;
  await q.insertDeliveries(
    tx,
    wanted.map((channel) => ({
      notificationId: notice.id,
      channel,
      userId: notice.userId,
      status: "queued" as const,
      dueAt,
    })),
  );
  for (const channel of wanted) await scheduleJob(tx as Tx, deliverJob, `${notice.id}:${channel}`, dueAt);
}

/** Devices a person keeps subscribed at once; the oldest beyond them are forgotten. */
const devicesKept = 10;

/** Keeps a browser's push subscription for the signed-in person, tied to the session it was made in. */
export async function addPushSubscription(
  db: Db,
  user: { id: string; sessionId: string },
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<void> {
  await q.upsertSubscription(
    db,
    {
      id: newId("psh"),
      userId: user.id,
      sessionId: user.sessionId,
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      createdAt: now(),
    },
    devicesKept,
  );
}

/** Remembers the language the person signed in with: their messages on other channels are written in it. */
export function rememberLanguage(db: Db, userId: string, lang: Locale): Promise<void> {
  return q.upsertLanguage(db, userId, lang, now());
}

/** Forgets one of the person's push subscriptions (a device that turned notifications off); how many went. */
export function removePushSubscription(db: Db, userId: string, endpoint: string): Promise<number> {
  return q.deleteSubscription(db, userId, endpoint);
}

export const pushSubscriptionsOf = q.selectSubscriptions;
export const forgetPushSubscription = q.deleteSubscriptionById;
export const claimDelivery = q.claimDelivery;
export const deliveryOf = q.selectDelivery;
export const finishDelivery = q.finishDelivery;
export const takePromotionSlot = q.takePromotionSlot;
export const abandonStaleClaim = q.abandonStaleClaim;
export const notificationById = q.selectNotification;
export const settleDelivery = q.settleDelivery;
