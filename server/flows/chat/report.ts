import type { ChatReportReason } from "#common/chat.ts";
import { transact } from "../../db/transaction.ts";
import { insertReport, selectConversation } from "../../modules/chat/chat.service.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import { sideOf } from "../../read/chat.ts";
import { pace, type ChatDeps } from "./steps/checks.ts";

/** Either side reports a conversation to the operators (once while the report is open). */
export async function reportConversation(
  deps: ChatDeps,
  userId: string,
  input: { conversationId: string; reason: ChatReportReason; note: string },
) {
  const side = await sideOf(deps.db, await selectConversation(deps.db, input.conversationId), userId);
  await pace(deps, userId, "chatReport");
  const added = await transact(deps.db, (tx) =>
    insertReport(tx, {
      id: newId("crp"),
      conversationId: input.conversationId,
      reporterId: userId,
      side,
      reason: input.reason,
      note: input.note,
      createdAt: now(),
    }),
  );
  if (!added) throw new DomainError("conflict", "errors.chat.alreadyReported");
  return { ok: true as const };
}
