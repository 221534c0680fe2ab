import { deleteQuickReply } from "../../modules/chat/chat.service.ts";
import { chatNotFound, chatSettings, ownStore } from "../../read/chat.ts";
import type { ChatDeps } from "./steps/checks.ts";

/** The store removes one of its quick replies. */
export async function removeQuickReply(deps: ChatDeps, ownerId: string, input: { id: string }) {
  const store = await ownStore(deps.db, ownerId);
  if (!store || !(await deleteQuickReply(deps.db, store.id, input.id))) throw chatNotFound();
  return chatSettings(deps, ownerId);
}
