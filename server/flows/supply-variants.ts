// The operator's options and variants of a supply product: saved in the catalog, and the variants archived by it
// taken out of every shopper's cart (with a notice) in the same transaction, so no cart holds what is not sold.
import type { SupplyOpsItem, SupplyVariantsInput } from "#common/contracts/supply.ts";
import type { Db } from "../db/client.ts";
import { transact, violates } from "../db/transaction.ts";
import { removeArchivedFromCarts } from "../modules/cart/cart.service.ts";
import { saveVariantsLocked } from "../modules/catalog/supply-variants.service.ts";
import { opsView } from "../modules/catalog/supply.service.ts";
import { DomainError } from "../platform/errors.ts";
import type { Logger } from "../platform/logger.ts";
import type { Storage } from "../platform/storage.ts";

/** Saves a product's options and variants; says how many store prices left the shop and cart lines left carts. */
export async function saveSupplyVariants(
  deps: { db: Db; storage: Storage; log: Logger },
  operatorId: string,
  input: SupplyVariantsInput,
): Promise<SupplyOpsItem & { delisted: number; removedFromCarts: number }> {
  const { delisted, removedFromCarts } = await transact(deps.db, async (tx) => {
    const saved = await saveVariantsLocked(tx, operatorId, input);
    return { delisted: saved.delisted, removedFromCarts: await removeArchivedFromCarts(tx, saved.archived) };
  }).catch((error: unknown) => {
    // Another product's variant has that SKU.
    if (violates(error, "product_variants_sku_unique"))
      throw new DomainError("conflict", "errors.supply.skuTaken");
    throw error;
  });
  return { ...(await opsView(deps, input.id)), delisted, removedFromCarts };
}
