import type { Db } from "../db/client.ts";
import { addItem, setItemQuantity } from "../modules/cart/cart.service.ts";
import { selectOrderLines, type LineRef } from "../read/order-lines.ts";

/** Adds a quantity of a product's variant to the cart, checked against the catalogue as it is now. */
export async function addToCart(db: Db, userId: string, input: LineRef & { quantity: number }) {
  const [line] = await selectOrderLines(db, [input]);
  return addItem(db, userId, input, line);
}

/** Sets a cart line's quantity (the stepper), checked against the variant's stock now. */
export async function setCartQuantity(db: Db, userId: string, input: LineRef & { quantity: number }) {
  const [line] = await selectOrderLines(db, [input]);
  await setItemQuantity(db, userId, input, line);
}
