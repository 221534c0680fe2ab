import { chatLimits } from "#common/chat.ts";
import { transact } from "../../db/transaction.ts";
import { insertQuickReply } from "../../modules/chat/chat.service.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import { chatNotFound, chatSettings, ownStore } from "../../read/chat.ts";
import type { ChatDeps } from "./steps/checks.ts";

/** The store adds a quick reply (at most ten). */
export async function addQuickReply(deps: ChatDeps, ownerId: string, input: { text: string }) {
  const store = await ownStore(deps.db, ownerId);
  if (!store) throw chatNotFound();
  const added = await transact(deps.db, (tx) =>
    insertQuickReply(
      tx,
      { id: newId("cqr"), storeId: store.id, text: input.text, createdAt: now() },
      chatLimits.quickReplies,
    ),
  );
  if (!added)
    throw new DomainError("bad_request", "errors.chat.tooManyQuickReplies", {
      count: chatLimits.quickReplies,
    });
  return chatSettings(deps, ownerId);
}
