import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setClock } from "../../platform/clock.ts";
import { createRateLimits, limitRules } from "../../platform/rate-limit.ts";
import { freshEmail, freshPhone, latestCode } from "../../../tests/setup/accounts.ts";
import { callerFor } from "../../../tests/setup/caller.ts";
import { createSeededDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { demoAccounts, demoPassword } from "../../seed/seed.ts";
import { createOperator } from "./auth.service.ts";

let database: TestDatabase;
let restoreClock: (() => void) | undefined;
beforeAll(async () => {
  database = await createSeededDatabase();
});
afterAll(() => database.destroy());
afterEach(() => {
  restoreClock?.();
  restoreClock = undefined;
});

/** Moves the shared clock forward by `ms` from now on. */
function advance(ms: number) {
  const start = Date.now();
  restoreClock?.();
  restoreClock = setClock(() => new Date(Date.now() - start + start + ms));
}

const password = "rahasia123";
const spent = "This code can no longer be used. Request a new one.";

async function signUp(account: string, extra: { inviteCode?: string } = {}) {
  const api = callerFor(database, { lang: "en" });
  await api.auth.sendCode({ account, purpose: "signup" });
  const code = await latestCode(database, account.includes("@") ? account.toLowerCase() : account);
  return api.auth.signUp({ account, code, password, confirmPassword: password, ...extra });
}

describe("sign up", () => {
  it("creates the account and its session together or not at all", async () => {
    const email = freshEmail("atomic");
    // A session that cannot be written (its expiry is past the last representable date) fails the sign-up ...
    const broken = callerFor(database, { lang: "en", sessionTtlDays: 1e9 });
    await broken.auth.sendCode({ account: email, purpose: "signup" });
    const code = await latestCode(database, email);
    await expect(
      broken.auth.signUp({ account: email, code, password, confirmPassword: password }),
    ).rejects.toThrow();
    // ... and leaves no account behind: the address can still sign up.
    await expect(
      callerFor(database, { lang: "en" }).auth.signIn({ method: "password", account: email, password }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    advance(61_000);
    const session = await signUp(email);
    expect(session.user.email).toBe(email);
  });

  it("creates a shopper from an emailed code, signs it in and records the invite code", async () => {
    const shopper = await callerFor(database, { token: (await signInDemo()).token }).account.me();
    const email = freshEmail("Siti");
    const session = await signUp(email, { inviteCode: shopper.inviteCode.toLowerCase() });
    expect(session.user).toMatchObject({
      email: email.toLowerCase(),
      phone: null,
      role: "shopper",
      avatar: null,
    });
    expect(session.user.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
    const me = await callerFor(database, { token: session.token }).account.me();
    expect(me.id).toBe(session.user.id);
    const row = await database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, me.id) });
    expect(row?.invitedByCode).toBe(shopper.inviteCode);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("stores a phone number typed with 0 and dashes in E.164", async () => {
    const phone = freshPhone();
    const api = callerFor(database);
    await api.auth.sendCode({ account: phone.typed, purpose: "signup" });
    const code = await latestCode(database, phone.e164);
    const session = await api.auth.signUp({
      account: phone.typed,
      code,
      password,
      confirmPassword: password,
    });
    expect(session.user.phone).toBe(phone.e164);
  });

  it("refuses an unknown invite code and keeps the code usable", async () => {
    const email = freshEmail();
    const api = callerFor(database, { lang: "en" });
    await api.auth.sendCode({ account: email, purpose: "signup" });
    const code = await latestCode(database, email);
    await expect(
      api.auth.signUp({ account: email, code, password, confirmPassword: password, inviteCode: "NOPE1234" }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: "This invite code does not exist." });
    await expect(
      api.auth.signUp({ account: email, code, password, confirmPassword: password }),
    ).resolves.toBeTruthy();
  });

  it("does not reveal an existing account: the owner is told instead and sign-up fails", async () => {
    const api = callerFor(database, { lang: "en" });
    const answer = await api.auth.sendCode({ account: demoAccounts.shopper, purpose: "signup" });
    expect(answer).toEqual({ channel: "email", resendInSeconds: 60 });
    const notice = (await api.notifications.outbox()).find((m) => m.recipient === demoAccounts.shopper);
    expect(notice?.body).toContain("an account already uses it");
    expect(notice?.body).not.toMatch(/\b\d{6}\b/);
    // The unusable code recorded for it reads like any wrong code.
    await expect(
      api.auth.signUp({ account: demoAccounts.shopper, code: "123456", password, confirmPassword: password }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Wrong code. Attempts left: 4." });
  });

  it.each([
    [{ account: "" }, "account", "auth.validation.enterAccount"],
    [{ account: "budi@" }, "account", "auth.validation.invalidAccount"],
    [{ account: "+1 202 555 0100" }, "account", "auth.validation.invalidAccount"],
    [{ code: "12ab" }, "code", "auth.validation.invalidCode"],
    [{ password: "short1" }, "password", "auth.validation.invalidPassword"],
    [{ password: "onlyletters" }, "password", "auth.validation.invalidPassword"],
    [{ confirmPassword: "different1" }, "confirmPassword", "auth.validation.passwordMismatch"],
  ])("validates %o with the seed's message for %s", async (patch, field, key) => {
    const input = { account: freshEmail(), code: "123456", password, confirmPassword: password, ...patch };
    const error = await callerFor(database)
      .auth.signUp(input)
      .catch((e: { cause?: { issues?: { path: string[]; message: string }[] } }) => e);
    const issue = (
      error as { cause?: { issues?: { path: string[]; message: string }[] } }
    ).cause?.issues?.find((i) => i.path[0] === field);
    expect(issue?.message).toBe(key);
  });
});

describe("codes", () => {
  it("expire after 5 minutes", async () => {
    const email = freshEmail();
    const api = callerFor(database, { lang: "en" });
    await api.auth.sendCode({ account: email, purpose: "signup" });
    const code = await latestCode(database, email);
    advance(5 * 60_000 + 1000);
    await expect(
      api.auth.signUp({ account: email, code, password, confirmPassword: password }),
    ).rejects.toMatchObject({
      message: spent,
    });
  });

  it("are single use", async () => {
    const email = freshEmail();
    const api = callerFor(database, { lang: "en" });
    await api.auth.sendCode({ account: email, purpose: "signup" });
    const code = await latestCode(database, email);
    await api.auth.signUp({ account: email, code, password, confirmPassword: password });
    await expect(api.auth.signIn({ method: "code", account: email, code })).rejects.toMatchObject({
      message: spent,
    });
  });

  it("are bound to their purpose", async () => {
    const email = freshEmail();
    const session = await signUp(email);
    expect(session.token).toBeTruthy();
    advance(61_000);
    const api = callerFor(database, { lang: "en" });
    await api.auth.sendCode({ account: email, purpose: "login" });
    const code = await latestCode(database, email);
    await expect(
      api.auth.resetPassword({ account: email, code, password: "baru12345", confirmPassword: "baru12345" }),
    ).rejects.toMatchObject({ message: spent });
    await expect(api.auth.signIn({ method: "code", account: email, code })).resolves.toMatchObject({
      user: { email },
    });
  });

  it("say how many attempts are left, and stop working after 5 wrong ones, even with the right code", async () => {
    const email = freshEmail();
    const api = callerFor(database, { lang: "en" });
    await api.auth.sendCode({ account: email, purpose: "signup" });
    const code = await latestCode(database, email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (const left of [4, 3, 2, 1]) {
      await expect(
        api.auth.signUp({ account: email, code: wrong, password, confirmPassword: password }),
      ).rejects.toMatchObject({ code: "BAD_REQUEST", message: `Wrong code. Attempts left: ${left}.` });
    }
    await expect(
      api.auth.signUp({ account: email, code: wrong, password, confirmPassword: password }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: spent });
    await expect(
      api.auth.signUp({ account: email, code, password, confirmPassword: password }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: spent });
  });

  it("tell sign-in by code in the caller's language how many attempts are left", async () => {
    const session = await signUp(freshEmail());
    const email = session.user.email ?? "";
    advance(61_000);
    const api = callerFor(database, { lang: "ind" });
    await api.auth.sendCode({ account: email, purpose: "login" });
    const code = await latestCode(database, email);
    await expect(
      api.auth.signIn({ method: "code", account: email, code: code === "000000" ? "111111" : "000000" }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Kode salah. Sisa percobaan: 4." });
    await expect(api.auth.signIn({ method: "code", account: email, code })).resolves.toMatchObject({
      user: { email },
    });
  });

  it("cannot be resent within 60 s, and a new one replaces the old", async () => {
    const email = freshEmail();
    const api = callerFor(database, { lang: "en" });
    await api.auth.sendCode({ account: email, purpose: "signup" });
    const first = await latestCode(database, email);
    await expect(api.auth.sendCode({ account: email, purpose: "signup" })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: expect.stringMatching(/^Please wait (60|59) s before asking for another code\.$/),
    });
    advance(61_000);
    await api.auth.sendCode({ account: email, purpose: "signup" });
    const second = await latestCode(database, email);
    if (first !== second) {
      await expect(
        api.auth.signUp({ account: email, code: first, password, confirmPassword: password }),
      ).rejects.toMatchObject({ message: "Wrong code. Attempts left: 4." });
    }
    await expect(
      api.auth.signUp({ account: email, code: second, password, confirmPassword: password }),
    ).resolves.toBeTruthy();
  });
});

async function signInDemo() {
  return callerFor(database).auth.signIn({
    method: "password",
    account: demoAccounts.shopper,
    password: demoPassword,
  });
}

describe("sign in, sessions and reset", () => {
  it("signs in with a password; a wrong password and an unknown account read the same", async () => {
    const session = await signInDemo();
    expect(session.user.email).toBe(demoAccounts.shopper);
    const api = callerFor(database, { lang: "zh" });
    const wrong = await api.auth
      .signIn({ method: "password", account: freshEmail(), password: "salah12345" })
      .catch((e: Error) => e);
    const unknown = await api.auth
      .signIn({ method: "password", account: demoAccounts.operator, password: "salah12345" })
      .catch((e: Error) => e);
    expect(wrong).toMatchObject({ code: "BAD_REQUEST", message: "账号或密码错误，还可尝试 7 次。" });
    expect(unknown).toMatchObject({ code: "BAD_REQUEST", message: "账号或密码错误，还可尝试 7 次。" });
  });

  it("signs in by code; a code for an unknown account never arrives and the owner is told", async () => {
    const email = freshEmail();
    const api = callerFor(database, { lang: "en" });
    await api.auth.sendCode({ account: email, purpose: "login" });
    const notice = (await api.notifications.outbox()).find((m) => m.recipient === email);
    expect(notice?.body).toContain("no Pasar account uses it");
    await expect(api.auth.signIn({ method: "code", account: email, code: "123456" })).rejects.toMatchObject({
      message: "Wrong code. Attempts left: 4.",
    });
  });

  it("logout revokes the session", async () => {
    const { token } = await signInDemo();
    const api = callerFor(database, { token });
    await expect(api.account.me()).resolves.toMatchObject({ email: demoAccounts.shopper });
    await api.auth.signOut();
    // The next request, as the browser would send it after logging out.
    await expect(callerFor(database, { token }).account.me()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("a session expires after its lifetime", async () => {
    const { token } = await signInDemo();
    advance(31 * 86_400_000);
    await expect(callerFor(database, { token }).account.me()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("reset sets a new password, signs out other sessions and signs in", async () => {
    const email = freshEmail();
    const first = await signUp(email);
    advance(61_000);
    const api = callerFor(database, { lang: "en" });
    await api.auth.sendCode({ account: email, purpose: "reset" });
    const code = await latestCode(database, email);
    const after = await api.auth.resetPassword({
      account: email,
      code,
      password: "baru12345",
      confirmPassword: "baru12345",
    });
    await expect(callerFor(database, { token: first.token }).account.me()).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    await expect(callerFor(database, { token: after.token }).account.me()).resolves.toMatchObject({ email });
    await expect(api.auth.signIn({ method: "password", account: email, password })).rejects.toMatchObject({
      message: "Wrong account or password. Attempts left: 7.",
    });
    await expect(
      api.auth.signIn({ method: "password", account: email, password: "baru12345" }),
    ).resolves.toBeTruthy();
  });
});

describe("rate limits", () => {
  it("stop password guessing for an account, but the owner can still sign in by code", async () => {
    const email = freshEmail();
    await signUp(email);
    const api = callerFor(database, { lang: "en", limits: createRateLimits() });
    const paused =
      "Too many wrong passwords for this account. Sign in with a code instead, or try the password again in 15 min.";
    for (let left = 7; left > 0; left--) {
      await expect(
        api.auth.signIn({ method: "password", account: email, password: `guess${left}aaa` }),
      ).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: `Wrong account or password. Attempts left: ${left}.`,
      });
    }
    await expect(
      api.auth.signIn({ method: "password", account: email, password: "guess0aaa" }),
    ).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS", message: paused });
    // Even the right password waits now...
    await expect(api.auth.signIn({ method: "password", account: email, password })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: paused,
    });
    // ...but a code still lets the owner in, and opens password sign-in again.
    advance(61_000);
    await api.auth.sendCode({ account: email, purpose: "login" });
    const code = await latestCode(database, email);
    await expect(api.auth.signIn({ method: "code", account: email, code })).resolves.toMatchObject({
      user: { email },
    });
    await expect(api.auth.signIn({ method: "password", account: email, password })).resolves.toBeTruthy();
  });

  it("count wrong passwords for an unknown account the same way", async () => {
    const api = callerFor(database, { lang: "en", limits: createRateLimits() });
    const account = freshEmail();
    for (let left = 7; left > 0; left--) {
      await expect(
        api.auth.signIn({ method: "password", account, password: "guess1234" }),
      ).rejects.toMatchObject({ message: `Wrong account or password. Attempts left: ${left}.` });
    }
    await expect(
      api.auth.signIn({ method: "password", account, password: "guess1234" }),
    ).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: expect.stringMatching(/^Too many wrong passwords for this account\./),
    });
  });

  it("do not count a code that could not be delivered as sent", async () => {
    const limits = createRateLimits();
    const email = freshEmail();
    const failing = { email: { send: () => Promise.reject(new Error("SMTP 451 try later")) } };
    for (let i = 0; i < limitRules.sendCode.account + 1; i++) {
      await expect(
        callerFor(database, { limits, channels: failing, lang: "en" }).auth.sendCode({
          account: email,
          purpose: "signup",
        }),
      ).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE", message: "Code retrieval failed" });
    }
    await expect(
      callerFor(database, { limits }).auth.sendCode({ account: email, purpose: "signup" }),
    ).resolves.toMatchObject({ channel: "email" });
  });

  it("limit invite-code guessing per address", async () => {
    const limits = createRateLimits();
    const attempt = (clientIp: string) =>
      callerFor(database, { limits, clientIp, lang: "en" }).auth.signUp({
        account: freshEmail(),
        code: "123456",
        password,
        confirmPassword: password,
        inviteCode: "NOPE1234",
      });
    for (let i = 0; i < limitRules.checkInvite.ip; i++) {
      await expect(attempt("10.8.8.8")).rejects.toMatchObject({
        message: "This invite code does not exist.",
      });
    }
    await expect(attempt("10.8.8.8")).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    await expect(attempt("10.8.8.9")).rejects.toMatchObject({ message: "This invite code does not exist." });
  });

  it("stop one client guessing codes for an account, but not the owner elsewhere", async () => {
    const email = freshEmail();
    await signUp(email);
    advance(61_000);
    const limits = createRateLimits();
    const guesser = callerFor(database, { lang: "en", limits, clientIp: "10.6.6.6" });
    for (let i = 0; i < limitRules.checkCode.account; i++) {
      await guesser.auth.signIn({ method: "code", account: email, code: String(100000 + i) }).catch(() => {});
    }
    await expect(
      guesser.auth.signIn({ method: "code", account: email, code: "999999" }),
    ).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    const owner = callerFor(database, { lang: "en", limits, clientIp: "10.7.7.7" });
    await owner.auth.sendCode({ account: email, purpose: "login" });
    const code = await latestCode(database, email);
    await expect(owner.auth.signIn({ method: "code", account: email, code })).resolves.toMatchObject({
      user: { email },
    });
  });

  it("stop one address from trying many accounts", async () => {
    const limits = createRateLimits();
    for (let i = 0; i < limitRules.checkPassword.ip; i++) {
      await callerFor(database, { limits, clientIp: "10.9.9.9" })
        .auth.signIn({ method: "password", account: freshEmail(), password: "guess12345" })
        .catch(() => {});
    }
    await expect(
      callerFor(database, { limits, clientIp: "10.9.9.9" }).auth.signIn({
        method: "password",
        account: demoAccounts.shopper,
        password: demoPassword,
      }),
    ).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    await expect(
      callerFor(database, { limits, clientIp: "10.9.9.10" }).auth.signIn({
        method: "password",
        account: demoAccounts.shopper,
        password: demoPassword,
      }),
    ).resolves.toBeTruthy();
  });

  it("work the same when kept in Redis", async () => {
    const limits = createRateLimits("redis://127.0.0.1:6379", {
      prefix: `pasar-test-${Date.now()}-${Math.random()}`,
    });
    try {
      const api = callerFor(database, { limits });
      for (let i = 0; i < 8; i++) {
        await api.auth
          .signIn({ method: "password", account: demoAccounts.operator, password: `x${i}xxxxxx1` })
          .catch(() => {});
      }
      await expect(
        api.auth.signIn({ method: "password", account: demoAccounts.operator, password: demoPassword }),
      ).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    } finally {
      await limits.close();
    }
  });
});

describe("who may call what", () => {
  it("refuses every signed-in procedure to a signed-out caller and to a bad token", async () => {
    for (const api of [callerFor(database), callerFor(database, { token: "not-a-token" })]) {
      await expect(api.account.me()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
      await expect(api.auth.signOut()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
      await expect(api.account.updateAvatar(new FormData())).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    }
  });
});

describe("operators", () => {
  it("are created by the command's service, with the usual password rules, and can sign in as operators", async () => {
    const email = freshEmail("ops");
    await expect(createOperator(database.db, { account: email, password: "short" })).rejects.toMatchObject({
      key: "auth.validation.invalidPassword",
    });
    await createOperator(database.db, { account: email, password: "Operasi2026" });
    await expect(
      createOperator(database.db, { account: email, password: "Operasi2026" }),
    ).rejects.toMatchObject({
      key: "auth.errors.accountExists",
    });
    const session = await callerFor(database).auth.signIn({
      method: "password",
      account: email,
      password: "Operasi2026",
    });
    expect(session.user.role).toBe("operator");
  });
});
