import type { Db } from "../../db/client.ts";
import { transact } from "../../db/transaction.ts";
import { recordAudit } from "../../modules/audit/audit.service.ts";
import {
  insertFlashSlot,
  selectFlashSale,
  selectFlashSlots,
} from "../../modules/promotions/flash.service.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import { checkSlots, scheduleSlot } from "./steps/flash-slots.ts";

/** An operator adds a slot to an event: in the future, overlapping none of its others (issue 42). Audited. */
export async function addFlashSlot(
  deps: { db: Db },
  operatorId: string,
  input: { saleId: string; slot: { startsAt: Date; endsAt: Date } },
): Promise<{ id: string }> {
  const at = now();
  return transact(deps.db, async (tx) => {
    if (!(await selectFlashSale(tx, input.saleId)))
      throw new DomainError("not_found", "errors.flash.notFound");
    checkSlots([input.slot], await selectFlashSlots(tx, input.saleId), at);
    const id = newId("flt", at.getTime());
    await insertFlashSlot(tx, { id, saleId: input.saleId, ...input.slot });
    await scheduleSlot(tx, { id, ...input.slot });
    await recordAudit(tx, {
      actorId: operatorId,
      action: "flash.add_slot",
      subject: { type: "flash_sale", id: input.saleId },
      after: { slotId: id, startsAt: input.slot.startsAt, endsAt: input.slot.endsAt },
    });
    return { id };
  });
}
