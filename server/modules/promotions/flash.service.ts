// Flash sales' rows (issue 42, decision 30): events, their slots, the items enrolled in them and each shopper's
// quota. A slot's `sold` and a shopper's quota are taken by one conditional update each, in the order's
// transaction; the slot's state moves by one conditional update, so a job that runs twice does nothing twice.
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Localized } from "#common/locales.ts";
import type { FlashSlotState } from "#common/promotions.ts";
import type { Db, Tx } from "../../db/client.ts";
import { flashItems, flashQuotas, flashSales, flashSlots } from "./flash.tables.ts";

export { flashItems, flashQuotas, flashSales, flashSlots } from "./flash.tables.ts";
export const flashStartJob = "flash.start";
export const flashEndJob = "flash.end";

export type FlashSlotRow = typeof flashSlots.$inferSelect;
export type FlashItemRow = typeof flashItems.$inferSelect;

export async function insertFlashSale(
  tx: Tx,
  sale: { id: string; name: Localized; createdBy: string; createdAt: Date },
  slots: readonly { id: string; startsAt: Date; endsAt: Date }[],
): Promise<void> {
  await tx.insert(flashSales).values(sale);
  if (slots.length > 0) await tx.insert(flashSlots).values(slots.map((s) => ({ ...s, saleId: sale.id })));
}

export async function insertFlashSlot(
  tx: Tx,
  slot: { id: string; saleId: string; startsAt: Date; endsAt: Date },
): Promise<void> {
  await tx.insert(flashSlots).values(slot);
}

export async function selectFlashSale(db: Db | Tx, id: string) {
  const [row] = await db.select().from(flashSales).where(eq(flashSales.id, id));
  return row;
}

/** A slot, locked against a start or an end until the caller's transaction ends (`for share`). */
export async function lockFlashSlot(tx: Tx, id: string): Promise<FlashSlotRow | undefined> {
  const [row] = await tx.select().from(flashSlots).where(eq(flashSlots.id, id)).for("share");
  return row;
}

export async function selectFlashSlots(db: Db | Tx, saleId: string): Promise<FlashSlotRow[]> {
  return db.select().from(flashSlots).where(eq(flashSlots.saleId, saleId)).orderBy(asc(flashSlots.startsAt));
}

/** Moves a slot from one state to the next; false when it was not in `from` (a job run twice). */
export async function moveFlashSlot(
  tx: Tx,
  id: string,
  from: FlashSlotState,
  to: FlashSlotState,
): Promise<boolean> {
  const rows = await tx
    .update(flashSlots)
    .set({ state: to })
    .where(and(eq(flashSlots.id, id), eq(flashSlots.state, from)))
    .returning({ id: flashSlots.id });
  return rows.length > 0;
}

/**
 * A slot's items, locked, in id order: the order a checkout takes items in, so a slot's end waiting for a
 * checkout never holds what that checkout waits for.
 */
export async function lockSlotItems(tx: Tx, slotId: string): Promise<FlashItemRow[]> {
  return tx
    .select()
    .from(flashItems)
    .where(eq(flashItems.slotId, slotId))
    .orderBy(asc(flashItems.id))
    .for("update");
}

export async function setCarved(tx: Tx, itemId: string, carved: number): Promise<void> {
  await tx.update(flashItems).set({ carved }).where(eq(flashItems.id, itemId));
}

export async function insertFlashItem(tx: Tx, item: typeof flashItems.$inferInsert): Promise<void> {
  await tx.insert(flashItems).values(item);
}

export async function selectFlashItem(db: Db | Tx, id: string): Promise<FlashItemRow | undefined> {
  const [row] = await db.select().from(flashItems).where(eq(flashItems.id, id));
  return row;
}

export async function deleteFlashItem(tx: Tx, id: string): Promise<void> {
  await tx.delete(flashItems).where(eq(flashItems.id, id));
}

/**
 * Whether the listing's variant is already in a slot (another than `slotId`) that overlaps `from`–`to` and has
 * not ended: one flash price at a time.
 */
export async function overlapsEnrolment(
  tx: Tx,
  item: { listingId: string; variantId: string; slotId: string },
  period: { startsAt: Date; endsAt: Date },
): Promise<boolean> {
  const rows = await tx
    .select({ id: flashItems.id })
    .from(flashItems)
    .innerJoin(flashSlots, eq(flashSlots.id, flashItems.slotId))
    .where(
      and(
        eq(flashItems.listingId, item.listingId),
        eq(flashItems.variantId, item.variantId),
        ne(flashItems.slotId, item.slotId),
        ne(flashSlots.state, "ended"),
        sql`${flashSlots.startsAt} < ${period.endsAt} and ${flashSlots.endsAt} > ${period.startsAt}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Takes `quantity` units of a live item for a shopper, by two conditional updates: the slot's `sold` (within
 * what it carved) and the shopper's quota (within the item's limit). Nothing is written when either refuses;
 * the caller's transaction rolls back with the refusal.
 */
export async function takeFlash(
  tx: Tx,
  itemId: string,
  userId: string,
  quantity: number,
): Promise<"ok" | "soldOut" | "limit"> {
  const [item] = await tx
    .update(flashItems)
    .set({ sold: sql`${flashItems.sold} + ${quantity}` })
    .where(and(eq(flashItems.id, itemId), sql`${flashItems.sold} + ${quantity} <= ${flashItems.carved}`))
    .returning({ limit: flashItems.perShopperLimit });
  if (!item) return "soldOut";
  if (quantity > item.limit) return "limit";
  const counted = await tx
    .insert(flashQuotas)
    .values({ itemId, userId, used: quantity })
    .onConflictDoUpdate({
      target: [flashQuotas.itemId, flashQuotas.userId],
      set: { used: sql`${flashQuotas.used} + ${quantity}` },
      setWhere: sql`${flashQuotas.used} + ${quantity} <= ${item.limit}`,
    })
    .returning({ used: flashQuotas.used });
  return counted.length > 0 ? "ok" : "limit";
}

/**
 * Gives back units of an item an order held: its slot's `sold` (and, once the slot ended, `carved` with it: the
 * units go back to the variant's stock, which the caller returns) and the shopper's quota. The caller holds the
 * slot's lock (`lockFlashSlot`), so a slot's end never runs between the read of its state and these writes.
 */
export async function giveBackFlash(
  tx: Tx,
  item: { itemId: string; userId: string; quantity: number },
  slotEnded: boolean,
  keepUnits: boolean,
): Promise<void> {
  if (!keepUnits) {
    await tx
      .update(flashItems)
      .set({
        sold: sql`${flashItems.sold} - ${item.quantity}`,
        ...(slotEnded ? { carved: sql`${flashItems.carved} - ${item.quantity}` } : {}),
      })
      .where(eq(flashItems.id, item.itemId));
  }
  await tx
    .update(flashQuotas)
    .set({ used: sql`${flashQuotas.used} - ${item.quantity}` })
    .where(and(eq(flashQuotas.itemId, item.itemId), eq(flashQuotas.userId, item.userId)));
}

/** The slots of these items, by item id. */
export async function selectSlotsOfItems(
  db: Db | Tx,
  itemIds: readonly string[],
): Promise<Map<string, string>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select({ id: flashItems.id, slotId: flashItems.slotId })
    .from(flashItems)
    .where(inArray(flashItems.id, [...itemIds]));
  return new Map(rows.map((r) => [r.id, r.slotId]));
}
