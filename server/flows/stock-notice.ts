// Low stock (issue 44). Stock belongs to the supply catalogue, the platform's, shared by every store that lists a
// product (product.md 2.2), so it is the operators who restock: they are told when a sale takes a variant under
// the threshold, once per crossing (the sale that crosses it, not every sale under it; restocked and sold down
// again, they are told again).
import type { Tx } from "../db/client.ts";
import { operatorIds } from "../modules/auth/auth.service.ts";
import { notifyUser } from "../modules/notifications/inbox.service.ts";

/** A variant with fewer units than this left is low on stock. */
export const lowStockBelow = 5;

/** Tells the operators of each variant whose stock this reservation took under `lowStockBelow`. */
export async function tellLowStock(
  tx: Tx,
  taken: readonly { sku: string; before: number; left: number }[],
): Promise<void> {
  const crossed = taken.filter((t) => t.before >= lowStockBelow && t.left < lowStockBelow);
  if (crossed.length === 0) return;
  const operators = await operatorIds(tx);
  for (const variant of crossed) {
    for (const userId of operators) {
      await notifyUser(tx, {
        userId,
        category: "orders",
        kind: "lowStock",
        params: { sku: variant.sku, count: variant.left },
        link: "/ops/catalog",
      });
    }
  }
}
