import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshEmail, latestCode } from "../../../tests/setup/accounts.ts";
import { callerFor } from "../../../tests/setup/caller.ts";
import { failure } from "../../../tests/setup/failure.ts";
import { newKey, signedInUser, testPassword } from "../../../tests/setup/money.ts";
import { createTestApp } from "../../../tests/setup/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { createLogger } from "../../platform/logger.ts";

// Issue 43: every authentication event is in the audit log, without a secret; the owner reads the ones that matter
// (new devices, password, PIN, bank account, freezing) as their security history.

let database: TestDatabase;
let ops: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  database = await createTestDatabase();
  ops = await signedInUser(database, "operator");
});
afterAll(() => database.destroy());

const phone =
  "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";
const laptop =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0";

/** The account's audit rows, oldest first. */
async function auditOf(userId: string) {
  const actions = [
    "auth.signin",
    "auth.signin.failed",
    "auth.signout",
    "auth.sessions.end",
    "pin.set",
    "pin.lock",
    "pin.change",
    "bank.add",
  ];
  const rows = [];
  for (const action of actions) rows.push(...(await ops.api.ops.money.audit({ action, limit: 100 })).items);
  return rows.filter((r) => r.subjectId === userId).sort((a, b) => a.id.localeCompare(b.id));
}

describe("the security history", () => {
  it("shows new devices, failed passwords, PIN and bank account changes, newest first; the same device twice once", async () => {
    const user = await signedInUser(database, "shopper", { pin: false });
    const signIn = (userAgent: string, password = testPassword) =>
      callerFor(database, { userAgent, clientIp: "203.0.113.9", lang: "en" }).auth.signIn({
        method: "password",
        account: user.email,
        password,
      });
    const onPhone = await signIn(phone);
    await signIn(phone);
    expect((await failure(signIn(laptop, "salahSekali1"))).code).toBe("BAD_REQUEST");
    await signIn(laptop);
    const api = callerFor(database, { token: onPhone.token, userAgent: phone });
    await api.account.pin.sendCode();
    await api.account.pin.set({ code: await latestCode(database, user.email), pin: "280417" });
    for (let i = 0; i < 5; i++)
      await failure(api.account.pin.change({ currentPin: "999999", pin: "502913" }));
    await api.wallet
      .saveBankCard({
        accountName: "Siti Aminah",
        bankCode: "014",
        accountNumber: "1234567890",
        proof: { pin: "280417" },
      })
      .catch(() => undefined);

    const history = await api.account.securityHistory();
    expect(history.map((e) => e.kind)).toEqual([
      "pinLock",
      "pinSet",
      "newDevice",
      "signinFailed",
      "newDevice",
      "newDevice",
    ]);
    expect(history[2]).toMatchObject({ device: "Microsoft Edge 131 · Windows 10", ip: "203.0.113.9" });
    expect(history[3]).toMatchObject({ device: "Microsoft Edge 131 · Windows 10" });
    expect(history[4]!.device).toMatch(/^Chrome 130 · Android 14/);
    // The first sign-in (the test's own set-up, no browser) was a device of its own.
    expect(history[5]!.device).toBeNull();
    expect((await failure(callerFor(database).account.securityHistory())).code).toBe("UNAUTHORIZED");

    // In the audit log: every sign-in (the repeated device too), the failed one by nobody signed in.
    const audit = await auditOf(user.id);
    expect(audit.filter((a) => a.action === "auth.signin")).toHaveLength(4);
    expect(audit.find((a) => a.action === "auth.signin.failed")).toMatchObject({ actor: null });
    expect(JSON.stringify(audit)).not.toMatch(/salahSekali1|rahasia123|280417|999999|502913/);
    expect(JSON.stringify(audit)).not.toContain(onPhone.token);
  });

  it("a bank account added shows with its last digits; another user's history is theirs alone", async () => {
    const user = await signedInUser(database);
    await user.api.wallet.saveBankCard({
      accountName: "Budi",
      bankCode: "014",
      accountNumber: "1234567890",
      proof: { pin: "270419" },
    });
    expect((await user.api.account.securityHistory())[0]).toMatchObject({
      kind: "bankAdd",
      detail: "BCA •••• 7890",
    });
    const other = await signedInUser(database);
    expect((await other.api.account.securityHistory()).map((e) => e.kind)).toEqual(["newDevice"]);
  });
});

describe("secrets", () => {
  it("no password, PIN, code or token reaches the log, the audit log or /metrics", async () => {
    let logged = "";
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString();
        done();
      },
    });
    const app = createTestApp(database, { log: createLogger("debug", sink), metricsToken: "scrape" });
    const call = async (path: string, input: unknown, token?: string) => {
      const res = await app.request(`/trpc/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { authorization: token } : {}) },
        body: JSON.stringify({ json: input }),
      });
      return (await res.json()) as { result?: { data: { json: Record<string, unknown> } } };
    };
    const email = freshEmail("secret");
    const password = "Rahasia2026";
    await call("auth.sendCode", { account: email, purpose: "signup" });
    const signupCode = await latestCode(database, email);
    const session = (
      await call("auth.signUp", { account: email, code: signupCode, password, confirmPassword: password })
    ).result!.data.json as { token: string };
    await call("auth.signIn", { method: "password", account: email, password: "Salah2026x" });
    await call("account.pin.sendCode", undefined, session.token);
    const pinCode = await latestCode(database, email);
    await call("account.pin.set", { code: pinCode, pin: "280417" }, session.token);
    await call("account.pin.change", { currentPin: "731904", pin: "502913" }, session.token);
    await call(
      "wallet.withdraw",
      { amount: 50_000, proof: { pin: "280417" }, idempotencyKey: newKey() },
      session.token,
    );
    await call("wallet.revealBankCard", { proof: { pin: "280417" } }, session.token);
    await call("auth.signOut", undefined, session.token);
    const metrics = await (
      await app.request("/metrics", { headers: { authorization: "Bearer scrape" } })
    ).text();
    expect(metrics).toContain("http_request");
    await new Promise((resolve) => setTimeout(resolve, 50));

    const me = (await callerFor(database).auth.signIn({ method: "password", account: email, password })).user;
    const audit = JSON.stringify(
      (
        await Promise.all(
          ["auth.signup", "auth.signin.failed", "pin.set", "auth.signout"].map((action) =>
            ops.api.ops.money.audit({ action, limit: 100 }),
          ),
        )
      ).flatMap((a) => a.items.filter((i) => i.subjectId === me.id)),
    );
    expect(audit).toContain("auth.signup");
    expect(logged).toContain("request");
    for (const secret of [
      password,
      "Salah2026x",
      signupCode,
      pinCode,
      "280417",
      "731904",
      "502913",
      session.token,
    ]) {
      expect(logged, `the log holds ${secret}`).not.toContain(secret);
      expect(audit, `the audit log holds ${secret}`).not.toContain(secret);
      expect(metrics, `/metrics holds ${secret}`).not.toContain(secret);
    }
  });
});
