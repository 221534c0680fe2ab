import { localize, type Locale } from "#common/locales.ts";
import { formatRupiah } from "#common/money.ts";
import type { Db } from "../../db/client.ts";
import { transact, violates } from "../../db/transaction.ts";
import { recordAudit } from "../../modules/audit/audit.service.ts";
import { insertFlashItem, lockFlashSlot, overlapsEnrolment } from "../../modules/promotions/flash.service.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import { selectOrderLines } from "../../read/order-lines.ts";

export interface FlashEnrolment {
  slotId: string;
  listingId: string;
  variantId: string;
  flashPrice: number;
  slotStock: number;
  perShopperLimit: number;
}

/**
 * Enrols a listing's variant in a slot that has not started (issue 42): by the store's merchant, or by an
 * operator for any store (audited). The flash price is below the listing's price and not below what the store
 * pays for the goods, so a flash sale never sells at a loss the store did not see; the units it asks for are
 * there now (the slot carves what is left when it starts); the variant is in no other slot at the same hours.
 */
export async function enrolFlashItem(
  deps: { db: Db; lang: Locale },
  actor: { id: string; role: "merchant" | "operator" },
  input: FlashEnrolment,
): Promise<{ id: string }> {
  const at = now();
  return transact(deps.db, async (tx) => {
    const slot = await lockFlashSlot(tx, input.slotId);
    if (!slot) throw new DomainError("not_found", "errors.flash.notFound");
    if (slot.state !== "scheduled" || slot.startsAt <= at) {
      throw new DomainError("conflict", "errors.flash.slotStarted");
    }
    const [line] = await selectOrderLines(tx, [{ listingId: input.listingId, variantId: input.variantId }]);
    if (!line || (actor.role === "merchant" && line.storeOwnerId !== actor.id)) {
      throw new DomainError("not_found", "errors.flash.listingNotFound");
    }
    if (!line.available) throw new DomainError("conflict", "errors.flash.notOnSale");
    if (input.flashPrice >= line.listedPrice) {
      throw new DomainError("bad_request", "errors.flash.priceNotLower", {
        price: formatRupiah(line.listedPrice),
      });
    }
    if (input.flashPrice < line.merchantPrice) {
      throw new DomainError("bad_request", "errors.flash.belowCost", {
        cost: formatRupiah(line.merchantPrice),
      });
    }
    if (input.slotStock > line.variantStock) {
      throw new DomainError("bad_request", "errors.flash.stockShort", { count: line.variantStock });
    }
    if (await overlapsEnrolment(tx, input, slot)) {
      throw new DomainError("conflict", "errors.flash.overlap", { name: localize(line.name, deps.lang) });
    }
    const id = newId("fli", at.getTime());
    try {
      await insertFlashItem(tx, {
        id,
        slotId: input.slotId,
        storeId: line.storeId,
        listingId: input.listingId,
        variantId: input.variantId,
        flashPrice: input.flashPrice,
        listedPrice: line.listedPrice,
        slotStock: input.slotStock,
        perShopperLimit: input.perShopperLimit,
        enrolledBy: actor.id,
        createdAt: at,
      });
    } catch (error) {
      if (violates(error, "flash_items_slot_listing_variant")) {
        throw new DomainError("conflict", "errors.flash.alreadyEnrolled");
      }
      throw error;
    }
    if (actor.role === "operator") {
      await recordAudit(tx, {
        actorId: actor.id,
        action: "flash.enrol",
        subject: { type: "flash_item", id },
        after: { ...input, storeId: line.storeId },
      });
    }
    return { id };
  });
}
