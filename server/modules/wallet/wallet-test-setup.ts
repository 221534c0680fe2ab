import { afterAll, afterEach, beforeAll } from "vitest";
import { expectLedgerBalanced } from "../../../tests/setup/ledger.ts";
import { newKey, signedInUser } from "../../../tests/setup/money.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";

/**
 * The wallet test files' database and operator, set anew for each file by `useWalletDatabase` (the database
 * projects share a worker's modules between files, which run one after another).
 */
export let database: TestDatabase;
export let ops: Awaited<ReturnType<typeof signedInUser>>;

/** The clock a test moved (`clock.restore = setClock(...)`): put back after the test. */
export const clock: { restore?: () => void } = {};

/**
 * One database and an operator for the calling test file; after each of its tests the clock is put back and the
 * ledger balances.
 */
export function useWalletDatabase() {
  beforeAll(async () => {
    database = await createTestDatabase();
    ops = await signedInUser(database, "operator");
  });
  afterAll(() => database.destroy());
  afterEach(async () => {
    clock.restore?.();
    clock.restore = undefined;
    await expectLedgerBalanced(database);
  });
}

/** Credits a user's wallet the way operators do (a `system` transfer with a reason). */
export async function credit(email: string, amount: number) {
  return ops.api.ops.money.adjust({ account: email, amount, reason: "saldo awal", idempotencyKey: newKey() });
}

export const card = { accountName: "Siti Aminah", bankCode: "014", accountNumber: "1234 567 890" };
