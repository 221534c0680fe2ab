import { type Tx } from "../../../db/client.ts";
import { allEnded } from "../../../modules/orders/orders.service.ts";
import { type Applied } from "../../../modules/promotions/apply.ts";
import {
  insertOrderVouchers,
  lockReservedRedemption,
  releaseRedemption,
  reserveVoucher,
  selectReservedRedemptionsOf,
} from "../../../modules/promotions/vouchers.service.ts";
import { DomainError } from "../../../platform/errors.ts";

/**
 * Reserves the vouchers a checkout used, in its transaction (issue 42): one use each however many store orders
 * it made, recorded with each order's share. In voucher id order, so two checkouts using the same vouchers wait
 * for each other instead of deadlocking. A voucher used up, out of budget or at the shopper's limit meanwhile
 * refuses the whole placement, which then changes nothing.
 */
export async function reserveVouchers(
  tx: Tx,
  applied: readonly Applied[],
  placed: readonly { id: string; storeId: string }[],
  userId: string,
  at: Date,
): Promise<void> {
  for (const a of applied.toSorted((x, y) => (x.voucher.id < y.voucher.id ? -1 : 1))) {
    const reserved = await reserveVoucher(tx, a, userId, at);
    if ("refusal" in reserved) throw new DomainError("conflict", `errors.vouchers.${reserved.refusal}`);
    await insertOrderVouchers(
      tx,
      placed
        .filter((o) => (a.perStore.get(o.storeId) ?? 0) > 0)
        .map((o) => ({
          orderId: o.id,
          redemptionId: reserved.redemptionId,
          voucherId: a.voucher.id,
          kind: a.voucher.kind,
          amount: a.perStore.get(o.storeId)!,
        })),
    );
  }
}

/**
 * An order ended (cancelled, expired unpaid, or refunded whole): each voucher use it shares is given back once
 * every order of that checkout has ended too. Once: the redemption's state change lets only one release count.
 */
export async function releaseVouchersOf(tx: Tx, orderId: string): Promise<void> {
  for (const r of await selectReservedRedemptionsOf(tx, orderId)) {
    // Under the redemption's lock: another order of the checkout ending at the same moment waits, then sees this
    // one ended (a check without it let both see the other still live, and the use was never given back).
    if (!(await lockReservedRedemption(tx, r.redemptionId))) continue;
    if (await allEnded(tx, r.orderIds)) await releaseRedemption(tx, r.redemptionId);
  }
}
