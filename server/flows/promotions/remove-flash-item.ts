import type { Db } from "../../db/client.ts";
import { transact } from "../../db/transaction.ts";
import { recordAudit } from "../../modules/audit/audit.service.ts";
import { deleteFlashItem, lockFlashSlot, selectFlashItem } from "../../modules/promotions/flash.service.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { selectStoreOfOwner } from "../../read/order-lines.ts";

/**
 * Takes an item out of a slot that has not started (issue 42): its store's merchant, or an operator (audited).
 * Once the slot is live its price and units are promised to shoppers, and it stays.
 */
export async function removeFlashItem(
  deps: { db: Db },
  actor: { id: string; role: "merchant" | "operator" },
  itemId: string,
): Promise<void> {
  await transact(deps.db, async (tx) => {
    const item = await selectFlashItem(tx, itemId);
    const store = actor.role === "merchant" ? await selectStoreOfOwner(tx, actor.id) : null;
    if (!item || (actor.role === "merchant" && item.storeId !== store?.id)) {
      throw new DomainError("not_found", "errors.flash.notFound");
    }
    const slot = await lockFlashSlot(tx, item.slotId);
    if (!slot || slot.state !== "scheduled" || slot.startsAt <= now()) {
      throw new DomainError("conflict", "errors.flash.slotStarted");
    }
    await deleteFlashItem(tx, itemId);
    if (actor.role === "operator") {
      await recordAudit(tx, {
        actorId: actor.id,
        action: "flash.remove",
        subject: { type: "flash_item", id: itemId },
        before: { listingId: item.listingId, variantId: item.variantId, flashPrice: item.flashPrice },
      });
    }
  });
}
