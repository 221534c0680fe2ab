import type { CartView } from "#common/contracts/orders.ts";
import { localize, type Locale } from "#common/locales.ts";
import type { Db } from "../db/client.ts";
import { cartLines, cartNotices } from "../modules/cart/cart.service.ts";
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
  const [lines, notices] = await Promise.all([cartLines(deps.db, userId), cartNotices(deps.db, userId)]);
  const rows = await selectOrderLines(deps.db, [...lines, ...notices]);
  const info = new Map(rows.map((r) => [`${r.listingId}:${r.variantId}`, r]));
  const stores = new Map<string, CartView["stores"][number]>();
  for (const line of lines) {
    const row = info.get(`${line.listingId}:${line.variantId}`);
    if (!row) continue;
    let store = stores.get(row.storeId);
    if (!store)
      stores.set(row.storeId, (store = { storeId: row.storeId, storeName: row.storeName, items: [] }));
    store.items.push({
      listingId: row.listingId,
      variantId: row.variantId,
      variantLabel: row.variantLabel ? localize(row.variantLabel, deps.lang) : null,
      optionValues: [row.option1ValueId, row.option2ValueId].filter((v): v is string => v !== null),
      name: localize(row.name, deps.lang),
      image: imageView(deps.storage, row.image),
      price: row.price,
      quantity: line.quantity,
      stock: row.stock,
      available: row.available && row.stock > 0,
    });
  }
  return {
    stores: [...stores.values()],
    count: lines.length,
    notices: notices.flatMap((n) => {
      const row = info.get(`${n.listingId}:${n.variantId}`);
      if (!row) return [];
      return [
        {
          id: n.id,
          name: localize(row.name, deps.lang),
          variantLabel: row.variantLabel ? localize(row.variantLabel, deps.lang) : null,
        },
      ];
    }),
  };
}
