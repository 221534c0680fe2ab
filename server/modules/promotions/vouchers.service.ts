// Vouchers' rows, claims and redemptions (issue 42, decision 30). Usage, budget and each shopper's count are
// taken by one conditional update each, in the order's transaction, and given back once with the redemption's
// state change: no read-then-write, so no race on a limit.
import { and, desc, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { VoucherRefusal } from "#common/promotions.ts";
import type { Db, Tx } from "../../db/client.ts";
import { violates } from "../../db/transaction.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import type { Applied, VoucherRow } from "./apply.ts";
import { orderVouchers, voucherClaims, voucherRedemptions, vouchers } from "./promotions.tables.ts";

export { orderVouchers, voucherClaims, voucherRedemptions, vouchers } from "./promotions.tables.ts";
export type { VoucherRow } from "./apply.ts";

export function selectVouchers(db: Db | Tx, ids: readonly string[]): Promise<VoucherRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(vouchers)
    .where(inArray(vouchers.id, [...ids]));
}

/**
 * The vouchers a checkout of these stores may offer: those the shopper claimed, and those anyone may use
 * without a code (the platform's, free shipping, and these stores' own), running now.
 */
export function selectCheckoutVouchers(
  db: Db | Tx,
  userId: string,
  storeIds: readonly string[],
  at: Date,
): Promise<VoucherRow[]> {
  const claimed = sql`exists (select 1 from ${voucherClaims} where ${voucherClaims.voucherId} = ${vouchers.id} and ${voucherClaims.userId} = ${userId})`;
  const forTheseStores = or(
    isNull(vouchers.storeId),
    storeIds.length > 0 ? inArray(vouchers.storeId, [...storeIds]) : sql`false`,
  );
  return db
    .select()
    .from(vouchers)
    .where(
      and(
        lte(vouchers.startsAt, at),
        gt(vouchers.endsAt, at),
        eq(vouchers.paused, false),
        forTheseStores,
        or(isNull(vouchers.code), claimed),
      ),
    )
    .orderBy(vouchers.endsAt, vouchers.id);
}

/** How many live orders of the shopper use each of these vouchers, for those they claimed. */
export async function selectClaimCounts(
  db: Db | Tx,
  userId: string,
  voucherIds: readonly string[],
): Promise<Map<string, number>> {
  if (voucherIds.length === 0) return new Map();
  const rows = await db
    .select({ voucherId: voucherClaims.voucherId, used: voucherClaims.used })
    .from(voucherClaims)
    .where(and(eq(voucherClaims.userId, userId), inArray(voucherClaims.voucherId, [...voucherIds])));
  return new Map(rows.map((r) => [r.voucherId, r.used]));
}

/**
 * Reserves one use of a voucher for a checkout, in the order's transaction: the voucher's usage and budget by
 * one conditional update (still running, not paused, a use and the amount left), then the shopper's count the
 * same way (a voucher without a code is claimed by this first use). Nothing is written when either refuses:
 * the caller's transaction is rolled back with the refusal. Returns the redemption's id.
 */
export async function reserveVoucher(
  tx: Tx,
  applied: Applied,
  userId: string,
  at: Date,
): Promise<{ redemptionId: string } | { refusal: VoucherRefusal }> {
  const { voucher, amount } = applied;
  const taken = await tx
    .update(vouchers)
    .set({ used: sql`${vouchers.used} + 1`, spent: sql`${vouchers.spent} + ${amount}` })
    .where(
      and(
        eq(vouchers.id, voucher.id),
        eq(vouchers.paused, false),
        lte(vouchers.startsAt, at),
        gt(vouchers.endsAt, at),
        or(isNull(vouchers.usageLimit), sql`${vouchers.used} < ${vouchers.usageLimit}`),
        or(isNull(vouchers.budget), sql`${vouchers.spent} + ${amount} <= ${vouchers.budget}`),
      ),
    )
    .returning({ usageLimit: vouchers.usageLimit, used: vouchers.used });
  if (taken.length === 0) {
    const [row] = await selectVouchers(tx, [voucher.id]);
    if (!row || row.paused) return { refusal: "paused" };
    if (at < row.startsAt) return { refusal: "notStarted" };
    if (at >= row.endsAt) return { refusal: "ended" };
    if (row.usageLimit !== null && row.used >= row.usageLimit) return { refusal: "usedUp" };
    return { refusal: "budgetSpent" };
  }
  const counted = await tx
    .insert(voucherClaims)
    .values({ voucherId: voucher.id, userId, used: 1, claimedAt: at })
    .onConflictDoUpdate({
      target: [voucherClaims.voucherId, voucherClaims.userId],
      set: { used: sql`${voucherClaims.used} + 1` },
      setWhere: sql`${voucherClaims.used} < ${voucher.perShopperLimit}`,
    })
    .returning({ used: voucherClaims.used });
  if (counted.length === 0) return { refusal: "shopperLimit" };
  const redemptionId = newId("vrd", at.getTime());
  await tx
    .insert(voucherRedemptions)
    .values({ id: redemptionId, voucherId: voucher.id, userId, amount, createdAt: at });
  return { redemptionId };
}

/** Each order's share of a redemption, as the order pages and a release read it. */
export function insertOrderVouchers(tx: Tx, rows: (typeof orderVouchers.$inferInsert)[]) {
  if (rows.length === 0) return Promise.resolve();
  return tx
    .insert(orderVouchers)
    .values(rows)
    .then(() => undefined);
}

/** The redemptions an order shares, still reserved, with the states of every order of each. */
export async function selectReservedRedemptionsOf(tx: Tx, orderId: string) {
  return tx
    .select({
      redemptionId: voucherRedemptions.id,
      voucherId: voucherRedemptions.voucherId,
      userId: voucherRedemptions.userId,
      orderIds: sql<
        string[]
      >`(select array_agg(each.order_id) from order_vouchers each where each.redemption_id = "voucher_redemptions"."id")`,
    })
    .from(orderVouchers)
    .innerJoin(voucherRedemptions, eq(voucherRedemptions.id, orderVouchers.redemptionId))
    .where(and(eq(orderVouchers.orderId, orderId), eq(voucherRedemptions.state, "reserved")));
}

/**
 * Locks a redemption still reserved (null when it was given back): two orders of one checkout ending at once
 * take turns, so the second sees the first ended and gives the use back.
 */
export async function lockReservedRedemption(tx: Tx, redemptionId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: voucherRedemptions.id })
    .from(voucherRedemptions)
    .where(and(eq(voucherRedemptions.id, redemptionId), eq(voucherRedemptions.state, "reserved")))
    .for("update");
  return rows.length > 0;
}

/**
 * Gives a redemption's use and amount back to its voucher and the shopper's count, once: only the call that
 * moves it from reserved to released gives anything back; a second finds nothing to change.
 */
export async function releaseRedemption(tx: Tx, redemptionId: string): Promise<boolean> {
  const [released] = await tx
    .update(voucherRedemptions)
    .set({ state: "released", releasedAt: now() })
    .where(and(eq(voucherRedemptions.id, redemptionId), eq(voucherRedemptions.state, "reserved")))
    .returning();
  if (!released) return false;
  await tx
    .update(vouchers)
    .set({ used: sql`${vouchers.used} - 1`, spent: sql`${vouchers.spent} - ${released.amount}` })
    .where(eq(vouchers.id, released.voucherId));
  await tx
    .update(voucherClaims)
    .set({ used: sql`${voucherClaims.used} - 1` })
    .where(and(eq(voucherClaims.voucherId, released.voucherId), eq(voucherClaims.userId, released.userId)));
  return true;
}

export type NewVoucher = typeof vouchers.$inferInsert;

/** Writes a new voucher; a code another voucher has is refused in words (the database's unique index decides). */
export async function insertVoucher(tx: Db | Tx, row: NewVoucher): Promise<VoucherRow> {
  try {
    const [saved] = await tx.insert(vouchers).values(row).returning();
    return saved!;
  } catch (error) {
    if (violates(error, "vouchers_code_unique"))
      throw new DomainError("conflict", "errors.vouchers.codeTaken");
    throw error;
  }
}

export async function setPaused(tx: Db | Tx, id: string, paused: boolean): Promise<VoucherRow | undefined> {
  const [row] = await tx
    .update(vouchers)
    .set({ paused, updatedAt: now() })
    .where(eq(vouchers.id, id))
    .returning();
  return row;
}

export async function selectVoucherByCode(db: Db | Tx, code: string): Promise<VoucherRow | undefined> {
  const [row] = await db.select().from(vouchers).where(eq(vouchers.code, code));
  return row;
}

/** Claims a voucher for a shopper; claiming it again changes nothing. */
export async function insertClaim(tx: Db | Tx, voucherId: string, userId: string): Promise<void> {
  await tx.insert(voucherClaims).values({ voucherId, userId, claimedAt: now() }).onConflictDoNothing();
}

/**
 * Vouchers a shopper may see now: running, not paused, with uses left. `scope` picks the platform's and free
 * shipping (the voucher page), one store's, or the ones this shopper claimed; vouchers with a code are listed
 * only once claimed.
 */
export function selectShopperVouchers(
  db: Db | Tx,
  scope: { platform: true } | { storeId: string } | { claimedBy: string },
  at: Date,
) {
  const claimedBy =
    "claimedBy" in scope
      ? sql`exists (select 1 from ${voucherClaims} where ${voucherClaims.voucherId} = ${vouchers.id} and ${voucherClaims.userId} = ${scope.claimedBy})`
      : isNull(vouchers.code);
  const whose =
    "platform" in scope
      ? isNull(vouchers.storeId)
      : "storeId" in scope
        ? eq(vouchers.storeId, scope.storeId)
        : undefined;
  return db
    .select()
    .from(vouchers)
    .where(
      and(
        lte(vouchers.startsAt, at),
        gt(vouchers.endsAt, at),
        eq(vouchers.paused, false),
        or(isNull(vouchers.usageLimit), sql`${vouchers.used} < ${vouchers.usageLimit}`),
        whose,
        claimedBy,
      ),
    )
    .orderBy(vouchers.endsAt, vouchers.id)
    .limit(100);
}

/** A store's vouchers or the platform's (both kinds), newest first, with their live orders counted. */
export function selectManagedVouchers(db: Db | Tx, owner: { storeId: string } | { platform: true }) {
  return db
    .select({
      voucher: vouchers,
      // Spelt out: drizzle leaves a subquery's columns unqualified, and both tables have an id.
      orders: sql<number>`(select count(distinct ov.order_id)::int from order_vouchers ov join voucher_redemptions vr on vr.id = ov.redemption_id where ov.voucher_id = "vouchers"."id" and vr.state = 'reserved')`,
    })
    .from(vouchers)
    .where("storeId" in owner ? eq(vouchers.storeId, owner.storeId) : isNull(vouchers.storeId))
    .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
    .limit(200);
}

/** The ways of paying the vouchers of these orders allow (null for a voucher that allows any). */
export async function selectVoucherMethodsOf(db: Db | Tx, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({ methods: vouchers.methods })
    .from(orderVouchers)
    .innerJoin(vouchers, eq(vouchers.id, orderVouchers.voucherId))
    .where(inArray(orderVouchers.orderId, [...orderIds]));
  return rows.map((r) => r.methods);
}
