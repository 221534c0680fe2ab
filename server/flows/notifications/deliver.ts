import type { NotificationKind } from "#common/contracts/notifications.ts";
import { channelOn, notificationChannels, type NotificationChannel } from "#common/notifications.ts";
import type { Locale } from "#common/locales.ts";
import type { PushSender } from "../../adapters/push-provider.ts";
import type { WhatsAppSender, WhatsAppStatusEvent } from "../../adapters/whatsapp-provider.ts";
import type { Db } from "../../db/client.ts";
import { activeSessionIds, userContact } from "../../modules/auth/auth.service.ts";
import {
  abandonStaleClaim,
  claimDelivery,
  finishDelivery,
  forgetPushSubscription,
  notificationById,
  pushSubscriptionsOf,
  recipientOf,
  settleDelivery,
  startOfLocalDay,
  takePromotionSlot,
  useDeliveryChannels,
} from "../../modules/notifications/delivery.service.ts";
import { renderNotification } from "../../modules/notifications/inbox.service.ts";
import { deliver as sendMessage } from "../../modules/notifications/notifications.service.ts";
import { now } from "../../platform/clock.ts";
import { serverTranslator } from "../../platform/i18n.ts";
import { createLogger, type Logger } from "../../platform/logger.ts";
import type { Channels } from "../../platform/messaging.ts";

// Issue 44: one notification sent on one channel, by its job (`notification.deliver`, planned with the event).
// At most once: the delivery is claimed (`sending`) before it is sent; a try that finds it still `sending` (its
// instance died mid-send) ends it `unknown` instead of sending it again. The person's choices are read again here,
// so turning a channel off applies from the next job. A retryable refusal puts it back in the queue and fails the
// job, which pg-boss tries again with back-off and, in the end, keeps with the failed jobs the operator sees.

/** How the shop over a database reaches people: set when it starts (main.ts, a test's app). */
export interface NotificationSenders {
  push?: PushSender | null;
  whatsapp?: WhatsAppSender | null;
  /** E-mail through the mailer (or, with none configured, the local outbox). */
  channels: Channels;
  /** Where links in messages point (the shop's public address). */
  publicUrl: string;
  /** Push services besides the known ones a subscription may name (a local simulator in tests). */
  pushOrigins?: string[];
  log: Logger;
}

const senders = new WeakMap<Db, NotificationSenders>();

/** Says how the shop over `db` sends notifications; only these channels get deliveries planned. */
export function useNotificationSenders(db: Db, given: NotificationSenders): void {
  senders.set(db, given);
  useDeliveryChannels(db, [
    ...(given.push ? (["push"] as const) : []),
    ...(given.whatsapp ? (["whatsapp"] as const) : []),
    "email",
  ]);
}

/** How the shop over `db` sends notifications, if it was told. */
export function sendersOf(db: Db): NotificationSenders | undefined {
  return senders.get(db);
}

const quiet = createLogger("silent");

/** WhatsApp's name for the person's language. */
export const whatsappLanguage = { ind: "id", en: "en", zh: "zh_CN" } as const satisfies Record<
  Locale,
  string
>;

class TryAgain extends Error {}

/** How long a runner may hold a delivery before it is taken as dead (pg-boss's job expiry). */
const claimTimeoutMs = 5 * 60_000;

type Outcome =
  | { status: "sent"; ref?: string }
  | { status: "skipped" | "failed" | "unknown"; reason: string }
  | { status: "queued"; reason: string };

/** The job: sends the notification `<id>:<channel>` names, once. */
export async function deliverNotification(db: Db, subject: string): Promise<void> {
  const cut = subject.lastIndexOf(":");
  const id = subject.slice(0, cut);
  const channel = subject.slice(cut + 1) as NotificationChannel;
  if (!notificationChannels.includes(channel)) return;
  const deps = senders.get(db) ?? { channels: {}, publicUrl: "http://localhost:3000", log: quiet };
  const claimed = await claimDelivery(db, id, channel);
  if (!claimed) {
    // A try before this one took it and never said how it went (its runner died: pg-boss gives a job 5 minutes):
    // it may have gone, so it is not sent again. One taken since is being sent by its runner.
    await abandonStaleClaim(db, id, channel, new Date(now().getTime() - claimTimeoutMs));
    return;
  }
  const outcome = await attempt(db, deps, id, channel).catch((err: unknown): Outcome => {
    deps.log.warn({ err, channel, notification: id }, "a notification could not be sent; tried again later");
    return { status: "queued", reason: err instanceof Error ? err.message.slice(0, 200) : "error" };
  });
  await finishDelivery(db, id, channel, {
    status: outcome.status,
    reason: "reason" in outcome ? outcome.reason : null,
    ref: "ref" in outcome ? (outcome.ref ?? null) : null,
    sentAt: outcome.status === "sent" ? now() : null,
  });
  if (outcome.status === "queued") throw new TryAgain(`notification ${channel}: ${outcome.reason}`);
}

async function attempt(
  db: Db,
  deps: NotificationSenders,
  id: string,
  channel: NotificationChannel,
): Promise<Outcome> {
  const notice = await notificationById(db, id);
  if (!notice) return { status: "skipped", reason: "forgotten" };
  const recipient = await recipientOf(db, notice.userId);
  if (!channelOn(recipient.choices, notice.category, channel))
    return { status: "skipped", reason: "optedOut" };
  const t = serverTranslator(recipient.lang);
  const text = renderNotification(t, notice.kind as NotificationKind, notice.params);
  const path = notice.link ?? "/h5/notifications";
  const link = recipient.lang === "ind" ? path : `/${recipient.lang}${path}`;

  if (channel === "push") {
    if (!deps.push) return { status: "skipped", reason: "notConfigured" };
    const all = await pushSubscriptionsOf(db, notice.userId);
    // A device whose session ended (signed out, a password reset, a suspension) gets nothing, and is forgotten.
    const live = await activeSessionIds(
      db,
      all.flatMap((d) => (d.sessionId ? [d.sessionId] : [])),
    );
    const devices = all.filter((d) => d.sessionId && live.has(d.sessionId));
    for (const device of all) if (!devices.includes(device)) await forgetPushSubscription(db, device.id);
    if (devices.length === 0) return { status: "skipped", reason: "noAddress" };
    // At most one promotional push a day (in the person's own day): the others stay in the centre.
    if (
      notice.category === "promotions" &&
      !(await takePromotionSlot(db, notice.userId, id, startOfLocalDay(now(), recipient.zone), now()))
    ) {
      return { status: "skipped", reason: "dailyCap" };
    }
    let sent = 0;
    let retry: string | undefined;
    for (const device of devices) {
      const result = await deps.push.send(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        { ...text, link, tag: notice.id },
        {
          ttlSeconds: notice.category === "promotions" ? 86_400 : 4 * 86_400,
          urgency: notice.category === "promotions" ? "low" : "normal",
          topic: notice.id,
        },
      );
      if (result.outcome === "sent") sent++;
      else if (result.outcome === "retry") retry = result.reason;
      else {
        // Gone (the browser unsubscribed) or refused for good (another key, a bad address): forgotten. Once a
        // device got it, a failure to forget another must not send it again.
        if (result.outcome === "failed")
          deps.log.warn({ reason: result.reason, status: result.status }, "push: refused");
        await forgetPushSubscription(db, device.id).catch((err: unknown) =>
          deps.log.warn({ err }, "push: not forgotten"),
        );
      }
    }
    if (sent > 0) return { status: "sent" };
    if (retry !== undefined) return { status: "queued", reason: retry };
    return { status: "skipped", reason: "gone" };
  }

  const contact = await userContact(db, notice.userId);
  if (channel === "whatsapp") {
    if (!deps.whatsapp) return { status: "skipped", reason: "notConfigured" };
    const code = notice.params.code;
    if (!contact.phone || typeof code !== "string") return { status: "skipped", reason: "noAddress" };
    const result = await deps.whatsapp.send({
      to: contact.phone,
      language: whatsappLanguage[recipient.lang],
      message: { template: "order_update", params: { orderCode: code, statusText: text.title } },
      deliveryId: `${id}:whatsapp`,
    });
    if (result.outcome === "sent") return { status: "sent", ref: result.wamid };
    if (result.outcome === "failed") return { status: "failed", reason: result.reason };
    // Meta may have taken it before the answer was lost: not sent again (its status webhook will say).
    if (result.outcome === "retry" && result.maybeSent) return { status: "unknown", reason: result.reason };
    return { status: "queued", reason: result.reason };
  }

  if (!contact.email) return { status: "skipped", reason: "noAddress" };
  await sendMessage(
    { db, channels: deps.channels, log: deps.log },
    {
      channel: "email",
      to: contact.email,
      subject: text.title,
      text: `${text.body}\n\n${deps.publicUrl}${link}`,
      id: `${id}.email`,
    },
  );
  return { status: "sent" };
}

/**
 * A verified WhatsApp status about a message the shop sent: a send whose answer was lost is now known to have
 * gone (`sent`, `delivered`, `read`), or the message failed after it was taken (the number cannot get it).
 * Heard twice, late or out of order, it changes nothing more.
 */
export async function applyWhatsAppStatus(db: Db, event: WhatsAppStatusEvent): Promise<void> {
  if (!event.deliveryId?.endsWith(":whatsapp")) return;
  const id = event.deliveryId.slice(0, -":whatsapp".length);
  await settleDelivery(db, id, "whatsapp", {
    status: event.status === "failed" ? "failed" : "sent",
    ref: event.wamid,
    ...(event.error && { reason: `${event.error.code} ${event.error.title}`.slice(0, 200) }),
    at: event.at,
  });
}
