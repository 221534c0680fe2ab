// A flash sale's set-up for the tests and benchmarks of issue 42: a store selling one product, an operator's
// event with one slot a minute away, optionally the product enrolled, and the clock moved into the slot.
import { eq } from "drizzle-orm";
import { flashSlots } from "#server/modules/promotions/flash.tables.ts";
import { now, setClock } from "#server/platform/clock.ts";
import type { signedInUser } from "./money.ts";
import { credit, listing, merchantWithStore, supplyProduct, variantsOf } from "./shop.ts";
import type { TestDatabase } from "./test-db.ts";

const minute = 60_000;

/**
 * A store with auto-pay and money for its goods, selling one product (its cost Rp 40.000) at `price`, and an
 * event whose one slot starts a minute from the app's clock and lasts an hour; with `enrol`, the product is in
 * it at that flash price, stock and limit.
 */
export async function storeWithFlashSlot(
  database: TestDatabase,
  ops: Awaited<ReturnType<typeof signedInUser>>,
  opts: {
    stock: number;
    price?: number;
    enrol?: { flashPrice: number; slotStock: number; perShopperLimit: number };
  },
) {
  const merchant = await merchantWithStore(database, { autoPay: true });
  await credit(ops, merchant.email, 100_000_000);
  const supplyId = await supplyProduct(database, { stock: opts.stock, merchantPrice: 40_000 });
  const listingId = await listing(database, merchant.storeId, supplyId, opts.price ?? 100_000);
  const [variant] = await variantsOf(database, supplyId);
  const startsAt = new Date(now().getTime() + minute);
  const endsAt = new Date(startsAt.getTime() + 60 * minute);
  const { id: saleId } = await ops.api.ops.flash.create({
    name: { ind: "Flash Sale Uji", en: "Test Flash Sale", zh: "测试限时抢购" },
    slots: [{ startsAt, endsAt }],
  });
  const [slot] = await database.db.select().from(flashSlots).where(eq(flashSlots.saleId, saleId));
  const base = { merchant, listingId, variantId: variant!.id, slotId: slot!.id, startsAt, endsAt };
  if (!opts.enrol) return { ...base, itemId: null };
  const { id: itemId } = await merchant.api.merchantFlash.enrol({
    slotId: slot!.id,
    listingId,
    variantId: variant!.id,
    ...opts.enrol,
  });
  return { ...base, itemId };
}

/** Moves the app's clock a second into the slot and runs what is due (its start); returns the clock's restore. */
export async function intoSlot(database: TestDatabase, startsAt: Date): Promise<() => void> {
  const at = new Date(startsAt.getTime() + 1_000);
  const restore = setClock(() => at);
  await database.jobs.runDue();
  return restore;
}
