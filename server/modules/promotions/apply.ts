// How vouchers take money off a checkout (issue 42, decision 30): pure arithmetic over what the checkout priced,
// no database. Placing and the checkout's quote both run it, so the checkout shows what placing charges.
import { allocate } from "#common/money.ts";
import type { PlaceMethod } from "#common/payment-channels.ts";
import {
  maxPercentBasisPoints,
  stackingOrder,
  type VoucherKind,
  type VoucherRefusal,
} from "#common/promotions.ts";
import type { vouchers } from "./promotions.tables.ts";

export type VoucherRow = typeof vouchers.$inferSelect;

/** A line of the checkout: its key (`<store>:<variant>`), its store and category, and its price × quantity. */
export interface CartLine {
  key: string;
  categoryId: number;
  amount: number;
}

export interface CartStore {
  storeId: string;
  postage: number;
  lines: readonly CartLine[];
}

/** The shopper's side of a voucher's conditions. */
export interface VoucherContext {
  at: Date;
  /** How many of their live orders use it (their claim's count); undefined when they have not claimed it. */
  usedByShopper: (voucherId: string) => number | undefined;
  /** No paid order before this one. */
  newShopper: boolean;
  /** The way of paying, once chosen. */
  method?: PlaceMethod | undefined;
}

export interface Applied {
  voucher: VoucherRow;
  amount: number;
  /** Its share of each store's order (shipping: of the store's postage). */
  perStore: Map<string, number>;
}

export interface Discounts {
  applied: Applied[];
  /** Each line's shares of its store's voucher and of the platform's, by line key. */
  lines: Map<string, { store: number; platform: number }>;
  /** Each store's free-shipping share. */
  shipping: Map<string, number>;
}

/** Why the voucher cannot be used by this shopper now, whatever the cart (null: it can). */
export function conditionRefusal(voucher: VoucherRow, ctx: VoucherContext): VoucherRefusal | null {
  if (voucher.paused) return "paused";
  if (ctx.at < voucher.startsAt) return "notStarted";
  if (ctx.at >= voucher.endsAt) return "ended";
  if (voucher.usageLimit !== null && voucher.used >= voucher.usageLimit) return "usedUp";
  if (voucher.budget !== null && voucher.spent >= voucher.budget) return "budgetSpent";
  const used = ctx.usedByShopper(voucher.id);
  // A voucher with a code is used only once the code was typed; one without is claimed by using it.
  if (used === undefined && voucher.code !== null) return "notClaimed";
  if ((used ?? 0) >= voucher.perShopperLimit) return "shopperLimit";
  if (voucher.newShoppersOnly && !ctx.newShopper) return "newShoppersOnly";
  if (ctx.method && voucher.methods && !voucher.methods.includes(ctx.method)) return "paymentMethod";
  return null;
}

/** What a voucher takes off `base` (before any eligibility): a fixed amount, or its percentage up to its cap. */
export function discountOn(voucher: Pick<VoucherRow, "amount" | "percentBp" | "cap">, base: number): number {
  if (voucher.amount !== null) return Math.min(voucher.amount, base);
  const percent = (BigInt(base) * BigInt(voucher.percentBp!)) / BigInt(maxPercentBasisPoints);
  return Math.min(Number(percent), voucher.cap ?? base, base);
}

const storeAllowed = (voucher: VoucherRow, storeId: string) =>
  voucher.kind === "store"
    ? voucher.storeId === storeId
    : !voucher.storeIds || voucher.storeIds.includes(storeId);
const categoryAllowed = (voucher: VoucherRow, line: CartLine) =>
  !voucher.categoryIds || voucher.categoryIds.includes(line.categoryId);

/**
 * Applies the chosen vouchers (at most one of each kind, a store voucher per store) in the stacking order: each
 * store's voucher on its lines' prices, the platform's on what is left of every eligible line, free shipping on
 * the eligible stores' postage. Each checks its minimum spend on what it applies to at its own step, and its
 * discount is spread by `allocate`, so shares add up to it exactly and no line goes below zero. A voucher that
 * takes nothing off is refused with why; the others still apply.
 */
export function applyVouchers(
  stores: readonly CartStore[],
  chosen: readonly VoucherRow[],
  ctx: VoucherContext,
): Discounts & { refused: { voucher: VoucherRow; reason: VoucherRefusal }[] } {
  const lines = new Map<string, { store: number; platform: number }>();
  for (const s of stores) for (const l of s.lines) lines.set(l.key, { store: 0, platform: 0 });
  const shipping = new Map(stores.map((s) => [s.storeId, 0]));
  const applied: Applied[] = [];
  const refused: { voucher: VoucherRow; reason: VoucherRefusal }[] = [];
  const ordered = stackingOrder.flatMap((kind) => chosen.filter((v) => v.kind === kind));
  for (const voucher of ordered) {
    const reason = conditionRefusal(voucher, ctx) ?? applyOne(voucher, stores, lines, shipping, applied);
    if (reason) refused.push({ voucher, reason });
  }
  return { applied, lines, shipping, refused };
}

function applyOne(
  voucher: VoucherRow,
  stores: readonly CartStore[],
  lines: Map<string, { store: number; platform: number }>,
  shipping: Map<string, number>,
  applied: Applied[],
): VoucherRefusal | null {
  const eligible = stores.filter((s) => storeAllowed(voucher, s.storeId));
  if (voucher.kind === "shipping") {
    // It covers the postage of the stores it allows that sell something of its categories; its minimum spend is
    // on those items, after the other vouchers.
    const covered = eligible.filter((s) => s.lines.some((l) => categoryAllowed(voucher, l)));
    const spend = covered.reduce(
      (sum, s) =>
        sum + s.lines.filter((l) => categoryAllowed(voucher, l)).reduce((t, l) => t + leftOf(l, lines), 0),
      0,
    );
    if (covered.length === 0) return "noEligibleItems";
    if (spend < voucher.minSpend) return "minSpend";
    const postage = covered.reduce((sum, s) => sum + s.postage, 0);
    const amount = discountOn(voucher, postage);
    if (amount === 0) return "noPostage";
    if (overBudget(voucher, amount)) return "budgetSpent";
    const shares = allocate(
      amount,
      covered.map((s) => ({ id: s.storeId, base: s.postage })),
    );
    for (const [storeId, share] of shares) shipping.set(storeId, shipping.get(storeId)! + share);
    applied.push({ voucher, amount, perStore: shares });
    return null;
  }
  const onLines = eligible.flatMap((s) =>
    s.lines.filter((l) => categoryAllowed(voucher, l)).map((l) => ({ storeId: s.storeId, line: l })),
  );
  const base = onLines.reduce((sum, { line }) => sum + leftOf(line, lines), 0);
  if (onLines.length === 0 || base === 0) return "noEligibleItems";
  if (base < voucher.minSpend) return "minSpend";
  const amount = discountOn(voucher, base);
  if (amount === 0) return "minSpend";
  if (overBudget(voucher, amount)) return "budgetSpent";
  const shares = allocate(
    amount,
    onLines.map(({ line }) => ({ id: line.key, base: leftOf(line, lines) })),
  );
  const perStore = new Map<string, number>();
  for (const { storeId, line } of onLines) {
    const share = shares.get(line.key)!;
    const kept = lines.get(line.key)!;
    if (voucher.kind === "store") kept.store += share;
    else kept.platform += share;
    perStore.set(storeId, (perStore.get(storeId) ?? 0) + share);
  }
  applied.push({ voucher, amount, perStore });
  return null;
}

/** What is left of its budget cannot pay this much (it is refused, never cut short unseen). */
const overBudget = (voucher: VoucherRow, amount: number) =>
  voucher.budget !== null && voucher.spent + amount > voucher.budget;

/** What is left of a line after the vouchers applied so far. */
function leftOf(line: CartLine, lines: Map<string, { store: number; platform: number }>): number {
  const taken = lines.get(line.key)!;
  return line.amount - taken.store - taken.platform;
}

/**
 * The best vouchers for this checkout among those offered: per store, its voucher that takes the most off; then
 * the platform voucher that takes the most off what is left; then the free-shipping voucher that does. On a tie,
 * the one that ends sooner (use it before it goes), then by id. Greedy in the stacking order: each step's choice
 * leaves the next the most it can.
 */
export function bestVouchers(
  stores: readonly CartStore[],
  offered: readonly VoucherRow[],
  ctx: VoucherContext,
): VoucherRow[] {
  const chosen: VoucherRow[] = [];
  // One for some ways of paying only is chosen once the way is known: the checkout never pre-selects a voucher
  // that placing with another method would refuse.
  const usable = offered.filter((v) => v.methods === null || ctx.method !== undefined);
  const pick = (candidates: VoucherRow[]) => {
    let best: { voucher: VoucherRow; gain: number } | undefined;
    const before = totalOff(applyVouchers(stores, chosen, ctx));
    for (const voucher of candidates) {
      const result = applyVouchers(stores, [...chosen, voucher], ctx);
      if (result.refused.some((r) => r.voucher.id === voucher.id)) continue;
      const gain = totalOff(result) - before;
      if (
        !best ||
        gain > best.gain ||
        (gain === best.gain &&
          (voucher.endsAt < best.voucher.endsAt ||
            (voucher.endsAt.getTime() === best.voucher.endsAt.getTime() && voucher.id < best.voucher.id)))
      ) {
        best = { voucher, gain };
      }
    }
    if (best && best.gain > 0) chosen.push(best.voucher);
  };
  const kinds: VoucherKind[] = [...stackingOrder];
  for (const kind of kinds) {
    if (kind === "store") {
      for (const s of stores) pick(usable.filter((v) => v.kind === "store" && v.storeId === s.storeId));
    } else {
      pick(usable.filter((v) => v.kind === kind));
    }
  }
  return chosen;
}

const totalOff = (d: Discounts) => d.applied.reduce((sum, a) => sum + a.amount, 0);
