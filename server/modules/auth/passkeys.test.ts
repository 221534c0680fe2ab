import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerFor } from "../../../tests/setup/caller.ts";
import { failure } from "../../../tests/setup/failure.ts";
import { softPasskey } from "../../../tests/setup/passkey.ts";
import { bankCardOfYesterday, newKey, pinProof, signedInUser } from "../../../tests/setup/money.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";

// Issue 43: a passkey is added with the PIN, signs in, and proves it is the owner instead of the PIN; every
// ceremony answers its own challenge once, with user verification.

let database: TestDatabase;
let ops: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  database = await createTestDatabase();
  ops = await signedInUser(database, "operator");
});
afterAll(() => database.destroy());

const phone =
  "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";

/** A shopper with a passkey added on their phone. */
async function withPasskey() {
  const user = await signedInUser(database);
  const api = callerFor(database, { token: user.token, userAgent: phone, lang: "en" });
  const key = softPasskey();
  const { challengeId, options } = await api.account.passkeys.registrationOptions();
  await api.account.passkeys.add({ challengeId, response: key.register(options), proof: pinProof });
  return { ...user, api, key };
}

describe("adding a passkey", () => {
  it("asks for the PIN, verifies the browser's answer, lists it with its device, and audits it", async () => {
    const user = await signedInUser(database);
    const api = callerFor(database, { token: user.token, userAgent: phone, lang: "en" });
    const key = softPasskey();
    const first = await api.account.passkeys.registrationOptions();
    expect(first.options).toMatchObject({
      rp: { name: "Pasar", id: "localhost" },
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    });
    const answer = key.register(first.options);
    expect(
      await failure(
        api.account.passkeys.add({
          challengeId: first.challengeId,
          response: answer,
          proof: { pin: "918273" },
        }),
      ),
    ).toEqual({ code: "BAD_REQUEST", message: "Wrong PIN. Attempts left: 4." });
    expect(await api.account.passkeys.list()).toEqual([]);

    const second = await api.account.passkeys.registrationOptions();
    // An answer to another challenge, or made without user verification, is refused.
    const refused = { code: "BAD_REQUEST", message: "The passkey could not be verified. Try again." };
    expect(
      await failure(
        api.account.passkeys.add({ challengeId: second.challengeId, response: answer, proof: pinProof }),
      ),
    ).toEqual(refused);
    const third = await api.account.passkeys.registrationOptions();
    const careless = softPasskey({ verifyUser: false });
    expect(
      await failure(
        api.account.passkeys.add({
          challengeId: third.challengeId,
          response: careless.register(third.options),
          proof: pinProof,
        }),
      ),
    ).toEqual(refused);

    const fourth = await api.account.passkeys.registrationOptions();
    const added = await api.account.passkeys.add({
      challengeId: fourth.challengeId,
      response: key.register(fourth.options),
      proof: pinProof,
    });
    expect(added).toMatchObject({
      id: key.id,
      device: "Chrome 130 · Android 14",
      lastUsedAt: null,
    });
    expect(await api.account.passkeys.list()).toEqual([added]);
    // Its challenge answered one ceremony only.
    expect(
      await failure(
        api.account.passkeys.add({
          challengeId: fourth.challengeId,
          response: key.register(fourth.options),
          proof: pinProof,
        }),
      ),
    ).toEqual(refused);
    const audit = (await ops.api.ops.money.audit({ action: "passkey.add" })).items.filter(
      (a) => a.subjectId === user.id,
    );
    expect(audit).toHaveLength(1);
    expect((await api.account.securityHistory())[0]).toMatchObject({ kind: "passkeyAdd" });
  });
});

describe("signing in with a passkey", () => {
  it("signs the passkey's owner in once per challenge; an unknown passkey or a replayed answer is refused", async () => {
    const { api: owner, key, email } = await withPasskey();
    const visitor = callerFor(database, { userAgent: phone, lang: "en" });
    const { challengeId, options } = await visitor.auth.passkeyOptions();
    const answer = key.authenticate(options);
    const session = await visitor.auth.signInWithPasskey({ challengeId, response: answer });
    expect(session.user.email).toBe(email);
    const signedIn = callerFor(database, { token: session.token });
    expect((await signedIn.account.me()).email).toBe(email);
    expect((await signedIn.account.sessions.list()).find((s) => s.current)).toMatchObject({
      method: "passkey",
    });
    expect((await owner.account.passkeys.list())[0]!.lastUsedAt).toBeInstanceOf(Date);

    const refused = { code: "BAD_REQUEST", message: "The passkey could not be verified. Try again." };
    expect(await failure(visitor.auth.signInWithPasskey({ challengeId, response: answer }))).toEqual(refused);
    const again = await visitor.auth.passkeyOptions();
    // The same signature again (its counter did not move): refused.
    expect(
      await failure(visitor.auth.signInWithPasskey({ challengeId: again.challengeId, response: answer })),
    ).toEqual(refused);
    const stranger = softPasskey();
    const third = await visitor.auth.passkeyOptions();
    expect(
      await failure(
        visitor.auth.signInWithPasskey({
          challengeId: third.challengeId,
          response: stranger.authenticate(third.options),
        }),
      ),
    ).toEqual(refused);
    // Another site's answer (its origin) is refused too.
    const fourth = await visitor.auth.passkeyOptions();
    const elsewhere = softPasskey({ origin: "https://pasar-palsu.example" });
    expect(
      await failure(
        visitor.auth.signInWithPasskey({
          challengeId: fourth.challengeId,
          response: elsewhere.authenticate(fourth.options),
        }),
      ),
    ).toEqual(refused);
  });

  it("a suspended account is told so", async () => {
    const { id, key } = await withPasskey();
    await ops.api.ops.users.suspend({ id, reason: "penipuan", idempotencyKey: newKey() });
    const visitor = callerFor(database, { lang: "en" });
    const { challengeId, options } = await visitor.auth.passkeyOptions();
    expect(
      (await failure(visitor.auth.signInWithPasskey({ challengeId, response: key.authenticate(options) })))
        .code,
    ).toBe("FORBIDDEN");
  });
});

describe("a passkey instead of the PIN", () => {
  it("withdraws with the passkey's answer to a proof challenge; another user's passkey proves nothing", async () => {
    const user = await withPasskey();
    await ops.api.ops.money.adjust({
      account: user.email,
      amount: 200_000,
      reason: "uji",
      idempotencyKey: newKey(),
    });
    await bankCardOfYesterday(database, user, {
      accountName: "Siti",
      bankCode: "014",
      accountNumber: "1234567890",
    });
    const proofBy = async (key: ReturnType<typeof softPasskey>) => {
      const { challengeId, options } = await user.api.account.passkeys.proofOptions();
      return { passkey: { challengeId, response: key.authenticate(options) } };
    };
    const held = await user.api.wallet.withdraw({
      amount: 60_000,
      proof: await proofBy(user.key),
      idempotencyKey: newKey(),
    });
    expect(held).toMatchObject({ status: "pending" });

    const other = await withPasskey();
    expect(
      await failure(
        user.api.wallet.withdraw({
          amount: 60_000,
          proof: await proofBy(other.key),
          idempotencyKey: newKey(),
        }),
      ),
    ).toEqual({ code: "BAD_REQUEST", message: "The passkey could not be verified. Try again." });
    expect((await user.api.wallet.summary()).balance).toBe(140_000);
    const none = await signedInUser(database);
    expect((await failure(none.api.account.passkeys.proofOptions())).code).toBe("PRECONDITION_FAILED");
  });

  it("is removed with the PIN (or itself); then it signs nobody in", async () => {
    const { api, key } = await withPasskey();
    expect((await failure(api.account.passkeys.remove({ id: key.id, proof: { pin: "918273" } }))).code).toBe(
      "BAD_REQUEST",
    );
    await api.account.passkeys.remove({ id: key.id, proof: pinProof });
    expect(await api.account.passkeys.list()).toEqual([]);
    expect((await failure(api.account.passkeys.remove({ id: key.id, proof: pinProof }))).code).toBe(
      "NOT_FOUND",
    );
    const visitor = callerFor(database, { lang: "en" });
    const { challengeId, options } = await visitor.auth.passkeyOptions();
    expect(
      (await failure(visitor.auth.signInWithPasskey({ challengeId, response: key.authenticate(options) })))
        .code,
    ).toBe("BAD_REQUEST");
  });
});
