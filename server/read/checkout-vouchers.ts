// Which vouchers a checkout offers, which it uses and what they take off (issue 42, decision 30). Reads only:
// placing reserves what this chose, in its own transaction.
import type { VoucherView } from "#common/contracts/promotions.ts";
import type { PlaceMethod } from "#common/payment-channels.ts";
import type { VoucherRefusal } from "#common/promotions.ts";
import { and, eq, notInArray } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { lineKey, ordersTable as orders } from "../modules/orders/orders.service.ts";
import {
  applyVouchers,
  bestVouchers,
  conditionRefusal,
  type CartStore,
  type VoucherContext,
} from "../modules/promotions/apply.ts";
import {
  selectCheckoutVouchers,
  selectClaimCounts,
  selectVoucherMethodsOf,
  selectVouchers,
  type VoucherRow,
} from "../modules/promotions/vouchers.service.ts";
import { DomainError } from "../platform/errors.ts";

/** What a checkout's stores are, as the vouchers see them. */
interface PricedForVouchers {
  storeId: string;
  postage: number;
  lines: readonly { row: { variantId: string; categoryId: number; price: number }; quantity: number }[];
}

/** Whether the shopper has no order paid (or confirmed for cash on delivery) yet. */
export async function isNewShopper(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), notInArray(orders.status, ["pending_payment", "cancelled"])))
    .limit(1);
  return !row;
}

/**
 * The vouchers of a checkout: those it may offer (claimed, or usable without a code), each with why it cannot
 * take anything off on its own (null: it can, and how much); the ones it uses, `chosen` as asked (refused ones
 * say why) or, when nothing was asked, the best combination; and their shares of every line and postage.
 * Asking for two of a kind, or two vouchers of one store, is refused.
 */
export async function checkoutVouchers(
  db: Db | Tx,
  userId: string,
  stores: readonly PricedForVouchers[],
  opts: { chosen?: readonly string[] | undefined; method?: PlaceMethod | undefined; at: Date },
) {
  const cart: CartStore[] = stores.map((s) => ({
    storeId: s.storeId,
    postage: s.postage,
    lines: s.lines.map(({ row, quantity }) => ({
      key: lineKey(s.storeId, row.variantId),
      categoryId: row.categoryId,
      amount: row.price * quantity,
    })),
  }));
  const offered = await selectCheckoutVouchers(
    db,
    userId,
    stores.map((s) => s.storeId),
    opts.at,
  );
  const asked = [...new Set(opts.chosen ?? [])];
  const missing = asked.filter((id) => !offered.some((v) => v.id === id));
  const extra = await selectVouchers(db, missing);
  if (extra.length !== missing.length) throw new DomainError("not_found", "errors.vouchers.notFound");
  const known = [...offered, ...extra];
  const [counts, newShopper] = await Promise.all([
    selectClaimCounts(
      db,
      userId,
      known.map((v) => v.id),
    ),
    isNewShopper(db, userId),
  ]);
  const ctx: VoucherContext = {
    at: opts.at,
    usedByShopper: (id) => counts.get(id),
    newShopper,
    method: opts.method,
  };
  const chosen: VoucherRow[] = opts.chosen
    ? asked.map((id) => known.find((v) => v.id === id)!)
    : bestVouchers(cart, offered, ctx);
  refuseTwoOfAKind(chosen);
  const result = applyVouchers(cart, chosen, ctx);
  // Each voucher known here: used (what it took off in the stack), refused in the stack (why), or else what it
  // would take off alone or why it could not.
  const offers = known.map((voucher) => {
    const used = result.applied.find((a) => a.voucher.id === voucher.id);
    if (used) return { voucher, refusal: null, amount: used.amount, chosen: true };
    const alone = applyVouchers(cart, [voucher], ctx);
    const refusal: VoucherRefusal | null =
      result.refused.find((r) => r.voucher.id === voucher.id)?.reason ??
      conditionRefusal(voucher, ctx) ??
      alone.refused[0]?.reason ??
      null;
    return { voucher, refusal, amount: alone.applied[0]?.amount ?? 0, chosen: false };
  });
  return { offers, chosen, ...result };
}

function refuseTwoOfAKind(chosen: readonly VoucherRow[]) {
  const slots = chosen.map((v) => (v.kind === "store" ? `store:${v.storeId}` : v.kind));
  if (new Set(slots).size !== slots.length) throw new DomainError("bad_request", "errors.vouchers.oneOfEach");
}

/** A voucher as shoppers read it. */
export function voucherView(v: VoucherRow, storeName: string | null): VoucherView {
  return {
    id: v.id,
    kind: v.kind,
    storeId: v.storeId,
    storeName,
    amount: v.amount,
    percentBp: v.percentBp,
    cap: v.cap,
    minSpend: v.minSpend,
    startsAt: v.startsAt,
    endsAt: v.endsAt,
    newShoppersOnly: v.newShoppersOnly,
    methods: v.methods,
    limitedItems: v.categoryIds !== null || v.storeIds !== null,
  };
}

/**
 * Whether these orders may be paid by `method`: not when a voucher they use is for other ways of paying only
 * (paying later or switching the method must not dodge a condition placing checked).
 */
export async function voucherAllowsMethod(
  db: Db | Tx,
  orderIds: readonly string[],
  method: PlaceMethod,
): Promise<boolean> {
  return (await selectVoucherMethodsOf(db, orderIds)).every((m) => m === null || m.includes(method));
}
