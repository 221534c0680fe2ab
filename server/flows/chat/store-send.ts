import { transact } from "../../db/transaction.ts";
import { lockConversation, selectConversation, writeMessage } from "../../modules/chat/chat.service.ts";
import { chatNotFound, messageView } from "../../read/chat.ts";
import { pace, storeMayWrite, type ChatDeps } from "./steps/checks.ts";
import { tellOtherSide } from "./steps/notice.ts";

/** The store answers in one of its conversations (a suspended store cannot). */
export async function storeSend(
  deps: ChatDeps,
  ownerId: string,
  input: { conversationId: string; text: string },
) {
  const [conversation, store] = await Promise.all([
    selectConversation(deps.db, input.conversationId),
    storeMayWrite(deps.db, ownerId),
  ]);
  if (conversation?.storeId !== store.id) throw chatNotFound();
  await pace(deps, ownerId);
  const written = await transact(deps.db, async (tx) => {
    const locked = (await lockConversation(tx, input.conversationId))!;
    const message = await writeMessage(tx, locked, {
      side: "store",
      senderId: ownerId,
      kind: "text",
      text: input.text,
    });
    // The shopper is told of the first unread answer of a burst (issue 44).
    await tellOtherSide(tx, locked, message);
    return message;
  });
  return messageView(deps, written);
}
