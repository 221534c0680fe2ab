// eslint-disable-next-line no-restricted-imports -- test support, not domain code: the error the API's callers meet
import { TRPCError } from "@trpc/server";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { callerFor } from "../../../tests/setup/caller.ts";
import { expectLedgerBalanced } from "../../../tests/setup/ledger.ts";
import { newKey, signedInUser } from "../../../tests/setup/money.ts";
import { supplyProduct } from "../../../tests/setup/shop.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";

/**
 * The merchants test files' database and operator, set anew for each file by `useMerchantsDatabase` (the database
 * projects share a worker's modules between files, which run one after another).
 */
export let database: TestDatabase;
export let ops: Awaited<ReturnType<typeof signedInUser>>;
let categoryId: number;

/** The clock a test moved (`clock.restore = setClock(...)`): put back after the test. */
export const clock: { restore?: () => void } = {};

/**
 * One database, an operator and the test category for the calling test file; after each of its tests the clock
 * is put back and the ledger balances.
 */
export function useMerchantsDatabase() {
  beforeAll(async () => {
    database = await createTestDatabase();
    ops = await signedInUser(database, "operator");
    // The test category (id 9001) is made with the first supply product.
    await supplyProduct(database);
    categoryId = 9001;
  });
  afterAll(() => database.destroy());
  afterEach(async () => {
    clock.restore?.();
    clock.restore = undefined;
    await expectLedgerBalanced(database);
  });
}

let names = 0;
/** An application form as the page sends it (multipart), with a unique store name unless given. */
export async function form(fields: Partial<Record<string, string>> = {}, logo?: Uint8Array<ArrayBuffer>) {
  names += 1;
  const data = new FormData();
  const values = {
    storeName: `Toko Baru ${names}`,
    phone: "0812 3456 7890",
    intro: "Pakaian anak dan dewasa.",
    ownerName: "Budi Santoso",
    categoryId: String(categoryId),
    ...fields,
  };
  for (const [k, v] of Object.entries(values)) if (v !== undefined) data.set(k, v);
  if (logo) data.set("logo", new File([logo], "logo.png", { type: "image/png" }));
  return data;
}

/** The tRPC error a call fails with: its code and translated message. */
export async function failure(call: Promise<unknown>) {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return { code: (error as TRPCError).code, message: (error as TRPCError).message };
}

/** A shopper who applied, and the operator approved: now a merchant with a store. */
export async function approvedMerchant(fields: Partial<Record<string, string>> = {}) {
  const user = await signedInUser(database);
  const application = await user.api.merchants.applyForStore(await form(fields));
  const { storeId } = await ops.api.ops.merchants.approve({ id: application.id, idempotencyKey: newKey() });
  // A caller keeps its user for its lifetime, like one HTTP request: the next request sees the new role.
  return { ...user, storeId, api: callerFor(database, { token: user.token }) };
}
