// Voucher lists for shoppers (the voucher page, a store's and a product's vouchers, their own) and for those who
// pay for them (a store's, the platform's), with what was used (issue 42). Reads only.
import type { z } from "zod";
import type { ManagedVoucherSchema, ShopperVoucherSchema } from "#common/contracts/promotions.ts";
import type { Db } from "../db/client.ts";
import {
  selectClaimCounts,
  selectManagedVouchers,
  selectShopperVouchers,
  type VoucherRow,
} from "../modules/promotions/vouchers.service.ts";
import { now } from "../platform/clock.ts";
import { DomainError } from "../platform/errors.ts";
import { voucherView } from "./checkout-vouchers.ts";
import { selectStoreNames, selectStoreOfOwner } from "./order-lines.ts";

type ShopperVoucher = z.infer<typeof ShopperVoucherSchema>;
type ManagedVoucher = z.infer<typeof ManagedVoucherSchema>;

async function storeNamesOf(db: Db, rows: readonly VoucherRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((r) => (r.storeId ? [r.storeId] : [])))];
  return new Map((await selectStoreNames(db, ids)).map((s) => [s.id, s.name]));
}

/**
 * Vouchers a shopper can claim or use now: the platform's and free shipping (the voucher page), one store's
 * (its page and its products' pages), or the ones they claimed ("Voucher saya"), each with whether they claimed
 * it, how many uses they have left, and how much of its quota is gone.
 */
export async function shopperVouchers(
  db: Db,
  userId: string | null,
  scope: { platform: true } | { storeId: string } | { mine: true },
): Promise<ShopperVoucher[]> {
  if ("mine" in scope && !userId) return [];
  const rows = await selectShopperVouchers(db, "mine" in scope ? { claimedBy: userId! } : scope, now());
  const [names, counts] = await Promise.all([
    storeNamesOf(db, rows),
    userId
      ? selectClaimCounts(
          db,
          userId,
          rows.map((r) => r.id),
        )
      : new Map<string, number>(),
  ]);
  return rows
    .map((r) => ({
      ...voucherView(r, r.storeId ? (names.get(r.storeId) ?? null) : null),
      claimed: counts.has(r.id),
      usesLeft: Math.max(0, r.perShopperLimit - (counts.get(r.id) ?? 0)),
      usedPercent: r.usageLimit === null ? null : Math.min(100, Math.floor((r.used * 100) / r.usageLimit)),
    }))
    .filter((v) => v.usesLeft > 0);
}

/** A merchant's store vouchers, with their use, budget spent and live orders. */
export async function storeVouchers(db: Db, merchantId: string): Promise<ManagedVoucher[]> {
  const store = await selectStoreOfOwner(db, merchantId);
  if (!store) throw new DomainError("forbidden", "errors.merchant.notMerchant");
  return managed(await selectManagedVouchers(db, { storeId: store.id }), new Map([[store.id, store.name]]));
}

/** The platform's vouchers and free-shipping vouchers, for the operator. */
export async function platformVouchers(db: Db): Promise<ManagedVoucher[]> {
  return managed(await selectManagedVouchers(db, { platform: true }), new Map());
}

function managed(
  rows: readonly { voucher: VoucherRow; orders: number }[],
  names: ReadonlyMap<string, string>,
): ManagedVoucher[] {
  return rows.map(({ voucher: v, orders }) => ({
    ...voucherView(v, v.storeId ? (names.get(v.storeId) ?? null) : null),
    code: v.code,
    usageLimit: v.usageLimit,
    perShopperLimit: v.perShopperLimit,
    budget: v.budget,
    used: v.used,
    spent: v.spent,
    paused: v.paused,
    orders,
  }));
}

/** How many vouchers of a store anyone can claim now: its page and its products' pages say so (issue 42). */
export async function storeVoucherCount(db: Db, storeId: string): Promise<number> {
  return (await selectShopperVouchers(db, { storeId }, now())).length;
}
