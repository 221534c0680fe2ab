import { afterAll, afterEach, beforeAll } from "vitest";
import { callerFor } from "../../../tests/setup/caller.ts";
import { expectLedgerBalanced } from "../../../tests/setup/ledger.ts";
import { newKey, signedInUser } from "../../../tests/setup/money.ts";
import { listing, merchantWithStore, placeOrder, supplyProduct } from "../../../tests/setup/shop.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { setClock } from "../../platform/clock.ts";

/**
 * What the order tests (orders*.test.ts) share: their database, its operator, the clock and the shop's
 * makings.
 */

export let database: TestDatabase;
export let ops: Awaited<ReturnType<typeof signedInUser>>;
let restore: (() => void) | undefined;

/** The test file's database and operator, and the checks after each test: once per file. */
export function useOrdersShop(): void {
  beforeAll(async () => {
    database = await createTestDatabase();
    ops = await signedInUser(database, "operator");
  });
  afterAll(() => database.destroy());
  afterEach(async () => {
    clockBack();
    await expectLedgerBalanced(database);
  });
}

/** Moves the clock forward by `ms` from now (until the test ends). */
export function later(ms: number) {
  restore?.();
  // eslint-disable-next-line no-restricted-syntax -- the tests move the clock from the real time
  const at = new Date(Date.now() + ms);
  restore = setClock(() => at);
}

/** Puts the real clock back before the test ends. */
export function clockBack() {
  restore?.();
  restore = undefined;
}

export const runJobs = () => database.jobs.runDue();

/** A shopper's checkout of one product from the default address, a new key each time. */
export function buy(
  shopper: { api: Awaited<ReturnType<typeof signedInUser>>["api"]; addressId: string },
  listingId: string,
  quantity = 1,
  method: "wallet" | "qris" = "wallet",
) {
  return placeOrder(shopper.api, {
    lines: [{ listingId, quantity }],
    addressId: shopper.addressId,
    method,
    fromCart: false,
    idempotencyKey: newKey(),
  });
}

/** Two stores, each selling one product (stock 10): merchant price 60,000, sold at 100,000 and 150,000. */
export async function twoStores(opts: { autoPay?: boolean; stock?: number } = {}) {
  const a = await merchantWithStore(database, { autoPay: opts.autoPay });
  const b = await merchantWithStore(database, { autoPay: opts.autoPay });
  const supplyA = await supplyProduct(database, { stock: opts.stock ?? 10, merchantPrice: 60_000 });
  const supplyB = await supplyProduct(database, { stock: opts.stock ?? 10, merchantPrice: 60_000 });
  return {
    a,
    b,
    supplyA,
    supplyB,
    listingA: await listing(database, a.storeId, supplyA, 100_000),
    listingB: await listing(database, b.storeId, supplyB, 150_000),
  };
}

export async function stockOf(listingId: string) {
  return (await callerFor(database).listings.get({ id: listingId })).stock;
}
