import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshEmail, freshPhone, latestCode } from "../../../tests/setup/accounts.ts";
import { callerFor } from "../../../tests/setup/caller.ts";
import { failure } from "../../../tests/setup/failure.ts";
import { pinProof, signedInUser, testPassword } from "../../../tests/setup/money.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";

// Issue 43: the email or phone changes only with a code sent to the new address and the PIN; every other session
// ends, the old address is told with no link, and a code for another address or action does nothing.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const outbox = () => callerFor(database).notifications.outbox();

describe("changing the email", () => {
  it("asks a code sent to the new address and the PIN, ends every other session and tells the old address", async () => {
    const user = await signedInUser(database);
    const other = (
      await callerFor(database).auth.signIn({
        method: "password",
        account: user.email,
        password: testPassword,
      })
    ).token;
    const en = callerFor(database, { token: user.token, lang: "en" });
    const next = freshEmail("new");
    expect(await en.account.contact.sendCode({ account: next })).toMatchObject({ channel: "email" });
    const code = await latestCode(database, next);
    expect((await outbox()).find((m) => m.recipient === next)?.body).toContain(
      "changing your Pasar account's email",
    );

    // Without the right PIN, or with the code for another address, nothing changes.
    expect(
      (await failure(en.account.contact.change({ account: next, code, proof: { pin: "918273" } }))).message,
    ).toBe("Wrong PIN. Attempts left: 4.");
    const elsewhere = freshEmail("elsewhere");
    expect(
      (await failure(en.account.contact.change({ account: elsewhere, code, proof: pinProof }))).message,
    ).toBe("This code was sent for another action. Ask for a new code for this one.");
    expect((await en.account.me()).email).toBe(user.email);
    expect((await callerFor(database, { token: other }).account.me()).email).toBe(user.email);
  });

  it("changes it: signed in again with the new address, the others signed out, audited and in the history", async () => {
    const user = await signedInUser(database);
    const phone = (
      await callerFor(database).auth.signIn({
        method: "password",
        account: user.email,
        password: testPassword,
      })
    ).token;
    const en = callerFor(database, { token: user.token, lang: "en" });
    const next = freshEmail("moved");
    await en.account.contact.sendCode({ account: next.toUpperCase() });
    const code = await latestCode(database, next);
    expect(await en.account.contact.change({ account: next, code, proof: pinProof })).toEqual({
      endedSessions: 1,
    });
    expect((await en.account.me()).email).toBe(next);
    expect((await failure(callerFor(database, { token: phone }).account.me())).code).toBe("UNAUTHORIZED");
    const notice = (await outbox()).find((m) => m.recipient === user.email);
    expect(notice?.body).toMatch(/changed to mo\*\*\*\w@example\.id/);
    expect(notice?.body).not.toMatch(/https?:|www\./);
    expect((await en.account.securityHistory())[0]).toMatchObject({
      kind: "emailChange",
      detail: expect.stringMatching(/@example\.id$/),
    });
    // The code is used up; the old address signs nobody in.
    expect((await failure(en.account.contact.change({ account: next, code, proof: pinProof }))).code).toBe(
      "BAD_REQUEST",
    );
    expect(
      (
        await failure(
          callerFor(database).auth.signIn({
            method: "password",
            account: user.email,
            password: testPassword,
          }),
        )
      ).code,
    ).toBe("BAD_REQUEST");
    await callerFor(database).auth.signIn({ method: "password", account: next, password: testPassword });
  });

  it("an address another account uses gets a notice, never a code; a phone number is changed by SMS", async () => {
    const user = await signedInUser(database);
    const owner = await signedInUser(database);
    const en = callerFor(database, { token: user.token, lang: "en" });
    await en.account.contact.sendCode({ account: owner.email });
    const notice = (await outbox()).find((m) => m.recipient === owner.email);
    expect(notice?.body).toContain("already uses it");
    expect(notice?.body).not.toMatch(/\b\d{6}\b/);

    // Another code for this user waits a minute (its resend wait), so the phone is another user's.
    const mover = await signedInUser(database);
    const { typed, e164 } = freshPhone();
    const phoneApi = callerFor(database, { token: mover.token, lang: "en" });
    expect(await phoneApi.account.contact.sendCode({ account: typed })).toMatchObject({ channel: "sms" });
    const code = await latestCode(database, e164);
    await phoneApi.account.contact.change({ account: typed, code, proof: pinProof });
    expect((await phoneApi.account.me()).phone).toBe(e164);
    expect((await phoneApi.account.securityHistory())[0]).toMatchObject({ kind: "phoneChange" });
    expect((await failure(en.account.contact.sendCode({ account: "bukan alamat" }))).code).toBe(
      "BAD_REQUEST",
    );
    expect((await failure(callerFor(database).account.contact.sendCode({ account: typed }))).code).toBe(
      "UNAUTHORIZED",
    );
  });
});
