import type { OpsConversationView } from "#common/contracts/chat.ts";
import { transact } from "../../db/transaction.ts";
import { recordAudit } from "../../modules/audit/audit.service.ts";
import { chatNotFound } from "../../read/chat.ts";
import { opsConversation, wasReported } from "../../read/chat-ops.ts";
import type { ChatDeps } from "./steps/checks.ts";

/**
 * The operator opens a reported conversation: every message as written and as shown, and its reports. Reading it
 * is recorded in the audit log first (an operator reads people's conversations only when one of them reported it).
 */
export async function openReported(
  deps: ChatDeps,
  operatorId: string,
  conversationId: string,
): Promise<OpsConversationView> {
  await transact(deps.db, async (tx) => {
    if (!(await wasReported(tx, conversationId))) throw chatNotFound();
    await recordAudit(tx, {
      actorId: operatorId,
      action: "chat.read",
      subject: { type: "conversation", id: conversationId },
    });
  });
  const view = await opsConversation(deps, conversationId);
  if (!view) throw chatNotFound();
  return view;
}
