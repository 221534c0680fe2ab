import type { Role } from "#common/contracts/auth.ts";
import { transact } from "../../db/transaction.ts";
import type { Db } from "../../db/client.ts";
import { recordAudit } from "../../modules/audit/audit.service.ts";
import { selectVouchers, setPaused } from "../../modules/promotions/vouchers.service.ts";
import { DomainError } from "../../platform/errors.ts";
import { selectStoreOfOwner } from "../../read/order-lines.ts";

/**
 * Pauses a voucher, or lets it run again: a merchant their own store's, an operator the platform's (audited).
 * A paused voucher is offered to nobody and refused at checkout; orders placed with it keep their discount.
 */
export async function pauseVoucher(
  deps: { db: Db },
  actor: { id: string; role: Role },
  input: { id: string; paused: boolean },
) {
  const [voucher] = await selectVouchers(deps.db, [input.id]);
  const store = actor.role === "merchant" ? await selectStoreOfOwner(deps.db, actor.id) : undefined;
  const allowed =
    voucher &&
    (actor.role === "operator" ? voucher.storeId === null : !!store && voucher.storeId === store.id);
  if (!allowed) throw new DomainError("not_found", "errors.vouchers.notFound");
  return transact(deps.db, async (tx) => {
    await setPaused(tx, input.id, input.paused);
    if (actor.role === "operator") {
      await recordAudit(tx, {
        actorId: actor.id,
        action: input.paused ? "voucher.pause" : "voucher.resume",
        subject: { type: "voucher", id: input.id },
      });
    }
    return { ok: true as const };
  });
}
