import { describe, expect, it } from "vitest";
import { callerFor } from "../../../tests/setup/caller.ts";
import { failure } from "../../../tests/setup/failure.ts";
import { bankCardOfYesterday, newKey, pinProof, signedInUser } from "../../../tests/setup/money.ts";
import { completedOrder } from "../../../tests/setup/shop.ts";
import { setClock } from "../../platform/clock.ts";
import { card, clock, credit, database, ops, useWalletDatabase } from "../wallet/wallet-test-setup.ts";
import { notifyUser } from "./inbox.service.ts";

// Issue 44, the notification centre: a notification is written with its event, in its transaction (rolled back,
// none), shown in the reader's language, marked read by its owner only, and forgotten after 90 days.

useWalletDatabase();

/** A user with a pending withdrawal of `amount`. */
async function withdrawing(amount: number) {
  const user = await signedInUser(database);
  await credit(user.email, amount);
  await bankCardOfYesterday(database, user, card);
  const w = await user.api.wallet.withdraw({ amount, proof: pinProof, idempotencyKey: newKey() });
  return { ...user, withdrawalId: w.id };
}

describe("a withdrawal decided", () => {
  it("tells its owner once, in their language, with a link; a second decision tells nobody", async () => {
    const user = await withdrawing(150_000);
    // Binding the bank account told them already (issue 44, the account category).
    expect(await user.api.notifications.inbox.unread()).toEqual({ total: 1, byCategory: { account: 1 } });
    await ops.api.ops.money.approveWithdrawal({ id: user.withdrawalId, idempotencyKey: newKey() });
    // Refused (already decided): its transaction rolled back, and with it any notification.
    await failure(
      ops.api.ops.money.rejectWithdrawal({ id: user.withdrawalId, reason: "x", idempotencyKey: newKey() }),
    );
    expect(await user.api.notifications.inbox.unread()).toEqual({
      total: 2,
      byCategory: { payments: 1, account: 1 },
    });
    const en = callerFor(database, { token: user.token, lang: "en" });
    const { items } = await en.notifications.inbox.list({ category: "payments" });
    expect(items).toEqual([
      {
        id: expect.stringMatching(/^ntf_/),
        category: "payments",
        title: "Withdrawal paid",
        body: "Rp 147.500 is on its way to your BCA account.",
        link: `/h5/merchant/withdraw?id=${user.withdrawalId}`,
        createdAt: expect.any(Date),
        read: false,
      },
    ]);
    const zh = await callerFor(database, { token: user.token, lang: "zh" }).notifications.inbox.list({
      category: "payments",
    });
    expect(zh.items[0]!.title).toBe("提现已支付");
  });

  it("a rejection says why; the owner's own decision on their withdrawal (an operator's) writes nothing", async () => {
    const user = await withdrawing(80_000);
    await ops.api.ops.money.rejectWithdrawal({
      id: user.withdrawalId,
      reason: "Nama rekening tidak cocok",
      idempotencyKey: newKey(),
    });
    const [notice] = (await user.api.notifications.inbox.list({ category: "payments" })).items;
    expect(notice!.body).toBe(
      "Penarikan Rp 80.000 ditolak: Nama rekening tidak cocok. Dananya sudah kembali ke saldo Anda.",
    );
    expect((await user.api.notifications.inbox.list({ category: "orders" })).items).toEqual([]);

    await credit(ops.email, 100_000).catch(() => undefined);
    const other = await signedInUser(database, "operator");
    await other.api.ops.money.adjust({
      account: ops.email,
      amount: 100_000,
      reason: "uji",
      idempotencyKey: newKey(),
    });
    await bankCardOfYesterday(database, ops, card);
    const mine = await ops.api.wallet.withdraw({ amount: 60_000, proof: pinProof, idempotencyKey: newKey() });
    expect(
      (await failure(ops.api.ops.money.approveWithdrawal({ id: mine.id, idempotencyKey: newKey() }))).code,
    ).toBe("FORBIDDEN");
    expect((await ops.api.notifications.inbox.unread()).byCategory.payments).toBeUndefined();
  });
});

describe("the centre", () => {
  it("pages newest first, marks the owner's own read (one or all), and is for the signed-in only", async () => {
    const user = await signedInUser(database);
    const stranger = await signedInUser(database);
    const at = Date.now();
    for (let i = 0; i < 3; i++) {
      // A millisecond apart: ids are ordered by their time, not within one millisecond.
      clock.restore?.();
      clock.restore = setClock(() => new Date(at + i));
      await notifyUser(database.db, {
        userId: user.id,
        category: "payments",
        kind: "withdrawalRejected",
        params: { amount: 50_000 + i, reason: `alasan ${i}` },
      });
    }
    clock.restore?.();
    clock.restore = undefined;
    const first = await user.api.notifications.inbox.list({ limit: 2 });
    expect(first.items.map((n) => n.body)).toEqual([
      expect.stringContaining("alasan 2"),
      expect.stringContaining("alasan 1"),
    ]);
    const rest = await user.api.notifications.inbox.list({ limit: 2, cursor: first.nextCursor });
    expect(rest).toMatchObject({ items: [{ body: expect.stringContaining("alasan 0") }], nextCursor: null });

    expect(await stranger.api.notifications.inbox.markRead({ ids: [first.items[0]!.id] })).toEqual({
      marked: 0,
    });
    expect(await user.api.notifications.inbox.markRead({ ids: [first.items[0]!.id] })).toEqual({ marked: 1 });
    expect((await user.api.notifications.inbox.unread()).total).toBe(2);
    expect(await user.api.notifications.inbox.markAllRead()).toEqual({ marked: 2 });
    expect((await user.api.notifications.inbox.list({})).items.every((n) => n.read)).toBe(true);
    expect((await failure(callerFor(database).notifications.inbox.unread())).code).toBe("UNAUTHORIZED");
    expect((await failure(user.api.notifications.inbox.markRead({ ids: ["bukan-id"] }))).code).toBe(
      "BAD_REQUEST",
    );
  });

  it("forgets notifications older than 90 days", async () => {
    const user = await signedInUser(database);
    const at = Date.now();
    clock.restore = setClock(() => new Date(at - 91 * 86_400_000));
    await notifyUser(database.db, {
      userId: user.id,
      category: "account",
      kind: "withdrawalPaid",
      params: { amount: 1, bank: "BCA" },
    });
    clock.restore();
    clock.restore = undefined;
    await notifyUser(database.db, {
      userId: user.id,
      category: "account",
      kind: "withdrawalPaid",
      params: { amount: 2, bank: "BCA" },
    });
    await database.jobs.runPeriodic("notifications.forget_old");
    const left = (await user.api.notifications.inbox.list({})).items;
    expect(left).toHaveLength(1);
    expect(left[0]!.body).toContain("Rp 2");
  });
});

describe("an order shipped", () => {
  it("tells its shopper once, with the order's code, courier and a link to the order", async () => {
    const { shopper, orderId } = await completedOrder(database, ops);
    const en = callerFor(database, { token: shopper.token, lang: "en" });
    const { items } = await en.notifications.inbox.list({ category: "orders" });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      title: "Order shipped",
      body: expect.stringMatching(/^Order \S+ is on its way with .+\. Track the parcel on the order page\.$/),
      link: `/h5/order/detail?id=${orderId}`,
    });
    // Shipping it again (a repeated tap) tells nobody again.
    await ops.api.ops.orders.ship({ id: orderId, idempotencyKey: newKey() }).catch(() => undefined);
    expect((await en.notifications.inbox.list({ category: "orders" })).items).toHaveLength(1);
  });
});
