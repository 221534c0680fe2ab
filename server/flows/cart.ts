import type { Db } from "../db/client.ts";
import { addItem, setItemQuantity } from "../modules/cart/cart.service.ts";
import { selectOrderLines } from "../read/order-lines.ts";

/** Adds a quantity of a product to the cart, checked against the product as the catalogue has it now. */
export async function addToCart(db: Db, userId: string, input: { listingId: string; quantity: number }) {
  const [line] = await selectOrderLines(db, [input.listingId]);
  return addItem(db, userId, input, line);
}

/** Sets a cart line's quantity (the stepper), checked against the product's stock now. */
export async function setCartQuantity(
  db: Db,
  userId: string,
  input: { listingId: string; quantity: number },
) {
  const [line] = await selectOrderLines(db, [input.listingId]);
  await setItemQuantity(db, userId, input, line);
}
