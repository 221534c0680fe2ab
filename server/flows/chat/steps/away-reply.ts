import type { Tx } from "../../../db/client.ts";
import {
  selectSettings,
  storeWroteSince,
  writeMessage,
  type ConversationRow,
} from "../../../modules/chat/chat.service.ts";
import { now } from "../../../platform/clock.ts";

/** Hours after the store's last message (its own or the away message) when a shopper's message gets the away message again. */
const awayEveryHours = 12;

/** The store's away message, when on and the store has not written in the conversation for a while. */
export async function awayReply(tx: Tx, conversation: ConversationRow) {
  const settings = await selectSettings(tx, conversation.storeId);
  if (!settings?.awayEnabled || !settings.awayMessage) return;
  const since = new Date(now().getTime() - awayEveryHours * 3_600_000);
  if (await storeWroteSince(tx, conversation.id, since)) return;
  await writeMessage(tx, conversation, {
    side: "store",
    senderId: null,
    kind: "text",
    text: settings.awayMessage,
    auto: true,
  });
}
