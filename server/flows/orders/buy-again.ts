import { type Db } from "../../db/client.ts";
import { transact } from "../../db/transaction.ts";
import { addItem } from "../../modules/cart/cart.service.ts";
import { selectItems, selectOrder } from "../../modules/orders/orders.service.ts";
import { DomainError } from "../../platform/errors.ts";
import { selectOrderLines } from "../../read/order-lines.ts";

/**
 * "Beli lagi": the products of one of the shopper's finished or cancelled orders go back into the cart, each
 * variant with the quantity bought (never more than is in stock now), at today's price (the cart shows it).
 * What is no longer sold or sold out is counted, not added; when nothing is left to buy the answer says so and
 * the cart is unchanged. One transaction: all of it lands, or none (a full cart refuses it whole).
 */
export async function buyAgain(
  db: Db,
  userId: string,
  orderId: string,
): Promise<{ added: number; unavailable: number }> {
  const order = await selectOrder(db, orderId);
  if (!order || order.userId !== userId) throw new DomainError("not_found", "errors.orders.notFound");
  if (order.status !== "completed" && order.status !== "cancelled")
    throw new DomainError("precondition_failed", "errors.orders.notFinished");
  const items = await selectItems(db, [order.id]);
  return transact(db, async (tx) => {
    const lines = await selectOrderLines(
      tx,
      items.map((i) => ({ listingId: i.listingId, variantId: i.variantId })),
    );
    const buyable = items.flatMap((item) => {
      const line = lines.find((l) => l.listingId === item.listingId && l.variantId === item.variantId);
      return line && line.available && line.stock > 0 ? [{ item, line }] : [];
    });
    if (buyable.length === 0) throw new DomainError("precondition_failed", "errors.orders.nothingToBuyAgain");
    for (const { item, line } of buyable) {
      await addItem(tx, userId, { quantity: Math.min(item.quantity, line.stock) }, line);
    }
    return { added: buyable.length, unavailable: items.length - buyable.length };
  });
}
