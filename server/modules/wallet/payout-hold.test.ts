import { describe, expect, it } from "vitest";
import { latestCode } from "../../../tests/setup/accounts.ts";
import { callerFor } from "../../../tests/setup/caller.ts";
import { failure } from "../../../tests/setup/failure.ts";
import { newKey, pinProof, signedInUser } from "../../../tests/setup/money.ts";
import { codShopper } from "../../../tests/setup/shop.ts";
import { setClock } from "../../platform/clock.ts";
import { card, clock, credit, database, ops, useWalletDatabase } from "./wallet-test-setup.ts";

// Issue 43: where withdrawals go asks for the payment PIN, a new bank account (or a PIN reset) waits 24 hours before
// a withdrawal is paid to it, and its owner is told on every channel, with no link.

useWalletDatabase();

const hour = 3_600_000;
const wrongPin = { pin: "918273" };

/** Runs the app's clock `ms` from now (put back after the test). */
function clockAt(ms: number) {
  const at = new Date(Date.now() + ms);
  clock.restore?.();
  clock.restore = setClock(() => at);
}

describe("binding a bank account", () => {
  it("asks for the PIN: without it or with a wrong one nothing is bound and the try counts", async () => {
    const user = await signedInUser(database);
    const en = callerFor(database, { token: user.token, lang: "en" });
    expect((await failure(en.wallet.saveBankCard({ ...card } as never))).code).toBe("BAD_REQUEST");
    expect(await failure(en.wallet.saveBankCard({ ...card, proof: wrongPin }))).toEqual({
      code: "BAD_REQUEST",
      message: "Wrong PIN. Attempts left: 4.",
    });
    expect(await user.api.wallet.bankCard()).toBeNull();
    const none = await signedInUser(database, "shopper", { pin: false });
    expect(
      await failure(
        callerFor(database, { token: none.token, lang: "en" }).wallet.saveBankCard({
          ...card,
          proof: pinProof,
        }),
      ),
    ).toEqual({
      code: "PRECONDITION_FAILED",
      message: "Set your payment PIN first.",
    });
  });

  it("is held 24 hours, announced by email and SMS without a link, and audited without the full number", async () => {
    const user = await codShopper(database);
    const saved = await user.api.wallet.saveBankCard({ ...card, proof: pinProof });
    expect(saved).toMatchObject({ bankName: "BCA", maskedNumber: "•••• 7890" });
    expect(saved.holdUntil!.getTime() - saved.updatedAt.getTime()).toBe(24 * hour);
    const outbox = await callerFor(database).notifications.outbox();
    const notice = outbox.find((m) => m.recipient === user.phone.replace(/^0/, "+62") && m.channel === "sms");
    expect(notice?.body).toContain("BCA •••• 7890");
    expect(notice?.body).toContain("24 jam");
    expect(notice?.body).not.toMatch(/https?:|www\.|\.id\b|1234567890/);

    const email = await signedInUser(database);
    await callerFor(database, { token: email.token, lang: "zh" }).wallet.saveBankCard({
      ...card,
      proof: pinProof,
    });
    const mail = (await callerFor(database).notifications.outbox()).find((m) => m.recipient === email.email);
    expect(mail).toMatchObject({ channel: "email", subject: "您的 Pasar 账户新增了银行账户" });
    expect(mail?.body).not.toMatch(/https?:|1234567890/);

    await email.api.wallet.removeBankCard({ proof: pinProof });
    const audit = [
      ...(await ops.api.ops.money.audit({ action: "bank.add" })).items,
      ...(await ops.api.ops.money.audit({ action: "bank.remove" })).items,
    ].filter((a) => a.subjectId === email.id);
    expect(audit.map((a) => a.action).sort()).toEqual(["bank.add", "bank.remove"]);
    expect(JSON.stringify(audit)).toContain("•••• 7890");
    expect(JSON.stringify(audit)).not.toMatch(/1234567890|270419/);
  });

  it("shows the full number and removes the account only after the PIN", async () => {
    const user = await signedInUser(database);
    await user.api.wallet.saveBankCard({ ...card, proof: pinProof });
    const en = callerFor(database, { token: user.token, lang: "en" });
    expect((await failure(en.wallet.revealBankCard({ proof: wrongPin }))).message).toBe(
      "Wrong PIN. Attempts left: 4.",
    );
    expect(await user.api.wallet.revealBankCard({ proof: pinProof })).toEqual({
      accountNumber: "1234567890",
    });
    expect((await failure(en.wallet.removeBankCard({ proof: wrongPin }))).code).toBe("BAD_REQUEST");
    expect(await user.api.wallet.bankCard()).not.toBeNull();
    await user.api.wallet.removeBankCard({ proof: pinProof });
    expect(await user.api.wallet.bankCard()).toBeNull();
  });
});

describe("the payout hold", () => {
  it("refuses a withdrawal to a 23-hour-old bank account, by the API too, and lets it through after 24 hours", async () => {
    const user = await signedInUser(database);
    await credit(user.email, 200_000);
    await user.api.wallet.saveBankCard({ ...card, proof: pinProof });
    clockAt(23 * hour);
    const en = callerFor(database, { token: user.token, lang: "en" });
    expect(
      await failure(en.wallet.withdraw({ amount: 100_000, proof: pinProof, idempotencyKey: newKey() })),
    ).toEqual({
      code: "PRECONDITION_FAILED",
      message:
        "For your safety, withdrawals to a new bank account (or after a PIN reset) start 24 hours later: in 1 hour.",
    });
    expect(await user.api.wallet.summary()).toEqual({ balance: 200_000, pendingWithdrawals: 0 });
    expect((await user.api.wallet.withdrawForm()).holdUntil).toBeInstanceOf(Date);
    clockAt(24 * hour + 60_000);
    expect((await user.api.wallet.withdrawForm()).holdUntil).toBeNull();
    const held = await user.api.wallet.withdraw({
      amount: 100_000,
      proof: pinProof,
      idempotencyKey: newKey(),
    });
    expect(held).toMatchObject({ status: "pending", amount: 100_000 });
  });

  it("starts again when the PIN is reset by a code, not when it is changed with the old one", async () => {
    const user = await signedInUser(database);
    await credit(user.email, 200_000);
    await user.api.wallet.saveBankCard({ ...card, proof: pinProof });
    clockAt(48 * hour);
    expect((await user.api.wallet.withdrawForm()).holdUntil).toBeNull();
    await user.api.account.pin.change({ currentPin: pinProof.pin, pin: "384950" });
    expect((await user.api.wallet.withdrawForm()).holdUntil).toBeNull();
    await user.api.account.pin.sendCode();
    await user.api.account.pin.set({ code: await latestCode(database, user.email), pin: "270419" });
    const zh = callerFor(database, { token: user.token, lang: "zh" });
    expect(
      await failure(zh.wallet.withdraw({ amount: 100_000, proof: pinProof, idempotencyKey: newKey() })),
    ).toEqual({
      code: "PRECONDITION_FAILED",
      message: "为了您的安全，新绑定的银行账户（或重置支付密码后）需等待 24 小时才能提现：还需 24 小时。",
    });
    expect(await user.api.wallet.summary()).toEqual({ balance: 200_000, pendingWithdrawals: 0 });
  });

  it("an operator lifts it after verifying the owner, with how (audited, never their own); a new change holds again", async () => {
    const user = await signedInUser(database);
    await credit(user.email, 300_000);
    const en = callerFor(database, { token: ops.token, lang: "en" });
    const release = (id: string) =>
      en.ops.users.releasePayoutHold({ id, reason: "Called +62812… on record", idempotencyKey: newKey() });
    expect(await failure(release(user.id))).toEqual({
      code: "CONFLICT",
      message: "Withdrawals from this account are not on hold.",
    });
    await user.api.wallet.saveBankCard({ ...card, proof: pinProof });
    const held = (await ops.api.ops.users.get({ id: user.id })).wallet.payoutHoldUntil;
    expect(held).toBeInstanceOf(Date);
    expect(
      (
        await failure(
          user.api.ops.users.releasePayoutHold({ id: user.id, reason: "me", idempotencyKey: newKey() }),
        )
      ).code,
    ).toBe("FORBIDDEN");
    expect((await failure(release(ops.id))).message).toBe(
      "Operators cannot do this for their own account. Ask another operator.",
    );

    await release(user.id);
    expect((await ops.api.ops.users.get({ id: user.id })).wallet.payoutHoldUntil).toBeNull();
    expect((await user.api.wallet.bankCard())?.holdUntil).toBeNull();
    expect((await user.api.wallet.withdrawForm()).holdUntil).toBeNull();
    await user.api.wallet.withdraw({ amount: 100_000, proof: pinProof, idempotencyKey: newKey() });
    const audit = (await ops.api.ops.money.audit({ action: "user.hold.release" })).items;
    expect(audit.find((a) => a.subjectId === user.id)).toMatchObject({ actor: ops.email });

    clockAt(60_000);
    await user.api.wallet.saveBankCard({ ...card, accountNumber: "9876543210", proof: pinProof });
    expect(
      (
        await failure(
          user.api.wallet.withdraw({ amount: 100_000, proof: pinProof, idempotencyKey: newKey() }),
        )
      ).code,
    ).toBe("PRECONDITION_FAILED");
  });
});
