import type { CartView } from "#common/contracts/orders.ts";
import { localize, type Locale } from "#common/locales.ts";
import type { Db } from "../db/client.ts";
import { cartLines } from "../modules/cart/cart.service.ts";
import { imageView } from "../platform/images.ts";
import type { Storage } from "../platform/storage.ts";
import { selectOrderLines } from "./order-lines.ts";

/**
 * The shopper's cart, grouped by store: each line with its product's name, picture, price and stock now. A
 * product that stopped being sold stays, marked unavailable, until the shopper removes it.
 */
export async function getCart(
  deps: { db: Db; storage: Storage; lang: Locale },
  userId: string,
): Promise<CartView> {
  const lines = await cartLines(deps.db, userId);
  const info = new Map(
    (
      await selectOrderLines(
        deps.db,
        lines.map((l) => l.listingId),
      )
    ).map((r) => [r.listingId, r]),
  );
  const stores = new Map<string, CartView["stores"][number]>();
  for (const line of lines) {
    const row = info.get(line.listingId);
    if (!row) continue;
    let store = stores.get(row.storeId);
    if (!store)
      stores.set(row.storeId, (store = { storeId: row.storeId, storeName: row.storeName, items: [] }));
    store.items.push({
      listingId: row.listingId,
      name: localize(row.name, deps.lang),
      image: imageView(deps.storage, row.image),
      price: row.price,
      quantity: line.quantity,
      stock: row.stock,
      available: row.available && row.stock > 0,
    });
  }
  return { stores: [...stores.values()], count: lines.length };
}
