// Flash sales as the shop shows them (home, a product page) and as those who run them see them (the operator's
// events, a merchant's slots), issue 42. Reads only.
import { and, asc, desc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import type { HomeFlash } from "#common/contracts/catalog.ts";
import type {
  FlashItemView,
  FlashSlotView,
  ManagedFlashItem,
  ManagedFlashSale,
  ProductFlash,
} from "#common/contracts/flash.ts";
import { localize, type Locale } from "#common/locales.ts";
import type { Db } from "../db/client.ts";
import {
  listings,
  productVariants,
  supplyProducts,
  variantLabelSql,
} from "../modules/catalog/catalog.tables.ts";
import { getCards, type CardDeps } from "../modules/catalog/listings.service.ts";
import { flashItems, flashSales, flashSlots } from "../modules/promotions/flash.tables.ts";
import { stores } from "../modules/stores/stores.tables.ts";
import { now } from "../platform/clock.ts";
import { DomainError } from "../platform/errors.ts";
import { selectStoreOfOwner } from "./order-lines.ts";

/** How many items the home page's flash sale shows. */
const homeItems = 12;

const slotColumns = {
  id: flashSlots.id,
  saleId: flashSlots.saleId,
  saleName: flashSales.name,
  startsAt: flashSlots.startsAt,
  endsAt: flashSlots.endsAt,
  state: flashSlots.state,
};

function slotView(
  row: { saleName: Parameters<typeof localize>[0] } & Omit<FlashSlotView, "saleName">,
  lang: Locale,
) {
  return { ...row, saleName: localize(row.saleName, lang) };
}

/** Units an item holds: what it carved once live, what it asks before. */
function itemView(row: typeof flashItems.$inferSelect, state: FlashSlotView["state"]): FlashItemView {
  return {
    id: row.id,
    listingId: row.listingId,
    variantId: row.variantId,
    flashPrice: row.flashPrice,
    listedPrice: row.listedPrice,
    stock: state === "scheduled" ? row.slotStock : row.carved,
    sold: row.sold,
    perShopperLimit: row.perShopperLimit,
  };
}

/**
 * The slot a shopper sees: the live one that ends first, else the next to start. `listingId` narrows it to the
 * slots that sell that listing.
 */
async function currentSlot(db: Db, at: Date, listingId?: string) {
  const sells = listingId
    ? sql`exists (select 1 from ${flashItems} where ${flashItems.slotId} = ${flashSlots.id} and ${flashItems.listingId} = ${listingId})`
    : sql`exists (select 1 from ${flashItems} where ${flashItems.slotId} = ${flashSlots.id})`;
  const base = db
    .select(slotColumns)
    .from(flashSlots)
    .innerJoin(flashSales, eq(flashSales.id, flashSlots.saleId));
  const [live] = await base
    .where(and(eq(flashSlots.state, "live"), gt(flashSlots.endsAt, at), sells))
    .orderBy(asc(flashSlots.endsAt))
    .limit(1);
  if (live) return live;
  const [next] = await db
    .select(slotColumns)
    .from(flashSlots)
    .innerJoin(flashSales, eq(flashSales.id, flashSlots.saleId))
    .where(and(eq(flashSlots.state, "scheduled"), gt(flashSlots.startsAt, at), sells))
    .orderBy(asc(flashSlots.startsAt))
    .limit(1);
  return next;
}

/** The home page's flash sale, with its products' cards; items whose listing is no longer sold are left out. */
export async function homeFlash(deps: CardDeps): Promise<HomeFlash> {
  const at = now();
  const slot = await currentSlot(deps.db, at);
  if (!slot) return { now: at, slot: null, items: [] };
  const rows = await deps.db
    .select()
    .from(flashItems)
    .where(eq(flashItems.slotId, slot.id))
    .orderBy(asc(flashItems.createdAt), asc(flashItems.id));
  // One card per listing: its first variant enrolled stands for it.
  const first = [...new Map(rows.map((r) => [r.listingId, r])).values()];
  const cards = await getCards(
    deps,
    first.map((r) => r.listingId),
  );
  const items = first
    .filter((r) => cards.has(r.listingId))
    .slice(0, homeItems)
    .map((r) => ({ ...itemView(r, slot.state), card: cards.get(r.listingId)! }));
  return { now: at, slot: slotView(slot, deps.lang), items };
}

/** A product page's flash sale: the slot selling this listing now (or next), and its variants' items. */
export async function productFlash(db: Db, listingId: string, lang: Locale): Promise<ProductFlash | null> {
  const at = now();
  const slot = await currentSlot(db, at, listingId);
  if (!slot) return null;
  const rows = await db
    .select()
    .from(flashItems)
    .where(and(eq(flashItems.slotId, slot.id), eq(flashItems.listingId, listingId)));
  return { now: at, slot: slotView(slot, lang), items: rows.map((r) => itemView(r, slot.state)) };
}

/**
 * Events with their slots and items, as the operator manages them (every store's), or a merchant (`storeId`:
 * that store's items, and only events with a slot still to come or running).
 */
export async function managedFlashSales(
  db: Db,
  lang: Locale,
  scope: { storeId?: string } = {},
): Promise<ManagedFlashSale[]> {
  // The latest 200 slots (an event's history never pushes new ones off the page), in the order they run.
  const slots = (
    await db
      .select(slotColumns)
      .from(flashSlots)
      .innerJoin(flashSales, eq(flashSales.id, flashSlots.saleId))
      .where(scope.storeId ? ne(flashSlots.state, "ended") : undefined)
      .orderBy(desc(flashSlots.startsAt), desc(flashSlots.id))
      .limit(200)
  ).reverse();
  const items = slots.length
    ? await db
        .select({
          item: flashItems,
          name: supplyProducts.name,
          variantLabel: variantLabelSql,
          storeName: stores.name,
        })
        .from(flashItems)
        .innerJoin(listings, eq(listings.id, flashItems.listingId))
        .innerJoin(supplyProducts, eq(supplyProducts.id, listings.supplyProductId))
        .innerJoin(productVariants, eq(productVariants.id, flashItems.variantId))
        .innerJoin(stores, eq(stores.id, flashItems.storeId))
        .where(
          and(
            inArray(
              flashItems.slotId,
              slots.map((s) => s.id),
            ),
            scope.storeId ? eq(flashItems.storeId, scope.storeId) : undefined,
          ),
        )
        .orderBy(asc(flashItems.createdAt), asc(flashItems.id))
    : [];
  const sales = new Map<string, ManagedFlashSale>();
  for (const slot of slots) {
    const view = slotView(slot, lang);
    const sale = sales.get(slot.saleId) ?? { id: slot.saleId, name: view.saleName, slots: [] };
    sales.set(slot.saleId, sale);
    sale.slots.push({
      ...view,
      items: items
        .filter((i) => i.item.slotId === slot.id)
        .map((i): ManagedFlashItem => ({
          ...itemView(i.item, slot.state),
          name: localize(i.name, lang),
          variantLabel: i.variantLabel ? localize(i.variantLabel, lang) : null,
          storeId: i.item.storeId,
          storeName: i.storeName,
          slotStock: i.item.slotStock,
          carved: i.item.carved,
        })),
    });
  }
  return [...sales.values()];
}

/** The flash sales a merchant can take part in (slots to come or running), with their own store's items. */
export async function merchantFlashSales(
  db: Db,
  lang: Locale,
  merchantId: string,
): Promise<ManagedFlashSale[]> {
  const store = await selectStoreOfOwner(db, merchantId);
  if (!store) throw new DomainError("forbidden", "errors.merchant.notMerchant");
  return managedFlashSales(db, lang, { storeId: store.id });
}
