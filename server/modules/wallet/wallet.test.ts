import { describe, expect, it } from "vitest";
import { callerFor } from "../../../tests/setup/caller.ts";
import { bankCardOfYesterday, newKey, pinProof, signedInUser } from "../../../tests/setup/money.ts";
import { card, credit, database, ops, useWalletDatabase } from "./wallet-test-setup.ts";

// Recharges, through the sandbox gateway or when it fails: wallet-recharges.test.ts.
useWalletDatabase();

describe("the operator's ledger views", () => {
  it("lists wallets with their users and balances, and filters transfers by a user's account", async () => {
    const a = await signedInUser(database);
    const b = await signedInUser(database);
    await credit(a.email, 70_000);
    await credit(b.email, 30_000);
    const wallets: { user: string; balance: number }[] = [];
    let cursor: string | null = null;
    do {
      const page = await ops.api.ops.money.wallets({ cursor, limit: 100 });
      wallets.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(wallets).toContainEqual(expect.objectContaining({ user: a.email, balance: 70_000 }));
    expect(wallets).toContainEqual(expect.objectContaining({ user: b.email, balance: 30_000 }));

    const ofA = await ops.api.ops.money.transfers({ user: a.email });
    expect(ofA.items).toHaveLength(1);
    expect(ofA.items[0]).toMatchObject({
      amount: 70_000,
      kind: "system",
      creditUser: a.email,
      debitUser: null,
    });
    expect((await ops.api.ops.money.transfers({ user: a.email, kind: "recharge" })).items).toEqual([]);
    await expect(ops.api.ops.money.transfers({ user: "nobody@pasar.test" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(a.api.ops.money.wallets({})).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(a.api.ops.money.transfers({ user: b.email })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("bank card", () => {
  it("binds, shows masked, changes and removes; bad numbers are refused in the user's language", async () => {
    const user = await signedInUser(database);
    expect(await user.api.wallet.bankCard()).toBeNull();
    type Issues = { cause?: { issues?: { path: string[]; message: string }[] } };
    const issueOf = async (input: typeof card, field: string) => {
      const error = (await user.api.wallet
        .saveBankCard({ ...input, proof: pinProof })
        .catch((e: Issues) => e)) as Issues;
      return error.cause?.issues?.find((i) => i.path[0] === field)?.message;
    };
    expect(await issueOf({ ...card, accountNumber: "12345" }, "accountNumber")).toBe(
      "errors.bank.accountNumberLength",
    );
    expect(await issueOf({ ...card, accountNumber: "12345abcde" }, "accountNumber")).toBe(
      "errors.bank.accountNumberDigits",
    );
    expect(await issueOf({ ...card, bankCode: "999" }, "bankCode")).toBe("errors.bank.selectBank");
    expect(await issueOf({ ...card, accountName: " " }, "accountName")).toBe(
      "errors.bank.accountNameRequired",
    );
    expect(await user.api.wallet.bankCard()).toBeNull();

    const saved = await user.api.wallet.saveBankCard({ ...card, proof: pinProof });
    expect(saved).toMatchObject({ accountName: "Siti Aminah", bankName: "BCA", maskedNumber: "•••• 7890" });
    expect(JSON.stringify(saved)).not.toContain("1234567890");
    const changed = await user.api.wallet.saveBankCard({
      accountName: "Siti",
      bankCode: "002",
      accountNumber: "123456789012345",
      proof: pinProof,
    });
    expect(changed).toMatchObject({ bankName: "BRI", maskedNumber: "•••• 2345" });
    await user.api.wallet.removeBankCard({ proof: pinProof });
    expect(await user.api.wallet.bankCard()).toBeNull();
  });
});

describe("withdrawals", () => {
  it("asks for a bank card first, then holds the amount at once; the operator pays it out (fee to revenue)", async () => {
    const user = await signedInUser(database);
    await credit(user.email, 200_000);
    const en = callerFor(database, { token: user.token, lang: "en" });
    await expect(
      en.wallet.withdraw({ amount: 100_000, proof: pinProof, idempotencyKey: newKey() }),
    ).rejects.toMatchObject({
      message: "Bind bank info first",
    });
    await bankCardOfYesterday(database, user, card);
    await expect(
      en.wallet.withdraw({ amount: 10_000, proof: pinProof, idempotencyKey: newKey() }),
    ).rejects.toMatchObject({
      message: "The minimum withdrawal is Rp 50.000",
    });
    await expect(
      en.wallet.withdraw({ amount: 200_001, proof: pinProof, idempotencyKey: newKey() }),
    ).rejects.toMatchObject({
      message: "Insufficient balance",
    });
    expect(await user.api.wallet.summary()).toEqual({ balance: 200_000, pendingWithdrawals: 0 });

    const w = await user.api.wallet.withdraw({ amount: 150_000, proof: pinProof, idempotencyKey: newKey() });
    expect(w).toMatchObject({
      amount: 150_000,
      fee: 2_500,
      payout: 147_500,
      status: "pending",
      bankName: "BCA",
    });
    expect(await user.api.wallet.summary()).toEqual({ balance: 50_000, pendingWithdrawals: 150_000 });
    const history = await user.api.wallet.history({});
    expect(history.items[0]).toMatchObject({
      kind: "withdrawal",
      amount: -150_000,
      state: "pending",
      subjectId: w.id,
    });
    expect(history.items[1]).toMatchObject({
      kind: "system",
      amount: 200_000,
      state: "completed",
      memo: "saldo awal",
    });

    const queue = await ops.api.ops.money.withdrawals({ status: "pending" });
    expect(queue.items.find((i) => i.id === w.id)).toMatchObject({
      user: user.email,
      accountNumber: "1234567890",
    });
    const before = (await ops.api.ops.money.ledger()).platform;
    await ops.api.ops.money.approveWithdrawal({ id: w.id, idempotencyKey: newKey() });
    const after = (await ops.api.ops.money.ledger()).platform;
    const diff = (id: string) =>
      after.find((a) => a.id === id)!.balance - before.find((a) => a.id === id)!.balance;
    expect(diff("platform:revenue")).toBe(2_500n);
    expect(diff("platform:gateway_clearing")).toBe(147_500n);
    expect(diff("platform:payouts_pending")).toBe(-150_000n);
    expect((await user.api.wallet.history({})).items[0]).toMatchObject({
      amount: -150_000,
      state: "completed",
    });
    expect(await user.api.wallet.withdrawal({ id: w.id })).toMatchObject({ status: "paid" });
    expect(await user.api.wallet.summary()).toEqual({ balance: 50_000, pendingWithdrawals: 0 });

    // Decided once: rejecting it now is refused and moves nothing.
    await expect(
      callerFor(database, { token: ops.token, lang: "en" }).ops.money.rejectWithdrawal({
        id: w.id,
        reason: "late",
        idempotencyKey: newKey(),
      }),
    ).rejects.toMatchObject({ message: "This request has already been decided", code: "CONFLICT" });
    expect(await user.api.wallet.summary()).toEqual({ balance: 50_000, pendingWithdrawals: 0 });
    const audit = await ops.api.ops.money.audit({ action: "withdrawal.approve" });
    expect(audit.items[0]).toMatchObject({ actor: ops.email, subjectId: w.id });
  });

  it("a rejection returns the hold to the wallet, shown as returned with the reason", async () => {
    const user = await signedInUser(database);
    await credit(user.email, 80_000);
    await bankCardOfYesterday(database, user, card);
    const w = await user.api.wallet.withdraw({ amount: 80_000, proof: pinProof, idempotencyKey: newKey() });
    expect((await user.api.wallet.summary()).balance).toBe(0);
    await ops.api.ops.money.rejectWithdrawal({
      id: w.id,
      reason: "Nama rekening tidak cocok",
      idempotencyKey: newKey(),
    });
    expect(await user.api.wallet.summary()).toEqual({ balance: 80_000, pendingWithdrawals: 0 });
    const [release, hold] = (await user.api.wallet.history({ kind: "withdrawal" })).items;
    expect(release).toMatchObject({ amount: 80_000, state: "completed", memo: "Nama rekening tidak cocok" });
    expect(hold).toMatchObject({ amount: -80_000, state: "returned" });
    expect(await user.api.wallet.withdrawal({ id: w.id })).toMatchObject({
      status: "rejected",
      reason: "Nama rekening tidak cocok",
    });
  });

  it("is idempotent: a repeated key answers the same withdrawal and holds once; another request with it is a conflict", async () => {
    const user = await signedInUser(database);
    await credit(user.email, 300_000);
    await bankCardOfYesterday(database, user, card);
    const key = newKey();
    const first = await user.api.wallet.withdraw({ amount: 100_000, proof: pinProof, idempotencyKey: key });
    const again = await user.api.wallet.withdraw({ amount: 100_000, proof: pinProof, idempotencyKey: key });
    expect(again.id).toBe(first.id);
    expect((await user.api.wallet.summary()).balance).toBe(200_000);
    await expect(
      callerFor(database, { token: user.token, lang: "zh" }).wallet.withdraw({
        amount: 120_000,
        proof: pinProof,
        idempotencyKey: key,
      }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: "此请求已用于另一笔交易。请刷新页面后重试。" });
    expect((await user.api.wallet.summary()).balance).toBe(200_000);
  });

  it("only operators decide, and nobody reads another user's withdrawal", async () => {
    const user = await signedInUser(database);
    const other = await signedInUser(database);
    await credit(user.email, 60_000);
    await bankCardOfYesterday(database, user, card);
    const w = await user.api.wallet.withdraw({ amount: 60_000, proof: pinProof, idempotencyKey: newKey() });
    await expect(
      user.api.ops.money.approveWithdrawal({ id: w.id, idempotencyKey: newKey() }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(
      user.api.ops.money.adjust({ account: user.email, amount: 1, reason: "x", idempotencyKey: newKey() }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(other.api.wallet.withdrawal({ id: w.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(callerFor(database).wallet.summary()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(user.api.ops.money.ledger()).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await user.api.wallet.withdrawal({ id: w.id })).toMatchObject({ status: "pending" });
  });
});

describe("separation of duties", () => {
  it("no operator adjusts their own wallet or decides their own withdrawal; another operator may; refusals are audited", async () => {
    const other = await signedInUser(database, "operator");
    const en = (who: typeof ops) => callerFor(database, { token: who.token, lang: "en" });
    // Their own wallet: refused in words, nothing moved, the attempt in the audit log.
    await expect(
      en(ops).ops.money.adjust({
        account: ops.email,
        amount: 500_000,
        reason: "bonus",
        idempotencyKey: newKey(),
      }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "Operators cannot do this for their own account. Ask another operator.",
    });
    expect((await ops.api.wallet.summary()).balance).toBe(0);
    const refused = await ops.api.ops.money.audit({ action: "wallet.adjust.refused" });
    expect(refused.items[0]).toMatchObject({ actor: ops.email, subjectType: "user" });

    // Another operator may credit it (recorded as theirs); then the first asks to withdraw.
    await other.api.ops.money.adjust({
      account: ops.email,
      amount: 200_000,
      reason: "gaji",
      idempotencyKey: newKey(),
    });
    await bankCardOfYesterday(database, ops, card);
    const w = await ops.api.wallet.withdraw({ amount: 100_000, proof: pinProof, idempotencyKey: newKey() });
    for (const decide of [
      () => en(ops).ops.money.approveWithdrawal({ id: w.id, idempotencyKey: newKey() }),
      () => en(ops).ops.money.rejectWithdrawal({ id: w.id, reason: "x", idempotencyKey: newKey() }),
    ]) {
      await expect(decide()).rejects.toMatchObject({
        code: "FORBIDDEN",
        message: "Operators cannot do this for their own account. Ask another operator.",
      });
    }
    expect(await ops.api.wallet.withdrawal({ id: w.id })).toMatchObject({ status: "pending" });
    expect(await ops.api.wallet.summary()).toEqual({ balance: 100_000, pendingWithdrawals: 100_000 });
    for (const action of ["withdrawal.approve.refused", "withdrawal.reject.refused"]) {
      const entries = await ops.api.ops.money.audit({ action });
      expect(entries.items[0], action).toMatchObject({ actor: ops.email, subjectId: w.id });
    }
    // The other operator pays it out.
    await other.api.ops.money.approveWithdrawal({ id: w.id, idempotencyKey: newKey() });
    expect(await ops.api.wallet.withdrawal({ id: w.id })).toMatchObject({ status: "paid" });
  });
});

describe("adjustments", () => {
  it("credit and debit with a reason, never below zero, audited", async () => {
    const user = await signedInUser(database);
    const en = callerFor(database, { token: ops.token, lang: "en" });
    await expect(
      en.ops.money.adjust({ account: user.email, amount: -1, reason: "koreksi", idempotencyKey: newKey() }),
    ).rejects.toMatchObject({
      message: "Insufficient balance",
    });
    await expect(
      en.ops.money.adjust({ account: "nobody@example.id", amount: 5, reason: "x", idempotencyKey: newKey() }),
    ).rejects.toMatchObject({
      message: "User not found",
    });
    expect((await credit(user.email, 10_000)).balance).toBe(10_000);
    expect(
      (
        await en.ops.money.adjust({
          account: user.email,
          amount: -4_000,
          reason: "koreksi",
          idempotencyKey: newKey(),
        })
      ).balance,
    ).toBe(6_000);
    const audit = await ops.api.ops.money.audit({ action: "wallet.adjust" });
    expect(audit.items[0]).toMatchObject({
      subjectId: user.id,
      after: { balance: 6_000, amount: -4_000, reason: "koreksi" },
    });
  });
});
