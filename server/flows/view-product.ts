import type { ProductDetailView } from "#common/contracts/catalog.ts";
import type { Locale } from "#common/locales.ts";
import type { Db } from "../db/client.ts";
import type { Storage } from "../platform/storage.ts";
import { recordFootprint } from "../modules/browsing/browsing.service.ts";
import { getListing } from "../modules/catalog/catalog.service.ts";

/** Opening a product: its page, and for a signed-in shopper a footprint. */
export async function viewProduct(
  deps: { db: Db; storage: Storage; lang: Locale },
  id: string,
  viewerId: string | undefined,
): Promise<ProductDetailView> {
  const product = await getListing(deps, id);
  if (viewerId) await recordFootprint(deps.db, viewerId, id);
  return product;
}
