// The operator's options and variants of a supply product: axes and values, a variant per combination with its
// SKU, cost, price, stock and packed size, and their pictures. Audited, in the caller's transaction.
import type { SupplyVariantsInput } from "#common/contracts/supply.ts";
import type { Localized } from "#common/locales.ts";
import type { Tx } from "../../db/client.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import { imageKinds, storeImage, type ImageInput } from "../../platform/images.ts";
import { forgetEverywhere } from "../../platform/kept-sync.ts";
import type { Storage } from "../../platform/storage.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { hotRanking } from "./catalog.caches.ts";
import * as q from "./catalog.queries.ts";
import * as supplyQ from "./supply.queries.ts";
import { axesOf, lockSupply, recordNameTerms } from "./supply.steps.ts";

/**
 * The operator saves a product's options and variants at once, in the caller's transaction (the flow that also
 * takes archived variants out of carts, `server/flows/supply-variants.ts`). Axes and values are upserted (values
 * are never deleted: variants and orders name them); each row is matched to the variant of its combination, which
 * keeps its id, SKU and history (an archived one is brought back); a variant left out is archived; new ones start
 * with the stock given. Store prices below a raised cost are taken off sale; listed products get a price row for
 * each new variant, off sale, so no store sells a size at a price it never chose. Audited (`supply.variants`).
 */
export async function saveVariantsLocked(
  tx: Tx,
  operatorId: string,
  input: SupplyVariantsInput,
): Promise<{ archived: string[]; delisted: number }> {
  await lockSupply(tx, input.id);
  const at = now();
  const before = await supplyQ.lockAllVariants(tx, input.id);
  const existingAxes = axesOf(await supplyQ.selectOptionsOf(tx, [input.id]));
  // Axes by position, values by their place in the input: the rows name values by place.
  const valueIds: string[][] = [];
  for (const [index, axis] of input.axes.entries()) {
    const position = index + 1;
    const existing = existingAxes.find((a) => a.position === position);
    const optionId = existing ? (await optionIdAt(tx, input.id, position))! : newId("opt");
    if (existing) await supplyQ.updateOption(tx, optionId, { name: axis.name, kind: axis.kind });
    else
      await supplyQ.insertOption(tx, {
        id: optionId,
        supplyProductId: input.id,
        position,
        name: axis.name,
        kind: axis.kind,
      });
    const ids: string[] = [];
    for (const [sort, value] of axis.values.entries()) {
      // A value typed again that the axis had (removed, now back) is that value: its archived variants come back
      // with their ids, SKUs and history, rather than new ones clashing with their SKUs.
      const known =
        value.id ??
        existing?.values.find((v) => v.name.ind.trim().toLowerCase() === value.name.ind.trim().toLowerCase())
          ?.id;
      if (known) {
        if (!existing?.values.some((v) => v.id === known))
          throw new DomainError("bad_request", "errors.supply.variantCombination");
        await supplyQ.updateOptionValue(tx, known, {
          name: value.name,
          swatch: value.swatch ?? null,
          sort,
        });
        ids.push(known);
      } else {
        const id = newId("opv");
        await supplyQ.insertOptionValue(tx, {
          id,
          optionId,
          sort,
          name: value.name,
          swatch: value.swatch ?? null,
        });
        ids.push(id);
      }
    }
    valueIds.push(ids);
  }
  const combination = (v1: string | null, v2: string | null) => `${v1 ?? ""}/${v2 ?? ""}`;
  const byCombination = new Map(before.map((v) => [combination(v.option1ValueId, v.option2ValueId), v]));
  const kept = new Set<string>();
  const added: { id: string; merchantPrice: number }[] = [];
  const rows = input.variants.map((row, sort) => {
    const [v1 = null, v2 = null] = row.values.map((n, axis) => valueIds[axis]![n]!);
    return { row, sort, v1, v2, existing: byCombination.get(combination(v1, v2)) };
  });
  // Updates in variant id order (the lock order of checkouts); then inserts.
  const inIdOrder = [...rows].sort((a, b) => ((a.existing?.id ?? "~") < (b.existing?.id ?? "~") ? -1 : 1));
  // SKUs may move between this product's variants in one save (two swapped): the rows whose SKU changes let go of
  // theirs first (a placeholder no SKU can be, `~` is outside the pattern), so no update meets one about to be freed.
  for (const { row, existing } of inIdOrder)
    if (existing && existing.sku !== row.sku)
      await supplyQ.updateVariant(tx, existing.id, { sku: `~${existing.id}` });
  for (const { row, sort, existing } of inIdOrder) {
    const fields = {
      sku: row.sku,
      sort,
      merchantPrice: row.merchantPrice,
      suggestedPrice: row.suggestedPrice,
      weightGrams: row.weightGrams,
      lengthCm: row.lengthCm,
      widthCm: row.widthCm,
      heightCm: row.heightCm,
      updatedAt: at,
    };
    if (existing) {
      kept.add(existing.id);
      await supplyQ.updateVariant(tx, existing.id, { ...fields, status: "active" });
    }
  }
  for (const { row, v1, v2, sort, existing } of rows) {
    if (existing) continue;
    const id = newId("var");
    added.push({ id, merchantPrice: row.merchantPrice });
    await q.insertVariants(tx, [
      {
        id,
        supplyProductId: input.id,
        option1ValueId: v1,
        option2ValueId: v2,
        sku: row.sku,
        sort,
        merchantPrice: row.merchantPrice,
        suggestedPrice: row.suggestedPrice,
        stock: row.stock ?? 0,
        weightGrams: row.weightGrams,
        lengthCm: row.lengthCm,
        widthCm: row.widthCm,
        heightCm: row.heightCm,
        createdAt: at,
        updatedAt: at,
      },
    ]);
  }
  const archived = before.filter((v) => v.status === "active" && !kept.has(v.id)).map((v) => v.id);
  for (const id of archived) await supplyQ.updateVariant(tx, id, { status: "archived", updatedAt: at });
  // Store prices below a variant's cost leave the shop; new variants join every listing off sale.
  const touched: string[] = [];
  for (const { row, existing } of rows)
    if (existing)
      touched.push(...(await supplyQ.hideListingVariantsBelow(tx, existing.id, row.merchantPrice)));
  // Every listing of the product gets a row, off sale at a price the store did not choose, for each new variant,
  // and for a variant brought back that it never had (listed while that variant was archived); rows it has stay.
  const listed = await supplyQ.selectListingsOfSupply(tx, input.id);
  const active = [
    ...added,
    ...rows.flatMap(({ row, existing }) =>
      existing ? [{ id: existing.id, merchantPrice: row.merchantPrice }] : [],
    ),
  ];
  await q.insertListingVariants(
    tx,
    listed.flatMap((l) =>
      active.map((v) => ({
        listingId: l.id,
        variantId: v.id,
        price: Math.max(v.merchantPrice, l.maxPrice),
        status: "hidden" as const,
        pricedByStore: false,
      })),
    ),
    { skipExisting: true },
  );
  await q.syncListingPrices(
    tx,
    listed.map((l) => l.id),
  );
  // Search finds the product by its option names ("sepatu hitam"), and corrects misspellings to them.
  const names = input.axes.flatMap((a) => a.values.map((v) => v.name));
  await supplyQ.updateSupplyProduct(tx, input.id, { optionTerms: optionTermsOf(names), updatedAt: at });
  for (const name of names) await recordNameTerms(tx, name);
  const delisted = new Set(touched).size;
  await recordAudit(tx, {
    actorId: operatorId,
    action: "supply.variants",
    subject: { type: "supply", id: input.id },
    before: { axes: existingAxes, variants: before.filter((v) => v.status === "active").map(auditRow) },
    after: {
      axes: input.axes,
      variants: input.variants,
      archived,
      added: added.map((v) => v.id),
      delistedListings: delisted,
    },
  });
  await forgetEverywhere(tx, hotRanking);
  return { archived, delisted };
}

/** The option value names in every language, lower-cased: the words search finds the product by. */
function optionTermsOf(names: readonly Localized[]): string {
  return [...new Set(names.flatMap((n) => Object.values(n).map((t) => t.toLowerCase())))].join(" ");
}

function auditRow(v: {
  id: string;
  sku: string;
  merchantPrice: number;
  suggestedPrice: number;
  stock: number;
}) {
  return {
    id: v.id,
    sku: v.sku,
    merchantPrice: v.merchantPrice,
    suggestedPrice: v.suggestedPrice,
    stock: v.stock,
  };
}

async function optionIdAt(tx: Tx, supplyProductId: string, position: number): Promise<string | undefined> {
  return (await supplyQ.selectOptionsOf(tx, [supplyProductId])).find((o) => o.position === position)
    ?.optionId;
}

/**
 * Pictures of variants, in the caller's transaction: each picture (any common image format, stored in the sizes
 * the pages show) set on the variants given, e.g. every variant of one colour (the seed draws one per colour).
 */
export async function setVariantPictures(
  tx: Tx,
  storage: Storage,
  supplyProductId: string,
  pictures: readonly { variantIds: readonly string[]; picture: ImageInput }[],
): Promise<void> {
  const at = now();
  for (const { variantIds, picture } of pictures) {
    const image = await storeImage(storage, imageKinds.product, picture);
    await supplyQ.setVariantImage(tx, supplyProductId, variantIds, image, at);
  }
}
