// The operator's view of reported conversations: the reports with who reported what, the store's masked attempts
// (its messages with contact details hidden, last 30 days), and a reported conversation in full, as written and as
// shown. Read-only (the flow that opens a conversation records the reading in the audit log).
import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { maskedAccount } from "#common/account-display.ts";
import { chatStatsDays } from "#common/chat.ts";
import type { OpsConversationView } from "#common/contracts/chat.ts";
import type { Db, Tx } from "../db/client.ts";
import { users } from "../modules/auth/auth.tables.ts";
import {
  chatReports,
  conversations,
  selectConversation,
  selectMaskedAttempts,
  selectReportPage,
  selectReportsOf,
  selectWholeConversation,
  type ReportRow,
} from "../modules/chat/chat.service.ts";
import { stores } from "../modules/stores/stores.tables.ts";
import { now } from "../platform/clock.ts";
import { cursorCodec, cursorIdSchema, cursorTimeSchema } from "../platform/cursor.ts";
import { messageViews, type ChatReadDeps } from "./chat.ts";

/** Whether anyone ever reported the conversation: only then may an operator read it. */
export async function wasReported(db: Db | Tx, conversationId: string) {
  const [row] = await db
    .select({ id: chatReports.id })
    .from(chatReports)
    .where(eq(chatReports.conversationId, conversationId))
    .limit(1);
  return !!row;
}

async function accounts(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: users.id, email: users.email, phone: users.phone })
    .from(users)
    .where(inArray(users.id, ids));
  // The operator sees the accounts in full (they settle disputes and may contact both sides).
  return new Map(rows.map((r) => [r.id, r.email ?? r.phone ?? maskedAccount(r)]));
}

async function storesOf(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, { id: string; name: string; status: string }>();
  const rows = await db
    .select({ id: stores.id, name: stores.name, status: stores.status })
    .from(stores)
    .where(inArray(stores.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

async function reportViews(db: Db, rows: ReportRow[]) {
  const conversationIds = [...new Set(rows.map((r) => r.conversationId))];
  const found =
    conversationIds.length === 0
      ? []
      : await db
          .select({
            id: conversations.id,
            shopperId: conversations.shopperId,
            storeId: conversations.storeId,
          })
          .from(conversations)
          .where(inArray(conversations.id, conversationIds));
  const byId = new Map(found.map((c) => [c.id, c]));
  const people = await accounts(db, [
    ...new Set([...rows.map((r) => r.reporterId), ...found.map((c) => c.shopperId)]),
  ]);
  const storeIds = [...new Set(found.map((c) => c.storeId))];
  const [storeMap, attempts] = await Promise.all([
    storesOf(db, storeIds),
    selectMaskedAttempts(db, storeIds, new Date(now().getTime() - chatStatsDays * 86_400_000)),
  ]);
  return rows.map((r) => {
    const c = byId.get(r.conversationId)!;
    return {
      id: r.id,
      conversationId: r.conversationId,
      reason: r.reason,
      note: r.note,
      side: r.side,
      reporter: people.get(r.reporterId) ?? "",
      store: storeMap.get(c.storeId) ?? { id: c.storeId, name: "", status: "" },
      shopper: people.get(c.shopperId) ?? "",
      status: r.status,
      createdAt: r.createdAt,
      storeMaskedAttempts: attempts.get(c.storeId) ?? 0,
    };
  });
}

const reportCursor = cursorCodec(z.tuple([cursorTimeSchema, cursorIdSchema]));

/** Reports by state, newest first. */
export async function opsReports(db: Db, input: { status: "open" | "closed"; cursor?: string }) {
  const limit = 20;
  const after = input.cursor ? reportCursor.decode(input.cursor) : undefined;
  const rows = await selectReportPage(db, {
    status: input.status,
    after: after && { at: after[0], id: after[1] },
    limit,
  });
  const page = rows.slice(0, limit);
  const tail = page.at(-1);
  return {
    items: await reportViews(db, page),
    nextCursor:
      rows.length > limit && tail ? reportCursor.encode([tail.createdAt.toISOString(), tail.id]) : null,
  };
}

/** A reported conversation in full: every message as written and as shown, who wrote it, and its reports. */
export async function opsConversation(
  deps: ChatReadDeps,
  conversationId: string,
): Promise<OpsConversationView | undefined> {
  const conversation = await selectConversation(deps.db, conversationId);
  if (!conversation) return undefined;
  const [rows, reports] = await Promise.all([
    selectWholeConversation(deps.db, conversationId),
    selectReportsOf(deps.db, conversationId),
  ]);
  const [views, people, storeMap, reportList] = await Promise.all([
    messageViews(deps, rows),
    accounts(deps.db, [conversation.shopperId, ...rows.flatMap((r) => (r.senderId ? [r.senderId] : []))]),
    storesOf(deps.db, [conversation.storeId]),
    reportViews(deps.db, reports),
  ]);
  return {
    id: conversation.id,
    store: storeMap.get(conversation.storeId) ?? { id: conversation.storeId, name: "", status: "" },
    shopper: people.get(conversation.shopperId) ?? "",
    messages: views.map((v, i) => ({
      ...v,
      written: rows[i]!.body,
      sender: rows[i]!.senderId ? (people.get(rows[i]!.senderId!) ?? null) : null,
    })),
    reports: reportList.map(({ storeMaskedAttempts: _, ...r }) => r),
  };
}
