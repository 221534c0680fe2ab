// The demo's flash sale (issue 42): a day of four-hour slots from the first start, the first one live at once,
// each selling one product of every demo store at about a quarter off, two per shopper.
import type { Db } from "../db/client.ts";
import { transact } from "../db/transaction.ts";
import { createFlashSale } from "../flows/promotions/create-flash-sale.ts";
import { enrolFlashItem } from "../flows/promotions/enrol-flash-item.ts";
import { startFlashSlot } from "../flows/promotions/start-flash-slot.ts";
import { selectFlashSlots } from "../modules/promotions/flash.service.ts";
import { addMs, hour, now } from "../platform/clock.ts";

/** A store's product for the flash sale: one sold without variants, with stock to spare. */
export interface FlashPick {
  id: string;
  variantId: string;
  price: number;
  cost: number;
  stock: number;
}

/** Keeps the store's pick, or takes this listing if it is sold without variants, with 40 or more in stock. */
export function pickForFlash(
  kept: FlashPick | undefined,
  listingId: string,
  variants: readonly { id: string; merchant: number; stock: number }[],
  prices: readonly { variantId: string; price: number }[],
): FlashPick | undefined {
  const [variant] = variants;
  if (kept || variants.length !== 1 || !variant || variant.stock < 40) return kept;
  const price = prices[0]!.price;
  if (flashPriceOf(price, variant.merchant) === null) return kept;
  return { id: listingId, variantId: variant.id, price, cost: variant.merchant, stock: variant.stock };
}

/** About a quarter off, in hundreds of rupiah, never below the store's cost; null when that is not below the price. */
function flashPriceOf(price: number, cost: number): number | null {
  const flash = Math.max(cost, Math.floor((price * 0.75) / 100) * 100);
  return flash < price ? flash : null;
}

const slots = 6;
const slotHours = 4;

export async function seedDemoFlashSale(
  db: Db,
  operatorId: string,
  merchants: readonly { ownerId: string; flashPick?: FlashPick | undefined }[],
): Promise<void> {
  // The first slot starts a moment from now (slots are made for the future), and is started at once below.
  const first = addMs(now(), 1_000);
  const { id } = await createFlashSale({ db }, operatorId, {
    name: { ind: "Flash Sale Harian", en: "Daily Flash Sale", zh: "每日限时抢购" },
    slots: Array.from({ length: slots }, (_, i) => ({
      startsAt: addMs(first, i * slotHours * hour),
      endsAt: addMs(first, (i + 1) * slotHours * hour),
    })),
  });
  const made = await selectFlashSlots(db, id);
  for (const slot of made) {
    for (const merchant of merchants) {
      const pick = merchant.flashPick;
      if (!pick) continue;
      await enrolFlashItem(
        { db, lang: "ind" },
        { id: merchant.ownerId, role: "merchant" },
        {
          slotId: slot.id,
          listingId: pick.id,
          variantId: pick.variantId,
          flashPrice: flashPriceOf(pick.price, pick.cost)!,
          slotStock: Math.min(20, Math.floor(pick.stock / 4)),
          perShopperLimit: 2,
        },
      );
    }
  }
  // Live from the first start: its job, due in a second, then finds it started and does nothing.
  await transact(db, (tx) => startFlashSlot(tx, made[0]!.id));
}
