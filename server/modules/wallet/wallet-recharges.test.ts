import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callerFor } from "../../../tests/setup/caller.ts";
import {
  newKey,
  notifySandbox,
  paidNotice,
  pressOnSandbox,
  providerTookItLate,
  sandboxPaymentOf,
  signedInUser,
} from "../../../tests/setup/money.ts";
import { createTestApp } from "../../../tests/setup/test-app.ts";
import { setClock } from "../../platform/clock.ts";
import { createSandboxGateway, sandboxPayment } from "../gateway/gateway.service.ts";
import { clock, database, ops, useWalletDatabase } from "./wallet-test-setup.ts";

useWalletDatabase();

describe("recharge when the gateway fails", () => {
  it("says Payment failed in the user's language, keeps the recharge pending, and the same tap later pays", async () => {
    const user = await signedInUser(database);
    const sandbox = createSandboxGateway(database.db, { publicUrl: "http://localhost:3000" });
    let down = true;
    const flaky = {
      ...sandbox,
      createPayment: (input: Parameters<typeof sandbox.createPayment>[0]) =>
        down ? Promise.reject(new Error("connect ECONNREFUSED gateway")) : sandbox.createPayment(input),
    };
    const api = callerFor(database, { token: user.token, lang: "en", gateway: flaky });
    const key = newKey();
    const request = { amount: 100_000, method: "qris" as const, idempotencyKey: key };
    await expect(api.wallet.recharge(request)).rejects.toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      message: "Payment failed",
    });
    down = false;
    const started = await api.wallet.recharge(request);
    expect(started.attemptId).toMatch(/^pat_/);
    expect((await sandboxPaymentOf(database, started.attemptId)).id).toMatch(/^pay_/);
    // Back from the gateway unpaid, the shopper can go on paying; once paid or cancelled, nothing to pay.
    expect(await api.wallet.rechargeStatus({ id: started.id })).toMatchObject({
      status: "pending",
      attemptId: started.attemptId,
    });
    // One recharge for the one tap, and no money moved.
    expect(
      (await ops.api.ops.money.recharges({ status: "pending" })).items.filter((r) => r.user === user.email),
    ).toHaveLength(1);
    expect((await api.wallet.summary()).balance).toBe(0);
  });
});

describe("recharges through the sandbox gateway", () => {
  const app = () => createTestApp(database);
  const notify = (body: object, opts: { secret?: string; at?: Date; raw?: string } = {}) =>
    notifySandbox(app(), database, body, opts);

  it("pays: the hosted page shows the amount, the signed notification credits the wallet once", async () => {
    const user = await signedInUser(database);
    const en = callerFor(database, { token: user.token, lang: "en" });
    await expect(
      en.wallet.recharge({ amount: 5_000, method: "qris", idempotencyKey: newKey() }),
    ).rejects.toMatchObject({
      message: "Top up between Rp 10.000 and Rp 20.000.000",
    });
    const key = newKey();
    const started = await en.wallet.recharge({ amount: 100_000, method: "qris", idempotencyKey: key });
    expect(started.attemptId).toMatch(/^pat_/);
    expect(await en.wallet.recharge({ amount: 100_000, method: "qris", idempotencyKey: key })).toEqual(
      started,
    );
    // The attempt's method screen shows the QR, and links the sandbox's play-money page that pays it.
    const attempt = await en.payments.attempt({ id: started.attemptId });
    expect(attempt).toMatchObject({
      purpose: "recharge",
      subjectId: started.id,
      channel: "qris",
      amount: 100_000,
      status: "pending",
      action: { type: "qr" },
    });
    expect(attempt.simulateUrl).toMatch(/^http:\/\/localhost:3000\/gateway\/sandbox\/pay_\w+$/);
    const paymentId = (await sandboxPaymentOf(database, started.attemptId)).id;
    expect(attempt.simulateUrl).toBe(`http://localhost:3000/gateway/sandbox/${paymentId}`);

    // The page speaks the shopper's language (English, kept with the payment).
    const page = await app().request(new URL(attempt.simulateUrl!).pathname);
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("Rp 100.000");
    expect(html).toContain("Pay");
    expect(await user.api.wallet.rechargeStatus({ id: started.id })).toMatchObject({ status: "pending" });

    // Pressing Pay marks the sandbox payment paid; its notification cannot reach this test's address, so the
    // test delivers the same signed notification itself.
    // Back to the attempt's method screen, which follows its status.
    const pressed = await pressOnSandbox(app(), database, started.attemptId, "pay");
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get("location")).toBe(
      `http://localhost:3000/en/h5/payment?id=${started.attemptId}`,
    );
    expect((await sandboxPayment(database.db, paymentId))?.status).toBe("paid");
    const body = await paidNotice(database, started.attemptId);
    expect(body).toEqual({
      paymentId,
      reference: started.attemptId,
      amount: 100_000,
      currency: "IDR",
      status: "paid",
    });
    expect((await notify(body)).status).toBe(200);
    expect((await notify(body)).status).toBe(200);
    expect(await user.api.wallet.summary()).toEqual({ balance: 100_000, pendingWithdrawals: 0 });
    expect(await user.api.wallet.rechargeStatus({ id: started.id })).toMatchObject({
      status: "completed",
      attemptId: null,
    });
    expect(await user.api.payments.attempt({ id: started.attemptId })).toMatchObject({
      status: "paid",
      canSwitch: false,
      simulateUrl: null,
    });
    expect((await user.api.wallet.history({ kind: "recharge" })).items).toHaveLength(1);
  });

  it("a notification the shop did not take is sent again by the gateway.notify job until it is taken, once", async () => {
    const user = await signedInUser(database);
    const started = await user.api.wallet.recharge({
      amount: 40_000,
      method: "qris",
      idempotencyKey: newKey(),
    });
    const paymentId = (await sandboxPaymentOf(database, started.attemptId)).id;
    // The shop's notification address, through a door the test opens and shuts.
    let open = false;
    let knocks = 0;
    const door = createServer((req, res) => {
      knocks++;
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        if (!open) return void res.writeHead(503).end();
        void Promise.resolve(
          app().request("/payments/notify/sandbox", {
            method: "POST",
            headers: req.headers as Record<string, string>,
            body: Buffer.concat(chunks).toString(),
          }),
        ).then((answer) => res.writeHead(answer.status).end());
      });
    });
    await new Promise<void>((resolve) => door.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = door.address() as AddressInfo;
      await database.db.execute(
        sql`update sandbox_payments set notify_url = ${`http://127.0.0.1:${port}/notify`} where id = ${paymentId}`,
      );
      const at = new Date();
      clock.restore = setClock(() => at);
      await app().request(`/gateway/sandbox/${paymentId}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "action=pay",
      });
      expect(knocks).toBe(1);
      expect(await user.api.wallet.summary()).toMatchObject({ balance: 0 });
      const later = (ms: number) => {
        clock.restore?.();
        clock.restore = setClock(() => new Date(at.getTime() + ms));
      };
      // Not yet: the first try again is 30 s after the decision.
      later(29_000);
      await database.jobs.runDue();
      expect(knocks).toBe(1);
      // Still shut: the job fails and waits for its back-off.
      later(31_000);
      await database.jobs.runDue();
      expect(knocks).toBe(2);
      expect((await sandboxPayment(database.db, paymentId))?.notifiedAt).toBeNull();
      open = true;
      later(10 * 60_000);
      await database.jobs.runDue();
      expect(knocks).toBe(3);
      expect((await sandboxPayment(database.db, paymentId))?.notifiedAt).not.toBeNull();
      expect(await user.api.wallet.summary()).toMatchObject({ balance: 40_000 });
      // Taken: nothing more is sent, however late.
      later(24 * 3600_000);
      await database.jobs.runDue();
      expect(knocks).toBe(3);
      // (Other tests' payments notify an address nobody answers; only this one's job matters here.)
      expect((await database.jobs.failures()).filter((f) => f.subjectId.startsWith(`${paymentId}:`))).toEqual(
        [],
      );
    } finally {
      door.close();
    }
  });

  it("refuses forged, stale and mismatched notifications, changing nothing", async () => {
    const user = await signedInUser(database);
    const started = await user.api.wallet.recharge({
      amount: 50_000,
      method: "qris",
      idempotencyKey: newKey(),
    });
    const body = await paidNotice(database, started.attemptId);
    expect((await notify(body, { secret: "f".repeat(64) })).status).toBe(400);
    expect((await notify(body, { at: new Date(Date.now() - 60 * 60_000) })).status).toBe(400);
    expect((await notify({ ...body, amount: 5_000_000 })).status).toBe(400);
    // Another sandbox payment than the attempt's; an attempt the shop never opened.
    expect((await notify({ ...body, paymentId: "pay_other" })).status).toBe(400);
    expect((await notify({ ...body, reference: "pat_other" })).status).toBe(404);
    expect((await notify({ ...body, currency: "USD" })).status).toBe(400);
    expect((await notify({}, { raw: "{not json" })).status).toBe(400);
    const unsigned = await app().request("/payments/notify/sandbox", {
      method: "POST",
      body: JSON.stringify(body),
    });
    expect(unsigned.status).toBe(400);
    expect((await user.api.wallet.summary()).balance).toBe(0);
    expect(await user.api.wallet.rechargeStatus({ id: started.id })).toMatchObject({ status: "pending" });
  });

  it("cancel closes that method, the recharge waits for another until its window passes; an unpaid one expires; a late paid notification still credits once", async () => {
    const user = await signedInUser(database);
    const a = await user.api.wallet.recharge({ amount: 20_000, method: "qris", idempotencyKey: newKey() });
    await pressOnSandbox(app(), database, a.attemptId, "cancel");
    expect((await notify(await paidNotice(database, a.attemptId, "cancelled"))).status).toBe(200);
    // The attempt is cancelled; the recharge can still be paid by another method until its window passes.
    expect(await user.api.payments.attempt({ id: a.attemptId })).toMatchObject({
      status: "cancelled",
      canSwitch: true,
      simulateUrl: null,
    });
    // Its page leads back to that attempt's screen, which offers another method.
    expect(await user.api.wallet.rechargeStatus({ id: a.id })).toMatchObject({
      status: "pending",
      attemptId: a.attemptId,
    });
    // The fund history shows it at once, waiting for its payment, moving nothing, leading to it.
    expect((await user.api.wallet.history({})).items).toEqual([
      expect.objectContaining({
        id: a.id,
        kind: "recharge",
        entry: "recharge_waiting",
        amount: 0,
        asked: 20_000,
        state: "pending",
        subjectType: "recharge",
        subjectId: a.id,
      }),
    ]);
    // Nothing paid within the window: it expires, and the fund history lists it, named so, moving nothing,
    // leading to it.
    const windowPassed = new Date(Date.now() + 61 * 60_000);
    clock.restore = setClock(() => windowPassed);
    expect(await database.jobs.runDue()).toBeGreaterThanOrEqual(1);
    expect(await user.api.wallet.rechargeStatus({ id: a.id })).toMatchObject({ status: "expired" });
    expect((await user.api.wallet.history({})).items).toEqual([
      expect.objectContaining({
        id: a.id,
        kind: "recharge",
        entry: "recharge_expired",
        amount: 0,
        asked: 20_000,
        state: "expired",
        subjectType: "recharge",
        subjectId: a.id,
      }),
    ]);
    clock.restore();
    clock.restore = undefined;

    const b = await user.api.wallet.recharge({ amount: 30_000, method: "qris", idempotencyKey: newKey() });
    const bPayment = (await sandboxPaymentOf(database, b.attemptId)).id;
    const later = new Date(Date.now() + 61 * 60_000);
    clock.restore = setClock(() => later);
    expect(await database.jobs.runDue()).toBeGreaterThanOrEqual(1);
    expect(await user.api.wallet.rechargeStatus({ id: b.id })).toMatchObject({ status: "expired" });
    // The hosted page no longer takes it.
    const late = await pressOnSandbox(app(), database, b.attemptId, "pay");
    expect(late.status).toBe(303);
    expect((await sandboxPayment(database.db, bPayment))?.status).toBe("expired");
    // Said paid while the provider says expired: nothing moves (decision 19).
    const paid = await paidNotice(database, b.attemptId);
    expect((await notify(paid, { at: later })).status).toBe(409);
    expect((await user.api.wallet.summary()).balance).toBe(0);
    // A real gateway that took the money anyway and says so late: credited, once.
    await providerTookItLate(database, b.attemptId);
    expect((await notify(paid, { at: later })).status).toBe(200);
    expect((await notify(paid, { at: later })).status).toBe(200);
    expect(await user.api.wallet.rechargeStatus({ id: b.id })).toMatchObject({ status: "completed" });
    expect((await user.api.wallet.summary()).balance).toBe(30_000);
  });

  it("the fund history pages through paid records and unpaid recharges together, newest first, none twice", async () => {
    const user = await signedInUser(database);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await user.api.wallet.recharge({
        amount: 10_000 + i,
        method: "qris",
        idempotencyKey: newKey(),
      });
      const status = i % 2 === 0 ? "cancelled" : "paid";
      await notify(await paidNotice(database, r.attemptId, status));
      ids.push(r.id);
    }
    // The unpaid ones are listed as waiting, then as expired once their payment window has passed.
    expect((await user.api.wallet.history({ kind: "recharge" })).items.map((r) => r.entry)).toEqual([
      "recharge_waiting",
      "recharge",
      "recharge_waiting",
      "recharge",
      "recharge_waiting",
    ]);
    const windowPassed = new Date(Date.now() + 61 * 60_000);
    clock.restore = setClock(() => windowPassed);
    await database.jobs.runDue();
    const seen: { entry: string; asked: number | null; amount: number }[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof user.api.wallet.history>> = await user.api.wallet.history({
        limit: 2,
        cursor,
      });
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.map((r) => [r.entry, r.asked ?? r.amount])).toEqual([
      ["recharge_expired", 10_004],
      ["recharge", 10_003],
      ["recharge_expired", 10_002],
      ["recharge", 10_001],
      ["recharge_expired", 10_000],
    ]);
    // Filtered to another type, the unpaid recharges are not among them.
    expect((await user.api.wallet.history({ kind: "withdrawal" })).items).toEqual([]);
  });
});
