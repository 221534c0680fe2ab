import type { Tx } from "../../db/client.ts";
import { releaseStock } from "../../modules/catalog/catalog.service.ts";
import { lockSlotItems, moveFlashSlot, setCarved } from "../../modules/promotions/flash.service.ts";

/**
 * The `flash.end` job (issue 42): the slot ends and what each item carved and did not sell goes back to its
 * variant's stock; `carved` becomes what it sold. A slot that never went live just ends. Conditional on the
 * state: a job that runs twice changes nothing the second time. Orders cancelled later give their units to the
 * variant (steps/flash-stock.ts).
 */
export async function endFlashSlot(tx: Tx, slotId: string): Promise<void> {
  if (!(await moveFlashSlot(tx, slotId, "live", "ended"))) {
    await moveFlashSlot(tx, slotId, "scheduled", "ended");
    return;
  }
  const items = await lockSlotItems(tx, slotId);
  await releaseStock(
    tx,
    items.map((i) => ({ variantId: i.variantId, quantity: i.carved - i.sold })).filter((l) => l.quantity > 0),
  );
  for (const item of items) if (item.carved !== item.sold) await setCarved(tx, item.id, item.sold);
}
