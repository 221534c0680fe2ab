import { expect } from "vitest";
import { checkLedger } from "#server/modules/ledger/ledger.service.ts";
import type { TestDatabase } from "./test-db.ts";

/** Whatever a test did, the ledger balances: every stored balance equals its transfers, all sum to zero. */
export async function expectLedgerBalanced(database: TestDatabase) {
  const check = await checkLedger(database.db);
  expect(check.mismatches).toEqual([]);
  expect(check.total).toBe(0n);
  expect(check.ok).toBe(true);
}
