import { and, asc, count, desc, eq, gt, lt, or, sql, type SQL } from "drizzle-orm";
import type { ChatSide } from "#common/chat.ts";
import type { Db, Tx } from "../../db/client.ts";
import { preparedPerDb } from "../../db/prepared.ts";
import {
  chatMessages,
  chatReports,
  conversations,
  storeChatSettings,
  storeQuickReplies,
} from "./chat.tables.ts";

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type ReportRow = typeof chatReports.$inferSelect;

export async function selectConversation(db: Db | Tx, id: string) {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  return row;
}

export async function selectConversationOf(db: Db | Tx, shopperId: string, storeId: string) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.shopperId, shopperId), eq(conversations.storeId, storeId)));
  return row;
}

/** The shopper's conversation with the store, made now if there is none; locked for the message about to be written. */
export async function upsertConversation(
  tx: Tx,
  row: { id: string; shopperId: string; storeId: string; at: Date },
) {
  await tx
    .insert(conversations)
    .values({
      id: row.id,
      shopperId: row.shopperId,
      storeId: row.storeId,
      createdAt: row.at,
      lastMessageAt: row.at,
    })
    .onConflictDoNothing();
  const [locked] = await tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.shopperId, row.shopperId), eq(conversations.storeId, row.storeId)))
    .for("update");
  return locked!;
}

export async function lockConversation(tx: Tx, id: string) {
  const [row] = await tx.select().from(conversations).where(eq(conversations.id, id)).for("update");
  return row;
}

/**
 * Writes a message and moves the conversation on: its newest message, the other side's unread count (a side's own
 * message also marks everything before it read and delivered for that side).
 */
export async function insertMessage(tx: Tx, row: Omit<typeof chatMessages.$inferInsert, "id">) {
  const [written] = await tx.insert(chatMessages).values(row).returning();
  const message = written!;
  const own = message.side === "shopper";
  await tx
    .update(conversations)
    .set({
      lastMessageId: message.id,
      lastMessageAt: message.createdAt,
      ...(own
        ? {
            storeUnread: sql`${conversations.storeUnread} + 1`,
            shopperUnread: 0,
            shopperRead: message.id,
            shopperDelivered: message.id,
          }
        : {
            shopperUnread: sql`${conversations.shopperUnread} + 1`,
            storeUnread: 0,
            storeRead: message.id,
            storeDelivered: message.id,
          }),
    })
    .where(eq(conversations.id, message.conversationId));
  return message;
}

/**
 * A side's device received (or shows) messages up to `upTo`: the marks only move forward and never past the newest
 * message; reading recounts what is still unread (messages of the other side after the mark).
 */
export async function updateMarks(
  tx: Tx,
  conversation: ConversationRow,
  side: ChatSide,
  upTo: number,
  read: boolean,
) {
  const to = Math.min(upTo, conversation.lastMessageId);
  const c = conversations;
  const other: ChatSide = side === "shopper" ? "store" : "shopper";
  // In an update, columns read their values before it: the count uses the mark as it will be.
  const unreadAfter = (mark: typeof c.shopperRead | typeof c.storeRead) =>
    sql<number>`(select count(*)::int from ${chatMessages} m
      where m.conversation_id = ${c.id} and m.side = ${other} and m.id > greatest(${mark}, ${to}))`;
  const set: Partial<Record<keyof ConversationRow, SQL>> =
    side === "shopper"
      ? {
          shopperDelivered: sql`greatest(${c.shopperDelivered}, ${to})`,
          ...(read && {
            shopperRead: sql`greatest(${c.shopperRead}, ${to})`,
            shopperUnread: unreadAfter(c.shopperRead),
          }),
        }
      : {
          storeDelivered: sql`greatest(${c.storeDelivered}, ${to})`,
          ...(read && {
            storeRead: sql`greatest(${c.storeRead}, ${to})`,
            storeUnread: unreadAfter(c.storeRead),
          }),
        };
  const [after] = await tx.update(c).set(set).where(eq(c.id, conversation.id)).returning();
  return after!;
}

/** A page of a conversation, newest first: `limit + 1` messages before `before`. */
export function selectMessagePage(db: Db, conversationId: string, opts: { before?: number; limit: number }) {
  return db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        opts.before !== undefined ? lt(chatMessages.id, opts.before) : undefined,
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(opts.limit + 1);
}

export function selectMessagesByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(chatMessages)
    .where(sql`${chatMessages.id} in ${ids}`)
    .orderBy(asc(chatMessages.id));
}

/** Every message of a conversation, oldest first (the operator's reading). */
export function selectWholeConversation(db: Db, conversationId: string) {
  return db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(asc(chatMessages.id));
}

/** Messages after `after` in the conversations of a shopper and, for a merchant, of their store (oldest first). */
export function selectMessagesSince(
  db: Db,
  party: { shopperId: string; storeId?: string },
  after: number,
  limit: number,
) {
  return db
    .select({ message: chatMessages })
    .from(chatMessages)
    .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
    .where(
      and(
        gt(chatMessages.id, after),
        or(
          eq(conversations.shopperId, party.shopperId),
          party.storeId ? eq(conversations.storeId, party.storeId) : undefined,
        ),
      ),
    )
    .orderBy(asc(chatMessages.id))
    .limit(limit)
    .then((rows) => rows.map((r) => r.message));
}

/** A page of a shopper's or a store's conversations, the most recently active first (keyset on time and id). */
export function selectInboxPage(
  db: Db,
  owner: { shopperId: string } | { storeId: string },
  opts: { after?: { at: Date; id: string }; limit: number },
) {
  const c = conversations;
  const own = "shopperId" in owner ? eq(c.shopperId, owner.shopperId) : eq(c.storeId, owner.storeId);
  return db
    .select()
    .from(c)
    .where(
      and(
        own,
        // Started but empty conversations are not listed (none exist: one is made with its first message).
        gt(c.lastMessageId, 0),
        opts.after
          ? or(
              lt(c.lastMessageAt, opts.after.at),
              and(eq(c.lastMessageAt, opts.after.at), lt(c.id, opts.after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(c.lastMessageAt), desc(c.id))
    .limit(opts.limit + 1);
}

const unreadTotal = {
  shopper: preparedPerDb((db) =>
    db
      .select({ n: sql<number>`coalesce(sum(${conversations.shopperUnread}), 0)::int` })
      .from(conversations)
      .where(eq(conversations.shopperId, sql.placeholder("owner")))
      .prepare("unread_total_shopper"),
  ),
  store: preparedPerDb((db) =>
    db
      .select({ n: sql<number>`coalesce(sum(${conversations.storeUnread}), 0)::int` })
      .from(conversations)
      .where(eq(conversations.storeId, sql.placeholder("owner")))
      .prepare("unread_total_store"),
  ),
};

/** Unread messages over all of a shopper's, or a store's, conversations (the chat badges). */
export async function selectUnreadTotal(db: Db, owner: { shopperId: string } | { storeId: string }) {
  const [row] =
    "shopperId" in owner
      ? await unreadTotal.shopper(db).execute({ owner: owner.shopperId })
      : await unreadTotal.store(db).execute({ owner: owner.storeId });
  return row?.n ?? 0;
}

/** Whether the store wrote (or its away message did) in the conversation since `since`. */
export async function storeWroteSince(tx: Tx, conversationId: string, since: Date) {
  const [row] = await tx
    .select({ n: count() })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        eq(chatMessages.side, "store"),
        gt(chatMessages.createdAt, since),
      ),
    );
  return (row?.n ?? 0) > 0;
}

/** The product or order card last sent in a conversation (to send a card only when the talk moves to another). */
export async function selectLastCard(tx: Tx, conversationId: string) {
  const [row] = await tx
    .select({ listingId: chatMessages.listingId, orderId: chatMessages.orderId })
    .from(chatMessages)
    .where(
      and(eq(chatMessages.conversationId, conversationId), sql`${chatMessages.kind} in ('product', 'order')`),
    )
    .orderBy(desc(chatMessages.id))
    .limit(1);
  return row;
}

export async function insertReport(tx: Tx, row: typeof chatReports.$inferInsert) {
  const rows = await tx
    .insert(chatReports)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: chatReports.id });
  return rows.length > 0;
}

export async function hasOpenReport(db: Db, conversationId: string, reporterId: string) {
  const [row] = await db
    .select({ id: chatReports.id })
    .from(chatReports)
    .where(
      and(
        eq(chatReports.conversationId, conversationId),
        eq(chatReports.reporterId, reporterId),
        eq(chatReports.status, "open"),
      ),
    );
  return !!row;
}

export function selectReportPage(
  db: Db,
  opts: { status: "open" | "closed"; after?: { at: Date; id: string }; limit: number },
) {
  const r = chatReports;
  return db
    .select()
    .from(r)
    .where(
      and(
        eq(r.status, opts.status),
        opts.after
          ? or(lt(r.createdAt, opts.after.at), and(eq(r.createdAt, opts.after.at), lt(r.id, opts.after.id)))
          : undefined,
      ),
    )
    .orderBy(desc(r.createdAt), desc(r.id))
    .limit(opts.limit + 1);
}

export function selectReportsOf(db: Db, conversationId: string) {
  return db
    .select()
    .from(chatReports)
    .where(eq(chatReports.conversationId, conversationId))
    .orderBy(asc(chatReports.createdAt));
}

export async function closeReportRow(tx: Tx, id: string, by: string, at: Date) {
  const [row] = await tx
    .update(chatReports)
    .set({ status: "closed", closedBy: by, closedAt: at })
    .where(and(eq(chatReports.id, id), eq(chatReports.status, "open")))
    .returning();
  return row;
}

export async function selectSettings(db: Db | Tx, storeId: string) {
  const [row] = await db.select().from(storeChatSettings).where(eq(storeChatSettings.storeId, storeId));
  return row;
}

export async function upsertSettings(db: Db, row: typeof storeChatSettings.$inferInsert) {
  await db
    .insert(storeChatSettings)
    .values(row)
    .onConflictDoUpdate({
      target: storeChatSettings.storeId,
      set: { awayEnabled: row.awayEnabled, awayMessage: row.awayMessage, updatedAt: row.updatedAt },
    });
}

export function selectQuickReplies(db: Db | Tx, storeId: string) {
  return db
    .select({ id: storeQuickReplies.id, text: storeQuickReplies.text })
    .from(storeQuickReplies)
    .where(eq(storeQuickReplies.storeId, storeId))
    .orderBy(asc(storeQuickReplies.createdAt), asc(storeQuickReplies.id));
}

/** Adds a quick reply unless the store has `max` already (counted under a lock of the store's replies). */
export async function insertQuickReply(tx: Tx, row: typeof storeQuickReplies.$inferInsert, max: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`quick-replies:${row.storeId}`}))`);
  const [n] = await tx
    .select({ n: count() })
    .from(storeQuickReplies)
    .where(eq(storeQuickReplies.storeId, row.storeId));
  if ((n?.n ?? 0) >= max) return false;
  await tx.insert(storeQuickReplies).values(row);
  return true;
}

export async function deleteQuickReply(db: Db, storeId: string, id: string) {
  const rows = await db
    .delete(storeQuickReplies)
    .where(and(eq(storeQuickReplies.id, id), eq(storeQuickReplies.storeId, storeId)))
    .returning({ id: storeQuickReplies.id });
  return rows.length > 0;
}

/**
 * A store's response figures since `since`, from its messages. A turn is a shopper's message that opens the
 * conversation or follows a message of the store's own (the away message does not count as the store's); it is
 * answered when the store's first own message after it comes within `answerHours`. Turns younger than that and
 * unanswered are not due yet and are left out. Answers the due turns, the answered ones, and the median minutes to
 * an answer.
 */
export async function selectResponseStats(
  db: Db,
  storeId: string,
  since: Date,
  at: Date,
  answerHours: number,
) {
  const result = (await db.execute(sql`
    with m as (
      select m.id, m.conversation_id, m.side, m.created_at,
        lag(m.side) over (partition by m.conversation_id order by m.id) as before
      from ${chatMessages} m join ${conversations} c on c.id = m.conversation_id
      where c.store_id = ${storeId} and m.created_at >= ${since} and not m.auto
    ),
    turns as (
      select t.id, t.created_at,
        (select min(r.created_at) from ${chatMessages} r
          where r.conversation_id = t.conversation_id and r.side = 'store' and not r.auto and r.id > t.id) as answered_at
      from m t
      where t.side = 'shopper' and (t.before is null or t.before = 'store')
    ),
    due as (
      select created_at, answered_at,
        answered_at is not null and answered_at <= created_at + make_interval(hours => ${answerHours}) as in_time
      from turns
      where created_at <= ${at}::timestamptz - make_interval(hours => ${answerHours})
        or (answered_at is not null and answered_at <= created_at + make_interval(hours => ${answerHours}))
    )
    select count(*)::int as turns,
      count(*) filter (where in_time)::int as answered,
      (percentile_cont(0.5) within group (order by extract(epoch from answered_at - created_at) / 60)
        filter (where in_time))::float8 as median
    from due`)) as unknown as { rows: { turns: number; answered: number; median: number | null }[] };
  const row = result.rows[0]!;
  return { turns: row.turns, answered: row.answered, medianMinutes: row.median };
}

/** Messages of stores (in all their conversations since `since`) whose contact details were masked, per store. */
export async function selectMaskedAttempts(db: Db, storeIds: string[], since: Date) {
  if (storeIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ storeId: conversations.storeId, n: count() })
    .from(chatMessages)
    .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
    .where(
      and(
        sql`${conversations.storeId} in ${storeIds}`,
        eq(chatMessages.side, "store"),
        gt(chatMessages.createdAt, since),
        sql`jsonb_array_length(${chatMessages.masked}) > 0`,
      ),
    )
    .groupBy(conversations.storeId);
  return new Map(rows.map((r) => [r.storeId, r.n]));
}
