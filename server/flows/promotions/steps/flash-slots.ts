import type { Tx } from "../../../db/client.ts";
import { flashEndJob, flashStartJob } from "../../../modules/promotions/flash.service.ts";
import { DomainError } from "../../../platform/errors.ts";
import { scheduleJob } from "../../../platform/jobs.ts";

type Period = { startsAt: Date; endsAt: Date };

/** New slots start in the future and overlap neither each other nor the event's others. */
export function checkSlots(added: readonly Period[], existing: readonly Period[], at: Date): void {
  if (added.some((s) => s.startsAt <= at)) {
    throw new DomainError("bad_request", "errors.flash.startPassed");
  }
  const all = [...existing, ...added].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  for (let i = 1; i < all.length; i++) {
    if (all[i]!.startsAt < all[i - 1]!.endsAt)
      throw new DomainError("bad_request", "errors.flash.slotsOverlap");
  }
}

/** A slot's start and end, as durable jobs in the transaction that made it. */
export async function scheduleSlot(tx: Tx, slot: { id: string } & Period): Promise<void> {
  await scheduleJob(tx, flashStartJob, slot.id, slot.startsAt);
  await scheduleJob(tx, flashEndJob, slot.id, slot.endsAt);
}
