import { afterAll, beforeAll, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { latestCode } from "../../../tests/setup/accounts.ts";
import { signedInUser } from "../../../tests/setup/money.ts";
import { createTestDatabase, testDbKind, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { DomainError } from "../../platform/errors.ts";
import { paymentPins } from "./auth.tables.ts";
import { checkPin } from "./pin.service.ts";

// Issue 43: wrong PINs tried at once are counted exactly (PGlite runs one statement at a time, PostgreSQL truly at
// once): 200 of them lock the PIN after exactly 5 counted tries, and the right PIN during the lock is refused.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const tries = testDbKind === "postgres" ? 200 : 40;

it(`${tries} wrong PINs at once count exactly 5 tries and lock it; the right PIN is refused during the lock`, async () => {
  const user = await signedInUser(database, "shopper", { pin: false });
  await user.api.account.pin.sendCode();
  await user.api.account.pin.set({ code: await latestCode(database, user.email), pin: "280417" });

  const outcomes = await Promise.all(
    Array.from({ length: tries }, (_, i) =>
      checkPin(database.db, user.id, String(500000 + i)).then(
        () => "accepted",
        (e: unknown) => (e instanceof DomainError ? e.key : String(e)),
      ),
    ),
  );
  const counts = Object.fromEntries(
    [...new Set(outcomes)].map((key) => [key, outcomes.filter((o) => o === key).length]),
  );
  // Four told "wrong" with tries left, every other one "locked"; none accepted.
  expect(counts).toEqual({ "errors.pin.wrong": 4, "errors.pin.locked": tries - 4 });
  const [row] = await database.db.select().from(paymentPins).where(eq(paymentPins.userId, user.id));
  expect({ failures: row!.failures, dayFailures: row!.dayFailures }).toEqual({ failures: 5, dayFailures: 5 });
  expect(row!.lockedUntil).not.toBeNull();

  await expect(checkPin(database.db, user.id, "280417")).rejects.toMatchObject({ key: "errors.pin.locked" });
});
