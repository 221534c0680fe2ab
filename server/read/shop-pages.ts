// The product page's and the store page's data with what other modules add to them: how many of the store's
// vouchers anyone can claim now, and its flash sale (issue 42). Reads only.
import type { ProductDetailView } from "#common/contracts/catalog.ts";
import type { StorePageView } from "#common/contracts/stores.ts";
import type { Db } from "../db/client.ts";
import { getListing } from "../modules/catalog/product-page.service.ts";
import { getStorePage } from "../modules/stores/stores.service.ts";
import type { Storage } from "../platform/storage.ts";
import { productFlash } from "./flash.ts";
import { storeVoucherCount } from "./vouchers.ts";

/** A listing as the product page shows it, its store with its vouchers counted. */
export async function productPage(
  deps: Parameters<typeof getListing>[0],
  id: string,
): Promise<ProductDetailView> {
  const product = await getListing(deps, id);
  const [vouchers, flash] = await Promise.all([
    storeVoucherCount(deps.db, product.store.id),
    productFlash(deps.db, id, deps.lang),
  ]);
  return { ...product, store: { ...product.store, vouchers }, flash };
}

/** A store's page for its caller (whether they follow it), with its vouchers counted. */
export async function storePage(
  deps: { db: Db; storage: Storage },
  storeId: string,
  userId: string | undefined,
): Promise<StorePageView> {
  const [page, vouchers] = await Promise.all([
    getStorePage(deps, storeId, userId),
    storeVoucherCount(deps.db, storeId),
  ]);
  return { ...page, vouchers };
}
