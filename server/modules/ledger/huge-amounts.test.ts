import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moneySettingsDefaults } from "#common/platform.ts";
import { callerFor } from "../../../tests/setup/caller.ts";
import { newKey, signedInUser, testPassword } from "../../../tests/setup/money.ts";
import { createTestApp } from "../../../tests/setup/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { transact } from "../../db/transaction.ts";
import { newId } from "../../platform/ids.ts";
import { hashPassword } from "../auth/auth.service.ts";
import { checkLedger, move } from "./ledger.service.ts";

/**
 * Amounts near JavaScript's largest exact integer (2^53 - 1) once broke money reads for good: an adjustment of
 * 9.007.199.254.740.991 was accepted, a second one saved but answered 500, the wallet pages answered 500 and
 * the ledger check said "not balanced" forever, because sums became JavaScript numbers.
 */
const huge = Number.MAX_SAFE_INTEGER;
const defaults = { ...moneySettingsDefaults, rechargePresets: [...moneySettingsDefaults.rechargePresets] };

describe("money inputs have bounds", () => {
  let database: TestDatabase;
  let ops: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    ops = await signedInUser(database, "operator");
  });
  afterAll(() => database.destroy());

  it("refuses an adjustment of 2^53 - 1 and one above the operators' limit, in words, changing nothing", async () => {
    const user = await signedInUser(database);
    const en = callerFor(database, { token: ops.token, lang: "en" });
    const adjust = (amount: number) =>
      en.ops.money.adjust({ account: user.email, amount, reason: "uji", idempotencyKey: newKey() });
    // Over HTTP, as the operator's page sends it: the field's message in the operator's language.
    for (const amount of [huge, -huge, 10_000_000_000_001]) {
      const response = await createTestApp(database).request("/trpc/ops.money.adjust", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: ops.token, lang: "en" },
        body: JSON.stringify({
          json: { account: user.email, amount, reason: "uji", idempotencyKey: newKey() },
        }),
      });
      expect(response.status, String(amount)).toBe(400);
      const body = (await response.json()) as { error: { json: { data: { issues: unknown[] } } } };
      expect(body.error.json.data.issues).toEqual([{ path: "amount", message: "This amount is too large." }]);
    }
    await expect(adjust(100_000_001)).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "An adjustment can be at most Rp 100.000.000. Ask for a higher limit in the settings.",
    });
    expect(await user.api.wallet.summary()).toEqual({ balance: 0, pendingWithdrawals: 0 });
    // Raised knowingly, the limit allows more, and every money read still answers.
    await ops.api.ops.settings.updateMoney({ ...defaults, adjustMax: 1_000_000_000_000 });
    await adjust(1_000_000_000_000);
    await adjust(1_000_000_000_000);
    expect((await user.api.wallet.summary()).balance).toBe(2_000_000_000_000);
    expect((await user.api.wallet.history({})).items).toHaveLength(2);
    const ledger = await ops.api.ops.money.ledger();
    expect(ledger).toMatchObject({ ok: true, total: 0n });
    expect(ledger.platform.find((a) => a.id === "platform:adjustments")?.balance).toBe(-2_000_000_000_000n);
    await ops.api.ops.settings.updateMoney(defaults);
  });

  it("never lets an account hold more than Rp 1 quadrillion: the move is refused whole, nothing is written", async () => {
    const user = await signedInUser(database);
    const before = await checkLedger(database.db);
    const transfers = Array.from({ length: 101 }, (_, i) => ({
      from: { platform: "adjustments" as const },
      to: { wallet: user.id },
      amount: 10_000_000_000_000,
      kind: "system" as const,
      subject: { type: "adjustment" as const, id: `adj_big_${user.id}` },
      step: `s${i}`,
    }));
    await expect(transact(database.db, (tx) => move(tx, transfers, null))).rejects.toMatchObject({
      key: "errors.money.tooLarge",
    });
    const after = await checkLedger(database.db);
    expect(after.transfers).toBe(before.transfers);
    expect(after.ok).toBe(true);
  });
});

describe("a shop where huge adjustments were made before the bounds", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ migratedUpTo: "0016_vat_basis_points" });
  });
  afterAll(() => database.destroy());

  it("keeps its history, checks it exactly (balanced, total 0) and answers every money read after the reversal", async () => {
    // The accounts as that schema held them (today's code writes columns it did not have); signed in after the
    // migrations, below.
    const hash = await hashPassword(testPassword);
    const account = async (role: "operator" | "shopper") => {
      const id = newId("usr");
      await database.db
        .execute(sql`insert into users (id, email, password_hash, role, invite_code, created_at)
        values (${id}, ${`${id}@example.id`}, ${hash}, ${role}, ${id.slice(-8).toUpperCase()}, now())`);
      return { id, email: `${id}@example.id` };
    };
    const operator = await account("operator");
    const shopper = await account("shopper");
    const wallet = `wallet:${shopper.id}`;
    // What the old code wrote: two credits of 2^53 - 1, then both reversed. Balances as the old code kept them.
    await database.db.execute(sql`insert into ledger_accounts (id, kind, user_id, balance)
      values (${wallet}, 'wallet', ${shopper.id}, 0)`);
    const at = new Date();
    let n = 0;
    const transfer = async (debit: string, credit: string) => {
      n += 1;
      await database.db.execute(sql`insert into ledger_transfers
        (id, debit_account_id, credit_account_id, amount, kind, subject_type, subject_id, step, memo, created_at)
        values (${`trf_legacy_${n}`}, ${debit}, ${credit}, ${String(huge)}, 'system', 'adjustment',
                ${`adj_legacy_${n}`}, 'adjust', 'lama', ${at})`);
      await database.db.execute(
        sql`update ledger_accounts set balance = balance + ${String(huge)} where id = ${credit}`,
      );
      await database.db.execute(
        sql`update ledger_accounts set balance = balance - ${String(huge)} where id = ${debit}`,
      );
    };
    await transfer("platform:adjustments", wallet);
    await transfer("platform:adjustments", wallet);
    // Exact: 2 × (2^53 - 1) is no JavaScript number, yet nothing is off by a rupiah.
    expect(await checkLedger(database.db)).toMatchObject({ ok: true, total: 0n, mismatches: [] });
    await transfer(wallet, "platform:adjustments");
    await transfer(wallet, "platform:adjustments");
    // The bounds arrive (NOT VALID: the history stays as it was written).
    await database.migrate();
    const signIn = async (email: string) => {
      const { token } = await callerFor(database).auth.signIn({
        method: "password",
        account: email,
        password: testPassword,
      });
      return { api: callerFor(database, { token }) };
    };
    const ops = await signIn(operator.email);
    const user = await signIn(shopper.email);
    const check = await checkLedger(database.db);
    expect(check).toMatchObject({ ok: true, total: 0n, mismatches: [] });
    expect(check.transfers).toBe(4);
    expect((await ops.api.ops.money.ledger()).ok).toBe(true);
    expect(await user.api.wallet.summary()).toEqual({ balance: 0, pendingWithdrawals: 0 });
    expect((await user.api.wallet.history({})).items.map((r) => r.amount)).toEqual([
      -huge,
      -huge,
      huge,
      huge,
    ]);
  });
});
