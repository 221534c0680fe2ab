import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { newKey, signedInUser } from "../../../tests/setup/money.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { setClock } from "../../platform/clock.ts";
import {
  checkLedger,
  forgetOldKeys,
  idempotencyKeyTtlMs,
  move,
  once,
  walletBalance,
} from "./ledger.service.ts";
import { idempotencyKeys } from "./ledger.tables.ts";

let database: TestDatabase;
let userId: string;
let restore: (() => void) | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  userId = (await signedInUser(database)).id;
});
afterAll(() => database.destroy());
afterEach(async () => {
  restore?.();
  restore = undefined;
  // Each test counts the keys it made: none are left for the next one.
  await database.db.delete(idempotencyKeys);
  // Whatever a test did, the ledger balances.
  const check = await checkLedger(database.db);
  expect(check.mismatches).toEqual([]);
  expect(check.ok).toBe(true);
});

/** Sets the one clock to `at` for the rest of the test. */
function at(moment: Date) {
  restore?.();
  restore = setClock(() => moment);
}

/**
 * A credit of `amount` to the user's wallet through `once`, counting how often the work really ran. Like the
 * wallet's own calls, the work makes a new subject each time it runs.
 */
function credit(key: string, amount: number, runs: { n: number }) {
  return once(database.db, { userId, key, operation: "test.credit", request: { amount } }, async (tx) => {
    runs.n++;
    const ids = await move(
      tx,
      [
        {
          from: { platform: "adjustments" },
          to: { wallet: userId },
          amount,
          kind: "system",
          subject: { type: "adjustment", id: `adj_${newKey()}` },
          step: "credit",
        },
      ],
      null,
    );
    return { transferIds: ids };
  });
}

const hour = 60 * 60 * 1000;

describe("idempotency keys", () => {
  it("a repeat with the same key returns the first answer and moves nothing", async () => {
    at(new Date("2026-11-23T03:00:00Z"));
    const before = await walletBalance(database.db, userId);
    const transfersBefore = (await checkLedger(database.db)).transfers;
    const runs = { n: 0 };
    const key = newKey();

    const first = await credit(key, 25_000, runs);
    expect(first.transferIds).toHaveLength(1);
    const repeat = await credit(key, 25_000, runs);
    expect(repeat).toEqual(first);
    expect(runs.n).toBe(1);
    expect(await walletBalance(database.db, userId)).toBe(before + 25_000);
    expect((await checkLedger(database.db)).transfers).toBe(transfersBefore + 1);

    // The same key for another request is refused, and moves nothing either.
    await expect(credit(key, 99_000, runs)).rejects.toMatchObject({
      kind: "conflict",
      key: "errors.money.idempotencyConflict",
    });
    expect(runs.n).toBe(1);
    expect(await walletBalance(database.db, userId)).toBe(before + 25_000);
  });

  it("forgetOldKeys forgets keys older than the TTL and keeps younger ones", async () => {
    expect(idempotencyKeyTtlMs).toBe(24 * hour);
    const t0 = new Date("2026-12-01T03:00:00Z");
    const runs = { n: 0 };
    const oldKey = newKey();
    const youngKey = newKey();

    at(t0);
    const first = await credit(oldKey, 10_000, runs);
    at(new Date(t0.getTime() + 20 * hour));
    await credit(youngKey, 20_000, runs);
    expect(runs.n).toBe(2);
    const balance = await walletBalance(database.db, userId);

    // A day less a millisecond later the old key is still younger than the TTL: nothing is forgotten, and a
    // retry of its tap still returns the first answer without moving money.
    at(new Date(t0.getTime() + idempotencyKeyTtlMs - 1));
    expect(await forgetOldKeys(database.db)).toBe(0);
    expect(await credit(oldKey, 10_000, runs)).toEqual(first);
    expect(runs.n).toBe(2);

    // Past the TTL: the old key is forgotten (and counted), the one made 20 hours later is kept.
    at(new Date(t0.getTime() + idempotencyKeyTtlMs + 1));
    expect(await forgetOldKeys(database.db)).toBe(1);
    expect(await forgetOldKeys(database.db)).toBe(0);
    const kept = await database.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    expect(kept.map((k) => k.key)).toEqual([youngKey]);
    expect(await credit(youngKey, 20_000, runs)).toMatchObject({ transferIds: expect.any(Array) });
    expect(runs.n).toBe(2);
    // Forgetting a key moves no money.
    expect(await walletBalance(database.db, userId)).toBe(balance);

    // The younger key goes too once it is past the TTL itself.
    at(new Date(t0.getTime() + 20 * hour + idempotencyKeyTtlMs + 1));
    expect(await forgetOldKeys(database.db)).toBe(1);
    expect(await database.db.select().from(idempotencyKeys)).toEqual([]);
  });

  it("a forgotten key is a new key: the same request with it does the work again", async () => {
    // What "forgotten" means for a client still retrying after a day: the retry moves money a second time.
    const t0 = new Date("2026-12-10T03:00:00Z");
    const runs = { n: 0 };
    const key = newKey();
    at(t0);
    const first = await credit(key, 5_000, runs);
    const balance = await walletBalance(database.db, userId);

    at(new Date(t0.getTime() + idempotencyKeyTtlMs + 1));
    expect(await forgetOldKeys(database.db)).toBe(1);
    const second = await credit(key, 5_000, runs);
    expect(runs.n).toBe(2);
    expect(second.transferIds).not.toEqual(first.transferIds);
    expect(await walletBalance(database.db, userId)).toBe(balance + 5_000);
  });
});
