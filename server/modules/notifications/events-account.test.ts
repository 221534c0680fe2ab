import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshEmail, latestCode } from "../../../tests/setup/accounts.ts";
import { noticesFor } from "../../../tests/setup/notices.ts";
import { callerFor } from "../../../tests/setup/caller.ts";
import { failure } from "../../../tests/setup/failure.ts";
import { softPasskey } from "../../../tests/setup/passkey.ts";
import { pinProof, signedInUser, testPassword } from "../../../tests/setup/money.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { setClock } from "../../platform/clock.ts";

// Issue 44: every change to an account's security tells its owner once, in the account category with a link to the
// security page, in the change's own transaction (refused, none), and never with a secret.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const noticesOf = (userId: string) => noticesFor(database, userId);
const kindsOf = async (userId: string) => (await noticesOf(userId)).map((n) => n.kind);
const security = "/h5/account/security";

const phone =
  "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";
const laptop =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

describe("signing in", () => {
  it("from a new device tells the owner once (not the first sign-in, not a known device, not a wrong password)", async () => {
    const user = await signedInUser(database);
    const signIn = (userAgent: string, password = testPassword) =>
      callerFor(database, { userAgent }).auth.signIn({ method: "password", account: user.email, password });
    await signIn(phone);
    await signIn(phone);
    await failure(signIn(laptop, "salah-sekali"));
    expect(await noticesOf(user.id)).toEqual([
      {
        kind: "securityNewDevice",
        category: "account",
        params: { device: "Chrome 130 · Android 14" },
        link: security,
      },
    ]);
    const en = await callerFor(database, { token: user.token, lang: "en" }).notifications.inbox.list({});
    expect(en.items[0]).toMatchObject({
      title: "Sign-in from a new device",
      body: "Your account just signed in on Chrome 130 · Android 14. Not you? Sign that device out and change your password under Account security.",
    });
  });

  it("a password reset tells the owner once; a wrong code resets nothing and tells nobody", async () => {
    const user = await signedInUser(database);
    const api = callerFor(database);
    await api.auth.sendCode({ account: user.email, purpose: "reset" });
    const code = await latestCode(database, user.email);
    const reset = { account: user.email, password: "baru12345", confirmPassword: "baru12345" };
    await failure(api.auth.resetPassword({ ...reset, code: code === "000000" ? "111111" : "000000" }));
    expect(await noticesOf(user.id)).toEqual([]);
    const { token } = await api.auth.resetPassword({ ...reset, code });
    expect(await kindsOf(user.id)).toEqual(["securityPasswordReset"]);
    const [shown] = (await callerFor(database, { token }).notifications.inbox.list({})).items;
    expect(shown?.title).toBe("Kata sandi diubah");
  });
});

describe("the payment PIN", () => {
  it("set, changed, locked after 5 wrong tries (once), and reset: each told once, never with the PIN", async () => {
    const user = await signedInUser(database, "shopper", { pin: false });
    await user.api.account.pin.sendCode();
    await user.api.account.pin.set({ code: await latestCode(database, user.email), pin: "280417" });
    await user.api.account.pin.change({ currentPin: "280417", pin: "502913" });
    // A wrong current PIN changes nothing: the five wrong tries lock it, told once; a sixth try tells nobody.
    for (let i = 0; i < 6; i++)
      await failure(user.api.account.pin.change({ currentPin: "736150", pin: "280417" }));
    // A minute on, another code may be sent: the PIN is reset with it.
    const restore = setClock(() => new Date(Date.now() + 61_000));
    await user.api.account.pin.sendCode().finally(restore);
    await user.api.account.pin.set({ code: await latestCode(database, user.email), pin: "736150" });
    expect(await kindsOf(user.id)).toEqual([
      "securityPinSet",
      "securityPinChanged",
      "securityPinLocked",
      "securityPinReset",
    ]);
    const told = await noticesOf(user.id);
    expect(told.every((n) => n.category === "account" && n.link === security)).toBe(true);
    expect(JSON.stringify(told)).not.toMatch(/280417|502913|736150/);
    const en = await callerFor(database, { token: user.token, lang: "en" }).notifications.inbox.list({});
    expect(en.items.find((n) => n.title === "Payment PIN locked")!.body).toBe(
      "Your payment PIN was entered wrong too many times and is locked for 30 minutes. Not you? Change it under Account security.",
    );
  });

  it("locked by wrong tries at a payment (a proof) tells the owner too", async () => {
    const user = await signedInUser(database);
    for (let i = 0; i < 5; i++)
      await failure(
        user.api.wallet.saveBankCard({
          accountName: "Siti",
          bankCode: "014",
          accountNumber: "1234567890",
          proof: { pin: "918273" },
        }),
      );
    expect(await kindsOf(user.id)).toEqual(["securityPinLocked"]);
  });
});

describe("passkeys, contact details and the bank account", () => {
  it("a passkey added and removed, the email changed and a bank account bound are told once each", async () => {
    const user = await signedInUser(database);
    const api = callerFor(database, { token: user.token, userAgent: phone });
    const key = softPasskey();
    const { challengeId, options } = await api.account.passkeys.registrationOptions();
    const added = await api.account.passkeys.add({
      challengeId,
      response: key.register(options),
      proof: pinProof,
    });
    await failure(api.account.passkeys.remove({ id: added.id, proof: { pin: "918273" } }));
    await api.account.passkeys.remove({ id: added.id, proof: pinProof });

    const next = freshEmail("pindah");
    await api.account.contact.sendCode({ account: next });
    await api.account.contact.change({
      account: next,
      code: await latestCode(database, next),
      proof: pinProof,
    });

    const card = { accountName: "Siti Aminah", bankCode: "014", accountNumber: "1234 567 890" };
    await api.wallet.saveBankCard({ ...card, proof: pinProof });
    expect(await noticesOf(user.id)).toEqual([
      {
        kind: "securityPasskeyAdded",
        category: "account",
        params: { device: "Chrome 130 · Android 14" },
        link: security,
      },
      { kind: "securityPasskeyRemoved", category: "account", params: {}, link: security },
      {
        kind: "securityEmailChanged",
        category: "account",
        params: { to: expect.stringContaining("***") },
        link: security,
      },
      {
        kind: "securityBankAccount",
        category: "account",
        params: { bank: "BCA", number: expect.stringMatching(/^•+\s?7890$|7890$/), count: 24 },
        link: security,
      },
    ]);
    expect(JSON.stringify(await noticesOf(user.id))).not.toContain("1234 567");
    const zh = await callerFor(database, { token: user.token, lang: "zh" }).notifications.inbox.list({});
    expect(zh.items[0]!.title).toBe("已添加银行账户");
    expect(zh.items[3]!.body).toBe(
      "您的账户添加了来自 Chrome 130 · Android 14 的新通行密钥。如果不是您本人，请删除该密钥并冻结账户。",
    );
  });
});
