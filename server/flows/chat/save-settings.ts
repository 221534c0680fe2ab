import { upsertSettings } from "../../modules/chat/chat.service.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { chatNotFound, chatSettings, ownStore } from "../../read/chat.ts";
import type { ChatDeps } from "./steps/checks.ts";

/** The store turns its away message on or off, or changes it (not empty while on). */
export async function saveChatSettings(
  deps: ChatDeps,
  ownerId: string,
  input: { awayEnabled: boolean; awayMessage: string },
) {
  const store = await ownStore(deps.db, ownerId);
  if (!store) throw chatNotFound();
  if (input.awayEnabled && !input.awayMessage) throw new DomainError("bad_request", "errors.chat.awayEmpty");
  await upsertSettings(deps.db, { storeId: store.id, ...input, updatedAt: now() });
  return chatSettings(deps, ownerId);
}
