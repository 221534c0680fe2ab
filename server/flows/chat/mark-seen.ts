import { markConversation, selectConversation } from "../../modules/chat/chat.service.ts";
import { sideOf } from "../../read/chat.ts";
import type { ChatDeps } from "./steps/checks.ts";

/** The caller's device received (or shows) a conversation up to a message: the marks the other side sees. */
export async function markSeen(
  deps: ChatDeps,
  userId: string,
  input: { conversationId: string; upTo: number; read: boolean },
) {
  const side = await sideOf(deps.db, await selectConversation(deps.db, input.conversationId), userId);
  await markConversation(deps.db, input.conversationId, side, input.upTo, input.read);
  return { ok: true as const };
}
