import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { latestCode } from "../../../tests/setup/accounts.ts";
import { callerFor } from "../../../tests/setup/caller.ts";
import { failure } from "../../../tests/setup/failure.ts";
import { expectLedgerBalanced } from "../../../tests/setup/ledger.ts";
import {
  bankCardOfYesterday,
  newKey,
  pinProof,
  signedInUser,
  testPassword,
  testPin,
} from "../../../tests/setup/money.ts";
import {
  listing,
  merchantWithStore,
  placeOrder,
  shopperWithMoney,
  supplyProduct,
} from "../../../tests/setup/shop.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { resetClock, setClock } from "../../platform/clock.ts";

// Issue 43: "Bekukan akun": one tap ends every session and stops money leaving; a code and the PIN undo it.

let database: TestDatabase;
let ops: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  database = await createTestDatabase();
  ops = await signedInUser(database, "operator");
});
afterEach(() => resetClock());
afterAll(async () => {
  await expectLedgerBalanced(database);
  await database.destroy();
});

const signIn = async (email: string) =>
  (await callerFor(database).auth.signIn({ method: "password", account: email, password: testPassword }))
    .token;

describe("freezing an account", () => {
  it("ends every session, refuses wallet payments and withdrawals until a code and the PIN unfreeze it; audited", async () => {
    const merchant = await merchantWithStore(database);
    const listingId = await listing(database, merchant.storeId, await supplyProduct(database), 100_000);
    const shopper = await shopperWithMoney(database, ops, 300_000);
    await bankCardOfYesterday(database, shopper, {
      accountName: "Siti Aminah",
      bankCode: "014",
      accountNumber: "1234567890",
    });
    const phone = await signIn(shopper.email);

    expect(await shopper.api.account.freeze.freeze()).toEqual({ endedSessions: 2 });
    for (const token of [shopper.token, phone]) {
      expect((await failure(callerFor(database, { token }).account.me())).code).toBe("UNAUTHORIZED");
    }
    // Signing in again works (with a stolen password too), but no money leaves.
    const token = await signIn(shopper.email);
    const api = callerFor(database, { token, lang: "en" });
    expect((await api.account.freeze.status()).frozenAt).toBeInstanceOf(Date);
    const frozen = {
      code: "FORBIDDEN",
      message:
        "Your account is frozen: paying from your balance and withdrawing are refused. Unfreeze it in Account → Account security.",
    };
    const buy = () =>
      placeOrder(api, {
        lines: [{ listingId, quantity: 1 }],
        addressId: shopper.addressId,
        method: "wallet",
        fromCart: false,
        idempotencyKey: newKey(),
      });
    expect(await failure(buy())).toEqual(frozen);
    expect(
      await failure(api.wallet.withdraw({ amount: 50_000, proof: pinProof, idempotencyKey: newKey() })),
    ).toEqual(frozen);
    expect((await api.wallet.summary()).balance).toBe(300_000);
    expect((await api.orders.list({ tab: "all", limit: 10 })).items).toEqual([]);

    // Unfreezing: the PIN is asked, and a code sent for unfreezing (a PIN code, asked a minute later, is not one).
    const later = new Date(Date.now() + 61_000);
    setClock(() => later);
    await api.account.pin.sendCode();
    const pinCode = await latestCode(database, shopper.email);
    expect(await failure(api.account.freeze.unfreeze({ code: pinCode, pin: testPin }))).toEqual({
      code: "BAD_REQUEST",
      message: "This code can no longer be used. Request a new one.",
    });
    expect((await failure(api.account.freeze.unfreeze({ code: pinCode }))).code).toBe("BAD_REQUEST");
    await api.account.freeze.sendCode();
    const outbox = await callerFor(database).notifications.outbox();
    expect(outbox.find((m) => m.recipient === shopper.email)?.body).toMatch(
      /^Your Pasar code to unfreeze your account: \d{6}\. It is valid for 5 minutes\./,
    );
    const code = await latestCode(database, shopper.email);
    expect(await failure(api.account.freeze.unfreeze({ code, pin: "502913" }))).toEqual({
      code: "BAD_REQUEST",
      message: "Wrong PIN. Attempts left: 4.",
    });
    expect((await api.account.freeze.status()).frozenAt).not.toBeNull();
    await api.account.freeze.unfreeze({ code, pin: testPin });
    expect(await api.account.freeze.status()).toEqual({ frozenAt: null });
    await buy();
    expect((await api.wallet.summary()).balance).toBeLessThan(300_000);

    const audit = (await ops.api.ops.money.audit({ limit: 50 })).items.filter(
      (e) => e.subjectId === shopper.id && e.action.startsWith("user."),
    );
    expect(audit.map((e) => [e.action, e.after])).toEqual([
      ["user.unfreeze", null],
      ["user.freeze", { endedSessions: 2 }],
    ]);
    // No PIN or code is written anywhere in the audit.
    expect(JSON.stringify(audit)).not.toMatch(/270419|502913|\b\d{6}\b/);
  });

  it("is the signed-in owner's own: a visitor must sign in", async () => {
    const api = callerFor(database);
    for (const call of [() => api.account.freeze.freeze(), () => api.account.freeze.status()]) {
      expect((await failure(call())).code).toBe("UNAUTHORIZED");
    }
  });
});
