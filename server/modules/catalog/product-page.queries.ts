// The product page's look-ups: the listing, the variants it has on sale, the option axes and the pictures, each
// prepared once per database (preparedPerDb): building them cost the page more than PostgreSQL spent answering them.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { preparedPerDb } from "../../db/prepared.ts";
import { visible } from "./catalog.queries.ts";
import {
  listings,
  listingVariants,
  productImages,
  productOptions,
  productOptionValues,
  productVariants,
  supplyProducts,
  variantLabelSql,
} from "./catalog.tables.ts";

const listingDetail = preparedPerDb((db) =>
  db
    .select({
      id: listings.id,
      price: listings.minPrice,
      maxPrice: listings.maxPrice,
      storeId: listings.storeId,
      supplyProductId: supplyProducts.id,
      name: supplyProducts.name,
      description: supplyProducts.description,
      sales: listings.sales,
      categoryId: supplyProducts.categoryId,
    })
    .from(listings)
    .innerJoin(supplyProducts, eq(supplyProducts.id, listings.supplyProductId))
    .where(and(eq(listings.id, sql.placeholder("id")), visible))
    .prepare("listing_detail"),
);

export async function selectListingDetail(db: Db, id: string) {
  const rows = await listingDetail(db).execute({ id });
  return rows[0];
}

const listingVariantRows = preparedPerDb((db) =>
  db
    .select({
      id: productVariants.id,
      option1ValueId: productVariants.option1ValueId,
      option2ValueId: productVariants.option2ValueId,
      label: variantLabelSql,
      price: listingVariants.price,
      suggestedPrice: productVariants.suggestedPrice,
      stock: productVariants.stock,
      image: productVariants.image,
    })
    .from(listingVariants)
    .innerJoin(productVariants, eq(productVariants.id, listingVariants.variantId))
    .where(
      and(
        eq(listingVariants.listingId, sql.placeholder("listingId")),
        eq(listingVariants.status, "active"),
        eq(productVariants.status, "active"),
      ),
    )
    .orderBy(asc(productVariants.sort), asc(productVariants.id))
    .prepare("listing_variants"),
);

/** The variants a listing has on sale: the store's price, the shared stock, the picture and the option values. */
export async function selectListingVariants(db: Db, listingId: string) {
  return listingVariantRows(db).execute({ listingId });
}

const productOptionRows = preparedPerDb((db) =>
  db
    .select({
      optionId: productOptions.id,
      position: productOptions.position,
      name: productOptions.name,
      kind: productOptions.kind,
      valueId: productOptionValues.id,
      valueName: productOptionValues.name,
      swatch: productOptionValues.swatch,
    })
    .from(productOptions)
    .innerJoin(productOptionValues, eq(productOptionValues.optionId, productOptions.id))
    .where(eq(productOptions.supplyProductId, sql.placeholder("supplyProductId")))
    .orderBy(asc(productOptions.position), asc(productOptionValues.sort), asc(productOptionValues.id))
    .prepare("product_options"),
);

/** A supply product's option axes with every value, in order. */
export async function selectProductOptions(db: Db, supplyProductId: string) {
  return productOptionRows(db).execute({ supplyProductId });
}

const productImageRows = preparedPerDb((db) =>
  db
    .select({ image: productImages.image })
    .from(productImages)
    .where(eq(productImages.supplyProductId, sql.placeholder("supplyProductId")))
    .orderBy(asc(productImages.sort))
    .prepare("product_images"),
);

export async function selectProductImages(db: Db, supplyProductId: string) {
  return productImageRows(db).execute({ supplyProductId });
}
