import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { latestCode } from "../../../tests/setup/accounts.ts";
import { callerFor } from "../../../tests/setup/caller.ts";
import { failure } from "../../../tests/setup/failure.ts";
import { newKey, pinProof, signedInUser } from "../../../tests/setup/money.ts";
import { listing, merchantWithStore, shopperWithMoney, supplyProduct } from "../../../tests/setup/shop.ts";
import { testContextDeps } from "../../../tests/setup/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { sendActionCode } from "../../flows/send-code.ts";
import { resetClock, setClock } from "../../platform/clock.ts";
import { serverTranslator } from "../../platform/i18n.ts";
import { isEasyPin } from "./pin.service.ts";

// Issue 43: the payment PIN, set by a code that names its action, locked after 5 wrong tries, disabled after 10 a day.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());
afterEach(() => resetClock());

/** A signed-in shopper with a PIN set through its code. */
async function withPin(pin = "280417") {
  const user = await signedInUser(database, "shopper", { pin: false });
  await user.api.account.pin.sendCode();
  await user.api.account.pin.set({ code: await latestCode(database, user.email), pin });
  return user;
}

/** The PIN checked as a payment would: through changing it to itself (the one procedure that only checks it). */
const tryPin = (user: { token: string }, pin: string, lang: "ind" | "en" = "en") =>
  callerFor(database, { token: user.token, lang }).account.pin.change({ currentPin: pin, pin: "280417" });

describe("the payment PIN", () => {
  it("refuses PINs anyone would guess first", () => {
    for (const pin of ["111111", "123456", "654321", "890123", "121212", "123123", "000000"]) {
      expect(isEasyPin(pin), pin).toBe(true);
    }
    expect(isEasyPin("345678", "+6281234345678")).toBe(true);
    for (const pin of ["280417", "502913", "736150"])
      expect(isEasyPin(pin, "+6281234567890"), pin).toBe(false);
  });

  it("is set with a code sent to the account that says what it is for; an easy PIN or a wrong code sets nothing", async () => {
    const user = await signedInUser(database, "shopper", { pin: false });
    expect(await user.api.account.pin.status()).toEqual({ set: false, lockedUntil: null, disabled: false });
    expect(await user.api.account.pin.sendCode()).toEqual({ channel: "email", resendInSeconds: 60 });
    const outbox = await callerFor(database).notifications.outbox();
    expect(outbox.find((m) => m.recipient === user.email)?.body).toMatch(
      /^Kode Pasar untuk membuat PIN pembayaran: \d{6}\. Berlaku 5 menit\. Staf Pasar tidak pernah meminta kode ini;/,
    );
    const code = await latestCode(database, user.email);
    const en = callerFor(database, { token: user.token, lang: "en" });
    expect(await failure(en.account.pin.set({ code, pin: "123456" }))).toEqual({
      code: "BAD_REQUEST",
      message:
        "That PIN is too easy to guess. Avoid one digit repeated, runs, repeated pairs or the end of your phone number.",
    });
    // Input the schema refuses: its message key (translated by the HTTP layer).
    expect((await failure(en.account.pin.set({ code, pin: "12a456" }))).message).toContain(
      "errors.pin.format",
    );
    const wrongCode = code === "000000" ? "000001" : "000000";
    expect((await failure(en.account.pin.set({ code: wrongCode, pin: "280417" }))).message).toMatch(
      /^Wrong code/,
    );
    expect(await user.api.account.pin.status()).toMatchObject({ set: false });

    expect(await en.account.pin.set({ code, pin: "280417" })).toEqual({ reset: false });
    expect(await user.api.account.pin.status()).toEqual({ set: true, lockedUntil: null, disabled: false });
    // The code works once.
    expect((await failure(en.account.pin.set({ code, pin: "502913" }))).code).toBe("BAD_REQUEST");
  });

  it("refuses a code that was sent for another target, even when it is right", async () => {
    const user = await signedInUser(database, "shopper", { pin: false });
    const deps = { ...testContextDeps(database), t: serverTranslator("en"), clientIp: "127.0.0.1" };
    await sendActionCode(deps, user.id, "pin", "BCA ••1234");
    const outbox = await callerFor(database).notifications.outbox();
    expect(outbox.find((m) => m.recipient === user.email)?.body).toMatch(
      /^Your Pasar code to set your payment PIN \(BCA ••1234\): \d{6}\./,
    );
    const code = await latestCode(database, user.email);
    expect(
      await failure(
        callerFor(database, { token: user.token, lang: "en" }).account.pin.set({ code, pin: "280417" }),
      ),
    ).toEqual({
      code: "BAD_REQUEST",
      message: "This code was sent for another action. Ask for a new code for this one.",
    });
    expect(await user.api.account.pin.status()).toMatchObject({ set: false });
  });

  it("counts wrong tries: the fifth in a row locks it for 30 minutes, the right PIN included; then it opens again", async () => {
    const start = new Date("2026-12-02T02:00:00Z");
    setClock(() => start);
    const user = await withPin();
    for (const left of [4, 3, 2, 1]) {
      expect(await failure(tryPin(user, "502913"))).toEqual({
        code: "BAD_REQUEST",
        message: `Wrong PIN. Attempts left: ${left}.`,
      });
    }
    const locked = {
      code: "TOO_MANY_REQUESTS",
      message:
        "Your PIN is locked after 5 wrong tries in a row. Try again in 30 min, or reset the PIN with a code.",
    };
    expect(await failure(tryPin(user, "502913"))).toEqual(locked);
    expect(await failure(tryPin(user, "280417"))).toEqual(locked);
    expect((await user.api.account.pin.status()).lockedUntil).toEqual(
      new Date(start.getTime() + 30 * 60_000),
    );

    setClock(() => new Date(start.getTime() + 31 * 60_000));
    await tryPin(user, "280417");
    // A right PIN ends the run: four wrong ones again leave one try, and the right PIN is taken.
    for (let i = 0; i < 4; i++) await failure(tryPin(user, "502913"));
    await tryPin(user, "280417");
    expect(await user.api.account.pin.status()).toEqual({ set: true, lockedUntil: null, disabled: false });
  });

  it("disables it after 10 wrong tries in a day, until it is reset by a code (a reset)", async () => {
    const start = new Date("2026-12-03T01:00:00Z");
    setClock(() => start);
    const user = await withPin();
    for (let i = 0; i < 5; i++) await failure(tryPin(user, "502913"));
    setClock(() => new Date(start.getTime() + 31 * 60_000));
    for (let i = 0; i < 4; i++) await failure(tryPin(user, "502913"));
    const disabled = {
      code: "FORBIDDEN",
      message: "Your PIN is blocked after too many wrong tries today. Reset it with a verification code.",
    };
    expect(await failure(tryPin(user, "502913"))).toEqual(disabled);
    expect(await failure(tryPin(user, "280417"))).toEqual(disabled);
    expect(await user.api.account.pin.status()).toMatchObject({ set: true, disabled: true });

    setClock(() => new Date(start.getTime() + 33 * 60_000));
    await user.api.account.pin.sendCode();
    expect(
      await user.api.account.pin.set({ code: await latestCode(database, user.email), pin: "736150" }),
    ).toEqual({ reset: true });
    expect(await user.api.account.pin.status()).toEqual({ set: true, lockedUntil: null, disabled: false });
    await tryPin(user, "736150");
  });

  it("is changed with the current PIN; without one set, a payment is told to set it first", async () => {
    const user = await withPin();
    await callerFor(database, { token: user.token }).account.pin.change({
      currentPin: "280417",
      pin: "502913",
    });
    expect((await failure(tryPin(user, "280417", "ind"))).message).toBe("PIN salah. Sisa percobaan: 4.");
    await callerFor(database, { token: user.token }).account.pin.change({
      currentPin: "502913",
      pin: "280417",
    });

    const none = await signedInUser(database, "shopper", { pin: false });
    expect(await failure(tryPin(none, "280417", "ind"))).toEqual({
      code: "PRECONDITION_FAILED",
      message: "Buat PIN pembayaran Anda terlebih dahulu.",
    });
    expect((await failure(callerFor(database).account.pin.status())).code).toBe("UNAUTHORIZED");
  });
});

describe("paying from the wallet", () => {
  it("asks for the PIN: none or a wrong one places nothing and charges nothing; the right one pays", async () => {
    const ops = await signedInUser(database, "operator");
    const store = await merchantWithStore(database);
    const listingId = await listing(database, store.storeId, await supplyProduct(database), 100_000);
    const shopper = await shopperWithMoney(database, ops, 500_000);
    const en = callerFor(database, { token: shopper.token, lang: "en" });
    const quote = await en.orders.quote({
      lines: [{ listingId, quantity: 1 }],
      addressId: shopper.addressId,
    });
    const place = (proof?: { pin: string }) =>
      en.orders.place({
        lines: [{ listingId, quantity: 1 }],
        addressId: shopper.addressId,
        shipping: quote.stores.map((s) => ({ storeId: s.storeId, ...s.shipping.selected! })),
        method: "wallet",
        fromCart: false,
        ...(proof && { proof }),
        idempotencyKey: newKey(),
      });
    expect(await failure(place())).toEqual({ code: "BAD_REQUEST", message: "Enter your payment PIN." });
    expect(await failure(place({ pin: "918273" }))).toEqual({
      code: "BAD_REQUEST",
      message: "Wrong PIN. Attempts left: 4.",
    });
    expect((await en.wallet.summary()).balance).toBe(500_000);
    expect((await en.orders.list({ tab: "all", limit: 10 })).items).toEqual([]);

    const placed = await place(pinProof);
    expect((await en.orders.get({ id: placed.orderIds[0]! })).status).toBe("paid");
    expect((await en.wallet.summary()).balance).toBe(500_000 - quote.total);
    // The right PIN ended the run of wrong ones: five tries again.
    expect((await failure(tryPin(shopper, "918273"))).message).toBe("Wrong PIN. Attempts left: 4.");
  });
});
