import type {
  NotificationKind,
  NotificationView,
  notificationCategories,
} from "#common/contracts/notifications.ts";
import type { Translate } from "#common/i18n/i18n.ts";
import { formatRupiah } from "#common/money.ts";
import type { Db, Tx } from "../../db/client.ts";
import { now } from "../../platform/clock.ts";
import { newId } from "../../platform/ids.ts";
import { pageOf } from "../../platform/pages.ts";
import { notify } from "../../platform/pg-notify.ts";
import { planDeliveries } from "./delivery.service.ts";
import * as q from "./inbox.queries.ts";

// The in-app notification centre (issue 44): written with the event, in its transaction; read in the reader's
// language; marked read; forgotten after 90 days.

type Category = (typeof notificationCategories)[number];

/**
 * The bus channel that says whose notifications changed (a user id, sent when the transaction commits): the live
 * stream (server/http/chat-stream.ts) sends that user's open pages their unread count.
 */
export const noticesChannel = "pasar_notices";

/** The user whose notifications changed, from a payload of `noticesChannel` (an id, or nothing usable). */
export function parseNoticesEvent(payload: string): string | undefined {
  return /^[\w-]{1,100}$/.test(payload) ? payload : undefined;
}

/** How long a notification is kept. */
export const notificationTtlMs = 90 * 86_400_000;

/**
 * Writes a notification for `userId`, in the caller's transaction (the event's own: rolled back, none). `params` fill
 * the kind's texts when they are shown; amounts are whole rupiah, written as Rupiah when shown.
 */
export async function notifyUser(
  tx: Db | Tx,
  notice: {
    userId: string;
    category: Category;
    kind: NotificationKind;
    params?: Record<string, string | number>;
    link?: string;
  },
): Promise<void> {
  const at = now();
  const id = newId("ntf", at.getTime());
  await q.insertNotification(tx, {
    id,
    userId: notice.userId,
    category: notice.category,
    kind: notice.kind,
    params: notice.params ?? {},
    link: notice.link ?? null,
    createdAt: at,
  });
  await notify(tx, noticesChannel, notice.userId);
  await planDeliveries(tx, {
    id,
    userId: notice.userId,
    category: notice.category,
    createdAt: at,
    orderCode: typeof notice.params?.code === "string",
  });
}

/** A notification's texts in the reader's language: amounts (`amount`) as Rupiah. */
export function renderNotification(
  t: Translate,
  kind: NotificationKind,
  params: Record<string, string | number>,
) {
  const filled = {
    ...params,
    ...(typeof params.amount === "number" && { amount: formatRupiah(params.amount) }),
  };
  return {
    title: t(`notifications.kinds.${kind}.title`, filled),
    body: t(`notifications.kinds.${kind}.body`, filled),
  };
}

/** The user's notifications, newest first, of a category or all, in the reader's language (reads only). */
export async function listNotifications(
  deps: { db: Db; t: Translate },
  userId: string,
  opts: { category?: Category | undefined; cursor?: string | null | undefined; limit: number },
): Promise<{ items: NotificationView[]; nextCursor: string | null }> {
  const rows = await q.selectNotifications(deps.db, userId, {
    category: opts.category,
    before: opts.cursor ?? undefined,
    limit: opts.limit,
  });
  const page = pageOf(rows, opts.limit);
  return {
    items: page.items.map((row) => ({
      id: row.id,
      category: row.category,
      ...renderNotification(deps.t, row.kind as NotificationKind, row.params),
      link: row.link,
      createdAt: row.createdAt,
      read: row.readAt !== null,
    })),
    nextCursor: page.nextCursor,
  };
}

/** How many of the user's notifications are unread: in all, and by category. */
export async function unreadNotifications(
  db: Db,
  userId: string,
): Promise<{ total: number; byCategory: Partial<Record<Category, number>> }> {
  const rows = await q.countUnread(db, userId);
  return {
    total: rows.reduce((sum, r) => sum + r.unread, 0),
    byCategory: Object.fromEntries(rows.map((r) => [r.category, r.unread])),
  };
}

/**
 * Marks the user's own notifications read (others' ids change nothing); answers how many changed. The user's other
 * pages hear of it (their bells count again).
 */
export function markRead(db: Db, userId: string, ids: string[] | "all"): Promise<number> {
  return db.transaction(async (tx) => {
    const changed = await q.markNotificationsRead(tx, userId, ids, now());
    if (changed > 0) await notify(tx, noticesChannel, userId);
    return changed;
  });
}

/** The periodic task: notifications older than 90 days go. */
export function forgetOldNotifications(db: Db): Promise<number> {
  return q.deleteNotificationsBefore(db, new Date(now().getTime() - notificationTtlMs));
}
