import { maskedAccount } from "#common/account-display.ts";
import type { Tx } from "../../../db/client.ts";
import { userContact } from "../../../modules/auth/auth.service.ts";
import type { ConversationRow, MessageRow } from "../../../modules/chat/chat.service.ts";
import { notifyUser } from "../../../modules/notifications/inbox.service.ts";
import { selectStorePayer } from "../../../read/order-lines.ts";

/** How much of a message a notice shows. */
const previewLength = 80;

/**
 * Tells the other side of a conversation of a message (issue 44), in the transaction that wrote it. Whether the
 * reader has the chat open is not knowable here, so a burst tells once: only a message that finds no unread
 * message of this side before it (`before`: the conversation as locked before writing) makes a notice, and the
 * next one only after the reader has read. What it shows is what the reader reads (contact details masked).
 */
export async function tellOtherSide(tx: Tx, before: ConversationRow, message: MessageRow): Promise<void> {
  const fromShopper = message.side === "shopper";
  if ((fromShopper ? before.storeUnread : before.shopperUnread) > 0 || message.auto) return;
  const store = await selectStorePayer(tx, before.storeId);
  if (!store) return;
  const name = fromShopper ? maskedAccount(await userContact(tx, before.shopperId)) : store.name;
  const kind =
    message.kind === "text" ? "chatMessage" : message.kind === "image" ? "chatPicture" : "chatCard";
  const preview =
    [...message.shown].length > previewLength
      ? `${[...message.shown].slice(0, previewLength - 1).join("")}…`
      : message.shown;
  await notifyUser(tx, {
    userId: fromShopper ? store.ownerId : before.shopperId,
    category: "chat",
    kind,
    params: kind === "chatMessage" ? { name, preview } : { name },
    link: fromShopper ? `/h5/merchant/chat/${before.id}` : `/h5/chat/${before.storeId}`,
  });
}
