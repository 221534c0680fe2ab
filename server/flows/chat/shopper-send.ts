import type { ShopperSendInput } from "#common/contracts/chat.ts";
import { transact } from "../../db/transaction.ts";
import { selectLastCard, upsertConversation, writeMessage } from "../../modules/chat/chat.service.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import { checkedAbout, messageView } from "../../read/chat.ts";
import { awayReply } from "./steps/away-reply.ts";
import { tellOtherSide } from "./steps/notice.ts";
import { pace, storeToWrite, type ChatDeps } from "./steps/checks.ts";

/**
 * The shopper writes to a store: a card of the product or order the talk is about (when it moves to another) and
 * the text. The conversation starts with the first message. Answers the last message written.
 */
export async function shopperSend(deps: ChatDeps, shopperId: string, input: ShopperSendInput) {
  const about = await checkedAbout(deps, shopperId, input.storeId, input.about);
  if (!input.text && !about) throw new DomainError("bad_request", "errors.chat.empty");
  await storeToWrite(deps, shopperId, input.storeId);
  await pace(deps, shopperId);
  const last = await transact(deps.db, async (tx) => {
    const conversation = await upsertConversation(tx, {
      id: newId("cnv"),
      shopperId,
      storeId: input.storeId,
      at: now(),
    });
    let written;
    if (about) {
      const card = await selectLastCard(tx, conversation.id);
      const same =
        card && card.listingId === (about.listingId ?? null) && card.orderId === (about.orderId ?? null);
      if (!same) {
        written = await writeMessage(tx, conversation, {
          side: "shopper",
          senderId: shopperId,
          kind: about.listingId ? "product" : "order",
          ...about,
        });
      }
    }
    if (input.text) {
      written = await writeMessage(tx, conversation, {
        side: "shopper",
        senderId: shopperId,
        kind: "text",
        text: input.text,
      });
    }
    if (written) {
      // The store's owner is told of the first unread message of a burst (issue 44); the away reply tells nobody.
      await tellOtherSide(tx, conversation, written);
      await awayReply(tx, conversation);
    }
    return written;
  });
  return last ? messageView(deps, last) : null;
}
