// The product page: one listing with its store, category, pictures, option axes and the variants on sale.
import type { ProductDetailView, ProductOptionView } from "#common/contracts/catalog.ts";
import { localize } from "#common/locales.ts";
import { DomainError } from "../../platform/errors.ts";
import { imageView } from "../../platform/images.ts";
import { allCategories } from "./catalog.caches.ts";
import { categoryView, type CardDeps, type ViewDeps } from "./catalog.views.ts";
import * as q from "./product-page.queries.ts";

/**
 * One listing as the product page shows it (its store's vouchers are counted by the caller, server/read/vouchers.ts);
 * NOT_FOUND when missing or no longer sold.
 */
export async function getListing(
  deps: CardDeps,
  id: string,
): Promise<
  Omit<ProductDetailView, "store" | "flash"> & { store: Omit<ProductDetailView["store"], "vouchers"> }
> {
  const row = await q.selectListingDetail(deps.db, id);
  if (!row) throw new DomainError("not_found", "catalog.product.notFound");
  const [images, variants, optionRows, category, storeCards] = await Promise.all([
    q.selectProductImages(deps.db, row.supplyProductId),
    q.selectListingVariants(deps.db, id),
    q.selectProductOptions(deps.db, row.supplyProductId),
    allCategories(deps.db).then((rows) => rows.find((r) => r.id === row.categoryId)),
    deps.storeCards([row.storeId]),
  ]);
  const store = storeCards.get(row.storeId);
  if (!category || !store || variants.length === 0)
    throw new DomainError("not_found", "catalog.product.notFound");
  return {
    id: row.id,
    name: localize(row.name, deps.lang),
    description: localize(row.description, deps.lang),
    price: row.price,
    maxPrice: row.maxPrice,
    suggestedPrice: Math.min(...variants.map((v) => v.suggestedPrice)),
    stock: variants.reduce((sum, v) => sum + v.stock, 0),
    options: optionViews(optionRows, variants, deps),
    variants: variants.map((v) => ({
      id: v.id,
      values: [v.option1ValueId, v.option2ValueId].filter((x): x is string => x !== null),
      label: v.label ? localize(v.label, deps.lang) : null,
      price: v.price,
      suggestedPrice: v.suggestedPrice,
      stock: v.stock,
      image: imageView(deps.storage, v.image),
    })),
    sales: row.sales,
    images: images.map((i) => imageView(deps.storage, i.image)),
    category: categoryView(category, deps),
    store,
  };
}

/**
 * The option axes the product page picks from: only values some variant on sale has, each colour with the
 * picture of its first variant that has one.
 */
function optionViews(
  rows: Awaited<ReturnType<typeof q.selectProductOptions>>,
  variants: Awaited<ReturnType<typeof q.selectListingVariants>>,
  deps: ViewDeps,
): ProductOptionView[] {
  const options: ProductOptionView[] = [];
  for (const row of rows) {
    const column = row.position === 1 ? "option1ValueId" : "option2ValueId";
    const having = variants.filter((v) => v[column] === row.valueId);
    if (having.length === 0) continue;
    let option = options.find((o) => o.position === row.position);
    if (!option) {
      option = {
        position: row.position === 1 ? 1 : 2,
        name: localize(row.name, deps.lang),
        kind: row.kind,
        values: [],
      };
      options.push(option);
    }
    const picture = having.find((v) => v.image)?.image ?? null;
    option.values.push({
      id: row.valueId,
      name: localize(row.valueName, deps.lang),
      swatch: row.swatch,
      image: row.kind === "colour" ? imageView(deps.storage, picture) : null,
    });
  }
  return options;
}
