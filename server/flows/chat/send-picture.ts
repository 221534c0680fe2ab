import type { ChatSide } from "#common/chat.ts";
import { transact } from "../../db/transaction.ts";
import {
  lockConversation,
  selectConversation,
  upsertConversation,
  writeMessage,
} from "../../modules/chat/chat.service.ts";
import { now } from "../../platform/clock.ts";
import { newId } from "../../platform/ids.ts";
import { imageKinds, storeUpload } from "../../platform/images.ts";
import { messageView, sideOf } from "../../read/chat.ts";
import { awayReply } from "./steps/away-reply.ts";
import { pace, storeMayWrite, storeToWrite, type ChatDeps } from "./steps/checks.ts";
import { tellOtherSide } from "./steps/notice.ts";

/**
 * A picture, from either side: `to` is a store (the shopper writes to it) or a conversation of the caller's. Stored
 * resized and re-encoded like every upload, after the checks, so a refused message stores nothing.
 */
export async function sendPicture(deps: ChatDeps, userId: string, input: { to: string; picture: File[] }) {
  let side: ChatSide;
  let target: { storeId: string } | { conversationId: string };
  if (input.to.startsWith("str_")) {
    await storeToWrite(deps, userId, input.to);
    side = "shopper";
    target = { storeId: input.to };
  } else {
    side = await sideOf(deps.db, await selectConversation(deps.db, input.to), userId);
    if (side === "store") await storeMayWrite(deps.db, userId);
    else await storeToWrite(deps, userId, (await selectConversation(deps.db, input.to))!.storeId);
    target = { conversationId: input.to };
  }
  await pace(deps, userId);
  const image = await storeUpload(deps, imageKinds.shopperPhoto, input.picture[0]!);
  const written = await transact(deps.db, async (tx) => {
    const conversation =
      "storeId" in target
        ? await upsertConversation(tx, {
            id: newId("cnv"),
            shopperId: userId,
            storeId: target.storeId,
            at: now(),
          })
        : (await lockConversation(tx, target.conversationId))!;
    const message = await writeMessage(tx, conversation, { side, senderId: userId, kind: "image", image });
    await tellOtherSide(tx, conversation, message);
    if (side === "shopper") await awayReply(tx, conversation);
    return message;
  });
  return messageView(deps, written);
}
