import type { Tx } from "../../../db/client.ts";
import { releaseStock, reserveStock } from "../../../modules/catalog/catalog.service.ts";
import {
  giveBackFlash,
  lockFlashSlot,
  selectSlotsOfItems,
  takeFlash,
} from "../../../modules/promotions/flash.service.ts";
import { DomainError } from "../../../platform/errors.ts";
import { tellLowStock } from "../../stock-notice.ts";

interface Line {
  variantId: string;
  quantity: number;
  name: string;
  flashItemId: string | null;
  flashLimit?: number | null;
}

/**
 * Reserves an order's units, in its transaction: a flash line from its slot and the shopper's quota (issue 42),
 * every other line from its variant's stock. Either refuses in words and the transaction undoes the rest.
 */
export async function reserveLines(tx: Tx, userId: string, lines: readonly Line[]): Promise<void> {
  for (const line of [...lines].filter((l) => l.flashItemId).sort(byItem)) {
    const taken = await takeFlash(tx, line.flashItemId!, userId, line.quantity);
    if (taken === "soldOut") {
      throw new DomainError("conflict", "errors.flash.soldOut", { name: line.name });
    }
    if (taken === "limit") {
      throw new DomainError("conflict", "errors.flash.overLimit", {
        name: line.name,
        count: line.flashLimit ?? 1,
      });
    }
  }
  const taken = await reserveStock(
    tx,
    lines.filter((l) => !l.flashItemId),
  );
  // A sale that takes a variant under the threshold tells the operators, who restock the supply (issue 44).
  await tellLowStock(tx, taken);
}

/**
 * Gives back a cancelled order's units: a flash line's to its slot while the slot is live, and to the variant's
 * stock once it ended (the slot gave back what it did not sell then); the shopper's quota either way. The
 * slot's lock keeps its end from running in between. With `keepStock` (the goods are gone) only the quota.
 */
export async function releaseLines(
  tx: Tx,
  userId: string,
  items: readonly { variantId: string; quantity: number; flashItemId: string | null }[],
  opts: { keepStock?: boolean } = {},
): Promise<void> {
  const flash = items.filter((i) => i.flashItemId);
  const slots = await selectSlotsOfItems(
    tx,
    flash.map((i) => i.flashItemId!),
  );
  const toStock = items.filter((i) => !i.flashItemId);
  for (const item of [...flash].sort(byItem)) {
    const slot = await lockFlashSlot(tx, slots.get(item.flashItemId!)!);
    const ended = slot?.state === "ended";
    await giveBackFlash(
      tx,
      { itemId: item.flashItemId!, userId, quantity: item.quantity },
      ended,
      opts.keepStock ?? false,
    );
    if (ended) toStock.push(item);
  }
  if (!opts.keepStock) await releaseStock(tx, toStock);
}

const byItem = (a: { flashItemId: string | null }, b: { flashItemId: string | null }) =>
  a.flashItemId! < b.flashItemId! ? -1 : 1;
