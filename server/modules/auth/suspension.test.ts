import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestCode } from "../../../tests/setup/accounts.ts";
import { callerFor } from "../../../tests/setup/caller.ts";
import { failure } from "../../../tests/setup/failure.ts";
import { expectLedgerBalanced } from "../../../tests/setup/ledger.ts";
import { newKey, signedInUser, testPassword } from "../../../tests/setup/money.ts";
import {
  listing,
  merchantWithStore,
  placeOrder,
  shopperWithMoney,
  supplyProduct,
} from "../../../tests/setup/shop.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { userSearch } from "../../read/ops-admin.ts";
import { createAccount } from "./auth.service.ts";

let database: TestDatabase;
let ops: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  database = await createTestDatabase();
  ops = await signedInUser(database, "operator");
});
afterAll(async () => {
  await expectLedgerBalanced(database);
  await database.destroy();
});

/** The ids of a page of the operator's user list. */
const found = (page: { items: { id: string }[] }) => page.items.map((u) => u.id);

const signIn = (account: string, lang: "ind" | "en" | "zh" = "ind", password = testPassword) =>
  callerFor(database, { lang }).auth.signIn({ method: "password", account, password });

describe("finding users", () => {
  it("finds a phone number however it is typed (08…, 8…, 62…, +62 …, or its beginning), and emails by part", async () => {
    const phone = "+6281377712345";
    const id = await createAccount(database.db, { phone, password: testPassword, role: "shopper" });
    const email = `Budi.Santoso.${Date.now()}@Example.id`;
    const emailId = await createAccount(database.db, { email, password: testPassword, role: "shopper" });
    for (const typed of [
      "0813-7771-2345",
      "081377712345",
      "81377712345",
      "6281377712345",
      "+62 813 7771 2345",
      "+62 (813) 7771-2345",
      "0813777",
    ]) {
      expect(found(await ops.api.ops.users.list({ q: typed })), typed).toEqual([id]);
    }
    expect(found(await ops.api.ops.users.list({ q: "budi.santoso" }))).toContain(emailId);
    expect(found(await ops.api.ops.users.list({ q: "BUDI.SANTOSO" }))).toContain(emailId);
    // The wildcard characters of SQL are matched as themselves.
    expect((await ops.api.ops.users.list({ q: "%" })).items).toEqual([]);
    expect((await ops.api.ops.users.list({ q: "0899" })).items).toEqual([]);
    expect(userSearch("0812 3456")).toEqual({ phonePrefix: "+628123456" });
    expect(userSearch("Siti@Mail.id")).toEqual({ email: "siti@mail.id" });
  });

  it("lists each account's roles, store and status, newest first, a page at a time", async () => {
    const merchant = await merchantWithStore(database);
    const shopper = await signedInUser(database);
    const newest = await ops.api.ops.users.list({ limit: 2 });
    expect(newest.items.map((u) => u.id)).toEqual([shopper.id, merchant.id]);
    expect(newest.items[1]).toMatchObject({
      email: merchant.email,
      roles: ["shopper", "merchant"],
      store: { id: merchant.storeId, status: "approved" },
      suspended: null,
    });
    expect(newest.items[0]).toMatchObject({ roles: ["shopper"], store: null });
    const next = await ops.api.ops.users.list({ limit: 2, cursor: newest.nextCursor });
    expect(next.items.map((u) => u.id)).not.toContain(shopper.id);
    expect(found(await ops.api.ops.users.list({ q: ops.email }))).toEqual([ops.id]);
    expect((await ops.api.ops.users.list({ q: ops.email })).items[0]?.roles).toEqual(["operator"]);
  });

  it("shows one user's latest orders and wallet (balance, held, movements) as the ledger has them", async () => {
    const merchant = await merchantWithStore(database);
    const listingId = await listing(database, merchant.storeId, await supplyProduct(database), 100_000);
    const shopper = await shopperWithMoney(database, ops, 300_000);
    const placed = await placeOrder(shopper.api, {
      lines: [{ listingId, quantity: 1 }],
      addressId: shopper.addressId,
      method: "wallet",
      fromCart: false,
      idempotencyKey: newKey(),
    });
    const order = await shopper.api.orders.get({ id: placed.orderIds[0]! });
    const detail = await ops.api.ops.users.get({ id: shopper.id });
    expect(detail).toMatchObject({
      id: shopper.id,
      email: shopper.email,
      roles: ["shopper"],
      orders: [{ id: order.id, code: order.code, status: "paid", total: order.total }],
      wallet: { balance: 300_000 - order.total, held: 0 },
    });
    expect(detail.wallet.moves.map((m) => [m.kind, m.amount])).toEqual([
      ["prd_order_pay", -order.total],
      ["system", 300_000],
    ]);
    expect((await shopper.api.wallet.summary()).balance).toBe(detail.wallet.balance);
    expect(await failure(ops.api.ops.users.get({ id: "usr_nosuchuser" }))).toEqual({
      code: "NOT_FOUND",
      message: "Pengguna tidak ditemukan",
    });
  });
});

describe("suspending a user's sign-in", () => {
  it("signs every session out at once and refuses sign-in by password and code until reinstated", async () => {
    const user = await signedInUser(database);
    const second = await signIn(user.email);
    const before = await ops.api.ops.users.list({ q: user.email });
    expect(before.items[0]?.suspended).toBeNull();

    const key = newKey();
    const suspend = () =>
      ops.api.ops.users.suspend({ id: user.id, reason: "Penipuan berulang", idempotencyKey: key });
    expect(await suspend()).toEqual({ id: user.id, suspended: true });
    // A repeated tap answers the same and records once.
    expect(await suspend()).toEqual({ id: user.id, suspended: true });

    // Both sessions are gone: the header token and the cookie alike are signed out.
    for (const token of [user.token, second.token]) {
      expect((await failure(callerFor(database, { token }).account.me())).code).toBe("UNAUTHORIZED");
      const viaCookie = callerFor(database, { cookie: `pasar_session=${encodeURIComponent(token)}` });
      expect((await failure(viaCookie.account.me())).code).toBe("UNAUTHORIZED");
    }
    // The owner is told why, in their language; a wrong password reads as ever (nothing revealed).
    expect(await failure(signIn(user.email))).toEqual({
      code: "FORBIDDEN",
      message: "Akun ini ditangguhkan. Hubungi layanan bantuan untuk informasi lebih lanjut.",
    });
    expect((await failure(signIn(user.email, "en"))).message).toBe(
      "This account has been suspended. Contact support for help.",
    );
    expect((await failure(signIn(user.email, "zh"))).message).toBe("该账号已被停用。如需帮助，请联系客服。");
    expect((await failure(signIn(user.email, "en", "salah12345"))).message).toMatch(
      /^Wrong account or password/,
    );
    const api = callerFor(database);
    await api.auth.sendCode({ account: user.email, purpose: "login" });
    const code = await latestCode(database, user.email);
    expect((await failure(api.auth.signIn({ method: "code", account: user.email, code }))).code).toBe(
      "FORBIDDEN",
    );
    await api.auth.sendCode({ account: user.email, purpose: "reset" });
    const resetCode = await latestCode(database, user.email);
    expect(
      (
        await failure(
          api.auth.resetPassword({
            account: user.email,
            code: resetCode,
            password: "baru12345",
            confirmPassword: "baru12345",
          }),
        )
      ).code,
    ).toBe("FORBIDDEN");

    const listed = (await ops.api.ops.users.list({ q: user.email })).items[0];
    expect(listed?.suspended).toMatchObject({ reason: "Penipuan berulang" });
    const audit = (await ops.api.ops.money.audit({ action: "user.suspend", limit: 50 })).items.filter(
      (e) => e.subjectId === user.id,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor: ops.email,
      subjectType: "user",
      before: { suspended: false, reason: null },
      after: { suspended: true, reason: "Penipuan berulang", revokedSessions: 2 },
    });

    // Reinstated: sign-in works again (the password was never changed); the old sessions stay signed out.
    expect(await ops.api.ops.users.reinstate({ id: user.id, idempotencyKey: newKey() })).toEqual({
      id: user.id,
      suspended: false,
    });
    const again = await signIn(user.email);
    expect((await callerFor(database, { token: again.token }).account.me()).id).toBe(user.id);
    expect((await failure(callerFor(database, { token: user.token }).account.me())).code).toBe(
      "UNAUTHORIZED",
    );
    expect((await ops.api.ops.users.list({ q: user.email })).items[0]?.suspended).toBeNull();
    expect(
      (await ops.api.ops.money.audit({ action: "user.reinstate", limit: 50 })).items.find(
        (e) => e.subjectId === user.id,
      ),
    ).toMatchObject({
      before: { suspended: true, reason: "Penipuan berulang" },
      after: { suspended: false },
    });
  });

  it("never suspends an operator, the operator themselves included, and requires a reason", async () => {
    const other = await signedInUser(database, "operator");
    for (const id of [ops.id, other.id]) {
      expect(
        await failure(ops.api.ops.users.suspend({ id, reason: "uji", idempotencyKey: newKey() })),
      ).toEqual({ code: "FORBIDDEN", message: "Akses masuk operator tidak dapat ditangguhkan" });
    }
    expect((await callerFor(database, { token: other.token }).account.me()).id).toBe(other.id);
    const shopper = await signedInUser(database);
    expect(
      (await failure(ops.api.ops.users.suspend({ id: shopper.id, reason: "  ", idempotencyKey: newKey() })))
        .code,
    ).toBe("BAD_REQUEST");
    expect((await shopper.api.account.me()).id).toBe(shopper.id);
  });

  it("signs a user out of every device without suspending them, audited, once for a repeated tap; never an operator", async () => {
    const user = await signedInUser(database);
    const phone = await signIn(user.email);
    const key = newKey();
    expect(await ops.api.ops.users.endSessions({ id: user.id, idempotencyKey: key })).toEqual({
      id: user.id,
      ended: 2,
    });
    expect(await ops.api.ops.users.endSessions({ id: user.id, idempotencyKey: key })).toEqual({
      id: user.id,
      ended: 2,
    });
    for (const token of [user.token, phone.token]) {
      expect((await failure(callerFor(database, { token }).account.me())).code).toBe("UNAUTHORIZED");
    }
    // Not suspended: the user signs in again.
    const again = await signIn(user.email);
    expect((await callerFor(database, { token: again.token }).account.me()).id).toBe(user.id);
    const audit = (await ops.api.ops.money.audit({ action: "user.sessions.end", limit: 50 })).items.filter(
      (e) => e.subjectId === user.id,
    );
    expect(audit).toEqual([expect.objectContaining({ actor: ops.email, after: { endedSessions: 2 } })]);

    const other = await signedInUser(database, "operator");
    for (const id of [ops.id, other.id]) {
      expect((await failure(ops.api.ops.users.endSessions({ id, idempotencyKey: newKey() }))).code).toBe(
        "FORBIDDEN",
      );
    }
    expect((await callerFor(database, { token: other.token }).account.me()).id).toBe(other.id);
  });

  it("is operators only: shoppers and merchants are forbidden, visitors must sign in", async () => {
    const target = await signedInUser(database);
    const shopper = await signedInUser(database);
    const merchant = await merchantWithStore(database);
    for (const [api, code] of [
      [shopper.api, "FORBIDDEN"],
      [merchant.api, "FORBIDDEN"],
      [callerFor(database), "UNAUTHORIZED"],
    ] as const) {
      for (const call of [
        () => api.ops.users.list({}),
        () => api.ops.users.get({ id: target.id }),
        () => api.ops.users.suspend({ id: target.id, reason: "x", idempotencyKey: newKey() }),
        () => api.ops.users.reinstate({ id: target.id, idempotencyKey: newKey() }),
        () => api.ops.users.endSessions({ id: target.id, idempotencyKey: newKey() }),
      ]) {
        expect((await failure(call())).code).toBe(code);
      }
    }
    expect((await target.api.account.me()).id).toBe(target.id);
  });
});
