import { transact } from "../../db/transaction.ts";
import { recordAudit } from "../../modules/audit/audit.service.ts";
import { closeReportRow } from "../../modules/chat/chat.service.ts";
import { now } from "../../platform/clock.ts";
import { chatNotFound } from "../../read/chat.ts";
import type { ChatDeps } from "./steps/checks.ts";

/** The operator closes a report once dealt with (audited). */
export async function closeReport(deps: ChatDeps, operatorId: string, id: string) {
  await transact(deps.db, async (tx) => {
    const closed = await closeReportRow(tx, id, operatorId, now());
    if (!closed) throw chatNotFound();
    await recordAudit(tx, {
      actorId: operatorId,
      action: "chat.report.close",
      subject: { type: "chatReport", id },
      after: { conversationId: closed.conversationId },
    });
  });
  return { ok: true as const };
}
