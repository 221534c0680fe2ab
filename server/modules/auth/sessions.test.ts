import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callerFor } from "../../../tests/setup/caller.ts";
import { failure } from "../../../tests/setup/failure.ts";
import { signedInUser, testPassword } from "../../../tests/setup/money.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { resetClock, setClock } from "../../platform/clock.ts";
import { createRateLimits } from "../../platform/rate-limit.ts";
import { deviceOf } from "./device.ts";

// Issue 43: the sessions a user can see (how each signed in, its device and address, when last used) and end.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());
afterEach(() => resetClock());

const androidChrome =
  "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.135 Mobile Safari/537.36";
const iphoneSafari =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const windowsEdge =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0";

/** Signs the user in again from another device: its token. */
async function signInFrom(email: string, userAgent: string, clientIp: string) {
  const { token } = await callerFor(database, { userAgent, clientIp }).auth.signIn({
    method: "password",
    account: email,
    password: testPassword,
  });
  return token;
}

describe("where a user is signed in", () => {
  it("reads a device from its User-Agent: browser, system, model and kind, or says nothing it was not told", () => {
    // Chrome on Android names no model since its User-Agent was reduced (it would say "K"); an iPhone says so.
    expect(deviceOf(androidChrome)).toEqual({
      browser: "Chrome 131",
      os: "Android 14",
      model: null,
      kind: "mobile",
    });
    expect(deviceOf(iphoneSafari)).toEqual({
      browser: "Safari 17",
      os: "iOS 17.5",
      model: "Apple iPhone",
      kind: "mobile",
    });
    expect(deviceOf(windowsEdge)).toEqual({
      browser: "Microsoft Edge 130",
      os: "Windows 10",
      model: null,
      kind: "desktop",
    });
    expect(deviceOf(null)).toEqual({ browser: null, os: null, model: null, kind: "unknown" });
    expect(deviceOf("curl/8.0 <script>")).toMatchObject({ os: null, model: null, kind: "unknown" });
  });

  it("lists every session with how it signed in, its device and address, the asking one marked, latest used first", async () => {
    const user = await signedInUser(database);
    const phone = await signInFrom(user.email, androidChrome, "36.68.10.20");
    const sessions = await callerFor(database, { token: phone }).account.sessions.list();
    expect(sessions).toHaveLength(2);
    const [mine, other] = sessions;
    expect(mine).toMatchObject({
      current: true,
      method: "password",
      browser: "Chrome 131",
      os: "Android 14",
      kind: "mobile",
      ip: "36.68.10.20",
    });
    expect(other).toMatchObject({ current: false, method: "password", ip: "127.0.0.1", kind: "unknown" });
    // The shopper's own list holds nothing of anyone else's.
    const stranger = await signedInUser(database);
    expect(await stranger.api.account.sessions.list()).toHaveLength(1);
  });

  it("moves a session's last use at most once a minute, never on every request", async () => {
    const start = new Date("2026-12-01T03:00:00Z");
    setClock(() => start);
    const user = await signedInUser(database);
    // Each call a new request (a caller looks its session up once).
    const lastUsed = async () =>
      (await callerFor(database, { token: user.token }).account.sessions.list())[0]!.lastUsedAt.getTime();
    expect(await lastUsed()).toBe(start.getTime());
    setClock(() => new Date(start.getTime() + 59_000));
    expect(await lastUsed()).toBe(start.getTime());
    const later = new Date(start.getTime() + 61_000);
    setClock(() => later);
    expect(await lastUsed()).toBe(later.getTime());
    setClock(() => new Date(later.getTime() + 30_000));
    expect(await lastUsed()).toBe(later.getTime());
  });

  it("ends one of the user's own sessions: its next call is signed out; another's session cannot be ended", async () => {
    const user = await signedInUser(database);
    const phone = await signInFrom(user.email, androidChrome, "36.68.10.20");
    const phoneId = (await callerFor(database, { token: phone }).account.sessions.list()).find(
      (s) => s.current,
    )!.id;

    const stranger = await signedInUser(database, "shopper");
    expect(await failure(stranger.api.account.sessions.end({ id: phoneId }))).toEqual({
      code: "NOT_FOUND",
      message: "Sesi itu sudah berakhir.",
    });
    expect(await callerFor(database, { token: phone }).account.me()).toMatchObject({ id: user.id });

    await user.api.account.sessions.end({ id: phoneId });
    expect((await failure(callerFor(database, { token: phone }).account.me())).code).toBe("UNAUTHORIZED");
    expect((await user.api.account.sessions.list()).map((s) => s.current)).toEqual([true]);
    // Ending it again, or a made-up id: "already ended"; no session id at all: refused. Nothing else changes.
    for (const id of [phoneId, "ses_nope"]) {
      expect((await failure(user.api.account.sessions.end({ id }))).code).toBe("NOT_FOUND");
    }
    for (const id of ["' or 1=1 --", "ses_a\u0000b", ""]) {
      expect((await failure(user.api.account.sessions.end({ id }))).code).toBe("BAD_REQUEST");
    }
    expect(await user.api.account.me()).toMatchObject({ id: user.id });
  });

  it("signs out everywhere else only with the password; every other token is refused on its next call", async () => {
    const user = await signedInUser(database);
    const others = [
      await signInFrom(user.email, androidChrome, "36.68.10.20"),
      await signInFrom(user.email, iphoneSafari, "114.10.5.6"),
      await signInFrom(user.email, windowsEdge, "203.0.113.9"),
    ];
    const en = callerFor(database, { token: user.token, lang: "en" });
    expect(await failure(en.account.sessions.endOthers({ password: "salah-sekali-1" }))).toEqual({
      code: "BAD_REQUEST",
      message: "Wrong password. Attempts left: 7.",
    });
    expect((await failure(en.account.sessions.endOthers({ password: "" }))).code).toBe("BAD_REQUEST");
    // A wrong password ended nothing.
    expect(await user.api.account.sessions.list()).toHaveLength(4);

    expect(await user.api.account.sessions.endOthers({ password: testPassword })).toEqual({ ended: 3 });
    for (const token of others) {
      expect((await failure(callerFor(database, { token }).account.me())).code).toBe("UNAUTHORIZED");
    }
    expect(await user.api.account.sessions.list()).toEqual([expect.objectContaining({ current: true })]);
    expect(await user.api.account.me()).toMatchObject({ id: user.id });
  });

  it("pauses the password check after 8 wrong tries for the account, whatever device asks", async () => {
    const user = await signedInUser(database);
    const phone = await signInFrom(user.email, androidChrome, "36.68.10.20");
    const limits = createRateLimits();
    const from = (token: string, clientIp: string) => callerFor(database, { token, clientIp, limits });
    for (let i = 0; i < 8; i++) {
      const [token, ip] = i % 2 ? [phone, "36.68.10.20"] : [user.token, "114.10.5.6"];
      await failure(from(token, ip).account.sessions.endOthers({ password: `salah-${i}-x` }));
    }
    const paused = await failure(
      from(user.token, "203.0.113.9").account.sessions.endOthers({ password: testPassword }),
    );
    expect(paused.code).toBe("TOO_MANY_REQUESTS");
    expect(paused.message).toMatch(
      /^Terlalu banyak percobaan kata sandi yang salah\. Coba lagi dalam \d+ menit\.$/,
    );
    // Nothing was ended: the phone is still signed in.
    expect(await callerFor(database, { token: phone }).account.me()).toMatchObject({ id: user.id });
  });

  it("asks a signed-out caller to sign in", async () => {
    const api = callerFor(database);
    expect((await failure(api.account.sessions.list())).code).toBe("UNAUTHORIZED");
    expect((await failure(api.account.sessions.endOthers({ password: testPassword }))).code).toBe(
      "UNAUTHORIZED",
    );
  });
});
