// Steps the operator's supply services share (supply.service.ts, supply-variants.service.ts): a supply product as
// the operator sees it (its view and option axes), its row locked for a change, and the words of its names that
// search corrects a misspelling to.
import type { SupplyOpsItem } from "#common/contracts/supply.ts";
import type { Localized } from "#common/locales.ts";
import type { Db, Tx } from "../../db/client.ts";
import { DomainError } from "../../platform/errors.ts";
import { imageView } from "../../platform/images.ts";
import type { Storage } from "../../platform/storage.ts";
import * as q from "./catalog.queries.ts";
import * as supplyQ from "./supply.queries.ts";

type OpsRow = NonNullable<Awaited<ReturnType<typeof supplyQ.selectSupplyForOpsById>>>;

/** Supply products as the operator edits them: with their pictures, option axes and variant rows. */
export async function opsViews(deps: { db: Db; storage: Storage }, rows: OpsRow[]): Promise<SupplyOpsItem[]> {
  const ids = rows.map((r) => r.id);
  const [images, options, variants] = await Promise.all([
    supplyQ.selectImagesOf(deps.db, ids),
    supplyQ.selectOptionsOf(deps.db, ids),
    supplyQ.selectVariantsOf(deps.db, ids),
  ]);
  // The axes its variants have now: an axis the operator took away stays stored (archived variants name its
  // values), but is no longer one of the product's.
  const axesIn = (id: string) =>
    Math.max(
      0,
      ...variants
        .filter((v) => v.supplyProductId === id)
        .map((v) => (v.option2ValueId ? 2 : v.option1ValueId ? 1 : 0)),
    );
  return rows.map((r) => ({
    ...r,
    images: images
      .filter((i) => i.supplyProductId === r.id)
      .map((i) => ({ id: i.id, image: imageView(deps.storage, i.image)! })),
    options: axesOf(options.filter((o) => o.supplyProductId === r.id && o.position <= axesIn(r.id))),
    variantRows: variants
      .filter((v) => v.supplyProductId === r.id)
      .map((v) => ({
        id: v.id,
        values: [v.option1ValueId, v.option2ValueId].filter((x): x is string => x !== null),
        sku: v.sku,
        merchantPrice: v.merchantPrice,
        suggestedPrice: v.suggestedPrice,
        stock: v.stock,
        weightGrams: v.weightGrams,
        lengthCm: v.lengthCm,
        widthCm: v.widthCm,
        heightCm: v.heightCm,
        image: imageView(deps.storage, v.image),
      })),
  }));
}

type OptionRow = Awaited<ReturnType<typeof supplyQ.selectOptionsOf>>[number];

/** Option rows (one per value) as axes with their values, in order. */
export function axesOf(rows: readonly OptionRow[]): SupplyOpsItem["options"] {
  const axes: SupplyOpsItem["options"] = [];
  for (const row of rows) {
    let axis = axes.find((a) => a.position === row.position);
    if (!axis) axes.push((axis = { position: row.position, name: row.name, kind: row.kind, values: [] }));
    if (row.valueId && row.valueName)
      axis.values.push({ id: row.valueId, name: row.valueName, swatch: row.swatch });
  }
  return axes;
}

/** One supply product as the operator edits it. */
export async function opsView(deps: { db: Db; storage: Storage }, id: string): Promise<SupplyOpsItem> {
  const row = await supplyQ.selectSupplyForOpsById(deps.db, id);
  if (!row) throw new DomainError("not_found", "errors.supply.notFound");
  return (await opsViews(deps, [row]))[0]!;
}

/** A supply product's row, locked for a change; NOT_FOUND when there is none. */
export async function lockSupply(tx: Tx, id: string): Promise<OpsRow> {
  const row = await supplyQ.selectSupplyForOpsById(tx, id, true);
  if (!row) throw new DomainError("not_found", "errors.supply.notFound");
  return row;
}

/** The words of a name as search_terms keeps them. */
function nameTerms(name: Localized): string[] {
  const words = Object.values(name).flatMap((text) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u));
  return [...new Set(words.filter((w) => w.length >= 3))];
}

/** The words of a product's names that search may correct a misspelt word to (names changed: new words). */
export function recordNameTerms(tx: Tx, name: Localized): Promise<void> {
  return q.insertSearchTerms(tx, nameTerms(name));
}
