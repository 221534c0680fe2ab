import type { Tx } from "../../db/client.ts";
import { carveStock } from "../../modules/catalog/catalog.service.ts";
import { lockSlotItems, moveFlashSlot, setCarved } from "../../modules/promotions/flash.service.ts";

/**
 * The `flash.start` job (issue 42): the slot goes live and each of its items carves the units it asked for out
 * of its variant's stock (what is left, when less). Conditional on the slot's state: a job that runs twice, or
 * after the slot ended, changes nothing.
 */
export async function startFlashSlot(tx: Tx, slotId: string): Promise<void> {
  if (!(await moveFlashSlot(tx, slotId, "scheduled", "live"))) return;
  const items = await lockSlotItems(tx, slotId);
  // Variants in id order, as checkouts take stock.
  for (const item of [...items].sort((a, b) => (a.variantId < b.variantId ? -1 : 1))) {
    await setCarved(tx, item.id, await carveStock(tx, item.variantId, item.slotStock));
  }
}
