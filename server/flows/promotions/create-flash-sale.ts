import type { Localized } from "#common/locales.ts";
import type { Db, Tx } from "../../db/client.ts";
import { transact } from "../../db/transaction.ts";
import { recordAudit } from "../../modules/audit/audit.service.ts";
import { insertFlashSale } from "../../modules/promotions/flash.service.ts";
import { now } from "../../platform/clock.ts";
import { newId } from "../../platform/ids.ts";
import { checkSlots, scheduleSlot } from "./steps/flash-slots.ts";

/**
 * An operator creates a flash-sale event with its first slots (issue 42); each slot's start and end are
 * scheduled jobs in the same transaction. Audited.
 */
export async function createFlashSale(
  deps: { db: Db },
  operatorId: string,
  input: { name: Localized; slots: { startsAt: Date; endsAt: Date }[] },
): Promise<{ id: string }> {
  const at = now();
  checkSlots(input.slots, [], at);
  return transact(deps.db, async (tx: Tx) => {
    const id = newId("fls", at.getTime());
    const slots = input.slots.map((s, i) => ({ id: newId("flt", at.getTime() + i), ...s }));
    await insertFlashSale(tx, { id, name: input.name, createdBy: operatorId, createdAt: at }, slots);
    for (const slot of slots) await scheduleSlot(tx, slot);
    await recordAudit(tx, {
      actorId: operatorId,
      action: "flash.create",
      subject: { type: "flash_sale", id },
      after: { name: input.name.ind, slots: slots.length },
    });
    return { id };
  });
}
