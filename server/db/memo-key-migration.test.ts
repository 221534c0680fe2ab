import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-db.ts";
import { walletHistory } from "../modules/ledger/ledger.service.ts";

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase({ migratedUpTo: "0018_keyword_search_address" });
});
afterEach(() => database.destroy());

describe("migration 0016 (transfer memo keys)", () => {
  it("turns the demo's Indonesian opening-balance note into its key and keeps operators' reasons as typed", async () => {
    // A shop seeded before it: the opening balance's note written in Indonesian, beside an operator's own reason.
    await database.db.execute(sql`
      insert into users (id, email, invite_code) values ('usr_old', 'lama@example.id', 'OLD001')`);
    await database.db.execute(sql`
      insert into ledger_accounts (id, kind, user_id, balance) values ('wallet:usr_old', 'wallet', 'usr_old', 490000)`);
    await database.db.execute(sql`
      insert into ledger_transfers
        (id, debit_account_id, credit_account_id, amount, kind, subject_type, subject_id, step, memo, created_at)
      values
        ('trf_a', 'platform:adjustments', 'wallet:usr_old', 500000, 'system', 'adjustment', 'trf_a', 'adjust',
         'Saldo awal demo', '2026-11-01T00:00:00Z'),
        ('trf_b', 'wallet:usr_old', 'platform:adjustments', 10000, 'system', 'adjustment', 'trf_b', 'adjust',
         'Koreksi salah transfer', '2026-11-02T00:00:00Z')`);

    await database.migrate();

    const { items } = await walletHistory(database.db, "usr_old", { limit: 10 });
    expect(items.map(({ id, amount, memo, memoKey }) => ({ id, amount, memo, memoKey }))).toEqual([
      { id: "trf_b", amount: -10000, memo: "Koreksi salah transfer", memoKey: null },
      { id: "trf_a", amount: 500000, memo: null, memoKey: "demoOpeningBalance" },
    ]);
  });
});
